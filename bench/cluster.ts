/**
 * bench/cluster: does throughput add up with two consoles and two platforms? Prints
 * one JSON line.
 *
 *   npx tsx bench/cluster.ts [--waybills 20000] [--seconds 15] [--connections 20] [--port 3230]
 *
 * PostgreSQL from TMS_DATABASE_URL (default: the local database `test`, schema `bench_cluster`, filled
 * once with --waybills by the bulk generator) and Redis from TMS_REDIS_URL (default the local one).
 * Starts `npm run cluster`'s script as its own process (nginx on --port, consoles +1 and +2, platforms +3
 * and +4) and a second nginx in front of console 1 alone (+5), both rendered from
 * deploy/nginx.conf.template. Then loads bench/freight's page (the waybill list, 20 rows, status and
 * 30-day filter, ORG_USER) under closed-loop load, one after the other:
 *  - `single`: console 1 directly (one console, one platform; the other pair idles);
 *  - `singleViaProxy`: nginx in front of console 1 only (what the proxy itself costs);
 *  - `cluster`: the cluster's nginx, round robin over both consoles.
 * `scale` is cluster ÷ single requests/s: 2 would be perfect scaling; on a machine with fewer free
 * cores than the four servers, PostgreSQL and the load generator need, it cannot get there.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { CLUSTER_DEFAULTS } from "../scripts/cluster-stack.js";
import { createdWindow } from "./lib/export-window.js";
import { runLoad } from "./lib/load.js";
import { consoleLogin, root, round, waitFor } from "../scripts/lib/processes.js";
import { ensureWaybills } from "./lib/waybills.js";
import { startNginx, type Nginx } from "../scripts/nginx.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({
  options: {
    waybills: { type: "string", default: "20000" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3230" },
  },
});
const WAYBILLS = Number(values.waybills);
const PORT = Number(values.port);
const ORG_USER = "13800000003";
const databaseUrl = process.env.TMS_DATABASE_URL ?? CLUSTER_DEFAULTS.databaseUrl.replace("schema=tms_cluster", "schema=bench_cluster");
const redisUrl = process.env.TMS_REDIS_URL ?? CLUSTER_DEFAULTS.redisUrl;

function start(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

await ensureWaybills(databaseUrl, WAYBILLS);
const proxyUrl = `http://127.0.0.1:${PORT}`;
const consoleUrl = `http://127.0.0.1:${PORT + 1}`;
const soloProxyUrl = `http://127.0.0.1:${PORT + 5}`;
const cluster = start("scripts/cluster.ts", [], { PORT: String(PORT), TMS_DATABASE_URL: databaseUrl, TMS_REDIS_URL: redisUrl, LOG_LEVEL: "warn", TMS_REPORT_JOB: "off" });
let soloProxy: Nginx | null = null;
try {
  await waitFor(`${proxyUrl}/login`, 300_000);
  soloProxy = await startNginx({ port: PORT + 5, consoles: [consoleUrl] });
  await waitFor(`${soloProxyUrl}/login`);
  const loadAverageBefore = loadavg()[0]!;
  const cookie = await consoleLogin(consoleUrl, ORG_USER);
  const query = new URLSearchParams({ status: "IN_TRANSIT", ...createdWindow(30) });
  const page = (base: string) => `${base}/dispatchManage/waybillList?${query}`;
  const options = { connections: Number(values.connections), seconds: Number(values.seconds), headers: { Cookie: cookie } };
  // Warm every console (both behind the cluster's proxy) before measuring.
  for (let i = 0; i < 20; i++) for (const base of [consoleUrl, proxyUrl]) await (await fetch(page(base), { headers: { Cookie: cookie } })).text();

  const single = await runLoad(page(consoleUrl), options);
  const singleViaProxy = await runLoad(page(soloProxyUrl), options);
  const clustered = await runLoad(page(proxyUrl), options);
  printResult("cluster", {
    waybills: WAYBILLS,
    connections: options.connections,
    seconds: options.seconds,
    cpus: availableParallelism(),
    loadAverageBefore: round(loadAverageBefore, 2),
    single,
    singleViaProxy,
    cluster: clustered,
    scale: round(clustered.requestsPerSecond / Math.max(single.requestsPerSecond, 0.01), 2),
    proxyCost: round(single.requestsPerSecond / Math.max(singleViaProxy.requestsPerSecond, 0.01), 2),
  });
} finally {
  await Promise.all([soloProxy?.stop(), stop(cluster)]);
}
