import type { Selectable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freightFilterSchema, type FreightContract, type FreightDashboard, type FreightDetail, type FreightFilter, type FreightSearchResult, type FreightTrack, type DispatchInfo } from "../../contract/freight.js";
import type { FreightsTable } from "../../platform/freight/schema.js";
import { hashPassword } from "../../platform/identity/crypto.js";
import { creationDayAt, searchFreights } from "../../platform/freight/search.js";
import { userScope } from "../../bench/lib/scope.js";
import { call, DEMO_ACCOUNTS, loginAs } from "../helpers/platform.js";
import { as, carrierOf, createOrder, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

type Row = Selectable<FreightsTable>;

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("freight_search");
});
afterAll(async () => {
  await f?.close();
});

const rowsWhere = (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => where(base()).execute();
const base = () => f.p.db.kysely.selectFrom("freights").selectAll();

const chinaStart = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`)).toISOString();
const chinaEnd = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`) + 86_400_000).toISOString();
const chinaDate = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);
const newestFirst = (a: Row, b: Row) => (a.created_at === b.created_at ? Number(b.id) - Number(a.id) : a.created_at < b.created_at ? 1 : -1);

/** What the search should find among `rows`, written independently of the platform's query. */
function expected(rows: Row[], filter: Partial<FreightFilter>): Row[] {
  const has = (value: string, part?: string) => !part || value.includes(part);
  return rows
    .filter(
      (r) =>
        (!filter.status || filter.status.includes(r.status)) &&
        (!filter.freightWay || r.freight_way === filter.freightWay) &&
        has(r.freight_no, filter.freightNo) &&
        has(r.order_no, filter.orderNo) &&
        has(r.carrier_name, filter.carrierName) &&
        has(r.conveyance_name, filter.conveyanceName) &&
        has(r.loading_place, filter.loadingPlace) &&
        has(r.unloading_place, filter.unloadingPlace) &&
        (filter.abnormal == null || Number(r.abnormal) === (filter.abnormal ? 1 : 0)) &&
        (!filter.createdFrom || r.created_at >= chinaStart(filter.createdFrom)) &&
        (!filter.createdTo || r.created_at < chinaEnd(filter.createdTo)) &&
        (!filter.loadingFrom || (r.loading_time !== null && r.loading_time >= chinaStart(filter.loadingFrom))) &&
        (!filter.loadingTo || (r.loading_time !== null && r.loading_time < chinaEnd(filter.loadingTo))),
    )
    .sort(newestFirst);
}

const sum = (rows: Row[], pick: (r: Row) => number | null) => rows.reduce((n, r) => n + Number(pick(r) ?? 0), 0);

