/**
 * The matchmaking reports (domain 7.1): 撮合运营分析 (shareStatistics: the MATCHMAKING supplies' funnel —
 * published, viewed, called, favourited, grabbed on a call — and the waybills of MATCHMAKING orders
 * with their service fee, per period and shipper) and 撮合统计 (joinMetric: MATCHMAKING waybills'
 * freight, service fee, withheld tax and invoicing, by shipper or by driver/captain).
 */
import { sql, type RawBuilder } from "kysely";
import { chinaDayEnd, chinaDayStart } from "../../contract/units.js";
import { orgScope } from "../resources/bind.js";
import { col, common, likePattern, num, periodSql, staff, STAT_TIME, topBars, total, waybills, type ColumnDef, type Raw, type ReportDef, type ReportQuery } from "./kit.js";
import { yuanNumber } from "../../contract/numbers.js";

const supplyScope = orgScope();
const zero = sql<number>`0`;

/** The caller's MATCHMAKING supplies (alias s, shipper sh) with the report's filters; the range is on `time`. */
function matchmakingSupplies(q: ReportQuery, time: RawBuilder<unknown>) {
  const { db, scope, params } = q;
  let query = db
    .selectFrom("supplies as s")
    .leftJoin("shippers as sh", "sh.id", "s.shipper_id")
    .where(supplyScope(scope, "s"))
    .where("s.business_mode", "=", "MATCHMAKING")
    .where("s.deleted_at", "is", null)
    .where(time, ">=", chinaDayStart(params.dateFrom))
    .where(time, "<", chinaDayEnd(params.dateTo));
  if (params.freightWay) query = query.where("s.freight_way", "=", params.freightWay);
  if (params.orgId && staff(scope)) query = query.where("s.org_id", "=", params.orgId);
  if (params.shipper) query = query.where("sh.name", "like", likePattern(params.shipper));
  return query;
}

/** The caller's waybills of MATCHMAKING orders in the range (alias f, order o, settlement ws). */
function matchmakingWaybills(q: ReportQuery) {
  return waybills(q)
    .innerJoin("freight_orders as o", "o.id", "f.order_id")
    .leftJoin("waybill_settlements as ws", "ws.freight_id", "f.id")
    .where("o.business_mode", "=", "MATCHMAKING");
}


const FUNNEL = ["published", "views", "calls", "favorites", "grabs", "waybills", "service_fee"] as const;
type Measure = (typeof FUNNEL)[number];
/** One union part: the measure columns, `ones` set to 1 (or the given expression), the rest 0. */
const measures = (ones: Partial<Record<Measure, RawBuilder<number>>>) => FUNNEL.map((m) => (ones[m] ?? zero).as(m));
const one = sql<number>`1`;

export const shareStatistics: ReportDef = {
  id: "shareStatistics",
  measures: FUNNEL,
  query: async (q) => {
    const { db, dialect, params } = q;
    const period = (time: RawBuilder<unknown>) => periodSql(dialect, params.period, time).as("period");
    const shipper = sql<string>`coalesce(sh.name, '未填写托运人')`.as("shipper");
    const published = matchmakingSupplies(q, sql`s.published_at`).select([period(sql`s.published_at`), shipper, ...measures({ published: one })]);
    const views = matchmakingSupplies(q, sql`v.viewed_at`).innerJoin("supply_views as v", "v.supply_id", "s.id").select([period(sql`v.viewed_at`), shipper, ...measures({ views: one })]);
    const calls = matchmakingSupplies(q, sql`c.started_at`)
      .innerJoin("supply_call_logs as c", "c.supply_id", "s.id")
      .where("c.deleted_at", "is", null)
      .select([period(sql`c.started_at`), shipper, ...measures({ calls: one, grabs: sql<number>`c.grabbed` })]);
    const favorites = matchmakingSupplies(q, sql`fa.created_at`)
      .innerJoin("supply_favorites as fa", "fa.supply_id", "s.id")
      .where("fa.deleted_at", "is", null)
      .select([period(sql`fa.created_at`), shipper, ...measures({ favorites: one })]);
    const deals = matchmakingWaybills(q).select([period(STAT_TIME), sql<string>`f.shipper_name`.as("shipper"), ...measures({ waybills: one, service_fee: sql<number>`coalesce(ws.service_fee, 0)` })]);
    return db
      .selectFrom(published.unionAll(views).unionAll(calls).unionAll(favorites).unionAll(deals).as("u"))
      .select(["u.period", "u.shipper", ...FUNNEL.map((m) => total(sql.ref(`u.${m}`)).as(m))])
      .groupBy(["u.period", "u.shipper"])
      .orderBy("u.period")
      .orderBy("waybills", "desc")
      .orderBy("u.shipper")
      .execute() as Promise<Raw[]>;
  },
  columns: [
    { key: "period", label: "统计周期", value: (r) => (r.period as string) || "全部", total: false },
    col.text("shipper", "托运人"),
    col.count("published", "货源发布数", "单"),
    col.count("views", "浏览", "次"),
    col.count("calls", "通话", "次"),
    col.count("favorites", "收藏", "次"),
    col.count("grabs", "抢单", "次"),
    col.count("waybills", "成交运单", "单"),
    col.ratio("conversion", "转化率", "waybills", "views"),
    ...common("serviceFee"),
  ],
  chart: (rows) => {
    const sum = (key: Measure) => rows.reduce((n, r) => n + num(r[key]), 0);
    return { series: [{ type: "funnel", name: "撮合转化", data: [{ name: "浏览", value: sum("views") }, { name: "通话", value: sum("calls") }, { name: "抢单", value: sum("grabs") }, { name: "成交运单", value: sum("waybills") }] }] };
  },
};

const freightColumn = col.money("freight", "运费");

export const joinMetric: ReportDef = {
  id: "joinMetric",
  measures: ["waybills", "completed", "freight", "service_fee", "withheld_tax", "settled", "invoiced"],
  query: async (q) => {
    const byDriver = q.params.dimension === "DRIVER";
    const name = byDriver ? sql<string>`f.carrier_name` : sql<string>`f.shipper_name`;
    const mobile = byDriver ? sql<string>`f.carrier_mobile` : sql<string>`''`;
    return matchmakingWaybills(q)
      .select([
        name.as("name"),
        mobile.as("mobile"),
        sql<number>`count(*)`.as("waybills"),
        total(sql`case when f.status = 'COMPLETED' then 1 else 0 end`).as("completed"),
        total(sql`f.freight_amount`).as("freight"),
        total(sql`ws.service_fee`).as("service_fee"),
        total(sql`ws.withheld_tax`).as("withheld_tax"),
        total(sql`case when ws.id is not null then 1 else 0 end`).as("settled"),
        total(sql`case when ws.invoice_status is not null and ws.invoice_status <> 'NOT_INVOICED' then 1 else 0 end`).as("invoiced"),
      ])
      .groupBy([sql`1`, sql`2`])
      .orderBy(sql`5`, "desc")
      .orderBy(sql`1`)
      .execute() as Promise<Raw[]>;
  },
  columns: [
    col.text("name", "托运人 / 司机（船长）"),
    col.text("mobile", "手机号"),
    ...common("waybills"),
    col.count("completed", "完成数"),
    freightColumn,
    col.money("service_fee", "服务费"),
    ...common("withheldTax"),
    col.count("invoiced", "已开票运单"),
    col.ratio("invoiceProgress", "开票进度", "invoiced", "settled"),
  ] satisfies ColumnDef[],
  chart: (rows) => topBars(rows.map((r) => ({ name: r.name, freight: yuanNumber(num(r.freight)) })), "name", freightColumn),
};


