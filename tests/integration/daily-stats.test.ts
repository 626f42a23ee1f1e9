import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freightFilterSchema, type FreightDashboard, type FreightSearchResult } from "../../contract/freight.js";
import { addDays, chinaDayEnd, chinaDayStart } from "../../contract/units.js";
import { LIST_STATS_KEYS, LIST_STATS_MEASURES, listStatsContributions } from "../../platform/db/migrations/0042_waybill_list_stats.js";
import { KEY_STATS_KEYS, KEY_STATS_MEASURES, keyStatsContributions } from "../../platform/db/migrations/0044_waybill_key_stats.js";
import {
  dispatchFactsMigration,
  RISK_STATS_KEYS,
  RISK_STATS_MEASURES,
  riskStatsContributions,
  SUPPLIER_STATS_KEYS,
  SUPPLIER_STATS_MEASURES,
  supplierStatsContributions,
} from "../../platform/db/migrations/0055_dispatch_facts.js";
import type { DialectName } from "../../platform/db/index.js";
import { listTotalsFromSummary, listTotalsLive } from "../../platform/freight/search.js";
import type { CallerScope } from "../../platform/scope.js";
import { userScope } from "../../bench/lib/scope.js";
import { DEMO_ACCOUNTS } from "../helpers/platform.js";
import type { ReportResult } from "../../contract/reports.js";
import { DAILY_STATS_KEYS, DAILY_STATS_MEASURES, dailyStatsContributions } from "../../platform/db/migrations/0041_waybill_daily_stats.js";
import { dailyStatsReady, fillDailyStats, pauseDailyStats } from "../../platform/reports/daily-stats.js";
import { as, dispatchFresh, driveTo, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("daily_stats");
});
afterAll(async () => {
  await f?.close();
});

type Row = Record<string, string | number>;
type Keys = readonly string[];
const keyOf = (keys: Keys) => (r: Row) => keys.map((k) => String(r[k])).join("|");
/** Rows with any figure, measures as numbers, in key order (a row whose waybills all moved away holds zeros). */
const normaliseWith = (keys: Keys, measures: Keys) => (rows: Row[]) =>
  rows
    .map((r) => ({ ...Object.fromEntries(keys.map((k) => [k, String(r[k])])), ...Object.fromEntries(measures.map((m) => [m, Number(r[m])])) }) as Row)
    .filter((r) => measures.some((m) => r[m] !== 0))
    .sort((a, b) => keyOf(keys)(a).localeCompare(keyOf(keys)(b)));

type Contributions = (dialect: DialectName, r: string, sign: 1 | -1, from?: string) => string;
type SummaryTable = "waybill_daily_stats" | "waybill_list_stats" | "waybill_key_stats" | "waybill_risk_stats" | "waybill_supplier_stats";
const SUMMARIES: Record<"daily" | "list" | "key" | "risk" | "supplier", { table: SummaryTable; keys: Keys; measures: Keys; contributions: Contributions }> = {
  daily: { table: "waybill_daily_stats", keys: DAILY_STATS_KEYS, measures: DAILY_STATS_MEASURES, contributions: dailyStatsContributions },
  list: { table: "waybill_list_stats", keys: LIST_STATS_KEYS, measures: LIST_STATS_MEASURES, contributions: listStatsContributions },
  key: { table: "waybill_key_stats", keys: KEY_STATS_KEYS, measures: KEY_STATS_MEASURES, contributions: keyStatsContributions },
  risk: { table: "waybill_risk_stats", keys: RISK_STATS_KEYS, measures: RISK_STATS_MEASURES, contributions: riskStatsContributions },
  supplier: { table: "waybill_supplier_stats", keys: SUPPLIER_STATS_KEYS, measures: SUPPLIER_STATS_MEASURES, contributions: supplierStatsContributions },
};
type Summaries = Record<keyof typeof SUMMARIES, Row[]>;

/** The summaries as stored. */
async function summary(): Promise<Summaries> {
  const out = {} as Summaries;
  for (const [name, { table, keys, measures }] of Object.entries(SUMMARIES)) {
    out[name as keyof Summaries] = normaliseWith(keys, measures)((await f.p.db.kysely.selectFrom(table).selectAll().execute()) as unknown as Row[]);
  }
  return out;
}

