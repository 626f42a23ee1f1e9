/**
 * Every report of domain 7.1, each one aggregation over the caller's rows. Weights are kg and money
 * fen in SQL; the columns show 吨 and 元. Cancelled waybills count nowhere.
 */
import { sql } from "kysely";
import { CLICK_MODULES, type ClickModule, type ReportId } from "../../contract/reports.js";
import { addDays, chinaDate, chinaDayEnd, chinaDayStart } from "../../contract/units.js";
import { yuanNumber } from "../../contract/numbers.js";
import { visible } from "../scope.js";
import { FINANCE_REPORTS } from "./finance.js";
import {
  present,
  chinaDateSql,
  col,
  common,
  COMMON_COLUMNS,
  countIf,
  LOADED_OF_UNLOADED,
  likePattern,
  LOSS,
  num,
  periodSql,
  ratio,
  staff,
  STAT_TIME,
  summaryPeriodSql,
  topBars,
  total,
  waybills,
  type Raw,
  type ReportDef,
  type ReportQuery,
} from "./kit.js";
import { joinMetric, shareStatistics } from "./matchmaking.js";
import { dailyStatsInRange, keyStatsInRange, riskStatsInRange, supplierStatsInRange } from "./daily-stats.js";
import { anyRisk, RISK_KEYS, RISK_RULES, RISK_STATS_MEASURES, SUPPLIER_STATS_MEASURES, type RiskKey, type SupplierKind } from "../db/migrations/0055_dispatch_facts.js";
import { KEY_STATS_MEASURES, type KeyStatsKind } from "../db/migrations/0044_waybill_key_stats.js";

/** 运单数, 装货重量, 卸货重量, 亏吨, 运费: what the summary by place and cargo holds. */
const TRAFFIC_MEASURES = KEY_STATS_MEASURES;

/** 运单数, 装货重量, 卸货重量, 亏吨, 运费 of a selection (alias f). */
const trafficSums = () =>
  [
    sql<number>`count(*)`.as("waybills"),
    total(sql`f.loaded_weight`).as("loaded"),
    total(sql`f.unloaded_weight`).as("unloaded"),
    total(LOSS).as("loss"),
    total(LOADED_OF_UNLOADED).as("loaded_of_unloaded"),
    total(sql`f.freight_amount`).as("freight"),
  ] as const;

/** The same sums from the summary by place and cargo (alias s). */
const summedTraffic = () => TRAFFIC_MEASURES.map((m) => total(sql.ref(`s.${m}`)).as(m));

const loadedColumn = COMMON_COLUMNS.loaded;

/**
 * Traffic figures grouped by a place or the cargo (and the period): from the summary by place and cargo
 * when it can answer (daily-stats.ts `keyStatsInRange`), else from the waybills; the same rows either way.
 */
async function trafficBy(q: ReportQuery, kind: KeyStatsKind, column: "loading_place" | "unloading_place" | "cargo_category", alias: string, period: ReportQuery["params"]["period"]): Promise<Raw[]> {
  const stats = await keyStatsInRange(q.db, q.scope, kind, q.params);
  const live = waybills(q).select([sql<string>`${sql.ref(`f.${column}`)}`.as(alias), periodSql(q.dialect, period).as("period"), ...trafficSums()]);
  // Both select the same columns; the cast only joins their builder types.
  const query = stats ? (stats.select([sql<string>`s.key`.as(alias), summaryPeriodSql(period).as("period"), ...summedTraffic()]) as unknown as typeof live) : live;
  return query
    .groupBy([sql`1`, sql`2`])
    .orderBy(sql`2`)
    .orderBy(sql`4`, "desc")
    .orderBy(sql`1`)
    .execute() as Promise<Raw[]>;
}

/** 装货单位 / 卸货单位: place × period, bars of the top 10 places by loaded weight. */
function placeReport(id: ReportId, kind: "LOADING" | "UNLOADING", label: string): ReportDef {
  return {
    id,
    measures: TRAFFIC_MEASURES,
    query: (q) => trafficBy(q, kind, kind === "LOADING" ? "loading_place" : "unloading_place", "place", q.params.period),
    columns: [col.text("place", label), ...common("period", "waybills", "loaded", "unloaded", "loss", "freight")],
    chart: (rows) => {
      const byPlace = new Map<string, number>();
      for (const r of rows) byPlace.set(String(r.place), (byPlace.get(String(r.place)) ?? 0) + num(r.loaded));
      return topBars([...byPlace].map(([place, loaded]) => ({ place, loaded: loaded / 1000 })), "place", loadedColumn);
    },
  };
}

