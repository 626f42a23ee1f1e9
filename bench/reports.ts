/**
 * bench/reports: every report for a 31-day range at 1,000,000 waybills. Prints one JSON line.
 *
 *   npx tsx bench/reports.ts [--waybills 1000000] [--rounds 20] [--without-summary]
 *
 * Generates the waybills into data/bench-reports/tms.db once with platform/demo/bulk.ts (reused while it
 * holds enough), migrates it, then runs each report's platform call (the one aggregation, the totals
 * and the chart: platform/reports/kit.ts runReport) `rounds` times for the platform user (the whole
 * platform), the tenant user and the organisation user, over the last 31 days. Reports p50/p99 over
 * all calls and the p99 of the slowest report; target p99 < 500 ms. Also the CPU time of each call
 * (process.cpuUsage), which a shared machine's load does not inflate, and the load average. Then the
 * dispatch home's figures (POST /tms-freight/dashboard's platform call) `rounds` times per account.
 * `--without-summary` pauses the daily summary (platform/reports/daily-stats.ts) for the run, so the
 * reports and the dashboard aggregate the waybills as before it, and fills it back afterwards.
 */
import { loadavg } from "node:os";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadPlatformConfig } from "../platform/config.js";
import { openDatabase } from "../platform/db/index.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import type { ServiceContext } from "../platform/context.js";
import { root, round } from "../scripts/lib/processes.js";
import { measureReports } from "./lib/reports.js";
import { reportScope } from "./lib/scope.js";
import { percentile, timed, type Timed } from "./lib/timing.js";
import { freightDashboard } from "../platform/freight/dashboard.js";
import { fillDailyStats, pauseDailyStats } from "../platform/reports/daily-stats.js";
import { ensureWaybills } from "./lib/waybills.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({ options: { waybills: { type: "string", default: "1000000" }, rounds: { type: "string", default: "20" }, "without-summary": { type: "boolean", default: false } } });
const WAYBILLS = Number(values.waybills);
const ROUNDS = Number(values.rounds);
const dbFile = join(root, "data/bench-reports/tms.db");
const databaseUrl = `file:${dbFile}`;
const ACCOUNTS = ["13800000001", "13800000002", "13800000003"];

mkdirSync(join(root, "data/bench-reports"), { recursive: true });
await ensureWaybills(databaseUrl, WAYBILLS);
const db = await openDatabase(databaseUrl);
await migrateToLatest(db);
const ctx = { db, config: loadPlatformConfig({ NODE_ENV: "production" }), log: console } as unknown as ServiceContext;
const scopes = await Promise.all(ACCOUNTS.map((m) => reportScope(db, m)));
if (values["without-summary"]) await pauseDailyStats(db.kysely);
const { all: calls, perReport } = await measureReports(ctx, scopes, ROUNDS);
const dashboard: Record<string, { p50Ms: number; p99Ms: number; cpuP50Ms: number; cpuP99Ms: number }> = {};
for (const scope of scopes) {
  await freightDashboard(ctx, scope, undefined); // warm-up
  const runs: Timed[] = [];
  for (let i = 0; i < ROUNDS; i++) runs.push(await timed(() => freightDashboard(ctx, scope, undefined)));
  const wall = runs.map((r) => r.ms);
  const cpu = runs.map((r) => r.cpuMs);
  dashboard[scope.type] = { p50Ms: round(percentile(wall, 50)), p99Ms: round(percentile(wall, 99)), cpuP50Ms: round(percentile(cpu, 50)), cpuP99Ms: round(percentile(cpu, 99)) };
  console.error(`[bench] dashboard ${scope.type}: ${JSON.stringify(dashboard[scope.type])}`);
}
if (values["without-summary"]) await fillDailyStats(db);
await db.destroy();
const all = calls.map((c) => c.ms);
const allCpu = calls.map((c) => c.cpuMs);
const slowest = Object.entries(perReport).sort((a, b) => b[1].p99Ms - a[1].p99Ms)[0]!;
printResult("reports", {
  waybills: WAYBILLS,
  rangeDays: 31,
  calls: all.length,
  p50Ms: round(percentile(all, 50)),
  p99Ms: round(percentile(all, 99)),
  cpuP50Ms: round(percentile(allCpu, 50)),
  cpuP99Ms: round(percentile(allCpu, 99)),
  loadAverage: round(loadavg()[0]!),
  summary: !values["without-summary"],
  slowest: { report: slowest[0], ...slowest[1] },
  targetP99Ms: 500,
  reports: perReport,
  dashboard,
});
