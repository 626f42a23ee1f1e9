/** Wall and CPU time of in-process calls, and percentiles over them. */

export interface Timed {
  ms: number;
  /** CPU time of this process during the call (process.cpuUsage), which a loaded machine does not inflate much. */
  cpuMs: number;
}

/** The p-th percentile (nearest rank) of the values; they need not be sorted. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export async function timed<T>(call: () => Promise<T>): Promise<Timed & { result: T }> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const result = await call();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpuStarted);
  return { result, ms, cpuMs: (used.user + used.system) / 1000 };
}
