/**
 * Carrier eligibility (domain 0.5 rule 1) and the driver roster's rules: dispatch refuses with 4010 naming
 * each missing prerequisite; the selectors grey out ineligible drivers and vehicles with the reason; adding
 * a roster driver reuses the platform's profile of the ID number; 解除合作 waits for open waybills.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleIdCard } from "../../contract/resources/driver.js";
import { addDays, chinaDate } from "../../contract/units.js";
import type { CaptainRecord, DriverRecord, ShipRecord, VehicleRecord } from "../../contract/freight.js";
import { as, carrierOf, createOrder, driveTo, fingerprint, freshCarrier as freshRoadCarrier, freshWaterCarrier, grantCredentials, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("eligibility");
});
afterAll(() => f?.close());

const db = () => f.p.db.kysely;

/** A fresh driver and vehicle of the first organisation, eligible, linked as the vehicle's default driver. */
const freshCarrier = (_n: number) => freshRoadCarrier(f, { loadCapacity: 35_000 });

const dispatch = (driverId: number, vehicleId: number, plannedWeight: number) =>
  createOrder(f).then((orderId) => as<unknown>(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId, items: [{ driverId, vehicleId, plannedWeight }] }));

async function expectRefused(driverId: number, vehicleId: number, plannedWeight: number, message: string) {
  const res = await dispatch(driverId, vehicleId, plannedWeight);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code, JSON.stringify(res.body)).toBe(4010);
  expect(res.body.message ?? (res.body as { errorMsg?: string }).errorMsg).toContain(message);
}