const driverStatistics: ReportDef = {
  id: "driverStatistics",
  measures: ["waybills", "completed", "loaded", "unloaded", "freight", "trip_hours", "timed_trips", "abnormal"],
  query: (q) => {
    const hours =
      q.dialect === "postgres"
        ? sql`extract(epoch from (f.unloading_time::timestamptz - f.loading_time::timestamptz)) / 3600.0`
        : sql`(julianday(f.unloading_time) - julianday(f.loading_time)) * 24`;
    const agg = waybills(q)
      .where(present("f.driver_id"))
      .select([
        "f.driver_id",
        sql<number>`max(f.vehicle_id)`.as("vehicle_id"),
        sql<number>`count(*)`.as("waybills"),
        countIf(sql`f.status = 'COMPLETED'`).as("completed"),
        total(sql`f.loaded_weight`).as("loaded"),
        total(sql`f.unloaded_weight`).as("unloaded"),
        total(sql`f.freight_amount`).as("freight"),
        total(sql`case when f.unloading_time is not null and f.loading_time is not null then ${hours} else 0 end`).as("trip_hours"),
        countIf(sql`f.unloading_time is not null and f.loading_time is not null`).as("timed_trips"),
        total(sql`f.abnormal`).as("abnormal"),
      ])
      .groupBy("f.driver_id");
    return q.db
      .selectFrom(agg.as("a"))
      .leftJoin("freight_drivers as d", "d.id", "a.driver_id")
      .leftJoin("freight_vehicles as v", "v.id", "a.vehicle_id")
      .select(["d.name", "d.mobile", "v.plate_no as plate", "a.waybills", "a.completed", "a.loaded", "a.unloaded", "a.freight", "a.trip_hours", "a.timed_trips", "a.abnormal"])
      .orderBy("a.loaded", "desc")
      .orderBy("a.driver_id")
      .execute() as Promise<Raw[]>;
  },
  columns: [
    col.text("name", "司机姓名"),
    col.text("mobile", "手机号"),
    col.text("plate", "车牌号"),
    ...common("waybills"),
    col.count("completed", "完成数"),
    ...common("loaded", "unloaded"),
    col.money("freight", "司机应收"),
    col.average("avgHours", "平均单趟时长", "小时", "trip_hours", "timed_trips", { decimals: 1 }),
    col.count("abnormal", "异常数"),
  ],
  chart: (rows) => topBars(rows.map((r) => ({ name: r.name, loaded: num(r.loaded) / 1000 })), "name", loadedColumn),
};

const carStatistics: ReportDef = {
  id: "carStatistics",
  measures: ["waybills", "loaded", "unloaded", "trips", "capacity", "loss", "loaded_of_unloaded"],
  query: (q) => {
    const agg = waybills(q)
      .where(present("f.vehicle_id"))
      .select([
        "f.vehicle_id",
        sql<number>`count(*)`.as("waybills"),
        total(sql`f.loaded_weight`).as("loaded"),
        total(sql`f.unloaded_weight`).as("unloaded"),
        countIf(sql`f.loading_time is not null`).as("trips"),
        total(LOSS).as("loss"),
        total(LOADED_OF_UNLOADED).as("loaded_of_unloaded"),
      ])
      .groupBy("f.vehicle_id");
    return q.db
      .selectFrom(agg.as("a"))
      .leftJoin("freight_vehicles as v", "v.id", "a.vehicle_id")
      .select(["v.plate_no", "v.vehicle_type", "v.load_capacity", "a.waybills", "a.loaded", "a.unloaded", "a.trips", sql<number>`a.trips * coalesce(v.load_capacity, 0)`.as("capacity"), "a.loss", "a.loaded_of_unloaded"])
      .orderBy("a.loaded", "desc")
      .orderBy("a.vehicle_id")
      .execute() as Promise<Raw[]>;
  },
  columns: [
    col.text("plate_no", "车牌号"),
    col.text("vehicle_type", "车型"),
    { key: "load_capacity", label: "核定载质量", unit: "吨", decimals: 2, value: (r) => (r.load_capacity == null ? null : num(r.load_capacity) / 1000), total: false },
    ...common("waybills", "loaded", "unloaded", "trips"),
    col.ratio("fullRate", "满载率", "loaded", "capacity"),
    ...common("lossRate"),
  ],
  chart: (rows) => topBars(rows.map((r) => ({ plate: r.plate_no, loaded: num(r.loaded) / 1000 })), "plate", loadedColumn),
};

