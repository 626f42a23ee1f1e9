/**
 * bench/reports: every report for a 31-day range at 1,000,000 waybills (issue 13). Prints one JSON line.
 *
 *   npx tsx bench/reports.ts [--waybills 1000000] [--rounds 20]
 *
 * Generates the waybills into data/bench-reports/tms.db once with platform/demo/bulk.ts (reused while it
 * holds enough), migrates it, then runs each report's platform call (the one aggregation, the totals
 * and the chart: platform/reports/kit.ts runReport) `rounds` times for the platform user (the whole
 * platform), the tenant user and the organisation user, over the last 31 days. Reports p50/p99 over
 * all calls and the p99 of the slowest report; target p99 < 500 ms. Also the CPU time of each call
 * (process.cpuUsage), which a shared machine's load does not inflate, and the load average.
 */
import { loadavg } from "node:os";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { REPORT_IDS, REPORTS, type ReportId } from "../contract/reports.js";
import { addDays, chinaDate } from "../contract/units.js";
import { loadPlatformConfig } from "../platform/config.js";
import { openDatabase, type Db } from "../platform/db/index.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { REPORT_DEFS } from "../platform/reports/definitions.js";
import { runReport } from "../platform/reports/kit.js";
import type { ServiceContext } from "../platform/context.js";
import type { CallerScope } from "../platform/scope.js";
import { root, round } from "../scripts/lib/processes.js";
import { ensureWaybills } from "./lib/waybills.js";

const { values } = parseArgs({ options: { waybills: { type: "string", default: "1000000" }, rounds: { type: "string", default: "20" } } });
const WAYBILLS = Number(values.waybills);
const ROUNDS = Number(values.rounds);
const dbFile = join(root, "data/bench-reports/tms.db");
const databaseUrl = `file:${dbFile}`;
const ACCOUNTS = ["13800000001", "13800000002", "13800000003"];


/** The demo account's scope, with every report code so each report runs for each account. */
async function scopeOf(db: Db, mobile: string): Promise<CallerScope> {
  const user = await db.kysely.selectFrom("users").selectAll().where("mobile", "=", mobile).executeTakeFirstOrThrow();
  const codes = Object.values(REPORTS).map((r) => r.code);
  return { type: user.type, userId: user.id, name: user.name, platformId: user.platform_id, tenantId: user.tenant_id, orgId: user.org_id, water: true, permissions: new Set(codes) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

mkdirSync(join(root, "data/bench-reports"), { recursive: true });
await ensureWaybills(databaseUrl, WAYBILLS);
const db = await openDatabase(databaseUrl);
await migrateToLatest(db);
const ctx = { db, config: loadPlatformConfig({ NODE_ENV: "production" }), log: console } as unknown as ServiceContext;
const scopes = await Promise.all(ACCOUNTS.map((m) => scopeOf(db, m)));
const dateTo = chinaDate();
const params = { dateFrom: addDays(dateTo, -30), dateTo };
const all: number[] = [];
const allCpu: number[] = [];
const perReport: Record<string, { p50Ms: number; p99Ms: number; cpuP99Ms: number; rows: number }> = {};
for (const id of REPORT_IDS as readonly ReportId[]) {
  const times: number[] = [];
  const cpu: number[] = [];
  let rows = 0;
  const reportParams = id === "orderTrend" ? { ...params, dateFrom: `${addDays(dateTo, -30).slice(0, 7)}-01` } : params;
  for (const scope of scopes) await runReport(ctx, REPORT_DEFS[id], scope, reportParams); // warm-up
  for (let i = 0; i < ROUNDS; i++) {
    for (const scope of scopes) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const result = await runReport(ctx, REPORT_DEFS[id], scope, reportParams);
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu.push((used.user + used.system) / 1000);
      if (scope === scopes[0]) rows = result.rows.length;
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  all.push(...times);
  allCpu.push(...cpu);
  perReport[id] = { p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), cpuP99Ms: round(percentile(cpu, 99)), rows };
  console.error(`[bench] ${id}: ${JSON.stringify(perReport[id])}`);
}
await db.destroy();
all.sort((a, b) => a - b);
allCpu.sort((a, b) => a - b);
const slowest = Object.entries(perReport).sort((a, b) => b[1].p99Ms - a[1].p99Ms)[0]!;
console.log(
  JSON.stringify({
    waybills: WAYBILLS,
    rangeDays: 31,
    calls: all.length,
    p50Ms: round(percentile(all, 50)),
    p99Ms: round(percentile(all, 99)),
    cpuP50Ms: round(percentile(allCpu, 50)),
    cpuP99Ms: round(percentile(allCpu, 99)),
    loadAverage: round(loadavg()[0]!),
    slowest: { report: slowest[0], ...slowest[1] },
    targetP99Ms: 500,
    reports: perReport,
  }),
);