describe("carrier eligibility on dispatch", () => {
  it("dispatches an eligible pair (and the seeded carriers stay eligible)", async () => {
    const c = await freshCarrier(1);
    await okData(dispatch(c.driverId, c.vehicleId, 30_000));
    const seeded = (await carrierOf(f, "ROAD")) as { driverId: number; vehicleId: number };
    await okData(dispatch(seeded.driverId, seeded.vehicleId, 40_000));
  });

  it("refuses each missing prerequisite with 4010 naming it", async () => {
    const yesterday = addDays(chinaDate(), -1);
    const cases: Array<[string, (c: Awaited<ReturnType<typeof freshCarrier>>) => Promise<unknown>, (c: Awaited<ReturnType<typeof freshCarrier>>) => string, number?]> = [
      ["profile pending", (c) => db().updateTable("driver_profiles").set({ audit_status: "PENDING" }).where("id", "=", c.profileId).execute(), (c) => `司机${c.name}的认证状态为待审核`],
      ["profile rejected", (c) => db().updateTable("driver_profiles").set({ audit_status: "REJECTED" }).where("id", "=", c.profileId).execute(), (c) => `司机${c.name}的认证状态为已驳回`],
      ["profile disabled", (c) => db().updateTable("driver_profiles").set({ enabled: "DISABLED" }).where("id", "=", c.profileId).execute(), (c) => `司机${c.name}的账号已停用`],
      ["licence expired", (c) => db().updateTable("driver_profiles").set({ license_valid_to: yesterday }).where("id", "=", c.profileId).execute(), (c) => `司机${c.name}的驾驶证已过期`],
      ["roster removed", (c) => db().updateTable("freight_drivers").set({ status: "REMOVED" }).where("id", "=", c.driverId).execute(), (c) => `司机${c.name}已与本企业解除合作`],
      ["no profile", (c) => db().updateTable("freight_drivers").set({ profile_id: null }).where("id", "=", c.driverId).execute(), (c) => `司机${c.name}尚未建立司机档案`],
      ["vehicle pending", (c) => db().updateTable("freight_vehicles").set({ audit_status: "PENDING" }).where("id", "=", c.vehicleId).execute(), (c) => `车辆${c.plateNo}的认证状态为待审核`],
      ["vehicle disabled", (c) => db().updateTable("freight_vehicles").set({ enabled: "DISABLED" }).where("id", "=", c.vehicleId).execute(), (c) => `车辆${c.plateNo}已停用`],
      ["vehicle licence expired", (c) => db().updateTable("freight_vehicles").set({ license_valid_to: yesterday }).where("id", "=", c.vehicleId).execute(), (c) => `车辆${c.plateNo}的行驶证已过期`],
      ["over the approved load", async () => undefined, (c) => `计划重量 36.00 吨超过车辆${c.plateNo}的核定载质量 35.00 吨`, 36_000],
      ["not linked", (c) => db().updateTable("freight_vehicles").set({ driver_id: null, ownership_type: "AFFILIATED" }).where("id", "=", c.vehicleId).execute(), (c) => `司机${c.name}与车辆${c.plateNo}未关联`],
    ];
    let n = 10;
    for (const [why, spoil, message, weight] of cases) {
      const c = await freshCarrier(n++);
      await spoil(c);
      await expectRefused(c.driverId, c.vehicleId, weight ?? 30_000, message(c));
      expect(why).toBeTruthy();
    }
  });

  it("accepts a pair linked only by an approved, active 人车关系, and refuses once it is dissolved", async () => {
    const c = await freshCarrier(40);
    await db().updateTable("freight_vehicles").set({ driver_id: null, ownership_type: "AFFILIATED" }).where("id", "=", c.vehicleId).execute();
    const relation = await okData<{ id: number; auditStatus: string }>(as(f, "ORG_USER", "/tms-vehicle-relation", { driverProfileId: c.profileId, vehicleId: c.vehicleId, relationType: "AFFILIATED", validTo: "2030-12-31" }));
    await expectRefused(c.driverId, c.vehicleId, 30_000, "未关联");
    await okData(as(f, "TENANT_USER", `/tms-vehicle-relation/${relation.id}/approve`, {}));
    await okData(dispatch(c.driverId, c.vehicleId, 30_000));
    await okData(as(f, "ORG_USER", `/tms-vehicle-relation/${relation.id}/dissolve`, { dissolveReason: "车主收回授权" }));
    await expectRefused(c.driverId, c.vehicleId, 30_000, "未关联");
  });

  it("greys out ineligible drivers and vehicles in the selectors with the reason", async () => {
    const c = await freshCarrier(50);
    await db().updateTable("driver_profiles").set({ audit_status: "PENDING" }).where("id", "=", c.profileId).execute();
    await db().updateTable("freight_vehicles").set({ enabled: "DISABLED" }).where("id", "=", c.vehicleId).execute();
    const drivers = await okData<{ records: DriverRecord[] }>(as(f, "ORG_USER", "/tms-resource/drivers", { keyword: c.name, size: 10 }));
    expect(drivers.records.find((d) => d.id === c.driverId)).toMatchObject({ eligible: false, ineligibleReason: `司机${c.name}的认证状态为待审核` });
    const vehicles = await okData<{ records: VehicleRecord[] }>(as(f, "ORG_USER", "/tms-resource/vehicles", { keyword: c.plateNo, size: 10 }));
    expect(vehicles.records.find((v) => v.id === c.vehicleId)).toMatchObject({ eligible: false, ineligibleReason: `车辆${c.plateNo}已停用` });
    const seeded = await okData<{ records: DriverRecord[] }>(as(f, "ORG_USER", "/tms-resource/drivers", { keyword: "张师傅", size: 10 }));
    expect(seeded.records[0]).toMatchObject({ eligible: true, ineligibleReason: null });
  });
});