const goodsStatistics: ReportDef = {
  id: "goodsStatistics",
  measures: TRAFFIC_MEASURES,
  query: (q) => trafficBy(q, "CARGO", "cargo_category", "cargo", "ALL"),
  columns: [
    col.text("cargo", "货物"),
    ...common("waybills", "loaded", "unloaded", "freight", "lossRate"),
  ],
  chart: (rows) => ({ series: [{ type: "pie", name: "装货重量(吨)", data: rows.map((r) => ({ name: String(r.cargo), value: num(r.loaded) / 1000 })) }] }),
};

const carOutput: ReportDef = {
  id: "carOutput",
  measures: ["output", "trips", "days", "loaded"],
  query: (q) => {
    // Per vehicle and loading day first, then per month: 出车天数 is the count of those days (a
    // count(distinct) per group makes PostgreSQL sort the whole range).
    const daily = waybills(q)
      .where(present("f.vehicle_id"))
      .where("f.loading_time", "is not", null)
      .select([
        "f.vehicle_id",
        chinaDateSql(q.dialect, sql`f.loading_time`).as("day"),
        total(sql`f.freight_amount`).as("output"),
        sql<number>`count(*)`.as("trips"),
        total(sql`f.loaded_weight`).as("loaded"),
      ])
      .groupBy(["f.vehicle_id", sql`2`]);
    const agg = q.db
      .selectFrom(daily.as("d"))
      .select(["d.vehicle_id", sql<string>`substr(d.day, 1, 7)`.as("month"), total(sql`d.output`).as("output"), total(sql`d.trips`).as("trips"), sql<number>`count(*)`.as("days"), total(sql`d.loaded`).as("loaded")])
      .groupBy(["d.vehicle_id", sql`2`]);
    return q.db
      .selectFrom(agg.as("a"))
      .leftJoin("freight_vehicles as v", "v.id", "a.vehicle_id")
      .select(["v.plate_no", "a.month", "a.output", "a.trips", "a.days", "a.loaded"])
      .orderBy("a.month")
      .orderBy("a.output", "desc")
      .orderBy("a.vehicle_id")
      .execute() as Promise<Raw[]>;
  },
  columns: [
    col.text("plate_no", "车牌号"),
    col.text("month", "月份"),
    col.money("output", "运费产值"),
    ...common("trips"),
    col.count("days", "出车天数", "天"),
    col.average("dailyOutput", "日均产值", "元", "output", "days", { scale: 0.01 }),
    ...common("loaded"),
  ],
  chart: (rows) => {
    const months = [...new Set(rows.map((r) => String(r.month)))].sort();
    const byPlate = new Map<string, number>();
    for (const r of rows) byPlate.set(String(r.plate_no), (byPlate.get(String(r.plate_no)) ?? 0) + num(r.output));
    const top = [...byPlate].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([plate]) => plate);
    return {
      xAxis: { type: "category", data: months },
      yAxis: [{ type: "value", name: "元" }],
      series: top.map((plate) => ({
        type: "line" as const,
        name: plate,
        data: months.map((m) => yuanNumber(num(rows.find((r) => r.plate_no === plate && r.month === m)?.output ?? 0))),
      })),
    };
  },
};

/** Clicks the caller may count: their platform's, then their tenant's, organisation's or their own. */
function clicksVisible(scope: ReportQuery["scope"]) {
  const by = { SYSTEM_USER: sql`1 = 1`, TENANT_USER: sql`c.tenant_id = ${scope.tenantId}`, ORG_USER: sql`c.org_id = ${scope.orgId}`, INDIVIDUAL_USER: sql`c.user_id = ${scope.userId}` }[scope.type];
  return sql<boolean>`(c.platform_id = ${scope.platformId} and ${by})`;
}