describe(`waybill search (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("filters by every field, newest first, with sums over the whole filter rather than the page", async () => {
    const mine = await rowsWhere((q) => q.where("org_id", "=", f.orgIds[0]!));
    expect(mine.length).toBeGreaterThan(300);
    const sample = mine.find((r) => r.loading_time && r.freight_way === "ROAD")!;
    const water = mine.find((r) => r.freight_way === "WATER")!;
    const days = [...new Set(mine.map((r) => chinaDate(r.created_at)))].sort();
    const filters: Array<Partial<FreightFilter>> = [
      {},
      { status: ["IN_TRANSIT"] },
      { status: ["SIGNED", "CONFIRMED"] },
      { freightWay: "WATER" },
      { freightNo: sample.freight_no.slice(2, 14) },
      { orderNo: sample.order_no },
      { carrierName: sample.carrier_name },
      { conveyanceName: sample.conveyance_name.slice(0, 2) },
      { conveyanceName: water.conveyance_name.slice(0, 3) },
      // Taken from the data: which places the demo organisation's orders use depends on the seeding day.
      { loadingPlace: sample.loading_place.slice(0, 2) },
      { unloadingPlace: "港" },
      { abnormal: true },
      { abnormal: false, status: ["COMPLETED"] },
      { createdFrom: days[5], createdTo: days[12] },
      { createdFrom: days.at(-1) },
      { loadingFrom: chinaDate(sample.loading_time!), loadingTo: chinaDate(sample.loading_time!) },
      { status: ["COMPLETED"], freightWay: "ROAD", createdFrom: days[10] },
    ];
    for (const filter of filters) {
      const want = expected(mine, filter);
      const label = JSON.stringify(filter);
      const got = await okData<FreightSearchResult>(as(f, "ORG_USER", "/tms-freight/search", { ...filter, current: 1, size: 10 }));
      expect(got.total, label).toBe(want.length);
      expect(got.records.map((r) => r.freightNo), label).toEqual(want.slice(0, 10).map((r) => r.freight_no));
      expect(got.sums, label).toEqual({
        totalWeight: sum(want, (r) => r.planned_weight),
        loadedWeight: sum(want, (r) => r.loaded_weight),
        pickupWeight: sum(want, (r) => r.pickup_weight),
        unloadedWeight: sum(want, (r) => r.unloaded_weight),
        totalFreight: sum(want, (r) => r.freight_amount),
      });
    }
    // Filters that each match something, so the comparison above was not between empty lists.
    for (const filter of filters.slice(1)) expect(expected(mine, filter).length, JSON.stringify(filter)).toBeGreaterThan(0);
  });

  it("pages through the same order", async () => {
    const mine = expected(await rowsWhere((q) => q.where("org_id", "=", f.orgIds[0]!)), {});
    const page3 = await okData<FreightSearchResult>(as(f, "ORG_USER", "/tms-freight/search", { current: 3, size: 50 }));
    expect(page3).toMatchObject({ current: 3, size: 50, total: mine.length });
    expect(page3.records.map((r) => r.id)).toEqual(mine.slice(100, 150).map((r) => Number(r.id)));
    const record = page3.records[0]!;
    expect(record.orgName).toBe("蚌埠粮食运输有限公司");
    expect(record.freightWay === "ROAD" ? record.plateNo : record.shipName).toBeTruthy();
  });

  it("reads a deep page from the creation day that holds it, or from the older end, and gives the same rows, the last partial page and past the end included", async () => {
    const scope = await userScope(f.p.db, DEMO_ACCOUNTS.ORG_USER);
    const mine = await rowsWhere((q) => q.where("org_id", "=", f.orgIds[0]!));
    const days = [...new Set(mine.map((r) => chinaDate(r.created_at)))].sort();
    // The first three the list's summary locates by creation day; text and `abnormal` it cannot, so those read from either end.
    const located: Array<Partial<FreightFilter>> = [{}, { status: ["COMPLETED"] }, { createdFrom: days[3], createdTo: days[12], status: ["IN_TRANSIT", "COMPLETED"] }];
    for (const filter of [...located, { abnormal: false }, { unloadingPlace: "港" }]) {
      const parsed = freightFilterSchema.parse(filter);
      expect(Boolean(await creationDayAt(f.p.db.kysely, scope, parsed, 0)), JSON.stringify(filter)).toBe(located.includes(filter));
      const want = expected(mine, filter).map((r) => Number(r.id));
      const size = 30;
      for (let current = 1; current <= Math.ceil(want.length / size) + 1; current++) {
        const fromEitherEnd = await searchFreights(f.p.db.kysely, scope, parsed, { current, size }, 0);
        expect(fromEitherEnd.total).toBe(want.length);
        expect(fromEitherEnd.records.map((r) => r.id)).toEqual(want.slice((current - 1) * size, current * size));
      }
    }
  });

  it("history search lists completed waybills only, with the same filters", async () => {
    const mine = await rowsWhere((q) => q.where("org_id", "=", f.orgIds[0]!));
    const got = await okData<FreightSearchResult>(as(f, "ORG_USER", "/tms-freight/historyFreightSearch", { status: "IN_TRANSIT", freightWay: "ROAD", size: 100 }));
    const want = expected(mine, { status: ["COMPLETED"], freightWay: "ROAD" });
    expect(got.total).toBe(want.length);
    expect(got.records.every((r) => r.status === "COMPLETED" && r.freightWay === "ROAD")).toBe(true);
  });
});

describe("scoping", () => {
  it("shows each demo account only its own waybills", async () => {
    const [org, platform, own] = await Promise.all([
      rowsWhere((q) => q.where("org_id", "=", f.orgIds[0]!)),
      rowsWhere((q) => q.where("platform_id", "=", "A")),
      rowsWhere((q) => q.where("carrier_user_id", "=", f.userIds.INDIVIDUAL_USER).where("freight_way", "=", "ROAD")),
    ]);
    const tenantId = Number(org[0]!.tenant_id);
    const tenantRows = await rowsWhere((q) => q.where("tenant_id", "=", tenantId));
    const totals: Record<string, number> = {};
    for (const account of ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"] as const) {
      const got = await okData<FreightSearchResult>(as(f, account, "/tms-freight/search", { size: 200 }));
      totals[account] = got.total;
      if (account === "ORG_USER") expect(got.records.every((r) => r.orgId === f.orgIds[0])).toBe(true);
      if (account === "INDIVIDUAL_USER") expect(got.records.every((r) => r.driverName === "张师傅" && r.plateNo === "皖C·3K721")).toBe(true);
    }
    expect(totals).toEqual({ SYSTEM_USER: platform.length, TENANT_USER: tenantRows.length, ORG_USER: org.length, INDIVIDUAL_USER: own.length });
    expect(own.length).toBeGreaterThan(5);
    expect(org.length).toBeLessThan(tenantRows.length);
  });

  it("answers 404 for another organisation's waybill, everywhere", async () => {
    const theirs = (await rowsWhere((q) => q.where("org_id", "=", f.orgIds[1]!).limit(1)))[0]!;
    const notMine = (await rowsWhere((q) => q.where("org_id", "=", f.orgIds[0]!).where("carrier_user_id", "is", null).limit(1)))[0]!;
    const cases: Array<[Parameters<typeof as>[1], string, unknown, string]> = [
      ["ORG_USER", `/tms-freight/${theirs.freight_no}/detail`, undefined, "GET"],
      ["ORG_USER", `/tms-freight/${theirs.freight_no}/track`, undefined, "GET"],
      ["ORG_USER", `/tms-freight-riskappeal-review/dispatch-info/${theirs.id}`, undefined, "GET"],
      ["ORG_USER", "/tms-freight/findContract", { freightNo: theirs.freight_no }, "POST"],
      ["ORG_USER", "/tms-freight/loading", { id: Number(theirs.id), loadedWeight: 30_000, weighTicketUrl: "/files/x.jpg" }, "POST"],
      ["INDIVIDUAL_USER", `/tms-freight/${notMine.freight_no}/detail`, undefined, "GET"],
      ["INDIVIDUAL_USER", `/tms-freight-riskappeal-review/dispatch-info/${notMine.id}`, undefined, "GET"],
    ];
    for (const [account, path, body, method] of cases) {
      const res = await as(f, account, path, body, method);
      expect(res.status, `${account} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ code: 404, errorMsg: "运单不存在" });
    }
    // The same calls work for whoever may see it.
    await okData(as(f, "TENANT_USER", `/tms-freight/${theirs.freight_no}/detail`, undefined, "GET"));
  });

  it("keeps other tenants and other platforms out", async () => {
    const db = f.p.db.kysely;
    const template = (await rowsWhere((q) => q.where("org_id", "=", f.orgIds[0]!).limit(1)))[0]!;
    const place = async (platformId: string, suffix: string) => {
      const tenant = await db.insertInto("tenants").values({ platform_id: platformId, name: `测试租户${suffix}` }).returning("id").executeTakeFirstOrThrow();
      const org = await db.insertInto("organisations").values({ platform_id: platformId, tenant_id: tenant.id, name: `测试企业${suffix}`, credit_code: null }).returning("id").executeTakeFirstOrThrow();
      const { id: _id, ...copy } = template;
      void _id;
      const freightNo = `YDTEST${suffix}${process.pid}`;
      await db.insertInto("freights").values({ ...copy, platform_id: platformId, tenant_id: tenant.id, org_id: org.id, freight_no: freightNo, carrier_user_id: null }).execute();
      return freightNo;
    };
    const otherTenant = await place("A", "T");
    const otherPlatform = await place("B", "P");
    const detail = (account: Parameters<typeof as>[1], no: string) => as(f, account, `/tms-freight/${no}/detail`, undefined, "GET");
    expect((await detail("SYSTEM_USER", otherTenant)).status).toBe(200);
    expect((await detail("TENANT_USER", otherTenant)).status).toBe(404);
    expect((await detail("SYSTEM_USER", otherPlatform)).status).toBe(404);
    const system = await okData<FreightSearchResult>(as(f, "SYSTEM_USER", "/tms-freight/search", { freightNo: "YDTEST" }));
    expect(system.records.map((r) => r.freightNo)).toEqual([otherTenant]);
  });

  it("forces freightWay to ROAD for a user without the water permission", async () => {
    const db = f.p.db.kysely;
    // A captain record belonging to the INDIVIDUAL_USER, with a water waybill dispatched to it.
    const ship = await db.selectFrom("freight_ships").select(["id", "captain_id"]).where("org_id", "=", f.orgIds[0]!).orderBy("id").executeTakeFirstOrThrow();
    await db.updateTable("freight_captains").set({ user_id: f.userIds.INDIVIDUAL_USER }).where("id", "=", ship.captain_id!).execute();
    const orderId = await createOrder(f, { way: "WATER" });
    const water = await okData<{ freights: Array<{ freightNo: string }> }>(
      as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId, items: [{ captainId: Number(ship.captain_id), shipId: Number(ship.id), plannedWeight: 1_000_000 }] }),
    );
    const freightNo = water.freights[0]!.freightNo;
    expect((await as(f, "ORG_USER", `/tms-freight/${freightNo}/detail`, undefined, "GET")).status).toBe(200);
    expect((await as(f, "INDIVIDUAL_USER", `/tms-freight/${freightNo}/detail`, undefined, "GET")).status).toBe(404);
    const asked = await okData<FreightSearchResult>(as(f, "INDIVIDUAL_USER", "/tms-freight/search", { freightWay: "WATER", size: 200 }));
    const road = await rowsWhere((q) => q.where("carrier_user_id", "=", f.userIds.INDIVIDUAL_USER).where("freight_way", "=", "ROAD"));
    expect(asked.total).toBe(road.length);
    expect(asked.records.every((r) => r.freightWay === "ROAD")).toBe(true);
    expect((await as(f, "INDIVIDUAL_USER", "/tms-resource/ships", {})).body).toMatchObject({ code: 4003, message: "当前账号没有水路运输权限" });

    // An organisation user whose role lacks TMS_FREIGHT_WATER sees the organisation's road waybills only.
    const orgRow = await db.selectFrom("organisations").select(["tenant_id"]).where("id", "=", f.orgIds[0]!).executeTakeFirstOrThrow();
    const role = await db.insertInto("roles").values({ platform_id: "A", name: "无水运调度", user_type: "ORG_USER" }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("role_permissions").values({ role_id: role.id, permission_code: "TMS_FREIGHT_DISPATCH" }).execute();
    const user = await db
      .insertInto("users")
      .values({
        platform_id: "A",
        tenant_id: orgRow.tenant_id,
        org_id: f.orgIds[0]!,
        type: "ORG_USER",
        mobile: "13900000077",
        name: "赵调度",
        password_hash: await hashPassword("Demo@2026"),
        headshot_url: null,
        status: "ACTIVE",
        failed_attempts: 0,
        locked_until: null,
        pw_expiration: null,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
    const { accessToken } = await loginAs(f.p.baseUrl, "13900000077");
    const res = await call<FreightSearchResult>(f.p.baseUrl, "/tms-freight/search", { token: accessToken, body: { freightWay: "WATER", size: 10 } });
    const orgRoad = await rowsWhere((q) => q.where("org_id", "=", f.orgIds[0]!).where("freight_way", "=", "ROAD"));
    expect(res.body.data!.total).toBe(orgRoad.length);
    expect(res.body.data!.records.every((r) => r.freightWay === "ROAD")).toBe(true);
    expect((await call(f.p.baseUrl, `/tms-freight/${freightNo}/detail`, { token: accessToken, method: "GET" })).status).toBe(404);
  });

  it("forces freightWay to ROAD when the build lacks the CAPTAIN version function", async () => {
    const noCaptain = await startFreightPlatform("freight_nocaptain", { versionFunctions: ["DRIVER"] });
    try {
      const got = await okData<FreightSearchResult>(as(noCaptain, "ORG_USER", "/tms-freight/search", { size: 10 }));
      const road = await noCaptain.p.db.kysely.selectFrom("freights").select("id").where("org_id", "=", noCaptain.orgIds[0]!).where("freight_way", "=", "ROAD").execute();
      expect(got.total).toBe(road.length);
      const water = await noCaptain.p.db.kysely.selectFrom("freights").select("freight_no").where("freight_way", "=", "WATER").where("org_id", "=", noCaptain.orgIds[0]!).executeTakeFirstOrThrow();
      expect((await as(noCaptain, "ORG_USER", `/tms-freight/${water.freight_no}/detail`, undefined, "GET")).status).toBe(404);
      expect((await as(noCaptain, "ORG_USER", "/tms-resource/captains", {})).body.code).toBe(4003);
    } finally {
      await noCaptain.close();
    }
  });
});