describe("a carrier on a live waybill", () => {
  const dispatchTo = async (items: object[], way: "ROAD" | "WATER" = "ROAD", orderId?: number) =>
    as<{ freights: Array<{ id: number; freightNo: string }> }>(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId: orderId ?? (await createOrder(f, { way })), items });
  const refusedWith = async (res: Awaited<ReturnType<typeof dispatchTo>>, message: string) => {
    expect(res.body.code, JSON.stringify(res.body)).toBe(4010);
    expect(res.body.message).toContain(message);
  };

  it("refuses the driver and the vehicle of a live waybill until it ends, naming the waybill, and greys them in the pickers", async () => {
    const c = await freshRoadCarrier(f);
    const [first] = (await okData(dispatchTo([{ driverId: c.driverId, vehicleId: c.vehicleId, plannedWeight: 40_000 }]))).freights;
    const waiting = `正在执行运单 ${first!.freightNo}（待装货）`;
    const order = await createOrder(f);
    const before = await fingerprint(f);
    await refusedWith(await dispatchTo([{ driverId: c.driverId, vehicleId: c.vehicleId, plannedWeight: 40_000 }], "ROAD", order), `司机${c.name}${waiting}`);
    expect(await fingerprint(f)).toEqual(before);
    const drivers = await okData<{ records: DriverRecord[] }>(as(f, "ORG_USER", "/tms-resource/drivers", { keyword: c.name, size: 10 }));
    expect(drivers.records.find((d) => d.id === c.driverId)).toMatchObject({ eligible: false, ineligibleReason: expect.stringContaining(waiting) });

    // 运输中: the truck cannot go out again with a second driver of the organisation.
    await okData(as(f, "ORG_USER", "/tms-freight/loading", { id: first!.id, loadedWeight: 40_000, weighTicketUrl: "/files/weigh-tickets/test.jpg" }));
    const second = await freshRoadCarrier(f);
    await db().updateTable("freight_vehicles").set({ ownership_type: "OWN" }).where("id", "=", c.vehicleId).execute();
    await refusedWith(await dispatchTo([{ driverId: second.driverId, vehicleId: c.vehicleId, plannedWeight: 40_000 }]), `车辆${c.plateNo}正在执行运单 ${first!.freightNo}（运输中）`);
    const vehicles = await okData<{ records: VehicleRecord[] }>(as(f, "ORG_USER", "/tms-resource/vehicles", { keyword: c.plateNo, size: 10 }));
    expect(vehicles.records.find((v) => v.id === c.vehicleId)?.ineligibleReason).toContain(`正在执行运单 ${first!.freightNo}（运输中）`);

    // Once the waybill is finished, both are free again.
    await driveTo(f, first!.id, "COMPLETED");
    await okData(dispatchTo([{ driverId: c.driverId, vehicleId: c.vehicleId, plannedWeight: 40_000 }]));
  });

  it("lists who is free before who is on a live waybill, so a picker's first page offers someone to choose", async () => {
    for (const [path, key] of [["/tms-resource/drivers", "driver"], ["/tms-resource/vehicles", "vehicle"], ["/tms-resource/captains", "captain"], ["/tms-resource/ships", "ship"]] as const) {
      const { records } = await okData<{ records: Array<{ id: number; ineligibleReason: string | null }> }>(as(f, "ORG_USER", path, { size: 200 }));
      const busy = records.map((r) => /正在执行运单/.test(r.ineligibleReason ?? ""));
      expect(busy.some(Boolean), `${key}: the fixtures hold one on a live waybill`).toBe(true);
      // Once the first busy one shows, every later one is busy too (the free ones came first).
      expect(busy.slice(busy.indexOf(true)).every(Boolean), `${key}: ${JSON.stringify(busy)}`).toBe(true);
    }
  });

  it("refuses one carrier twice in one dispatch, and frees a carrier whose waybill is cancelled", async () => {
    const c = await freshCarrier(72);
    const item = { driverId: c.driverId, vehicleId: c.vehicleId, plannedWeight: 20_000 };
    const order = await createOrder(f);
    const before = await fingerprint(f);
    await refusedWith(await dispatchTo([item, item], "ROAD", order), "第 2 条派单：司机");
    expect(await fingerprint(f)).toEqual(before);
    const [only] = (await okData(dispatchTo([item]))).freights;
    await okData(as(f, "ORG_USER", `/tms-freight/${only!.id}/cancel`, { reason: "测试取消" }));
    await okData(dispatchTo([item]));
  });

  it("refuses the captain and the ship of a live water waybill, and greys them", async () => {
    const w = await freshWaterCarrier(f);
    const [first] = (await okData(dispatchTo([{ captainId: w.captainId, shipId: w.shipId, plannedWeight: 1_000_000 }], "WATER"))).freights;
    const other = await freshWaterCarrier(f);
    await refusedWith(await dispatchTo([{ captainId: other.captainId, shipId: w.shipId, plannedWeight: 1_000_000 }], "WATER"), `船舶${w.shipName}正在执行运单 ${first!.freightNo}（待装货）`);
    await refusedWith(await dispatchTo([{ captainId: w.captainId, shipId: other.shipId, plannedWeight: 1_000_000 }], "WATER"), `船长${w.name}正在执行运单 ${first!.freightNo}`);
    const captains = await okData<{ records: CaptainRecord[] }>(as(f, "ORG_USER", "/tms-resource/captains", { keyword: w.name, size: 10 }));
    expect(captains.records.find((r) => r.id === w.captainId)).toMatchObject({ eligible: false, ineligibleReason: expect.stringContaining(first!.freightNo) });
    const ships = await okData<{ records: ShipRecord[] }>(as(f, "ORG_USER", "/tms-resource/ships", { keyword: w.shipName, size: 10 }));
    expect(ships.records.find((r) => r.id === w.shipId)).toMatchObject({ eligible: false });
  });
});

