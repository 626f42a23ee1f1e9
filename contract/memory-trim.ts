/**
 * Gives V8's spare heap pages back to the system once a server has gone quiet.
 *
 * On Node 24, V8 grows the young generation to 2 × 64 MB while the console loads its build or streams an
 * export, and keeps the pages it freed in a pool: measured at rest after one page load, the console's
 * heap held 55 MB of objects in 150 MB of pages plus 138 MB pooled, and its memory reducer, which should
 * hand them back when idle, kept postponing itself ("high alloc"). Only a last-resort collection
 * (V8's CollectAllAvailableGarbage, what a heap snapshot or memory pressure runs) shrinks the young
 * generation and empties the pool: 248 → 143 MB of RSS. So each program runs one when its event loop has
 * been nearly idle for a while and its RSS has grown since the previous one. The collection is
 * synchronous (some 100–300 ms for a 50 MB heap; seconds on a loaded machine): a request that arrives
 * during it waits, which is why it runs only after a quiet spell and at most once per growth.
 * Figures: docs/design/performance.md, "Resident memory".
 */
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type Gc = (options?: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/** V8's gc() without `--expose-gc` on the command line (the flag only needs to hold while a context is made). */
function gcFunction(): Gc {
  const existing = (globalThis as { gc?: Gc }).gc;
  if (existing) return existing;
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as Gc;
  setFlagsFromString("--no-expose-gc");
  return gc;
}

export interface MemoryTrimOptions {
  /** How often the event loop's utilisation is sampled. */
  everyMs?: number;
  /** Quiet: the event loop busy for less than this share of a sample. */
  quietUtilisation?: number;
  /** Samples in a row that must be quiet before a collection. */
  quietSamples?: number;
  /**
   * A collection runs only when RSS grew by this much since the last one (the first one always runs).
   * 4 MB: on jemalloc (scripts/node-server.sh) the console rests near 138 MB and an export adds 10–15,
   * so a few pages' leftovers (one list-page burst left it at 148.6 with 8 MB) are already too many.
   */
  growthBytes?: number;
  /** Told after each collection (for a log line). */
  onTrim?: (figures: { rssBeforeMb: number; rssAfterMb: number; ms: number }) => void;
}

let collect: Gc | undefined;

/**
 * One last-resort collection now, synchronously. The servers run it once when they have loaded and
 * before they take requests: loading the build is what grows the young generation and leaves
 * garbage in the old one, and nobody waits for it then (console 180 → 150 MB at start).
 */
export function trimMemory(): void {
  collect ??= gcFunction();
  collect({ type: "major", execution: "sync", flavor: "last-resort" });
}

/** Starts the watcher (its timer does not keep the process alive); returns a function that stops it. */
export function startMemoryTrim(options: MemoryTrimOptions = {}): () => void {
  const { everyMs = 5_000, quietUtilisation = 0.02, quietSamples = 2, growthBytes = 4 << 20, onTrim } = options;
  let last = performance.eventLoopUtilization();
  let quiet = 0;
  let rssAfterTrim = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    quiet = busy < quietUtilisation ? quiet + 1 : 0;
    if (quiet < quietSamples) return;
    const rssBefore = process.memoryUsage.rss();
    if (rssAfterTrim && rssBefore < rssAfterTrim + growthBytes) return;
    const started = performance.now();
    trimMemory();
    const ms = performance.now() - started;
    // The collection's own time would count as a busy sample: start the next one after it.
    last = performance.eventLoopUtilization();
    quiet = 0;
    // V8 unmaps the pooled pages on a helper thread: read the RSS they leave a moment later.
    rssAfterTrim = rssBefore;
    setTimeout(() => {
      rssAfterTrim = process.memoryUsage.rss();
      onTrim?.({ rssBeforeMb: Math.round(rssBefore / 1048576), rssAfterMb: Math.round(rssAfterTrim / 1048576), ms: Math.round(ms) });
    }, 1_000).unref();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