const waybillAnalysis: ReportDef = {
  id: "waybillAnalysis",
  measures: ["clicks", "users"],
  query: ({ db, dialect, scope, params }) => {
    let query = db
      .selectFrom("waybill_clicks as c")
      .where(clicksVisible(scope))
      .where("c.created_at", ">=", chinaDayStart(params.dateFrom))
      .where("c.created_at", "<", chinaDayEnd(params.dateTo));
    if (params.orgId && staff(scope)) query = query.where("c.org_id", "=", params.orgId);
    return query
      .select(["c.module", "c.content", periodSql(dialect, params.period, sql`c.created_at`).as("period"), sql<number>`count(*)`.as("clicks"), sql<number>`count(distinct c.user_id)`.as("users")])
      .groupBy(["c.module", "c.content", sql`3`])
      .orderBy(sql`3`)
      .orderBy(sql`4`, "desc")
      .execute();
  },
  columns: [
    col.text("module", "模块", (r) => CLICK_MODULES[r.module as ClickModule] ?? String(r.module)),
    col.text("content", "点击内容"),
    ...common("period"),
    col.count("clicks", "点击次数", "次"),
    { ...col.count("users", "点击人数", "人"), total: false },
    col.average("perUser", "人均点击", "次", "clicks", "users", { total: false }),
  ],
  chart: (rows) => {
    const byButton = new Map<string, number>();
    for (const r of rows) byButton.set(String(r.content), (byButton.get(String(r.content)) ?? 0) + num(r.clicks));
    return topBars([...byButton].map(([content, clicks]) => ({ content, clicks })), "content", col.count("clicks", "点击次数", "次"));
  },
};

/** The labels of the risk rules of domain 7.1 (their conditions: RISK_RULES, on the waybill alone). */
const RISK_LABELS: Record<RiskKey, string> = {
  loss_over: "亏吨超标",
  unload_over: "卸货重量超装货1%",
  track_missing: "轨迹缺失",
  overload: "超载",
  expired: "证件过期时派单",
  mismatch: "人车不一致",
  appealed: "申诉",
};
const RISKS = RISK_KEYS.map((key) => [key, RISK_LABELS[key]] as const);

/**
 * 运单风险 by day or month: from the risk summary when it can answer (daily-stats.ts `riskStatsInRange`),
 * else the same rules over the range's waybills; the same rows either way.
 */
const waybillRisk: ReportDef = {
  id: "waybillRisk",
  measures: RISK_STATS_MEASURES,
  query: async (q) => {
    const period = q.params.period === "MONTH" ? "MONTH" : "DAY";
    const stats = await riskStatsInRange(q.db, q.scope, q.params);
    const live = waybills(q).select([
      periodSql(q.dialect, period).as("period"),
      sql<number>`count(*)`.as("waybills"),
      countIf(sql.raw(anyRisk("f"))).as("risky"),
      ...RISK_KEYS.map((key) => countIf(sql.raw(RISK_RULES[key]("f"))).as(key)),
    ]);
    // Both select the same columns; the cast only joins their builder types.
    const query = stats ? (stats.select([summaryPeriodSql(period).as("period"), ...RISK_STATS_MEASURES.map((m) => total(sql.ref(`s.${m}`)).as(m))]) as unknown as typeof live) : live;
    return query.groupBy(sql`1`).orderBy(sql`1`).execute() as Promise<Raw[]>;
  },
  columns: [
    ...common("period", "waybills"),
    col.count("risky", "风险运单"),
    col.ratio("riskRate", "风险率", "risky", "waybills"),
    ...RISKS.map(([key, label]) => col.count(key, label)),
  ],
  chart: (rows) => ({
    xAxis: { type: "category", data: rows.map((r) => String(r.period)) },
    yAxis: [{ type: "value", name: "单" }, { type: "value", name: "%" }],
    series: [
      ...RISKS.map(([key, label]) => ({ type: "bar" as const, name: label, stack: "risk", data: rows.map((r) => num(r[key])) })),
      { type: "line" as const, name: "风险率", yAxisIndex: 1, data: rows.map((r) => Number((ratio(r.risky, r.waybills) ?? 0).toFixed(2))) },
    ],
  }),
};