describe("driver roster", () => {
  it("reuses the platform's profile of an ID number, refuses a second entry in one organisation, and keeps the profile's audit status", async () => {
    const idCardNo = exampleIdCard(7777);
    const body = { name: "葛长顺", mobile: "13855556666", idCardNo, vehicleClass: "A2", licenseValidTo: "2031-01-01", driverType: "OWN" };
    const first = await okData<{ id: number; profileId: number; profileStatus: string }>(as(f, "ORG_USER", "/tms-driver", body));
    expect(first.profileStatus).toBe("PENDING");
    const again = await as(f, "ORG_USER", "/tms-driver", body);
    expect(again.body.code).toBe(4009);
    const other = await okData<{ profileId: number }>(as(f, "TENANT_USER", "/tms-driver-profile/search", { keyword: "葛长顺" }));
    expect(other).toBeTruthy();
    // 五证齐全 first: the profile cannot be approved without its mandatory credentials approved.
    const gated = await as(f, "TENANT_USER", `/tms-driver-profile/${first.profileId}/approve`, {});
    expect(gated.body.code).toBe(4010);
    expect(gated.body.message).toContain("身份证未上传");
    await grantCredentials(f, "DRIVER", first.profileId);
    await okData(as(f, "TENANT_USER", `/tms-driver-profile/${first.profileId}/approve`, {}));
    const roster = await okData<{ profileStatus: string }>(as(f, "ORG_USER", `/tms-driver/${first.id}`, undefined, "GET"));
    expect(roster.profileStatus).toBe("APPROVED");
    const mismatch = await as(f, "ORG_USER", "/tms-driver", { ...body, name: "葛长安" });
    expect(mismatch.body.code).toBe(4009);
  });

  it("refuses 解除合作 while the driver has a waybill awaiting loading, and allows it after", async () => {
    const c = await freshCarrier(60);
    const order = await createOrder(f);
    const result = await okData<{ freights: Array<{ id: number }> }>(as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId: order, items: [{ driverId: c.driverId, vehicleId: c.vehicleId, plannedWeight: 30_000 }] }));
    const refused = await as(f, "ORG_USER", `/tms-driver/${c.driverId}/remove`, {});
    expect(refused.body.code, JSON.stringify(refused.body)).toBe(4009);
    await okData(as(f, "ORG_USER", `/tms-freight/${result.freights[0]!.id}/cancel`, { reason: "测试取消" }));
    const removed = await okData<{ status: string }>(as(f, "ORG_USER", `/tms-driver/${c.driverId}/remove`, {}));
    expect(removed.status).toBe("REMOVED");
  });
});
