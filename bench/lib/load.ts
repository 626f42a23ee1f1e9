/** A small closed-loop HTTP load generator: N connections, each sending its next request when the last ends. */
import http from "node:http";
import { percentile, round } from "../../scripts/lib/processes.js";

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export async function runLoad(url: string, opts: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const request = http.get(url, { agent, headers: opts.headers }, (response) => {
        response.resume();
        response.on("end", () => {
          if (response.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
          resolve();
        });
      });
      request.on("error", () => {
        errors++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    requestsPerSecond: round(latencies.length / elapsed),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
  };
}

/** Calls `fn` back to back for `seconds` and reports its latency (the in-process baseline). */
export async function runLoop(fn: () => Promise<unknown>, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const t0 = performance.now();
    await fn();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors: 0,
    requestsPerSecond: round(latencies.length / ((performance.now() - started) / 1000)),
    p50Ms: round(percentile(latencies, 50), 2),
    p99Ms: round(percentile(latencies, 99), 2),
  };
}