describe("one waybill", () => {
  it("details every field with events, contract, comments and the track point count", async () => {
    const db = f.p.db.kysely;
    const commented = await db.selectFrom("freight_comments").select("freight_id").orderBy("id").executeTakeFirstOrThrow();
    const row = await base().where("id", "=", commented.freight_id).executeTakeFirstOrThrow();
    const detail = await okData<FreightDetail>(as(f, "ORG_USER", `/tms-freight/${row.freight_no}/detail`, undefined, "GET"));
    const events = await db.selectFrom("freight_events").select("action").where("freight_id", "=", row.id).orderBy("id").execute();
    const points = await db.selectFrom("freight_track_points").select("id").where("freight_id", "=", row.id).execute();
    expect(detail).toMatchObject({
      id: Number(row.id),
      freightNo: row.freight_no,
      status: row.status,
      driverName: "张师傅",
      plateNo: "皖C·3K721",
      loadedWeight: Number(row.loaded_weight),
      unloadedWeight: Number(row.unloaded_weight),
      contractNo: `HT${row.freight_no.slice(2)}`,
      trackPointCount: points.length,
      gpsDeviceNo: expect.stringMatching(/^BD\d+$/),
      dispatch: { freightNo: row.freight_no, dispatcherName: "李调度", carrierName: "张师傅", conveyanceName: "皖C·3K721" },
      contract: { kind: "FREIGHT", partyA: "蚌埠粮食运输有限公司", partyB: "张师傅", title: "公路货物运输合同" },
    });
    expect(points.length).toBeGreaterThan(1);
    expect(detail.events.map((e) => e.action)).toEqual(events.map((e) => e.action));
    expect(detail.comments.length).toBe(1);
    expect(detail.comments[0]!.score).toBeGreaterThanOrEqual(1);
    // The 装货磅单 is an uploaded photo in the file store.
    expect(detail.loadingTicketUrl).toMatch(/^\/files\/\d+$/);

    const track = await okData<FreightTrack>(as(f, "ORG_USER", `/tms-freight/${row.freight_no}/track`, undefined, "GET"));
    expect(track.totalPoints).toBe(points.length);
    expect(track.points.length).toBe(points.length);
    const times = track.points.map((p) => p.time);
    expect([...times].sort()).toEqual(times);
    expect(track.points[0]).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number), speed: 0 });

    const info = await okData<DispatchInfo>(as(f, "INDIVIDUAL_USER", `/tms-freight-riskappeal-review/dispatch-info/${row.id}`, undefined, "GET"));
    expect(info).toMatchObject({ freightId: Number(row.id), plannedWeight: Number(row.planned_weight), unitPrice: Number(row.unit_price) });
  });

  it("finds the waybill, person and order contracts in scope", async () => {
    const db = f.p.db.kysely;
    const row = (await rowsWhere((q) => q.where("org_id", "=", f.orgIds[0]!).limit(1)))[0]!;
    const byId = await okData<FreightContract>(as(f, "ORG_USER", "/tms-freight/findContract", { id: Number(row.id) }));
    const byNo = await okData<FreightContract>(as(f, "ORG_USER", "/tms-freight/findContract", { freightNo: row.freight_no }));
    expect(byId).toEqual(byNo);
    expect(byId.terms).toContain(row.order_no);

    const own = await carrierOf(f, "ROAD", { individual: true });
    const other = await carrierOf(f, "ROAD");
    const foreign = await carrierOf(f, "ROAD", { orgIndex: 1 });
    const person = await okData<FreightContract>(as(f, "INDIVIDUAL_USER", "/tms-order-contract/findPersonContract", { driverId: own.driverId }));
    expect(person).toMatchObject({ kind: "PERSON", partyB: "张师傅", partyA: "蚌埠粮食运输有限公司" });
    expect((await as(f, "INDIVIDUAL_USER", "/tms-order-contract/findPersonContract", { driverId: other.driverId })).status).toBe(404);
    expect((await as(f, "ORG_USER", "/tms-order-contract/findPersonContract", { driverId: foreign.driverId })).status).toBe(404);
    await okData(as(f, "TENANT_USER", "/tms-order-contract/findPersonContract", { driverId: foreign.driverId }));
    const captain = await db.selectFrom("freight_captains").select("id").where("org_id", "=", f.orgIds[0]!).executeTakeFirstOrThrow();
    expect(await okData<FreightContract>(as(f, "ORG_USER", "/tms-order-contract/findPersonContract", { captainId: Number(captain.id) }))).toMatchObject({ title: "船舶承运框架协议" });

    const order = await okData<FreightContract>(as(f, "ORG_USER", "/tms-order-contract/findOrderContract", { orderId: Number(row.order_id) }));
    const orderRow = await db.selectFrom("freight_orders").select("shipper_name").where("id", "=", row.order_id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ kind: "ORDER", contractNo: `HT${row.order_no}`, partyA: orderRow.shipper_name });
    const foreignOrder = await db.selectFrom("freight_orders").select("id").where("org_id", "=", f.orgIds[1]!).executeTakeFirstOrThrow();
    expect((await as(f, "ORG_USER", "/tms-order-contract/findOrderContract", { orderId: Number(foreignOrder.id) })).status).toBe(404);
    expect((await as(f, "INDIVIDUAL_USER", "/tms-order-contract/findOrderContract", { orderId: Number(row.order_id) })).status).toBe(404);
  });
});

