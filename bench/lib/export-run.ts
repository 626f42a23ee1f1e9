/**
 * One export through the console, measured the same way by every benchmark that exports
 * (bench/export, bench/freight): on the built servers as `npm run start:*` runs them (startStack with
 * `built`, through scripts/node-server.sh), from rest, with both processes' RSS sampled every 50 ms
 * and their CPU read from /proc.
 */
import { readFileSync } from "node:fs";
import { round, rssMb, sampleRss, type Started } from "../../scripts/lib/processes.js";

/** user + system CPU of a process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * How long a server must have nothing to do before it is at rest: its idle trim
 * (contract/memory-trim.ts) runs after two whole quiet sampling periods of 5 s (up to 15 s after the
 * last request), takes up to a second on a loaded machine, and V8 unmaps the pages after it.
 */
const REST_MS = 20_000;

export interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  ttfbMs: number;
  rowsPerSecond: number;
  consoleCpuS: number;
  platformCpuS: number;
  rowsPerPlatformCpuSecond: number;
  /** Both processes' RSS at rest, just before the export. */
  rssBeforeMb: { console: number; platform: number };
  consolePeakRssMb: number;
  platformPeakRssMb: number;
}

/**
 * Lets the servers come to rest (whatever ran before: a list load grows the console's heap, which its
 * idle trim gives back), then downloads `/dispatchManage/waybillList/export.xlsx?<query>` through the
 * console, reading as fast as it comes.
 */
export async function measureExport(stack: Started, cookie: string, query: URLSearchParams, rows: number): Promise<ExportFigures> {
  await new Promise((r) => setTimeout(r, REST_MS));
  const rssBeforeMb = { console: round(rssMb(stack.console.pid)), platform: round(rssMb(stack.platform.pid)) };
  const consoleRss = sampleRss(stack.console.pid);
  const platformRss = sampleRss(stack.platform.pid);
  const console0 = cpuMs(stack.console.pid);
  const platform0 = cpuMs(stack.platform.pid);
  const started = performance.now();
  const response = await fetch(`${stack.consoleUrl}/dispatchManage/waybillList/export.xlsx?${query}`, { headers: { Cookie: cookie } });
  if (!response.ok || !response.body) throw new Error(`export failed: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
  let ttfbMs = 0;
  let bytes = 0;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (!ttfbMs) ttfbMs = performance.now() - started;
    bytes += chunk.value.byteLength;
    if (bytes % (16 << 20) < chunk.value.byteLength) console.error(`[bench] ${bytes >> 20} MB after ${round((performance.now() - started) / 1000)} s`);
  }
  const seconds = (performance.now() - started) / 1000;
  const platformCpuS = (cpuMs(stack.platform.pid) - platform0) / 1000;
  return {
    rows,
    bytes,
    seconds: round(seconds, 2),
    ttfbMs: round(ttfbMs),
    rowsPerSecond: Math.round(rows / seconds),
    consoleCpuS: round((cpuMs(stack.console.pid) - console0) / 1000, 2),
    platformCpuS: round(platformCpuS, 2),
    rowsPerPlatformCpuSecond: Math.round(rows / Math.max(platformCpuS, 0.01)),
    rssBeforeMb,
    consolePeakRssMb: consoleRss.stop(),
    platformPeakRssMb: platformRss.stop(),
  };
}
