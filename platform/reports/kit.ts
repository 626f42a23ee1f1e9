/**
 * The report kit (docs/architecture.md, the resource engine): a report is its parameters (contract/reports.ts), one SQL
 * aggregation through Kysely (SQLite and PostgreSQL), columns with units computed from the aggregated
 * row (so the totals row is the same columns over the summed measures), and a chart option. Running
 * one checks the caller's permission code; every query starts from the caller's scope.
 */
import { decimalFormat, yuanNumber } from "../../contract/numbers.js";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { FastifyReply } from "fastify";
import {
  columnHeader,
  REPORTS,
  type ChartOption,
  type ReportCell,
  type ReportColumn,
  type ReportId,
  type ReportParams,
  type ReportResult,
  type ReportRow,
  type ReportUnit,
} from "../../contract/reports.js";
import { chinaDayEnd, chinaDayStart } from "../../contract/units.js";
import { chinaDateSql } from "../db/china-date.js";
import { statTime } from "../freight/stat-time.js";
import type { ServiceContext } from "../context.js";
import type { Database } from "../db/schema.js";
import type { DialectName } from "../db/index.js";
import { HttpError } from "../http/envelope.js";
import { exportDisposition, sendWorkbook, type SheetColumn } from "../http/xlsx.js";
import { isStaff, visible, type CallerScope } from "../scope.js";

/** One aggregated row as the SQL returns it: dimensions as text, measures converted to numbers. */
export type Raw = Record<string, string | number | null>;

export interface ColumnDef extends ReportColumn {
  value(row: Raw): ReportCell;
  /** Shown in the totals row (default: numeric columns are). */
  total?: boolean;
}

export interface ReportQuery {
  db: Kysely<Database>;
  dialect: DialectName;
  scope: CallerScope;
  params: ReportParams;
}

export interface ReportDef {
  id: ReportId;
  /** The one aggregation. */
  query(q: ReportQuery): Promise<Raw[]>;
  /** The additive measures of a row: converted to numbers, summed into the totals row. */
  measures: readonly string[];
  columns: readonly ColumnDef[];
  chart?(rows: Raw[], q: ReportQuery): ChartOption | null;
}

// --- SQL helpers ---------------------------------------------------------------------------------

export { chinaDateSql };

/** A waybill's statistics time (domain 7.1 stat_date): loading time, or creation before loading. */
export const STAT_TIME = statTime("f");

/** The period key of a time expression: "" (ALL), the China date (DAY) or "YYYY-MM" (MONTH). */
export function periodSql(dialect: DialectName, period: ReportParams["period"], time: RawBuilder<unknown> = STAT_TIME): RawBuilder<string> {
  if (period === "DAY") return chinaDateSql(dialect, time);
  if (period === "MONTH") return sql<string>`substr(${chinaDateSql(dialect, time)}, 1, 7)`;
  return sql<string>`''`;
}

/** The same period key of a summary's day (alias s, "YYYY-MM-DD"). */
export function summaryPeriodSql(period: ReportParams["period"]): RawBuilder<string> {
  if (period === "DAY") return sql<string>`s.day`;
  if (period === "MONTH") return sql<string>`substr(s.day, 1, 7)`;
  return sql<string>`''`;
}

/** Whether the caller may pick another organisation (platform and tenant staff). */
export const staff = (scope: CallerScope) => isStaff(scope);

/** Sum of a numeric SQL expression, 0 when there are no rows. */
export const total = (expr: RawBuilder<unknown>) => sql<number>`coalesce(sum(${expr}), 0)`;
/** How many rows satisfy a condition. */
export const countIf = (cond: RawBuilder<unknown>) => sql<number>`sum(case when ${cond} then 1 else 0 end)`;
/** The weight lost on unloading, for waybills with both weights. */
export const LOSS = sql<number>`case when f.unloaded_weight is not null and f.loaded_weight is not null then f.loaded_weight - f.unloaded_weight else 0 end`;
/** The loaded weight of waybills that were unloaded (the denominator of 亏吨率). */
export const LOADED_OF_UNLOADED = sql<number>`case when f.unloaded_weight is not null then coalesce(f.loaded_weight, 0) else 0 end`;

