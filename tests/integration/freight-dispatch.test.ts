import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.js";
import type {
  CaptainRecord,
  DispatchResult,
  DriverRecord,
  FreightComment,
  GpsDeviceRecord,
  OrderRecord,
  ShipRecord,
  VehicleRecord,
} from "../../contract/freight.js";
import { as, carrierOf, createOrder, detailOf, dispatchFresh, driveTo, fingerprint, freshCarrier, freshWaterCarrier, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("freight_dispatch");
});
afterAll(async () => {
  await f?.close();
});

const orderRow = (id: number) => f.p.db.kysely.selectFrom("freight_orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe(`orders and dispatch (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("lists the organisation's orders awaiting dispatch, newest first", async () => {
    const page = await okData<Paged<OrderRecord>>(as(f, "ORG_USER", "/tms-order/search", { size: 100 }));
    const awaiting = await f.p.db.kysely
      .selectFrom("freight_orders")
      .select(["id"])
      .where("org_id", "=", f.orgIds[0]!)
      .where("status", "in", ["WAIT_DISPATCH", "DISPATCHING"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    expect(page.total).toBe(awaiting.length);
    expect(page.records.map((o) => o.id)).toEqual(awaiting.slice(0, 100).map((o) => Number(o.id)));
    expect(page.records.every((o) => o.remainingWeight > 0 && o.orgId === f.orgIds[0])).toBe(true);
    expect(page.records.some((o) => o.status === "WAIT_DISPATCH")).toBe(true);

    const all = await okData<Paged<OrderRecord>>(as(f, "ORG_USER", "/tms-order/search", { scope: "ALL", size: 10 }));
    expect(all.total).toBeGreaterThan(page.total);
    const water = await okData<Paged<OrderRecord>>(as(f, "ORG_USER", "/tms-order/search", { scope: "ALL", freightWay: "WATER" }));
    expect(water.total).toBeGreaterThan(0);
    expect(water.records.every((o) => o.freightWay === "WATER")).toBe(true);
    // An individual sees only the orders they created (domain 3.1).
    const own = await okData<Paged<OrderRecord>>(as(f, "INDIVIDUAL_USER", "/tms-order/search", { scope: "ALL", size: 100 }));
    const owned = await f.p.db.kysely.selectFrom("freight_orders").select("id").where("owner_user_id", "=", f.userIds.INDIVIDUAL_USER).where("deleted_at", "is", null).execute();
    expect(own.records.map((o) => o.id).sort()).toEqual(owned.map((o) => Number(o.id)).sort());
  });

  it("dispatches an order to drivers with vehicles, creating waybills waiting to load", async () => {
    const orderId = await createOrder(f, { plannedWeight: 100_000 });
    const own = await carrierOf(f, "ROAD", { individual: true });
    const other = await carrierOf(f, "ROAD");
    const result = await okData<DispatchResult>(
      as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId, items: [{ ...own, plannedWeight: 40_000 }, { ...other, plannedWeight: 35_000 }] }),
    );
    expect(result).toMatchObject({ orderId, orderStatus: "DISPATCHING" });
    expect(result.freights).toHaveLength(2);
    const order = await orderRow(orderId);
    expect(Number(order.dispatched_weight)).toBe(75_000);
    expect(order.status).toBe("DISPATCHING");

    const first = await detailOf(f, result.freights[0]!.freightNo);
    expect(first).toMatchObject({
      status: "WAIT_LOADING",
      freightWay: "ROAD",
      orderId,
      driverName: "张师傅",
      plateNo: "皖C·3K721",
      plannedWeight: 40_000,
      unitPrice: 8000,
      freightAmount: 320_000,
      contractNo: `HT${result.freights[0]!.freightNo.slice(2)}`,
      dispatch: { dispatcherName: "李调度" },
    });
    expect(first.freightNo).toMatch(/^YD\d{16}$/);
    expect(first.events.map((e) => e.action)).toEqual(["DISPATCH"]);
    // The driver sees it and is told about it.
    await okData(as(f, "INDIVIDUAL_USER", `/tms-freight/${first.freightNo}/detail`, undefined, "GET"));
    const notes = await f.p.db.kysely.selectFrom("notifications").select("content").where("user_id", "=", f.userIds.INDIVIDUAL_USER).where("freight_no", "=", first.freightNo).execute();
    expect(notes.map((n) => n.content)).toEqual([expect.stringMatching(/已派单：张师傅（皖C·3K721），合肥北粮库 → 芜湖港，小麦 40.00 吨/)]);

    // The rest of the order, exactly.
    const { driverId, vehicleId } = await freshCarrier(f);
    const rest = await okData<DispatchResult>(as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId, items: [{ driverId, vehicleId, plannedWeight: 25_000 }] }));
    expect(rest.orderStatus).toBe("DISPATCHED");
    // Cancelling a waybill gives its weight back to the order.
    await okData(as(f, "ORG_USER", `/tms-freight/${rest.freights[0]!.id}/cancel`, { reason: "车辆故障" }));
    expect(await orderRow(orderId)).toMatchObject({ status: "DISPATCHING" });
  });

  it("dispatches a water order to a captain with a ship", async () => {
    const orderId = await createOrder(f, { way: "WATER" });
    const carrier = await carrierOf(f, "WATER");
    const result = await okData<DispatchResult>(as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId, items: [{ ...carrier, plannedWeight: 1_200_000 }] }));
    const detail = await detailOf(f, result.freights[0]!.freightNo);
    expect(detail).toMatchObject({ freightWay: "WATER", captainId: carrier.captainId, shipId: carrier.shipId, driverName: null, plateNo: null, contract: { title: "水路货物运输合同" } });
    expect(detail.shipName).toMatch(/货\d+$/);
  });

  it("refuses a dispatch that breaks a rule, creating nothing", async () => {
    const road = await createOrder(f, { plannedWeight: 100_000 });
    const water = await createOrder(f, { way: "WATER" });
    const foreignOrder = await createOrder(f, { orgIndex: 1 });
    const { driverId, vehicleId } = await freshCarrier(f);
    const driver = { driverId, vehicleId };
    const { captainId, shipId } = await freshWaterCarrier(f);
    const captain = { captainId, shipId };
    const foreign = await freshCarrier(f, { orgIndex: 1 });
    const foreignDriver = { driverId: foreign.driverId, vehicleId: foreign.vehicleId };
    const cases: Array<[string, object, number, RegExp]> = [
      ["water carrier on a road order", { orderId: road, items: [{ ...captain, plannedWeight: 30_000 }] }, 400, /公路运输订单须指定司机和车辆/],
      ["road carrier on a water order", { orderId: water, items: [{ ...driver, plannedWeight: 30_000 }] }, 400, /水路运输订单须指定船长和船舶/],
      ["more than the order has left", { orderId: road, items: [{ ...driver, plannedWeight: 60_000 }, { ...driver, plannedWeight: 60_000 }] }, 400, /超过订单剩余可派重量 100.00 吨/],
      ["a truck over 200 t", { orderId: await createOrder(f), items: [{ ...driver, plannedWeight: 200_001 }] }, 400, /公路运输单车不能超过 200.00 吨/],
      ["a driver of another organisation", { orderId: road, items: [{ ...foreignDriver, plannedWeight: 30_000 }] }, 400, /司机不存在或不属于该订单所属企业/],
      ["another organisation's order", { orderId: foreignOrder, items: [{ ...driver, plannedWeight: 30_000 }] }, 404, /订单不存在/],
      ["no carrier", { orderId: road, items: [{ plannedWeight: 30_000 }] }, 400, /司机和车辆/],
      ["both carriers", { orderId: road, items: [{ ...driver, ...captain, plannedWeight: 30_000 }] }, 400, /司机和车辆/],
      ["no items", { orderId: road, items: [] }, 400, /请添加派单明细/],
      ["a weight in tonnes", { orderId: road, items: [{ ...driver, plannedWeight: 30.5 }] }, 400, /计划重量必须是整数千克/],
    ];
    for (const [name, body, status, message] of cases) {
      const before = await fingerprint(f);
      const res = await as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", body);
      expect(res.status, name).toBe(status);
      expect(res.body.errorMsg, name).toMatch(message);
      expect(await fingerprint(f), name).toEqual(before);
    }
    const individual = await as(f, "INDIVIDUAL_USER", "/tms-freight-dispatch/dispatch", { orderId: road, items: [{ ...driver, plannedWeight: 30_000 }] });
    expect(individual.body.code).toBe(4003);
  });
});

