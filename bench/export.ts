/**
 * bench/export: the waybill export through the console at two sizes, and stalled downloads
 * (issues 14 and 15). Prints one JSON line.
 *
 *   npx tsx bench/export.ts [--rows 100000,500000] [--stalled 8] [--port 3776] [--built]
 *
 * Needs the waybills of bench/freight in data/bench/tms.db (at least the largest --rows; make them
 * with `npm run seed:bulk` into that file, or run bench/freight once). Starts the platform and the
 * console, logs the platform user in, and for each size picks the created-date window whose export
 * holds about that many rows, then downloads it through the console: wall seconds, time to first
 * byte, CPU ms the console and the platform spent (/proc/<pid>/stat: a loaded machine inflates the
 * wall time, much less the CPU time), rows per second of wall time and per CPU second of the
 * platform, and the peak RSS of both processes. Then --stalled clients each start the largest export,
 * read its first chunk and stop reading for 5 s: the peak RSS of both shows what stalled downloads
 * hold (the platform allows TMS_EXPORTS_PER_USER at a time per user; more get 429). --built runs the
 * compiled servers of `npm run build` (as production does; tsx's transpiler adds to the RSS).
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { exportWindow } from "./lib/export-window.js";
import { consoleLogin, root, round, rssMb, sampleRss, startStack } from "../scripts/lib/processes.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000,500000" },
    stalled: { type: "string", default: "8" },
    port: { type: "string", default: "3776" },
    built: { type: "boolean", default: false },
  },
});
const SYSTEM_USER = "13800000001";

function cpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const stack = await startStack({
  port: Number(values.port),
  databaseUrl: `file:${join(root, "data/bench/tms.db")}`,
  env: { TMS_EXPORTS_PER_USER: values.stalled!, TMS_EXPORTS_TOTAL: values.stalled! },
  built: values.built,
});
const result: Record<string, unknown> = {};
try {
  const cookie = await consoleLogin(stack.consoleUrl, SYSTEM_USER);

  let largest = new URLSearchParams();
  for (const target of values.rows!.split(",").map(Number)) {
    const { filter, rows } = await exportWindow(stack.consoleUrl, cookie, target, 800);
    const query = new URLSearchParams(filter);
    console.error(`[bench] exporting ${rows} rows (${query})`);
    largest = query;
    const rssBeforeMb = { console: round(rssMb(stack.console.pid)), platform: round(rssMb(stack.platform.pid)) };
    const consoleRss = sampleRss(stack.console.pid);
    const platformRss = sampleRss(stack.platform.pid);
    const console0 = cpuMs(stack.console.pid);
    const platform0 = cpuMs(stack.platform.pid);
    const started = performance.now();
    const response = await fetch(`${stack.consoleUrl}/dispatchManage/waybillList/export.xlsx?${query}`, { headers: { Cookie: cookie } });
    if (!response.ok || !response.body) throw new Error(`export failed: HTTP ${response.status}`);
    let ttfbMs = 0;
    let bytes = 0;
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (!ttfbMs) ttfbMs = performance.now() - started;
      bytes += chunk.value.byteLength;
      if (bytes % (4 << 20) < chunk.value.byteLength) console.error(`[bench] ${bytes >> 20} MB after ${round((performance.now() - started) / 1000)} s`);
    }
    const seconds = (performance.now() - started) / 1000;
    const platformCpuS = (cpuMs(stack.platform.pid) - platform0) / 1000;
    result[`rows${target}`] = {
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

  // Stalled downloads: each reads one chunk, then nothing for 5 s.
  const stalledCount = Number(values.stalled);
  const consoleRss = sampleRss(stack.console.pid);
  const platformRss = sampleRss(stack.platform.pid);
  const before = { console: round(rssMb(stack.console.pid)), platform: round(rssMb(stack.platform.pid)) };
  const url = new URL(`${stack.consoleUrl}/dispatchManage/waybillList/export.xlsx?${largest}`);
  const clients = await Promise.all(
    Array.from(
      { length: stalledCount + 1 },
      () =>
        new Promise<{ status: number; destroy: () => void }>((resolve, reject) => {
          const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { Cookie: cookie } }, (res) => {
            if (res.statusCode !== 200) {
              res.resume();
              return resolve({ status: res.statusCode ?? 0, destroy: () => req.destroy() });
            }
            res.once("data", () => {
              res.pause();
              resolve({ status: 200, destroy: () => req.destroy() });
            });
          });
          req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
          req.end();
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 5000));
  const platformCpu0 = cpuMs(stack.platform.pid);
  await new Promise((r) => setTimeout(r, 2000));
  const platformCpuWhileStalledMs = cpuMs(stack.platform.pid) - platformCpu0;
  for (const c of clients) c.destroy();
  result.stalled = {
    clients: stalledCount + 1,
    accepted: clients.filter((c) => c.status === 200).length,
    refused429: clients.filter((c) => c.status === 429).length,
    rssBeforeMb: before,
    consolePeakRssMb: consoleRss.stop(),
    platformPeakRssMb: platformRss.stop(),
    platformCpuMsOver2sWhileStalled: platformCpuWhileStalledMs,
  };
} finally {
  await stack.stop();
}
printResult("export", result);