/**
 * `column is not null` for an id column, written so that no index answers it: with a plain `is not null`
 * SQLite walks that column's index over every waybill of all time instead of the report index's range on
 * the statistics time (司机统计 6 s against 0.1 s for an organisation at 1,000,000 waybills).
 */
export const present = (column: string) => sql<boolean>`coalesce(${sql.ref(column)}, 0) <> 0`;

/** A LIKE pattern containing the text (its % and _ taken literally by both databases' default escape). */
export const likePattern = (text: string) => `%${text.replace(/[%_]/g, "")}%`;

/**
 * The caller's waybills in the report's range and filters (alias f), cancelled ones left out. The
 * range is on the statistics time; migration 0017 indexes it per scope.
 */
export function waybills({ db, scope, params }: ReportQuery) {
  let query = db
    .selectFrom("freights as f")
    .where(visible("freights", scope, "f"))
    .where("f.status", "!=", "CANCELLED")
    .where(STAT_TIME, ">=", chinaDayStart(params.dateFrom))
    .where(STAT_TIME, "<", chinaDayEnd(params.dateTo));
  if (params.freightWay) query = query.where("f.freight_way", "=", params.freightWay);
  if (params.orgId && staff(scope)) query = query.where("f.org_id", "=", params.orgId);
  if (params.shipper) query = query.where("f.shipper_name", "like", likePattern(params.shipper));
  return query;
}

// --- value helpers -------------------------------------------------------------------------------

export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
export const tonnes = (kg: unknown) => num(kg) / 1000;
/** num/den × scale, null when the denominator is 0. */
export const ratio = (n: unknown, d: unknown, scale = 100) => (num(d) > 0 ? (num(n) / num(d)) * scale : null);

/** Column builders for the common units. */
export const col = {
  text: (key: string, label: string, value: (r: Raw) => ReportCell = (r) => (r[key] as string | null) ?? ""): ColumnDef => ({ key, label, value, total: false }),
  count: (key: string, label: string, unit: ReportColumn["unit"] = "单", from = key): ColumnDef => ({ key, label, unit, decimals: 0, value: (r) => num(r[from]) }),
  weight: (key: string, label: string, from = key): ColumnDef => ({ key, label, unit: "吨", decimals: 2, value: (r) => tonnes(r[from]) }),
  money: (key: string, label: string, from = key): ColumnDef => ({ key, label, unit: "元", decimals: 2, value: (r) => yuanNumber(num(r[from])) }),
  ratio: (key: string, label: string, n: string, d: string, unit: "%" | "‰" = "%"): ColumnDef => ({ key, label, unit, decimals: 2, value: (r) => ratio(r[n], r[d], unit === "%" ? 100 : 1000) }),
  /** n ÷ d per unit (平均单趟时长, 人均点击 …); `scale` converts the measure (0.01: fen to 元). The totals row recomputes it unless `total: false`. */
  average: (key: string, label: string, unit: ReportUnit, n: string, d: string, o: { decimals?: number; scale?: number; total?: boolean } = {}): ColumnDef => ({
    key,
    label,
    unit,
    decimals: o.decimals ?? 2,
    value: (r) => ratio(r[n], r[d], o.scale ?? 1),
    total: o.total,
  }),
  /** The change of a count against a base (同比, 环比) in %, null without a base. */
  change: (key: string, label: string, current: string, base: string): ColumnDef => ({ key, label, unit: "%", decimals: 2, value: (r) => (num(r[base]) > 0 ? ratio(num(r[current]) - num(r[base]), r[base]) : null), total: false }),
};

/** The columns several reports show, each built once; `common("waybills", "loaded")` picks them in order. */
export const COMMON_COLUMNS = {
  period: { key: "period", label: "统计周期", value: (r: Raw) => (r.period as string) || "全部", total: false } satisfies ColumnDef,
  waybills: col.count("waybills", "运单数"),
  loaded: col.weight("loaded", "装货重量"),
  unloaded: col.weight("unloaded", "卸货重量"),
  loss: col.weight("loss", "亏吨"),
  freight: col.money("freight", "运费"),
  lossRate: col.ratio("lossRate", "亏吨率", "loss", "loaded_of_unloaded", "‰"),
  trips: col.count("trips", "趟数", "趟"),
  shipper: col.text("shipper_name", "托运人"),
  serviceFee: col.money("service_fee", "撮合服务费"),
  withheldTax: col.money("withheld_tax", "代扣税费"),
};
export const common = (...keys: Array<keyof typeof COMMON_COLUMNS>): ColumnDef[] => keys.map((key) => COMMON_COLUMNS[key]);

