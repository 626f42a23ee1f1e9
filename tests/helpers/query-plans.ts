/**
 * Which index of `freights` each read of the reports, the waybill list and the dashboard uses: every
 * call runs once with a plugin that keeps the statements it sends, and each statement that names
 * `freights` is explained (SQLite EXPLAIN QUERY PLAN, PostgreSQL EXPLAIN) with its own parameters. A
 * plan that reads `freights` without an index (SQLite `SCAN f` / `SCAN freights` without USING,
 * PostgreSQL `Seq Scan on freights`) is a full scan. Used by tests/integration/query-plans.test.ts (on
 * the small test database, PostgreSQL told to avoid sequential scans where any index serves, so the plan
 * shows whether one does) and bench/index-use.ts (the real plans at scale, timed).
 */
import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from "kysely";
import { REPORT_IDS, type ReportId } from "../../contract/reports.js";
import { addDays, chinaDate } from "../../contract/units.js";
import type { ServiceContext } from "../../platform/context.js";
import type { Db } from "../../platform/db/index.js";
import { freightDashboard } from "../../platform/freight/dashboard.js";
import { searchFreights } from "../../platform/freight/search.js";
import { REPORT_DEFS } from "../../platform/reports/definitions.js";
import { runReport } from "../../platform/reports/kit.js";
import type { CallerScope } from "../../platform/scope.js";
import type { FreightFilter } from "../../contract/freight.js";

export interface Call {
  name: string;
  run: (ctx: ServiceContext) => Promise<unknown>;
}

/** The list filters a caller uses most: none, a status, a status in a month, loading dates, a text, 异常. */
function listFilters(): Array<[string, FreightFilter]> {
  const today = chinaDate();
  const month = { createdFrom: addDays(today, -30), createdTo: today };
  return [
    ["all", {}],
    ["inTransit", { status: ["IN_TRANSIT"] }],
    ["completedMonth", { status: ["COMPLETED"], ...month }],
    ["month", month],
    ["loadingMonth", { loadingFrom: addDays(today, -30), loadingTo: today }],
    ["carrierName", { carrierName: "张" }],
    ["abnormal", { abnormal: true }],
  ] as Array<[string, FreightFilter]>;
}

/** Every report for 31 days (and with a 托运人 filter), the list's first page per filter and the dashboard, per scope. */
export function readCalls(scopes: CallerScope[]): Call[] {
  const dateTo = chinaDate();
  const params = { dateFrom: addDays(dateTo, -30), dateTo };
  const calls: Call[] = [];
  for (const scope of scopes) {
    const who = scope.type;
    for (const id of REPORT_IDS as readonly ReportId[]) {
      const reportParams = id === "orderTrend" ? { ...params, dateFrom: `${addDays(dateTo, -30).slice(0, 7)}-01` } : params;
      calls.push({ name: `report ${id} ${who}`, run: (ctx) => runReport(ctx, REPORT_DEFS[id], scope, reportParams) });
      calls.push({ name: `report ${id} ${who} shipper`, run: (ctx) => runReport(ctx, REPORT_DEFS[id], scope, { ...reportParams, shipper: "粮" }) });
    }
    for (const [name, filter] of listFilters()) calls.push({ name: `list ${name} ${who}`, run: (ctx) => searchFreights(ctx.db.kysely, scope, filter, { current: 1, size: 20 }) });
    calls.push({ name: `dashboard ${who}`, run: (ctx) => freightDashboard(ctx, scope, undefined) });
  }
  return calls;
}

/** Keeps each statement's operation node while `keep` is on. */
export function statementKeeper() {
  const nodes: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  let on = false;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (on) nodes.push({ node: args.node, queryId: args.queryId });
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return {
    plugin,
    async capture(work: () => Promise<unknown>) {
      nodes.length = 0;
      on = true;
      try {
        await work();
      } finally {
        on = false;
      }
      return [...nodes];
    },
  };
}

export interface Plan {
  sql: string;
  indexes: string[];
  fullScan: boolean;
  text: string;
}

const FREIGHTS = /\bfreights\b/;

/** The plan of each statement that reads `freights`, with the freights indexes it names. */
export async function explainStatements(db: Db, statements: Array<{ node: RootOperationNode; queryId: QueryId }>, indexNames: string[], options: { avoidSeqScan?: boolean } = {}): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const { node, queryId } of statements) {
    const compiled = db.kysely.getExecutor().compileQuery(node, queryId);
    if (!FREIGHTS.test(compiled.sql)) continue;
    const explain = db.dialect === "postgres" ? `explain ${compiled.sql}` : `explain query plan ${compiled.sql}`;
    const query = CompiledQuery.raw(explain, [...compiled.parameters]);
    const { rows } =
      db.dialect === "postgres" && options.avoidSeqScan
        ? await db.kysely.transaction().execute(async (trx) => {
            await trx.executeQuery(CompiledQuery.raw("set local enable_seqscan = off"));
            return trx.executeQuery(query);
          })
        : await db.kysely.executeQuery(query);
    const text = rows.map((r) => String((r as Record<string, unknown>)["QUERY PLAN"] ?? (r as Record<string, unknown>).detail)).join("\n");
    const indexes = indexNames.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
    const fullScan =
      db.dialect === "postgres"
        ? /Seq Scan on freights\b/.test(text)
        : text.split("\n").some((line) => /^SCAN (freights|f)\b/.test(line.trim()) && !/USING/.test(line));
    plans.push({ sql: compiled.sql, indexes, fullScan, text });
  }
  return plans;
}

/** The names of the indexes on `freights`. */
export async function freightIndexes(db: Db): Promise<string[]> {
  const { rows } =
    db.dialect === "postgres"
      ? await db.kysely.executeQuery<{ name: string }>(CompiledQuery.raw(`select indexrelid::regclass::text as name from pg_index where indrelid = to_regclass('freights')`))
      : await db.kysely.executeQuery<{ name: string }>(CompiledQuery.raw(`select name from sqlite_master where type = 'index' and tbl_name = 'freights'`));
  return rows.map((r) => r.name.replace(/^.*\./, ""));
}