/** The same figures aggregated afresh from every waybill. */
async function freshAggregate(): Promise<Summaries> {
  const out = {} as Summaries;
  for (const [name, { keys, measures, contributions }] of Object.entries(SUMMARIES)) {
    const sums = measures.map((m) => `sum(c.${m}) as ${m}`).join(", ");
    const { rows } = await sql
      .raw<Row>(`select ${keys.join(", ")}, ${sums} from (${contributions(f.p.db.dialect, "f", 1, "from freights f")}) c group by ${keys.join(", ")}`)
      .execute(f.p.db.kysely);
    out[name as keyof Summaries] = normaliseWith(keys, measures)(rows);
  }
  return out;
}
const EMPTY: Summaries = { daily: [], list: [], key: [], risk: [], supplier: [] };

/** Filters the list's summary answers (count and sums), and some it must leave to `freights`. */
const listFilters = () => {
  const d = chinaDate(Date.now());
  return {
    served: [
      {},
      { status: "IN_TRANSIT" },
      { status: ["COMPLETED", "CANCELLED"], freightWay: "ROAD" },
      { freightWay: "WATER" },
      { createdFrom: addDays(d, -40), createdTo: d },
      { createdFrom: d },
      { createdTo: addDays(d, -30) },
      { createdFrom: addDays(d, -40), createdTo: addDays(d, -40), status: ["UNLOADED", "IN_TRANSIT", "COMPLETED"] },
      { createdFrom: BOUNDARY_DAY, createdTo: BOUNDARY_DAY },
      { createdFrom: addDays(BOUNDARY_DAY, 1) },
      { createdTo: addDays(BOUNDARY_DAY, -1) },
      { freightNo: "", carrierName: "", abnormal: null },
    ],
    live: [{ abnormal: false }, { freightNo: "W" }, { loadingFrom: addDays(d, -40) }, { createdFrom: addDays(d, -40), conveyanceName: "豫" }],
  };
};
/** A China day whose first and last instants hold waybills (set below): createdFrom/createdTo's edges. */
const BOUNDARY_DAY = "2026-03-10";

async function listScopes(): Promise<Array<[string, CallerScope]>> {
  const scopes: Array<[string, CallerScope]> = [];
  for (const account of ["SYSTEM_USER", "TENANT_USER", "ORG_USER"] as const) scopes.push([account, await userScope(f.p.db, DEMO_ACCOUNTS[account])]);
  const org = scopes[2]![1];
  scopes.push(["ORG_USER without water", { ...org, water: false }]);
  scopes.push(["ORG_USER of another organisation", { ...org, orgId: f.orgIds[1]! }]);
  return scopes;
}

/** For every scope and filter: the summary answers exactly what the waybills give; individuals and other filters read the waybills. */
async function expectListTotalsServed() {
  const { served, live } = listFilters();
  let nonZero = 0;
  for (const [who, scope] of await listScopes()) {
    for (const raw of served) {
      const filter = freightFilterSchema.parse(raw);
      const fromSummary = await listTotalsFromSummary(f.p.db.kysely, scope, filter);
      expect(fromSummary, `${who} ${JSON.stringify(raw)}`).toEqual(await listTotalsLive(f.p.db.kysely, scope, filter));
      if (fromSummary!.total > 0) nonZero++;
    }
    for (const raw of live) expect(await listTotalsFromSummary(f.p.db.kysely, scope, freightFilterSchema.parse(raw))).toBeNull();
  }
  expect(nonZero).toBeGreaterThan(20);
  const individual = await userScope(f.p.db, DEMO_ACCOUNTS.INDIVIDUAL_USER);
  expect(await listTotalsFromSummary(f.p.db.kysely, individual, freightFilterSchema.parse({}))).toBeNull();
}

const DAY = 86_400_000;
const chinaDate = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const today = chinaDate(Date.now());
const range = { dateFrom: chinaDate(Date.now() - 89 * DAY), dateTo: today };
const REPORTS = [
  ["shuikouBusiness", range],
  ["shuikouBusiness", { ...range, period: "DAY", freightWay: "ROAD" }],
  ["orderTrend", { dateFrom: `${chinaDate(Date.now() - 300 * DAY).slice(0, 7)}-01`, dateTo: today }],
  ["platformData", range],
  ["platformData", { ...range, period: "MONTH" }],
  ["loadingUnit", range],
  ["loadingUnit", { ...range, period: "MONTH", freightWay: "ROAD" }],
  ["unloadingUnit", { ...range, period: "DAY" }],
  ["goodsStatistics", range],
  ["goodsStatistics", { ...range, freightWay: "WATER" }],
  ["waybillRisk", range],
  ["waybillRisk", { ...range, period: "MONTH", freightWay: "ROAD" }],
  ["supplier", range],
  ["supplier", { ...range, freightWay: "WATER" }],
] as const;
const ACCOUNTS: Account[] = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"];
/** The waybill list's first page (POST /tms-freight/search) with filters the summary serves. */
const LIST_SEARCHES = [{}, { status: ["IN_TRANSIT", "COMPLETED"] }, { createdFrom: range.dateFrom, createdTo: range.dateTo, freightWay: "ROAD" }, { createdFrom: range.dateFrom }];

