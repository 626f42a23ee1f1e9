/**
 * The finance reports on the report kit (domain 5.10): 平台数据统计 and 支出统计 over the ledger's
 * documents (payment items, withdrawals, red envelopes) and waybills; 撮合开票汇总 and 明细 over the
 * settlements of MATCHMAKING waybills and their matchmaking invoices. Money in fen in SQL, 元 on screen.
 * Each query starts from the caller's scope: payments and waybills by platform / tenant / organisation;
 * withdrawals by their owner's tenant or organisation; red envelopes and new carriers platform-wide
 * (SYSTEM_USER only, they belong to no organisation).
 */
import { sql, type RawBuilder } from "kysely";
import type { ReportParams } from "../../contract/reports.js";
import { chinaDayEnd, chinaDayStart } from "../../contract/units.js";
import { yuanNumber, yuanPlain } from "../../contract/numbers.js";
import { chinaDateSql, col, common, likePattern, num, staff, topBars, total, type ColumnDef, type Raw, type ReportDef, type ReportQuery } from "./kit.js";
import { rowsFor, visible } from "../scope.js";
import { dailyStatsInRange } from "./daily-stats.js";

/** The period key of a time column: the China date (DAY) or "YYYY-MM" (MONTH); ALL falls back to `fallback`. */
function periodOf(q: ReportQuery, time: RawBuilder<unknown>, fallback: "DAY" | "MONTH"): RawBuilder<string> {
  const period = q.params.period === "DAY" || q.params.period === "MONTH" ? q.params.period : fallback;
  const day = chinaDateSql(q.dialect, time);
  return period === "DAY" ? day : sql<string>`substr(${day}, 1, 7)`;
}

/** periodOf for the daily summary's day column (DAY unless MONTH is asked for). */
const statsPeriod = (q: ReportQuery): RawBuilder<string> => (q.params.period === "MONTH" ? sql<string>`substr(s.day, 1, 7)` : sql<string>`s.day`);

const inRange = (params: ReportParams, column: string) => [sql`${sql.ref(column)} >= ${chinaDayStart(params.dateFrom)}`, sql`${sql.ref(column)} < ${chinaDayEnd(params.dateTo)}`];
const all = (parts: RawBuilder<unknown>[]) => sql<boolean>`(${sql.join(parts, sql` and `)})`;

/** Payment items paid in the range, in the caller's scope (payments carry tenant and organisation). */
function paidItems(q: ReportQuery) {
  const { db, scope, params } = q;
  let query = db.selectFrom("payment_items as i").innerJoin("payments as p", "p.id", "i.payment_id").where("p.platform_id", "=", scope.platformId).where("i.status", "=", "SUCCESS").where(all(inRange(params, "i.paid_at")));
  query = query.where(rowsFor(scope, "p", { individual: null }));
  if (params.orgId && staff(scope)) query = query.where("p.org_id", "=", params.orgId);
  if (params.freightWay) query = query.where("p.freight_way", "=", params.freightWay);
  return query;
}

/** Withdrawals paid out in the range: platform staff all, tenants their tenant's, an organisation its own. */
function paidWithdrawals(q: ReportQuery) {
  const { db, scope, params } = q;
  let query = db.selectFrom("withdrawals as w").where("w.platform_id", "=", scope.platformId).where("w.status", "=", "SUCCESS").where(all(inRange(params, "w.finished_at")));
  query = query.where(rowsFor(scope, "w", { individual: null }));
  if (params.orgId && staff(scope)) query = query.where("w.org_id", "=", params.orgId);
  return query;
}

/** Red envelopes received in the range: platform money, shown to platform staff only (not filtered by organisation). */
function receivedEnvelopes(q: ReportQuery) {
  const { db, scope, params } = q;
  let query = db.selectFrom("red_envelope_grants as g").where("g.platform_id", "=", scope.platformId).where("g.status", "=", "RECEIVED").where(all(inRange(params, "g.received_at")));
  query = query.where(rowsFor(scope, "g", { staff: "platform" }));
  if (params.orgId) query = query.where(sql<boolean>`1 = 0`);
  return query;
}

const zero = sql<number>`0`;

// ---------------------------------------------------------------------------------------------
// 平台数据统计

const PLATFORM_MEASURES = ["waybills", "loaded", "carriers", "gmv", "net", "service_fee", "tax_reserve", "withdrawn", "envelopes"] as const;
type Measure = (typeof PLATFORM_MEASURES)[number];
const measures = (values: Partial<Record<Measure, RawBuilder<number>>>) => PLATFORM_MEASURES.map((m) => (values[m] ?? zero).as(m));