// --- chart helpers -------------------------------------------------------------------------------

/** Bars of the `n` largest rows by a column's value. */
export function topBars(rows: ReportRow[], label: string, value: ColumnDef, n = 10): ChartOption {
  const top = [...rows].sort((a, b) => num(b[value.key]) - num(a[value.key])).slice(0, n);
  return {
    xAxis: { type: "category", data: top.map((r) => String(r[label] ?? "")) },
    yAxis: [{ type: "value", name: value.unit }],
    series: [{ type: "bar", name: value.label, data: top.map((r) => num(r[value.key])) }],
  };
}

// --- running -------------------------------------------------------------------------------------

/** Refuses a caller without the report's permission code (spec 6). */
export function assertMayRun(def: ReportDef, scope: CallerScope): void {
  if (!scope.permissions.has(REPORTS[def.id].code)) throw new HttpError(403, `没有${REPORTS[def.id].title}的权限`);
}

const round = (v: ReportCell, decimals: number | undefined): ReportCell => (typeof v === "number" && decimals !== undefined ? Number(v.toFixed(decimals)) : v);

function display(def: ReportDef, raw: Raw): ReportRow {
  return Object.fromEntries(def.columns.map((c) => [c.key, round(c.value(raw), c.decimals)]));
}

/** Runs the aggregation and shapes it: rows, a totals row over the summed measures, the chart. */
export async function runReport(ctx: ServiceContext, def: ReportDef, scope: CallerScope, params: ReportParams): Promise<ReportResult> {
  assertMayRun(def, scope);
  const q: ReportQuery = { db: ctx.db.kysely, dialect: ctx.db.dialect, scope, params };
  const raws = (await def.query(q)).map((r) => {
    const row: Raw = { ...r };
    for (const m of def.measures) row[m] = num(r[m]);
    return row;
  });
  const rows = raws.map((r) => display(def, r));
  let totals: ReportRow | null = null;
  if (raws.length) {
    const summed: Raw = Object.fromEntries(def.measures.map((m) => [m, raws.reduce((s, r) => s + num(r[m]), 0)]));
    const shown = display(def, summed);
    totals = Object.fromEntries(def.columns.map((c, i) => [c.key, i === 0 ? "合计" : c.total === false || (c.total === undefined && c.decimals === undefined) ? null : shown[c.key]!]));
  }
  return { id: def.id, title: REPORTS[def.id].title, params, columns: def.columns.map(({ key, label, unit, decimals }) => ({ key, label, unit, decimals })), rows, totals, chart: def.chart ? def.chart(raws, q) : null };
}

/** The report as a workbook: the table and its totals row, streamed by the shared xlsx writer. */
export async function sendReportWorkbook(ctx: ServiceContext, reply: FastifyReply, def: ReportDef, scope: CallerScope, params: ReportParams) {
  const result = await runReport(ctx, def, scope, params);
  const all = result.totals ? [...result.rows, result.totals] : result.rows;
  const columns: Array<SheetColumn<ReportRow>> = result.columns.map((c) => ({
    header: columnHeader(c),
    width: c.decimals === undefined ? 20 : 14,
    numFmt: c.decimals ? decimalFormat(c.decimals) : undefined,
    value: (r) => r[c.key] ?? null,
  }));
  let served = false;
  return sendWorkbook(
    ctx,
    reply,
    {
      sheetName: result.title,
      logName: `report ${def.id}`,
      columns,
      page: async () => {
        if (served) return [];
        served = true;
        return all;
      },
      cursorOf: () => 0,
    },
    exportDisposition(`report_${def.id}`, result.title),
    scope.userId,
  );
}
