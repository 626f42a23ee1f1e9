/**
 * SQLite's driver is synchronous: a loop of awaited queries runs as one chain of microtasks and keeps
 * every request waiting until it ends (a minute job over 100,000 waybills held the platform 17 s).
 * Long loops call this between items so the requests that arrived in the meantime are served.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