const platformData: ReportDef = {
  id: "platformData",
  measures: PLATFORM_MEASURES,
  query: async (q) => {
    const { db, scope, params } = q;
    // Waybills by creation day: from the daily summary when it can answer (daily-stats.ts), else from the waybills.
    const stats = await dailyStatsInRange(db, scope, params);
    let freights = db.selectFrom("freights as f").where(visible("freights", scope, "f")).where("f.status", "!=", "CANCELLED").where(all(inRange(params, "f.created_at")));
    if (params.freightWay) freights = freights.where("f.freight_way", "=", params.freightWay);
    if (params.orgId && staff(scope)) freights = freights.where("f.org_id", "=", params.orgId);
    if (params.shipper) freights = freights.where("f.shipper_name", "like", likePattern(params.shipper));
    const waybillRows = stats
      ? stats.where("s.created_live", ">", 0).select([statsPeriod(q).as("period"), ...measures({ waybills: sql<number>`s.created_live`, loaded: sql<number>`s.created_live_loaded` })])
      : freights.select([periodOf(q, sql`f.created_at`, "DAY").as("period"), ...measures({ waybills: sql<number>`1`, loaded: sql<number>`coalesce(f.loaded_weight, 0)` })]);
    const payRows = paidItems(q).select([periodOf(q, sql`i.paid_at`, "DAY").as("period"), ...measures({ gmv: sql<number>`i.shipper_payable`, net: sql<number>`i.net_to_payee`, service_fee: sql<number>`i.service_fee`, tax_reserve: sql<number>`i.tax_reserve` })]);
    const withdrawRows = paidWithdrawals(q).select([periodOf(q, sql`w.finished_at`, "DAY").as("period"), ...measures({ withdrawn: sql<number>`w.amount` })]);
    const envelopeRows = receivedEnvelopes(q).select([periodOf(q, sql`g.received_at`, "DAY").as("period"), ...measures({ envelopes: sql<number>`g.amount` })]);
    let carriers = db.selectFrom("users as u").where("u.platform_id", "=", scope.platformId).where("u.type", "=", "INDIVIDUAL_USER").where(all(inRange(params, "u.created_at")));
    carriers = carriers.where(rowsFor(scope, "u", { org: null, individual: null }));
    if (params.orgId) carriers = carriers.where(sql<boolean>`1 = 0`);
    const carrierRows = carriers.select([periodOf(q, sql`u.created_at`, "DAY").as("period"), ...measures({ carriers: sql<number>`1` })]);
    return db
      .selectFrom((waybillRows as unknown as typeof payRows).unionAll(payRows).unionAll(withdrawRows).unionAll(envelopeRows).unionAll(carrierRows).as("u"))
      .select([sql<string>`u.period`.as("period"), ...PLATFORM_MEASURES.map((m) => total(sql.ref(`u.${m}`)).as(m))])
      .groupBy("u.period")
      .orderBy("u.period", "desc")
      .execute() as Promise<Raw[]>;
  },
  columns: [
    col.text("period", "统计周期"),
    col.count("carriers", "新注册司机/船长", "人"),
    ...common("waybills", "loaded"),
    col.money("gmv", "货主应付（GMV）"),
    col.money("net", "司机实收"),
    col.money("service_fee", "服务费"),
    col.money("tax_reserve", "留存税费"),
    col.money("withdrawn", "提现金额"),
    col.money("envelopes", "红包发放"),
  ],
  chart: (rows) => {
    const ordered = [...rows].sort((a, b) => String(a.period).localeCompare(String(b.period)));
    return {
      xAxis: { type: "category", data: ordered.map((r) => String(r.period)) },
      yAxis: [{ type: "value", name: "元" }, { type: "value", name: "单" }],
      series: [
        { type: "line", name: "货主应付（GMV）", data: ordered.map((r) => yuanNumber(num(r.gmv))) },
        { type: "line", name: "服务费", data: ordered.map((r) => yuanNumber(num(r.service_fee))) },
        { type: "bar", name: "运单数", data: ordered.map((r) => num(r.waybills)), yAxisIndex: 1 },
      ],
    };
  },
};

// ---------------------------------------------------------------------------------------------
// 支出统计

const SPENDING = [
  ["freight", "运费（实付收款人）"],
  ["service_fee", "服务费"],
  ["tax_reserve", "留存税费"],
  ["withdrawn", "提现出账"],
  ["envelopes", "红包发放"],
] as const;
const SPENDING_MEASURES = SPENDING.map(([key]) => key);
const spend = (values: Partial<Record<(typeof SPENDING)[number][0], RawBuilder<number>>>) => SPENDING.map(([key]) => (values[key] ?? zero).as(key));

