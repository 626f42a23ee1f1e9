/** Every report's platform call (platform/reports/kit.ts runReport) for the last 31 days, timed per scope. */
import { REPORT_IDS, type ReportId } from "../../contract/reports.js";
import { addDays, chinaDate } from "../../contract/units.js";
import type { ServiceContext } from "../../platform/context.js";
import { REPORT_DEFS } from "../../platform/reports/definitions.js";
import { runReport } from "../../platform/reports/kit.js";
import type { CallerScope } from "../../platform/scope.js";
import { round } from "../../scripts/lib/processes.js";
import { percentile, type Timed, timed } from "./timing.js";

export interface ReportFigures {
  p50Ms: number;
  p99Ms: number;
  cpuP99Ms: number;
  rows: number;
}

/** Runs each report once per scope as a warm-up, then `rounds` times per scope; wall and CPU times of all calls. */
export async function measureReports(ctx: ServiceContext, scopes: CallerScope[], rounds: number): Promise<{ all: Timed[]; perReport: Record<string, ReportFigures> }> {
  const dateTo = chinaDate();
  const params = { dateFrom: addDays(dateTo, -30), dateTo };
  const all: Timed[] = [];
  const perReport: Record<string, ReportFigures> = {};
  for (const id of REPORT_IDS as readonly ReportId[]) {
    const calls: Timed[] = [];
    let rows = 0;
    const reportParams = id === "orderTrend" ? { ...params, dateFrom: `${addDays(dateTo, -30).slice(0, 7)}-01` } : params;
    for (const scope of scopes) await runReport(ctx, REPORT_DEFS[id], scope, reportParams); // warm-up
    for (let i = 0; i < rounds; i++) {
      for (const scope of scopes) {
        const { result, ...call } = await timed(() => runReport(ctx, REPORT_DEFS[id], scope, reportParams));
        calls.push(call);
        if (scope === scopes[0]) rows = result.rows.length;
      }
    }
    all.push(...calls);
    const wall = calls.map((c) => c.ms);
    const cpu = calls.map((c) => c.cpuMs);
    perReport[id] = { p50Ms: round(percentile(wall, 50)), p99Ms: round(percentile(wall, 99)), cpuP99Ms: round(percentile(cpu, 99)), rows };
    console.error(`[bench] ${id}: ${JSON.stringify(perReport[id])}`);
  }
  return { all, perReport };
}