describe("resource selectors", () => {
  it("lists drivers, vehicles, captains and ships of the caller's scope, paged", async () => {
    const drivers = await okData<Paged<DriverRecord>>(as(f, "ORG_USER", "/tms-resource/drivers", { size: 10 }));
    const count = async (table: "freight_drivers" | "freight_vehicles" | "freight_captains" | "freight_ships") =>
      Number((await f.p.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("org_id", "=", f.orgIds[0]!).executeTakeFirstOrThrow()).n);
    expect(drivers.total).toBe(await count("freight_drivers"));
    expect(drivers.records).toHaveLength(10);
    expect(drivers.records.every((d) => d.orgId === f.orgIds[0])).toBe(true);
    // Free drivers come first (eligibility.test.ts); each carries his usual vehicle when he has one.
    expect(drivers.records.some((d) => d.plateNo)).toBe(true);
    const vehicles = await okData<Paged<VehicleRecord>>(as(f, "ORG_USER", "/tms-resource/vehicles", { size: 50 }));
    expect(vehicles.total).toBe(await count("freight_vehicles"));
    expect(vehicles.records.filter((v) => v.gpsDeviceNo).length).toBeGreaterThan(10);
    expect((await okData<Paged<CaptainRecord>>(as(f, "ORG_USER", "/tms-resource/captains", {}))).total).toBe(await count("freight_captains"));
    const ships = await okData<Paged<ShipRecord>>(as(f, "ORG_USER", "/tms-resource/ships", { keyword: "货" }));
    expect(ships.total).toBe(await count("freight_ships"));

    const searched = await okData<Paged<VehicleRecord>>(as(f, "ORG_USER", "/tms-resource/vehicles", { keyword: "3K721" }));
    expect(searched.records.map((v) => v.plateNo)).toEqual(["皖C·3K721"]);
    const mine = await okData<Paged<DriverRecord>>(as(f, "INDIVIDUAL_USER", "/tms-resource/drivers", {}));
    expect(mine.records.map((d) => [d.name, d.plateNo])).toEqual([["张师傅", "皖C·3K721"]]);
    const tenant = await okData<Paged<DriverRecord>>(as(f, "TENANT_USER", "/tms-resource/drivers", {}));
    expect(tenant.total).toBeGreaterThan(drivers.total);
  });
});