/** Every report and dashboard the summary serves, as each account sees it. */
async function figures() {
  const out: unknown[] = [];
  for (const account of ACCOUNTS) {
    // An account without a report's permission gets 403 both ways; the rest must be served.
    for (const [id, params] of REPORTS) {
      const res = await as<ReportResult>(f, account, `/tms-report/${id}/search`, params);
      expect([200, 403]).toContain(res.status);
      if (account === "SYSTEM_USER") {
        expect(res.status, id).toBe(200);
        expect((res.body as unknown as { data: ReportResult }).data.rows.length, id).toBeGreaterThan(0);
      }
      out.push(res.body);
    }
    out.push(await okData<FreightDashboard>(as(f, account, "/tms-freight/dashboard", {})));
    out.push(await okData<FreightDashboard>(as(f, account, "/tms-freight/dashboard", { freightWay: "WATER" })));
    for (const filter of LIST_SEARCHES) out.push(await okData<FreightSearchResult>(as(f, account, "/tms-freight/search", { ...filter, current: 1, size: 10 })));
  }
  return out;
}

describe(`daily summary (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("is complete over the seeded waybills and equals a fresh aggregate", async () => {
    expect(await dailyStatsReady(f.p.db.kysely)).toBe(true);
    const rows = await summary();
    expect(rows.daily.length).toBeGreaterThan(10);
    expect(rows.key.length).toBeGreaterThan(10);
    expect(rows.risk.length).toBeGreaterThan(10);
    expect(new Set(rows.supplier.map((r) => r.supplier_kind))).toEqual(new Set(["FLEET", "SHIPOWNER", "CARRIER"]));
    expect(rows).toEqual(await freshAggregate());
    await expectListTotalsServed();
  });

  it("stays equal to a fresh aggregate through dispatch, every step, cancel, a direct update and a delete", async () => {
    const fresh = await dispatchFresh(f, { count: 4, plannedWeight: 30_000 });
    await driveTo(f, fresh[0]!.id, "COMPLETED");
    await driveTo(f, fresh[1]!.id, "UNLOADED");
    await driveTo(f, fresh[2]!.id, "IN_TRANSIT");
    await driveTo(f, fresh[3]!.id, "CANCELLED");
    expect(await summary()).toEqual(await freshAggregate());
    await expectListTotalsServed();

    // Written straight into the table (a data fix, an import): the triggers see these too.
    const db = f.p.db.kysely;
    await db
      .updateTable("freights")
      .set({ created_at: new Date(Date.now() - 40 * DAY).toISOString() })
      .where("id", "=", fresh[2]!.id)
      .execute();
    await db.updateTable("freights").set({ loaded_weight: 31_000, freight_amount: 250_000, pickup_weight: 30_500 }).where("id", "=", fresh[1]!.id).execute();
    await db.updateTable("freights").set({ planned_weight: 29_000, unloaded_weight: 28_000 }).where("id", "=", fresh[0]!.id).execute();
    // The first and the last instant of a China day: createdFrom/createdTo must take exactly these.
    await db.updateTable("freights").set({ created_at: chinaDayStart(BOUNDARY_DAY) }).where("id", "=", fresh[0]!.id).execute();
    await db
      .updateTable("freights")
      .set({ created_at: new Date(Date.parse(chinaDayEnd(BOUNDARY_DAY)) - 1).toISOString() })
      .where("id", "=", fresh[3]!.id)
      .execute();
    await db.updateTable("freights").set({ created_at: chinaDayEnd(BOUNDARY_DAY) }).where("id", "=", fresh[1]!.id).execute();
    const copy = await db.selectFrom("freights").selectAll().where("id", "=", fresh[0]!.id).executeTakeFirstOrThrow();
    const { id: _id, ...values } = copy;
    const inserted = await db
      .insertInto("freights")
      .values({ ...values, freight_no: `${copy.freight_no}X`, org_id: f.orgIds[1]! })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await summary()).toEqual(await freshAggregate());
    await expectListTotalsServed();
    await db.deleteFrom("freights").where("id", "=", inserted.id).execute();
    expect(await summary()).toEqual(await freshAggregate());
    await expectListTotalsServed();
  });

  // SQLite writes one transaction at a time: there the second write waits for the first's commit anyway.
  it.runIf(!!process.env.TEST_DATABASE_URL)("on PostgreSQL takes a write's summary rows at its commit: a second write of the same organisation and day does not wait for an open one", async () => {
    const [first, second] = await dispatchFresh(f, { count: 2, plannedWeight: 30_000 });
    const db = f.p.db.kysely;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const firstWritten = new Promise<void>((resolve) => (written = resolve));
    const open = db.transaction().execute(async (trx) => {
      await trx.updateTable("freights").set({ loaded_weight: 30_100 }).where("id", "=", first!.id).execute();
      written();
      await released;
    });
    await firstWritten;
    // Run at the statement, the first write's triggers would hold the day's summary rows until it
    // commits, which it does only after this one: the lock timeout would end the wait with an error.
    try {
      await db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '30s'`.execute(trx);
        await trx.updateTable("freights").set({ loaded_weight: 30_200 }).where("id", "=", second!.id).execute();
      });
    } finally {
      release();
      await open;
    }
    expect(await summary()).toEqual(await freshAggregate());
  });

  it("keeps 运单风险's and 供应商统计's figures through track points, an appeal, a comment and a change of carrier, with the carrier's facts decided at dispatch", async () => {
    const db = f.p.db.kysely;
    const [a, b] = await dispatchFresh(f, { count: 2, plannedWeight: 30_000 });
    await driveTo(f, a!.id, "UNLOADED");
    const facts = (id: number) =>
      db.selectFrom("freights").select(["vehicle_id", "driver_id", "dispatch_capacity", "dispatch_expired", "dispatch_mismatch", "supplier_kind", "supplier", "carrier_name"]).where("id", "=", id).executeTakeFirstOrThrow();
    const decided = await facts(a!.id);
    const vehicle = await db.selectFrom("freight_vehicles").select(["id", "load_capacity"]).where("id", "=", decided.vehicle_id!).executeTakeFirstOrThrow();
    expect(decided).toMatchObject({ dispatch_capacity: vehicle.load_capacity, dispatch_expired: 0, dispatch_mismatch: 0, supplier_kind: "CARRIER", supplier: decided.carrier_name });

    // 轨迹缺失 until the tenth point, 申诉 from the first appeal: the summary moves when a threshold is crossed.
    const point = (i: number) => ({ freight_id: a!.id, lat: 31.8 + i / 1000, lng: 117.2, speed: 40, recorded_at: new Date(Date.now() - i * 60_000).toISOString() });
    for (const n of [9, 1, 1]) {
      await db.insertInto("freight_track_points").values(Array.from({ length: n }, (_, i) => point(i))).execute();
      expect(await summary()).toEqual(await freshAggregate());
    }
    const { id: _id, ...appeal } = await db.selectFrom("risk_appeals").selectAll().limit(1).executeTakeFirstOrThrow();
    await db.insertInto("risk_appeals").values({ ...appeal, freight_id: a!.id, freight_no: a!.freightNo, appeal_no: `${appeal.appeal_no}T` }).execute();
    const { id: _comment, ...comment } = await db.selectFrom("freight_comments").selectAll().limit(1).executeTakeFirstOrThrow();
    await db.insertInto("freight_comments").values({ ...comment, freight_id: a!.id, score: 3 }).execute();
    expect(await summary()).toEqual(await freshAggregate());

    // The driver joins a fleet after the dispatch: his earlier waybill stays his own; one he is given now is the fleet's.
    const leader = await db.selectFrom("fleet_leaders").select(["id", "fleet_name"]).limit(1).executeTakeFirstOrThrow();
    await db.updateTable("freight_drivers").set({ fleet_leader_id: leader.id }).where("id", "=", decided.driver_id!).execute();
    expect(await facts(a!.id)).toEqual(decided);
    const { driver_id: ownDriver } = await facts(b!.id);
    await db.updateTable("freights").set({ driver_id: decided.driver_id }).where("id", "=", b!.id).execute();
    expect(await facts(b!.id)).toMatchObject({ supplier_kind: "FLEET", supplier: leader.fleet_name });
    expect(await summary()).toEqual(await freshAggregate());
    await db.updateTable("freight_drivers").set({ fleet_leader_id: null }).where("id", "=", decided.driver_id!).execute();
    await db.updateTable("freights").set({ driver_id: ownDriver }).where("id", "=", b!.id).execute();

    // The vehicle changes after the dispatch: the waybill keeps what was decided then.
    const fleet = await db.selectFrom("freight_vehicles").select(["license_valid_to", "driver_id"]).where("id", "=", vehicle.id).executeTakeFirstOrThrow();
    const { vehicle_id: own } = await facts(b!.id);
    await db.updateTable("freight_vehicles").set({ load_capacity: 1_000, license_valid_to: "2000-01-01", driver_id: null }).where("id", "=", vehicle.id).execute();
    expect(await facts(a!.id)).toEqual(decided);
    // Another waybill given that vehicle now (straight in the table) is decided from it as it is.
    await db.updateTable("freights").set({ vehicle_id: vehicle.id }).where("id", "=", b!.id).execute();
    expect(await facts(b!.id)).toMatchObject({ dispatch_capacity: 1_000, dispatch_expired: 1, dispatch_mismatch: 0 });
    await db.updateTable("freights").set({ loaded_weight: 2_000, loading_time: new Date().toISOString() }).where("id", "=", b!.id).execute();
    expect(await summary()).toEqual(await freshAggregate());

    // The report gives the same rows from the summary and from the waybills.
    const withSummary = await figures();
    await pauseDailyStats(db);
    expect(await figures()).toEqual(withSummary);
    await fillDailyStats(f.p.db);

    // Put back, so that deciding every waybill again from the fleet as it is (the upgrade below) changes nothing.
    await db.updateTable("freight_vehicles").set({ load_capacity: vehicle.load_capacity, ...fleet }).where("id", "=", vehicle.id).execute();
    await db.updateTable("freights").set({ vehicle_id: own }).where("id", "=", b!.id).execute();
    expect(await summary()).toEqual(await freshAggregate());
  });

  it("is filled by the backfill in id ranges after a paused load, and the readers fall back meanwhile with the same figures", async () => {
    const withSummary = await figures();
    await pauseDailyStats(f.p.db.kysely);
    expect(await dailyStatsReady(f.p.db.kysely)).toBe(false);
    // Not counted while paused: the backfill adds them.
    const more = await dispatchFresh(f, { count: 3, plannedWeight: 20_000 });
    await driveTo(f, more[0]!.id, "COMPLETED");
    const withoutSummary = await figures();
    const stale = await summary();
    expect(stale).not.toEqual(await freshAggregate());

    expect(await fillDailyStats(f.p.db, 2)).toBe(3);
    expect(await dailyStatsReady(f.p.db.kysely)).toBe(true);
    expect(await summary()).toEqual(await freshAggregate());
    await expectListTotalsServed();
    expect(await figures()).toEqual(withoutSummary);
    expect(withoutSummary).not.toEqual(withSummary);

    // The summary and the waybills give the same reports and dashboard, for each account.
    await pauseDailyStats(f.p.db.kysely);
    const raw = await figures();
    await fillDailyStats(f.p.db);
    expect(await figures()).toEqual(raw);
  });

  it("upgrading a database that holds waybills: 0055 empties the other summaries, and the backfill refills all four before any serves", async () => {
    const before = await figures();
    const db = f.p.db.kysely;
    const migration = dispatchFactsMigration(f.p.db.dialect);
    await migration.down!(db as never);
    await migration.up(db as never);
    expect(await dailyStatsReady(db)).toBe(false);
    expect(await summary()).toEqual(EMPTY);
    // Meanwhile the list, the reports and the dashboard read the waybills, with the same answers.
    const [, scope] = (await listScopes())[0]!;
    expect(await listTotalsFromSummary(db, scope, freightFilterSchema.parse({}))).toBeNull();
    expect(await figures()).toEqual(before);
    // A write during the refill is counted once (by the backfill: its id is above covered_to).
    const during = await dispatchFresh(f, { count: 1, plannedWeight: 25_000 });
    await driveTo(f, during[0]!.id, "IN_TRANSIT");
    expect(await fillDailyStats(f.p.db, 7)).toBeGreaterThan(10);
    expect(await dailyStatsReady(db)).toBe(true);
    expect(await summary()).toEqual(await freshAggregate());
    await expectListTotalsServed();
  });
});