const expenditure: ReportDef = {
  id: "expenditure",
  measures: SPENDING_MEASURES,
  query: (q) => {
    const payRows = paidItems(q).select([periodOf(q, sql`i.paid_at`, "MONTH").as("period"), ...spend({ freight: sql<number>`i.net_to_payee`, service_fee: sql<number>`i.service_fee`, tax_reserve: sql<number>`i.tax_reserve` })]);
    const withdrawRows = paidWithdrawals(q).select([periodOf(q, sql`w.finished_at`, "MONTH").as("period"), ...spend({ withdrawn: sql<number>`w.amount` })]);
    const envelopeRows = receivedEnvelopes(q).select([periodOf(q, sql`g.received_at`, "MONTH").as("period"), ...spend({ envelopes: sql<number>`g.amount` })]);
    return q.db
      .selectFrom(payRows.unionAll(withdrawRows).unionAll(envelopeRows).as("u"))
      .select([sql<string>`u.period`.as("period"), ...SPENDING_MEASURES.map((m) => total(sql.ref(`u.${m}`)).as(m))])
      .groupBy("u.period")
      .orderBy("u.period", "desc")
      .execute() as Promise<Raw[]>;
  },
  columns: [
    col.text("period", "统计周期"),
    ...SPENDING.map(([key, label]) => col.money(key, label)),
    { key: "total", label: "合计", unit: "元", decimals: 2, value: (r: Raw) => yuanNumber(SPENDING_MEASURES.reduce((s, m) => s + num(r[m]), 0)) } satisfies ColumnDef,
  ],
  chart: (rows) => ({
    series: [{ type: "pie", name: "支出构成", data: SPENDING.map(([key, label]) => ({ name: label, value: yuanNumber(rows.reduce((s, r) => s + num(r[key]), 0)) })).filter((d) => d.value > 0) }],
  }),
};

// ---------------------------------------------------------------------------------------------
// 撮合开票汇总 / 明细

/** Completed MATCHMAKING waybills in the range (by completion time) with their settlements (alias f, o, s). */
async function matchmakingWaybills(q: ReportQuery) {
  const { db, scope, params } = q;
  let query = db
    .selectFrom("freights as f")
    .innerJoin("freight_orders as o", "o.id", "f.order_id")
    .innerJoin("waybill_settlements as s", "s.freight_id", "f.id")
    .where(visible("freights", scope, "f"))
    .where("f.status", "=", "COMPLETED")
    .where("o.business_mode", "=", "MATCHMAKING")
    .where(all(inRange(params, "f.complete_time")));
  if (params.freightWay) query = query.where("f.freight_way", "=", params.freightWay);
  if (params.orgId && staff(scope)) query = query.where("f.org_id", "=", params.orgId);
  if (params.shipper) query = query.where("f.shipper_name", "like", likePattern(params.shipper));
  return query;
}

/** The amount of a waybill on an issued (or mailed) matchmaking invoice of one kind. */
const invoiced = (kind: "SERVICE" | "DRIVER_AGENT") =>
  sql<number>`coalesce((select sum(mi.amount) from match_invoice_items mi inner join match_invoices m on m.id = mi.invoice_id where mi.freight_id = f.id and mi.invoice_kind = ${kind} and mi.deleted_at is null and m.status in ('ISSUED', 'MAILED')), 0)`;

const SUMMARY_MEASURES = ["waybills", "carrier_payable", "service_fee", "withheld_tax", "service_invoiced", "freight_invoiced"] as const;

const matchmakingSummary: ReportDef = {
  id: "matchmakingSummary",
  measures: SUMMARY_MEASURES,
  query: async (q) => {
    const base = await matchmakingWaybills(q);
    return base
      .select([
        sql<string>`substr(${chinaDateSql(q.dialect, sql`f.complete_time`)}, 1, 7)`.as("month"),
        "f.shipper_name",
        sql<number>`count(*)`.as("waybills"),
        total(sql`s.carrier_payable`).as("carrier_payable"),
        total(sql`s.service_fee`).as("service_fee"),
        total(sql`s.withheld_tax`).as("withheld_tax"),
        total(invoiced("SERVICE")).as("service_invoiced"),
        total(invoiced("DRIVER_AGENT")).as("freight_invoiced"),
      ])
      .groupBy([sql`substr(${chinaDateSql(q.dialect, sql`f.complete_time`)}, 1, 7)`, "f.shipper_name"])
      .orderBy("month", "desc")
      .orderBy("f.shipper_name")
      .execute() as Promise<Raw[]>;
  },
  columns: [
    col.text("month", "月份"),
    ...common("shipper", "waybills"),
    col.money("carrier_payable", "实付运费"),
    ...common("serviceFee", "withheldTax"),
    col.money("service_invoiced", "已开服务费发票"),
    col.money("freight_invoiced", "已代开运费发票"),
    { key: "open", label: "未开金额", unit: "元", decimals: 2, value: (r: Raw) => yuanNumber(num(r.carrier_payable) + num(r.service_fee) - num(r.service_invoiced) - num(r.freight_invoiced)) } satisfies ColumnDef,
  ],
  chart: (rows) => topBars(rows.map((r) => ({ shipper: r.shipper_name, paid: yuanNumber(num(r.carrier_payable)) })), "shipper", col.money("paid", "实付运费")),
};