describe("dashboard", () => {
  it("counts in-transit and today's completions and sums this month, with a 30-day series ending today", async () => {
    for (const [account, where] of [
      ["ORG_USER", (q: ReturnType<typeof base>) => q.where("org_id", "=", f.orgIds[0]!)],
      ["INDIVIDUAL_USER", (q: ReturnType<typeof base>) => q.where("carrier_user_id", "=", f.userIds.INDIVIDUAL_USER).where("freight_way", "=", "ROAD")],
    ] as const) {
      const rows = await rowsWhere(where);
      const got = await okData<FreightDashboard>(as(f, account, "/tms-freight/dashboard", {}));
      const today = chinaDate(new Date().toISOString());
      const monthStart = chinaStart(`${today.slice(0, 7)}-01`);
      const live = rows.filter((r) => r.status !== "CANCELLED");
      expect(got.inTransitCount, account).toBe(rows.filter((r) => r.status === "IN_TRANSIT").length);
      expect(got.completedToday, account).toBe(rows.filter((r) => r.complete_time && r.complete_time >= chinaStart(today)).length);
      expect(got.monthLoadedWeight, account).toBe(sum(live.filter((r) => r.loading_time && r.loading_time >= monthStart), (r) => r.loaded_weight));
      expect(got.monthFreight, account).toBe(sum(live.filter((r) => r.loading_time && r.loading_time >= monthStart), (r) => r.freight_amount));
      expect(got.daily).toHaveLength(30);
      expect(got.daily.at(-1)!.date).toBe(today);
      for (const day of got.daily) {
        expect(day.created, `${account} ${day.date}`).toBe(rows.filter((r) => chinaDate(r.created_at) === day.date).length);
        expect(day.completed).toBe(live.filter((r) => r.complete_time && chinaDate(r.complete_time) === day.date).length);
        expect(day.loadedWeight).toBe(sum(live.filter((r) => r.loading_time && chinaDate(r.loading_time) === day.date), (r) => r.loaded_weight));
      }
      expect(got.inTransitCount + got.daily.reduce((n, d) => n + d.created, 0)).toBeGreaterThan(0);
    }
  });
});
