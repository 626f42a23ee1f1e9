/**
 * bench/export: the waybill export through the console at two sizes, and stalled downloads
 * (issues 14 and 15). Prints one JSON line.
 *
 *   npx tsx bench/export.ts [--rows 100000,500000] [--stalled 8] [--port 3776] [--tsx]
 *
 * Needs the waybills of bench/freight in data/bench/tms.db (at least the largest --rows; make them
 * with `npm run seed:bulk` into that file, or run bench/freight once). Starts the platform and the
 * console, logs the platform user in, and for each size picks the created-date window whose export
 * holds about that many rows, then downloads it through the console from rest (bench/lib/export-run.ts,
 * shared with bench/freight): wall seconds, time to first byte, CPU seconds the console and the
 * platform spent (a loaded machine inflates the wall time, much less the CPU time), rows per second of
 * wall time and per CPU second of the platform, and the peak RSS of both. Then --stalled clients each start the largest export,
 * read its first chunk and stop reading for 5 s: the peak RSS of both shows what stalled downloads
 * hold (the platform allows TMS_EXPORTS_PER_USER at a time per user; more get 429). The servers are the
 * built ones of `npm run build`, started as `npm run start:*` starts them (scripts/node-server.sh);
 * --tsx runs the TypeScript sources instead (tsx's transpiler adds to the RSS).
 */
import { request } from "node:http";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { exportWindow } from "./lib/export-window.js";
import { cpuMs, measureExport } from "./lib/export-run.js";
import { consoleLogin, root, round, rssMb, sampleRss, startStack } from "../scripts/lib/processes.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000,500000" },
    stalled: { type: "string", default: "8" },
    port: { type: "string", default: "3776" },
    tsx: { type: "boolean", default: false },
  },
});
const SYSTEM_USER = "13800000001";

const stack = await startStack({
  port: Number(values.port),
  databaseUrl: `file:${join(root, "data/bench/tms.db")}`,
  env: { TMS_EXPORTS_PER_USER: values.stalled!, TMS_EXPORTS_TOTAL: values.stalled! },
  built: !values.tsx,
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
    result[`rows${target}`] = await measureExport(stack, cookie, query, rows);
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
