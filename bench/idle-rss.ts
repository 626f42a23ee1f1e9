/**
 * Resident memory at rest of the built platform and console (recorded before and after
 * a Node upgrade). Starts `build/server/platform/main.js` and `build/server/scripts/console-server.js`
 * as `npm run start:*` does (scripts/node-server.sh) with the node running this script (so `/usr/bin/node --import tsx bench/idle-rss.ts`, in a checkout built
 * and installed with that node, measures it), on a database that already holds the demo data, waits until both are ready, loads the login page
 * once, idles, then prints one JSON line. Needs `npm run build` first. Under a minute.
 *
 *   npx tsx bench/idle-rss.ts [--port 3600] [--database file:./data/bench-idle.db] [--idle 15]
 */
import type { ChildProcess } from "node:child_process";
import { parseArgs } from "node:util";
import { rssMb, spawnServer, waitFor } from "../scripts/lib/processes.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({ options: { port: { type: "string", default: "3600" }, database: { type: "string", default: "file:./data/bench-idle.db" }, idle: { type: "string", default: "15" } } });
const port = Number(values.port);
const platformPort = port + 1;
const env = { ...process.env, TMS_ENV: "development", TMS_DEMO: "1", PORT: String(port), PLATFORM_PORT: String(platformPort), TMS_DATABASE_URL: values.database, TMS_REPORT_JOB: "off", LOG_LEVEL: "warn" };
// As `npm run start:platform` / `start:console` start them (scripts/node-server.sh), with this node.
const platform = spawnServer("platform", [], { env });
const stopAll = () => {
  platform.kill("SIGTERM");
  consoleProcess?.kill("SIGTERM");
};
let consoleProcess: ChildProcess | undefined;
try {
  await waitFor(`http://127.0.0.1:${platformPort}/readyz`, 120_000);
  consoleProcess = spawnServer("console", [], { env });
  await waitFor(`http://127.0.0.1:${port}/readyz`, 60_000);
  await (await fetch(`http://127.0.0.1:${port}/login`)).text();
  await new Promise((resolve) => setTimeout(resolve, Number(values.idle) * 1000));
  printResult("idle-rss", { idleSeconds: Number(values.idle), platformRestRssMb: Math.round(rssMb(platform.pid)), consoleRestRssMb: Math.round(rssMb(consoleProcess.pid)) });
} finally {
  stopAll();
}