describe("driver comments", () => {
  it("lets the driver comment once after unloading and the platform reply once", async () => {
    const [waiting, done] = await dispatchFresh(f, { individual: true, count: 2 });
    await driveTo(f, done!.id, "UNLOADED");
    const body = { freightId: done!.id, score: 4, content: "卸货排队一小时" };

    expect((await as(f, "INDIVIDUAL_USER", "/tms-freight-driver-comment", { ...body, freightId: waiting!.id })).body).toMatchObject({
      code: 4009,
      message: "运单当前状态为「待装货」，卸货后才能评价",
    });
    expect((await as(f, "ORG_USER", "/tms-freight-driver-comment", body)).body.code).toBe(4003);
    for (const bad of [{ ...body, score: 6 }, { ...body, score: 0 }, { ...body, content: "  " }, { ...body, freightId: "x" }]) {
      const before = await fingerprint(f);
      expect((await as(f, "INDIVIDUAL_USER", "/tms-freight-driver-comment", bad)).status, JSON.stringify(bad)).toBe(400);
      expect(await fingerprint(f)).toEqual(before);
    }
    const comment = await okData<FreightComment>(as(f, "INDIVIDUAL_USER", "/tms-freight-driver-comment", body));
    expect(comment).toMatchObject({ freightId: done!.id, freightNo: done!.freightNo, authorName: "张师傅", score: 4, content: "卸货排队一小时", replyContent: null });
    expect((await as(f, "INDIVIDUAL_USER", "/tms-freight-driver-comment", body)).body).toMatchObject({ code: 4009, message: "您已评价过该运单" });

    const unreplied = await okData<Paged<FreightComment>>(as(f, "SYSTEM_USER", "/tms-freight-driver-comment/select", { replied: false, size: 100 }));
    expect(unreplied.records.map((c) => c.id)).toContain(comment.id);
    expect(unreplied.records.every((c) => c.replyContent === null)).toBe(true);
    const byNo = await okData<Paged<FreightComment>>(as(f, "ORG_USER", "/tms-freight-driver-comment/select", { freightNo: done!.freightNo }));
    expect(byNo.records.map((c) => c.id)).toEqual([comment.id]);
    const foreign = await okData<Paged<FreightComment>>(as(f, "ORG_USER", "/tms-freight-driver-comment/select", { size: 100 }));
    const orgComments = await f.p.db.kysely.selectFrom("freight_comments").innerJoin("freights", "freights.id", "freight_comments.freight_id").select("freight_comments.id").where("freights.org_id", "=", f.orgIds[0]!).execute();
    expect(foreign.total).toBe(orgComments.length);

    expect((await as(f, "ORG_USER", "/tms-freight-driver-comment/platformReply", { id: comment.id, replyContent: "已协调库点" })).body.code).toBe(4003);
    expect((await as(f, "SYSTEM_USER", "/tms-freight-driver-comment/platformReply", { id: comment.id, replyContent: "" })).status).toBe(400);
    const replied = await okData<FreightComment>(as(f, "SYSTEM_USER", "/tms-freight-driver-comment/platformReply", { id: comment.id, replyContent: "已协调库点加快卸货" }));
    expect(replied).toMatchObject({ replyContent: "已协调库点加快卸货", replyName: "平台管理员", replyTime: expect.any(String) });
    expect((await as(f, "SYSTEM_USER", "/tms-freight-driver-comment/platformReply", { id: comment.id, replyContent: "再次回复" })).body).toMatchObject({ code: 4009, message: "该评价已回复，不能重复回复" });
    expect((await as(f, "SYSTEM_USER", "/tms-freight-driver-comment/platformReply", { id: 99_999_999, replyContent: "?" })).status).toBe(404);
    const note = await f.p.db.kysely.selectFrom("notifications").select("content").where("user_id", "=", f.userIds.INDIVIDUAL_USER).where("content", "like", "平台回复了您%").execute();
    expect(note.map((n) => n.content)).toEqual([`平台回复了您对运单 ${done!.freightNo} 的评价：已协调库点加快卸货`]);
    expect((await detailOf(f, done!.freightNo)).comments.map((c) => c.replyContent)).toEqual(["已协调库点加快卸货"]);
  });
});