/** The caller's orders created in the range and filters (alias o). */
function ordersOf({ db, scope, params }: ReportQuery) {
  let query = db
    .selectFrom("freight_orders as o")
    .where(visible("freight_orders", scope, "o"))
    .where("o.created_at", ">=", chinaDayStart(params.dateFrom))
    .where("o.created_at", "<", chinaDayEnd(params.dateTo));
  if (params.freightWay) query = query.where("o.freight_way", "=", params.freightWay);
  if (params.orgId && staff(scope)) query = query.where("o.org_id", "=", params.orgId);
  if (params.shipper) query = query.where("o.shipper_name", "like", likePattern(params.shipper));
  return query;
}

/** Months from the first of `from`'s month to `to`'s, as "YYYY-MM". */
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split("-").map(Number) as [number, number];
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, "0")}`;
    if (key > end) return out;
    out.push(key);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}
const yearBefore = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
const monthBefore = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);
/** The date of `day` in `month`, or the month's last day when it is shorter ("2026-02", 30 → 2026-02-28). */
const dayIn = (month: string, day: number) => {
  const end = addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1);
  return day >= Number(end.slice(8)) ? end : `${month}-${String(day).padStart(2, "0")}`;
};

/**
 * Orders by creation month. 同比 compares a month with the same month a year before, 环比 with the
 * month before; when the range ends inside its last month, that month is compared with the same days
 * (1st to the range's last day) of those months, so a month in progress is not set against whole ones.
 */
const orderTrend: ReportDef = {
  id: "orderTrend",
  measures: ["orders", "planned", "dispatched", "completed_weight", "prev_month_orders", "prev_year_orders"],
  query: async (q) => {
    const { db, dialect, params } = q;
    const months = monthsBetween(params.dateFrom, params.dateTo);
    // One pass over whole months, from a year before the range's first (同比's base) to the range's end.
    const span = { dateFrom: `${yearBefore(months[0]!)}-01`, dateTo: params.dateTo };
    const zero = sql<number>`0`;
    // The orders by UTC hour first (a prefix of the stored ISO time, no date parsing per order), then
    // each hour to its China month: China is UTC+8 all year, so an hour lies in one China day. At
    // 400,000 orders the per-order time zone conversion was most of the report's time on PostgreSQL.
    const byHour = ordersOf({ ...q, params: { ...params, ...span } })
      .select([sql<string>`substr(o.created_at, 1, 13)`.as("hour"), sql<number>`count(*)`.as("orders"), total(sql`o.planned_weight`).as("planned"), total(sql`o.dispatched_weight`).as("dispatched")])
      .groupBy(sql`1`);
    const orders = db
      .selectFrom(byHour.as("h"))
      .select([periodSql(dialect, "MONTH", sql`h.hour || ':00:00.000Z'`).as("month"), sql<number>`h.orders`.as("orders"), sql<number>`h.planned`.as("planned"), sql<number>`h.dispatched`.as("dispatched"), zero.as("completed_weight")]);
    // Completed weight only over the range itself. The status is a CASE, not a WHERE: with `status =` in
    // the WHERE, SQLite walks (org, status) over every completed waybill of all time instead of the
    // report index's range on the statistics time (1.1 s against 0.1 s at 1,000,000 waybills).
    const stats = await dailyStatsInRange(db, q.scope, params);
    const completed = stats
      ? stats.select([sql<string>`substr(s.day, 1, 7)`.as("month"), zero.as("orders"), zero.as("planned"), zero.as("dispatched"), sql<number>`s.completed_weight`.as("completed_weight")])
      : waybills(q).select([
      periodSql(dialect, "MONTH").as("month"),
      zero.as("orders"),
      zero.as("planned"),
      zero.as("dispatched"),
      sql<number>`case when f.status = 'COMPLETED' then coalesce(f.unloaded_weight, f.loaded_weight, 0) else 0 end`.as("completed_weight"),
    ]);
    const rows = await db
      .selectFrom(orders.unionAll(completed).as("u"))
      .select(["u.month", total(sql`u.orders`).as("orders"), total(sql`u.planned`).as("planned"), total(sql`u.dispatched`).as("dispatched"), total(sql`u.completed_weight`).as("completed_weight")])
      .groupBy("u.month")
      .execute();
    const byMonth = new Map(rows.map((r) => [r.month, r]));
    const ordersIn = async (dateFrom: string, dateTo: string) => num((await ordersOf({ ...q, params: { ...params, dateFrom, dateTo } }).select(sql<number>`count(*)`.as("n")).executeTakeFirst())?.n);
    const last = months[months.length - 1]!;
    // The month is partial when the range stops before its last day, or when it reaches today: on the
    // last day of a month the month is not over yet, and it is compared with the same days before.
    const today = chinaDate();
    const through = params.dateTo < today ? params.dateTo : today;
    const day = Number(through.slice(8));
    const inProgress = through.slice(0, 7) === last && (addDays(through, 1).slice(0, 7) === last || through === today);
    const sameDays = inProgress
      ? { year: await ordersIn(`${yearBefore(last)}-01`, dayIn(yearBefore(last), day)), month: await ordersIn(`${monthBefore(last)}-01`, dayIn(monthBefore(last), day)) }
      : null;
    return months.map((month) => {
      const r = byMonth.get(month);
      const partial = sameDays && month === last ? sameDays : null;
      return {
        month,
        orders: num(r?.orders),
        planned: num(r?.planned),
        dispatched: num(r?.dispatched),
        completed_weight: num(r?.completed_weight),
        prev_month_orders: partial ? partial.month : num(byMonth.get(monthBefore(month))?.orders),
        prev_year_orders: partial ? partial.year : num(byMonth.get(yearBefore(month))?.orders),
      };
    });
  },
  columns: [
    col.text("month", "月份"),
    col.count("orders", "订单数"),
    col.weight("planned", "计划重量"),
    col.weight("dispatched", "已调度重量"),
    col.weight("completed_weight", "完成重量"),
    col.change("yoy", "同比", "orders", "prev_year_orders"),
    col.change("mom", "环比", "orders", "prev_month_orders"),
  ],
  // The last two years of the range overlaid by calendar month; a month outside the range is a gap, not 0.
  chart: (rows) => {
    const months = Array.from({ length: 12 }, (_, i) => `${String(i + 1).padStart(2, "0")}月`);
    const years = [...new Set(rows.map((r) => String(r.month).slice(0, 4)))].slice(-2);
    const byMonth = new Map(rows.map((r) => [String(r.month), num(r.orders)]));
    return {
      xAxis: { type: "category", data: months },
      yAxis: [{ type: "value", name: "单" }],
      series: years.map((year) => ({
        type: "line" as const,
        name: `${year}年订单数`,
        data: months.map((_, i) => byMonth.get(`${year}-${String(i + 1).padStart(2, "0")}`) ?? null),
      })),
    };
  },
};

/** The daily business sheet: orders created, and the day's waybills (loaded / completed), per day and organisation. */
const shuikouBusiness: ReportDef = {
  id: "shuikouBusiness",
  measures: ["orders", "created", "loaded_count", "completed", "loaded", "unloaded", "freight"],
  query: async (q) => {
    const { db, dialect } = q;
    const zero = sql<number>`0`;
    // The day's waybills from the daily summary when it can answer (daily-stats.ts), else from the waybills.
    const stats = await dailyStatsInRange(db, q.scope, q.params);
    const freights = stats
      ? stats
          .where("s.waybills", ">", 0)
          .select([
            sql<string>`s.day`.as("day"),
            "s.org_id",
            zero.as("orders"),
            sql<number>`s.waybills`.as("created"),
            sql<number>`s.loaded_count`.as("loaded_count"),
            sql<number>`s.completed_count`.as("completed"),
            sql<number>`s.loaded`.as("loaded"),
            sql<number>`s.unloaded`.as("unloaded"),
            sql<number>`s.freight`.as("freight"),
          ])
      : waybills(q).select([
      chinaDateSql(dialect, STAT_TIME).as("day"),
      "f.org_id",
      zero.as("orders"),
      sql<number>`1`.as("created"),
      sql<number>`case when f.loading_time is not null then 1 else 0 end`.as("loaded_count"),
      sql<number>`case when f.status = 'COMPLETED' then 1 else 0 end`.as("completed"),
      sql<number>`coalesce(f.loaded_weight, 0)`.as("loaded"),
      sql<number>`coalesce(f.unloaded_weight, 0)`.as("unloaded"),
      sql<number>`f.freight_amount`.as("freight"),
    ]);
    const orders = ordersOf(q).select([chinaDateSql(dialect, sql`o.created_at`).as("day"), "o.org_id", sql<number>`1`.as("orders"), zero.as("created"), zero.as("loaded_count"), zero.as("completed"), zero.as("loaded"), zero.as("unloaded"), zero.as("freight")]);
    return db
      // Both branches select the same columns; the cast only joins their builder types.
      .selectFrom((freights as unknown as typeof orders).unionAll(orders).as("u"))
      .leftJoin("organisations as g", "g.id", "u.org_id")
      .select([
        "u.day",
        "g.name as org_name",
        total(sql`u.orders`).as("orders"),
        total(sql`u.created`).as("created"),
        total(sql`u.loaded_count`).as("loaded_count"),
        total(sql`u.completed`).as("completed"),
        total(sql`u.loaded`).as("loaded"),
        total(sql`u.unloaded`).as("unloaded"),
        total(sql`u.freight`).as("freight"),
      ])
      .groupBy(["u.day", "u.org_id", "g.name"])
      .orderBy("u.day", "desc")
      .orderBy("g.name")
      .execute() as Promise<Raw[]>;
  },
  columns: [
    col.text("day", "日期"),
    col.text("org_name", "企业"),
    col.count("orders", "新建订单"),
    col.count("created", "运单数"),
    col.count("loaded_count", "已装货"),
    col.count("completed", "已完成"),
    ...common("loaded", "unloaded", "freight"),
  ],
};

/** Carrier suppliers, as decided at dispatch (migration 0055): a driver's fleet leader, a ship's shipowner, else the carrier himself. */
const SUPPLIER_KIND_LABELS: Record<SupplierKind, string> = { FLEET: "车队长", SHIPOWNER: "船东", CARRIER: "个体承运人" };

/** 供应商统计: from the supplier summary when it can answer (daily-stats.ts `supplierStatsInRange`), else from the waybills; the same rows either way. */
const supplier: ReportDef = {
  id: "supplier",
  measures: SUPPLIER_STATS_MEASURES,
  query: async (q) => {
    const stats = await supplierStatsInRange(q.db, q.scope, q.params);
    const live = waybills(q).select([
      sql<string>`f.supplier`.as("supplier"),
      sql<string>`f.supplier_kind`.as("kind"),
      sql<number>`count(*)`.as("waybills"),
      total(sql`f.loaded_weight`).as("loaded"),
      total(sql`f.freight_amount`).as("freight"),
      total(LOSS).as("loss"),
      total(LOADED_OF_UNLOADED).as("loaded_of_unloaded"),
      total(sql`f.comment_score`).as("score_sum"),
      total(sql`f.comments`).as("scores"),
    ]);
    // Both select the same columns; the cast only joins their builder types.
    const query = stats
      ? (stats.select([sql<string>`s.supplier`.as("supplier"), sql<string>`s.supplier_kind`.as("kind"), ...SUPPLIER_STATS_MEASURES.map((m) => total(sql.ref(`s.${m}`)).as(m))]) as unknown as typeof live)
      : live;
    return query.groupBy([sql`1`, sql`2`]).orderBy(sql`4`, "desc").orderBy(sql`1`).orderBy(sql`2`).execute() as Promise<Raw[]>;
  },
  columns: [
    col.text("supplier", "供应商"),
    col.text("kind", "类型", (r) => SUPPLIER_KIND_LABELS[r.kind as SupplierKind] ?? ""),
    ...common("waybills"),
    col.weight("loaded", "运量"),
    ...common("freight", "lossRate"),
    col.average("score", "评价均分", "分", "score_sum", "scores"),
  ],
  chart: (rows) => topBars(rows.map((r) => ({ supplier: r.supplier, loaded: num(r.loaded) / 1000 })), "supplier", col.weight("loaded", "运量")),
};

export const REPORT_DEFS: Record<ReportId, ReportDef> = {
  loadingUnit: placeReport("loadingUnit", "LOADING", "装货单位"),
  unloadingUnit: placeReport("unloadingUnit", "UNLOADING", "卸货单位"),
  driverStatistics,
  carStatistics,
  goodsStatistics,
  carOutput,
  waybillAnalysis,
  waybillRisk,
  orderTrend,
  shuikouBusiness,
  supplier,
  shareStatistics,
  joinMetric,
  ...FINANCE_REPORTS,
};
