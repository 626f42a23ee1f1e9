import ExcelJS from "exceljs";
import type { Selectable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportResult, ReportRow } from "../../contract/reports.js";
import type { FreightsTable } from "../../platform/freight/schema.js";
import { as, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

type Row = Selectable<FreightsTable>;

let f: FreightTestPlatform;
let all: Row[];
beforeAll(async () => {
  f = await startFreightPlatform("reports");
  all = await f.p.db.kysely.selectFrom("freights").selectAll().execute();
});
afterAll(async () => {
  await f?.close();
});

const DAY = 86_400_000;
const chinaDate = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const today = chinaDate(Date.now());
const range = { dateFrom: chinaDate(Date.now() - 89 * DAY), dateTo: today };
const start = Date.parse(`${range.dateFrom}T00:00:00+08:00`);
const end = Date.parse(`${range.dateTo}T00:00:00+08:00`) + DAY;

/** The report's selection, written independently: not cancelled, statistics time (loading, else creation) in range. */
const inRange = (r: Row) => {
  const t = Date.parse(r.loading_time ?? r.created_at);
  return r.status !== "CANCELLED" && t >= start && t < end;
};
const sum = (rows: Row[], pick: (r: Row) => number | null | undefined) => rows.reduce((n, r) => n + Number(pick(r) ?? 0), 0);
const groupBy = <K>(rows: Row[], key: (r: Row) => K) => {
  const out = new Map<K, Row[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
};
const run = (account: Parameters<typeof as>[1], id: string, body: Record<string, unknown> = range) => okData<ReportResult>(as<ReportResult>(f, account, `/tms-report/${id}/search`, body));
/** Figures shown with 2 decimals: within half a hundredth of the exact value (binary rounding included). */
const near = (shown: unknown, exact: number) => expect(Math.abs(Number(shown) - exact)).toBeLessThanOrEqual(0.0051);
const byKey = (rows: ReportRow[], key: string) => new Map(rows.map((r) => [r[key], r]));

describe(`reports (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("装货单位: each place's counts, weights and freight equal the waybills', with a totals row", async () => {
    const mine = all.filter((r) => r.platform_id === "A" && inRange(r));
    expect(mine.length).toBeGreaterThan(50);
    const result = await run("SYSTEM_USER", "loadingUnit");
    const rows = byKey(result.rows, "place");
    const expected = groupBy(mine, (r) => r.loading_place);
    expect(rows.size).toBe(expected.size);
    for (const [place, group] of expected) {
      const row = rows.get(place)!;
      expect(row.waybills).toBe(group.length);
      near(row.loaded, sum(group, (r) => r.loaded_weight) / 1000);
      near(row.unloaded, sum(group, (r) => r.unloaded_weight) / 1000);
      near(row.loss, sum(group, (r) => (r.loaded_weight !== null && r.unloaded_weight !== null ? r.loaded_weight - r.unloaded_weight : 0)) / 1000);
      near(row.freight, sum(group, (r) => r.freight_amount) / 100);
    }
    expect(result.totals).toMatchObject({ place: "合计", waybills: mine.length });
    near(Number(result.totals!.loaded), sum(mine, (r) => r.loaded_weight) / 1000);
    expect(result.chart?.series[0]?.type).toBe("bar");
    expect(result.columns.find((c) => c.key === "loaded")).toMatchObject({ label: "装货重量", unit: "吨" });
  });

  it("is scoped to the caller: an organisation sees its own waybills and cannot pick another", async () => {
    const own = all.filter((r) => r.platform_id === "A" && r.org_id === f.orgIds[0] && inRange(r));
    const result = await run("ORG_USER", "unloadingUnit", { ...range, orgId: f.orgIds[1] });
    expect(result.totals?.waybills ?? 0).toBe(own.length);
    const tenant = await run("TENANT_USER", "unloadingUnit", { ...range, orgId: f.orgIds[1] });
    expect(tenant.totals?.waybills ?? 0).toBe(all.filter((r) => r.platform_id === "A" && r.org_id === f.orgIds[1] && inRange(r)).length);
  });

  it("by day: one row per place and China date, the same totals", async () => {
    const result = await run("SYSTEM_USER", "loadingUnit", { ...range, period: "DAY" });
    const mine = all.filter((r) => r.platform_id === "A" && inRange(r));
    const expected = groupBy(mine, (r) => `${r.loading_place}|${chinaDate(Date.parse(r.loading_time ?? r.created_at))}`);
    expect(result.rows.length).toBe(expected.size);
    for (const row of result.rows) expect(row.waybills).toBe(expected.get(`${row.place}|${row.period}`)!.length);
  });

  it("司机, 车辆, 货物: per driver, vehicle and cargo figures", async () => {
    const mine = all.filter((r) => r.platform_id === "A" && inRange(r));
    const drivers = await run("SYSTEM_USER", "driverStatistics");
    const driverNames = new Map((await f.p.db.kysely.selectFrom("freight_drivers").select(["id", "mobile"]).execute()).map((d) => [Number(d.id), d.mobile]));
    const byDriver = groupBy(mine.filter((r) => r.driver_id !== null), (r) => driverNames.get(Number(r.driver_id)) ?? "");
    const driverRows = byKey(drivers.rows, "mobile");
    for (const [mobile, group] of byDriver) {
      expect(driverRows.get(mobile)?.waybills).toBe(group.length);
      expect(driverRows.get(mobile)?.completed).toBe(group.filter((r) => r.status === "COMPLETED").length);
      expect(driverRows.get(mobile)?.abnormal).toBe(group.filter((r) => Number(r.abnormal) === 1).length);
    }
    const cars = await run("SYSTEM_USER", "carStatistics");
    expect(cars.totals?.trips).toBe(mine.filter((r) => r.vehicle_id !== null && r.loading_time !== null).length);
    const goods = await run("SYSTEM_USER", "goodsStatistics");
    for (const [cargo, group] of groupBy(mine, (r) => r.cargo_category)) {
      const row = byKey(goods.rows, "cargo").get(cargo)!;
      expect(row.waybills).toBe(group.length);
      const withUnload = group.filter((r) => r.unloaded_weight !== null);
      const base = sum(withUnload, (r) => r.loaded_weight);
      if (base > 0) near(row.lossRate, (sum(withUnload, (r) => Number(r.loaded_weight ?? 0) - Number(r.unloaded_weight)) / base) * 1000);
    }
    expect(goods.chart?.series[0]?.type).toBe("pie");
  });

  it("车辆产值: output per vehicle and month, days with loading", async () => {
    const result = await run("SYSTEM_USER", "carOutput");
    const loaded = all.filter((r) => r.platform_id === "A" && inRange(r) && r.vehicle_id !== null && r.loading_time !== null);
    expect(result.totals?.trips).toBe(loaded.length);
    near(Number(result.totals?.output), sum(loaded, (r) => r.freight_amount) / 100);
    const days = groupBy(loaded, (r) => `${r.vehicle_id}|${chinaDate(Date.parse(r.loading_time!)).slice(0, 7)}`);
    expect(result.totals?.days).toBe([...days.values()].reduce((n, g) => n + new Set(g.map((r) => chinaDate(Date.parse(r.loading_time!)))).size, 0));
  });

  it("风险分析: abnormal and risky waybills per day", async () => {
    const result = await run("SYSTEM_USER", "waybillRisk");
    const mine = all.filter((r) => r.platform_id === "A" && inRange(r));
    expect(result.totals?.waybills).toBe(mine.length);
    expect(result.totals?.loss_over).toBe(mine.filter((r) => Number(r.abnormal) === 1).length);
    expect(result.totals?.unload_over).toBe(mine.filter((r) => r.unloaded_weight !== null && r.loaded_weight !== null && r.unloaded_weight * 100 > r.loaded_weight * 101).length);
    const appealed = new Set((await f.p.db.kysely.selectFrom("risk_appeals").select("freight_id").execute()).map((a) => Number(a.freight_id)));
    expect(result.totals?.appealed).toBe(mine.filter((r) => appealed.has(Number(r.id))).length);
    expect(result.chart?.series.some((s) => s.type === "bar" && "stack" in s && s.stack === "risk")).toBe(true);
    // Decided at dispatch (migration 0055); on the demo data nothing changed since, so these are the vehicle's and driver's records as they are.
    const vehicles = new Map((await f.p.db.kysely.selectFrom("freight_vehicles").select(["id", "load_capacity", "license_valid_to", "driver_id"]).execute()).map((v) => [Number(v.id), v]));
    const drivers = new Map((await f.p.db.kysely.selectFrom("freight_drivers").select(["id", "license_valid_to"]).execute()).map((d) => [Number(d.id), d]));
    const vehicleOf = (r: Row) => (r.vehicle_id == null ? undefined : vehicles.get(Number(r.vehicle_id)));
    const expiredBy = (validTo: string | null | undefined, r: Row) => validTo != null && validTo < r.created_at.slice(0, 10);
    expect(result.totals?.overload).toBe(mine.filter((r) => r.loaded_weight !== null && vehicleOf(r)?.load_capacity != null && r.loaded_weight > Number(vehicleOf(r)!.load_capacity)).length);
    expect(result.totals?.expired).toBe(mine.filter((r) => expiredBy(drivers.get(Number(r.driver_id))?.license_valid_to, r) || expiredBy(vehicleOf(r)?.license_valid_to, r)).length);
    expect(result.totals?.mismatch).toBe(mine.filter((r) => vehicleOf(r)?.driver_id != null && r.driver_id != null && Number(vehicleOf(r)!.driver_id) !== Number(r.driver_id)).length);
    expect(Number(result.totals?.overload) + Number(result.totals?.expired)).toBeGreaterThan(0);
  });

  it("订单趋势 and 业务报表: orders per month, 同比/环比 against the same days, waybills per day", async () => {
    // History the seed lacks: orders a year and a month before this month (on its 1st, so inside "the same days").
    const thisMonth = today.slice(0, 7);
    const yearAgo = `${Number(thisMonth.slice(0, 4)) - 1}${thisMonth.slice(4)}`;
    const monthAgo = chinaDate(Date.parse(`${thisMonth}-01T00:00:00+08:00`) - DAY).slice(0, 7);
    const template = await f.p.db.kysely.selectFrom("freight_orders").selectAll().where("platform_id", "=", "A").executeTakeFirstOrThrow();
    const { id: _id, ...copy } = template;
    for (const [i, month] of [yearAgo, yearAgo, monthAgo].entries()) {
      await f.p.db.kysely.insertInto("freight_orders").values({ ...copy, order_no: `DDHIST${i}`, contract_no: `HTDDHIST${i}`, created_at: new Date(Date.parse(`${month}-01T10:00:00+08:00`)).toISOString() }).execute();
    }
    const orders = await f.p.db.kysely.selectFrom("freight_orders").selectAll().where("platform_id", "=", "A").execute();
    const monthOf = (o: (typeof orders)[number]) => chinaDate(Date.parse(o.created_at)).slice(0, 7);
    const trendRange = { dateFrom: `${chinaDate(Date.parse(`${thisMonth}-01T00:00:00+08:00`) - 300 * DAY).slice(0, 7)}-01`, dateTo: today };
    const trend = await run("SYSTEM_USER", "orderTrend", trendRange);
    for (const row of trend.rows) {
      const month = String(row.month);
      expect(row.orders).toBe(orders.filter((o) => monthOf(o) === month && Date.parse(o.created_at) < end).length);
    }
    // This month (in progress) against the 1st to today's day of the same month a year before and of the month before.
    const current = trend.rows[trend.rows.length - 1]!;
    expect(current.month).toBe(thisMonth);
    const upToToday = (month: string) => orders.filter((o) => monthOf(o) === month && chinaDate(Date.parse(o.created_at)).slice(8) <= today.slice(8)).length;
    const change = (base: number) => Number(((100 * (Number(current.orders) - base)) / base).toFixed(2));
    expect(current.yoy).toBe(change(upToToday(yearAgo)));
    expect(current.mom).toBe(change(upToToday(monthAgo)));
    // The chart: this year's line has this month's real figure, and no figure for months to come.
    const lines = trend.chart!.series as Array<{ name: string; data: Array<number | null> }>;
    const thisYear = lines.find((s) => s.name === `${thisMonth.slice(0, 4)}年订单数`)!;
    const index = Number(thisMonth.slice(5)) - 1;
    expect(thisYear.data[index]).toBe(current.orders);
    expect(thisYear.data.slice(index + 1).every((v) => v === null)).toBe(true);
    expect(lines.flatMap((s) => s.data).filter((v) => v !== null)).toHaveLength(trend.rows.length);
    const sheet = await run("SYSTEM_USER", "shuikouBusiness");
    const mine = all.filter((r) => r.platform_id === "A" && inRange(r));
    expect(sheet.totals?.created).toBe(mine.length);
    expect(sheet.totals?.completed).toBe(mine.filter((r) => r.status === "COMPLETED").length);
    expect(sheet.totals?.orders).toBe(orders.filter((o) => Date.parse(o.created_at) >= start && Date.parse(o.created_at) < end).length);
  });

  it("供应商: every waybill counted once, under its fleet leader, shipowner or carrier", async () => {
    const result = await run("SYSTEM_USER", "supplier");
    const mine = all.filter((r) => r.platform_id === "A" && inRange(r));
    expect(result.totals?.waybills).toBe(mine.length);
    near(Number(result.totals?.freight), sum(mine, (r) => r.freight_amount) / 100);
    // Each supplier's waybills: the driver's fleet leader, the ship's shipowner, else the carrier, as their records are now (nothing changed since dispatch).
    const db = f.p.db.kysely;
    const fleets = new Map((await db.selectFrom("freight_drivers as d").innerJoin("fleet_leaders as fl", "fl.id", "d.fleet_leader_id").select(["d.id", "fl.fleet_name"]).execute()).map((d) => [Number(d.id), d.fleet_name]));
    const owners = new Map((await db.selectFrom("freight_ships as s").innerJoin("shipowners as so", "so.id", "s.shipowner_id").select(["s.id", "so.name"]).execute()).map((s) => [Number(s.id), s.name]));
    const supplierOf = (r: Row) => {
      const fleet = r.driver_id == null ? undefined : fleets.get(Number(r.driver_id));
      const owner = r.ship_id == null ? undefined : owners.get(Number(r.ship_id));
      return fleet ? `${fleet}|车队长` : owner ? `${owner}|船东` : `${r.carrier_name}|个体承运人`;
    };
    const want = [...groupBy(mine, supplierOf)].map(([key, rows]) => [key, rows.length]).sort();
    expect(result.rows.map((row) => [`${row.supplier}|${row.kind}`, row.waybills]).sort()).toEqual(want);
    expect(new Set(result.rows.map((row) => row.kind))).toEqual(new Set(["车队长", "船东", "个体承运人"]));
  });

  it("records clicks on waybill pages and counts them per button and user", async () => {
    await okData(as(f, "ORG_USER", "/tms-report/click", { module: "WAYBILL", content: "测试按钮" }));
    await okData(as(f, "ORG_USER", "/tms-report/click", { module: "WAYBILL", content: "测试按钮" }));
    const result = await run("ORG_USER", "waybillAnalysis");
    const row = result.rows.find((r) => r.content === "测试按钮")!;
    expect(row).toMatchObject({ module: "运单", clicks: 2, users: 1, perUser: 2 });
    const bad = await as(f, "ORG_USER", "/tms-report/click", { module: "X", content: "" });
    expect(bad.status).toBe(400);
  });

  it("refuses callers without the report's code, and bad parameters in Chinese", async () => {
    expect((await as(f, "INDIVIDUAL_USER", "/tms-report/loadingUnit/search", range)).status).toBe(403);
    expect((await as(f, "ORG_USER", "/tms-report/supplier/search", range)).status).toBe(403);
    const reversed = await as<unknown>(f, "SYSTEM_USER", "/tms-report/loadingUnit/search", { dateFrom: today, dateTo: range.dateFrom });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain("结束日期不能早于开始日期");
    const long = await as<unknown>(f, "SYSTEM_USER", "/tms-report/loadingUnit/search", { dateFrom: "2024-01-01", dateTo: "2025-06-01" });
    expect(JSON.stringify(long.body)).toContain("时间范围不能超过 366 天");
    expect((await as(f, "SYSTEM_USER", "/tms-report/nothing/search", range)).status).toBe(400);
  });

  it("exports the report as an xlsx workbook", async () => {
    const res = await fetch(`${f.p.baseUrl}/tms-report/goodsStatistics/export`, {
      method: "POST",
      headers: { Authorization: `Bearer ${f.tokens.SYSTEM_USER}`, "Content-Type": "application/json" },
      body: JSON.stringify(range),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.length).toBeGreaterThan(1);
    expect(header.every((h) => typeof h === "string" && /[\u4e00-\u9fff]/.test(h))).toBe(true);
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe("合计");
  });
});