/** 比对 (S3 OrderCompareList): what was settled against what was paid and invoiced. */
export const COMPARE_LABELS = { PENDING: "未比对", MATCHED: "成功", MISMATCHED: "失败" } as const;
export function compareOf(r: Record<string, unknown>): { status: keyof typeof COMPARE_LABELS; note: string } {
  if (r.pay_status !== "PAID") return { status: "PENDING", note: "运单尚未付款" };
  const paid = num(r.paid_net) + num(r.withheld_tax);
  if (paid !== num(r.carrier_payable)) return { status: "MISMATCHED", note: `实付 ${yuanPlain(paid)} 元与应付 ${yuanPlain(num(r.carrier_payable))} 元不一致` };
  if (num(r.freight_invoiced) > 0 && num(r.freight_invoiced) !== num(r.carrier_payable)) return { status: "MISMATCHED", note: `代开金额 ${yuanPlain(num(r.freight_invoiced))} 元与应付不一致` };
  return { status: "MATCHED", note: num(r.freight_invoiced) > 0 ? "付款、代开与应付一致" : "付款与应付一致，运费发票未代开" };
}

const DETAIL_LIMIT = 5000;

const matchmakingDetail: ReportDef = {
  id: "matchmakingDetail",
  measures: ["loaded", "unloaded", "loss", "carrier_payable", "paid_net", "service_fee", "withheld_tax", "freight_invoiced", "service_invoiced"],
  query: async (q) => {
    const base = await matchmakingWaybills(q);
    return base
      .leftJoin("payment_items as i", (join) => join.onRef("i.settlement_id", "=", "s.id").on("i.status", "=", "SUCCESS"))
      .select([
        "f.freight_no",
        "f.shipper_name",
        "f.carrier_name",
        "f.conveyance_name",
        "f.cargo_category",
        "s.pay_status",
        sql<number>`coalesce(f.loaded_weight, 0)`.as("loaded"),
        sql<number>`coalesce(f.unloaded_weight, 0)`.as("unloaded"),
        sql<number>`case when f.unloaded_weight is not null and f.loaded_weight > f.unloaded_weight then f.loaded_weight - f.unloaded_weight else 0 end`.as("loss"),
        "s.carrier_payable",
        sql<number>`coalesce(i.net_to_payee, 0)`.as("paid_net"),
        "s.service_fee",
        "s.withheld_tax",
        invoiced("DRIVER_AGENT").as("freight_invoiced"),
        invoiced("SERVICE").as("service_invoiced"),
        sql<string>`(select max(m.driver_name) from match_invoice_items mi inner join match_invoices m on m.id = mi.invoice_id where mi.freight_id = f.id and mi.invoice_kind = 'DRIVER_AGENT' and mi.deleted_at is null)`.as("agent_driver"),
      ])
      .orderBy("f.complete_time", "desc")
      .limit(DETAIL_LIMIT)
      .execute() as Promise<Raw[]>;
  },
  columns: [
    col.text("freight_no", "运单号"),
    ...common("shipper"),
    col.text("carrier_name", "司机"),
    col.text("conveyance_name", "车牌/船名"),
    col.text("cargo_category", "货物"),
    col.weight("loaded", "实装吨位"),
    col.weight("unloaded", "实卸吨位"),
    col.weight("loss", "扣吨"),
    col.money("paid_net", "实付运费"),
    ...common("serviceFee"),
    col.money("withheld_tax", "实收税款"),
    col.money("freight_invoiced", "运费实际开票金额"),
    col.money("service_invoiced", "服务费实际开票金额"),
    col.text("agent_driver", "代开司机"),
    col.text("compare", "比对状态", (r) => COMPARE_LABELS[compareOf(r).status]),
    col.text("compare_note", "比对说明", (r) => compareOf(r).note),
  ],
  /** How many waybills each comparison result has. */
  chart: (rows) => {
    const statuses = Object.keys(COMPARE_LABELS) as Array<keyof typeof COMPARE_LABELS>;
    return {
      xAxis: { type: "category", data: statuses.map((s) => COMPARE_LABELS[s]) },
      yAxis: [{ type: "value", name: "单" }],
      series: [{ type: "bar", name: "运单数", data: statuses.map((s) => rows.filter((r) => compareOf(r).status === s).length) }],
    };
  },
};

export const FINANCE_REPORTS = { platformData, expenditure, matchmakingSummary, matchmakingDetail };