describe("GPS devices", () => {
  it("lists the organisation's devices and binds, refuses and unbinds", async () => {
    const db = f.p.db.kysely;
    const spare = await okData<Paged<GpsDeviceRecord>>(as(f, "ORG_USER", "/device-manage/selector", { bound: false }));
    const bound = await okData<Paged<GpsDeviceRecord>>(as(f, "ORG_USER", "/device-manage/selector", { bound: true, size: 100 }));
    const all = await db.selectFrom("gps_devices").select(["id", "vehicle_id"]).where("org_id", "=", f.orgIds[0]!).execute();
    expect(spare.total + bound.total).toBe(all.length);
    expect(spare.records.every((d) => d.vehicleId === null)).toBe(true);
    expect(bound.records.every((d) => d.vehicleId !== null && d.plateNo)).toBe(true);

    const vehicles = await okData<Paged<VehicleRecord>>(as(f, "ORG_USER", "/tms-resource/vehicles", { size: 100 }));
    const bare = vehicles.records.find((v) => v.gpsDeviceNo === null)!;
    const equipped = vehicles.records.find((v) => v.gpsDeviceNo !== null)!;
    const device = spare.records[0]!;

    const busy = await as(f, "ORG_USER", "/device-manage/bind", { deviceId: device.id, vehicleId: equipped.id });
    expect(busy.body).toMatchObject({ code: 4009, message: `车辆 ${equipped.plateNo} 已绑定设备 ${equipped.gpsDeviceNo}，请先解绑` });
    const result = await okData<GpsDeviceRecord>(as(f, "ORG_USER", "/device-manage/bind", { deviceId: device.id, vehicleId: bare.id }));
    expect(result).toMatchObject({ id: device.id, vehicleId: bare.id, plateNo: bare.plateNo, boundTime: expect.any(String) });
    const again = await as(f, "ORG_USER", "/device-manage/bind", { deviceId: device.id, vehicleId: equipped.id });
    expect(again.body).toMatchObject({ code: 4009, message: `设备 ${device.deviceNo} 已绑定车辆 ${bare.plateNo}，请先解绑` });
    const byPlate = await okData<Paged<GpsDeviceRecord>>(as(f, "ORG_USER", "/device-manage/selector", { keyword: bare.plateNo }));
    expect(byPlate.records.map((d) => d.deviceNo)).toEqual([device.deviceNo]);

    const unbound = await okData<GpsDeviceRecord>(as(f, "ORG_USER", "/device-manage/bind", { deviceId: device.id, vehicleId: null }));
    expect(unbound).toMatchObject({ vehicleId: null, plateNo: null, boundTime: null });
    expect((await as(f, "ORG_USER", "/device-manage/bind", { deviceId: device.id, vehicleId: null })).body.code).toBe(4009);

    const foreignVehicle = await db.selectFrom("freight_vehicles").select("id").where("org_id", "=", f.orgIds[1]!).executeTakeFirstOrThrow();
    const before = await fingerprint(f);
    expect((await as(f, "ORG_USER", "/device-manage/bind", { deviceId: device.id, vehicleId: Number(foreignVehicle.id) })).status).toBe(404);
    expect((await as(f, "TENANT_USER", "/device-manage/bind", { deviceId: device.id, vehicleId: Number(foreignVehicle.id) })).body).toMatchObject({
      code: 400,
      errorMsg: "车辆与设备不属于同一企业，不能绑定",
    });
    expect((await as(f, "INDIVIDUAL_USER", "/device-manage/bind", { deviceId: device.id, vehicleId: bare.id })).body.code).toBe(4003);
    expect((await as(f, "ORG_USER", "/device-manage/bind", { deviceId: device.id })).status).toBe(400);
    expect(await fingerprint(f)).toEqual(before);
    const mine = await okData<Paged<GpsDeviceRecord>>(as(f, "INDIVIDUAL_USER", "/device-manage/selector", {}));
    expect(mine.records.map((d) => d.plateNo)).toEqual(["皖C·3K721"]);
  });
});
