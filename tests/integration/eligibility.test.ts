/**
 * Carrier eligibility (domain 0.5 rule 1) and the driver roster's rules: dispatch refuses with 4010 naming
 * each missing prerequisite; the selectors grey out ineligible drivers and vehicles with the reason; adding
 * a roster driver reuses the platform's profile of the ID number; 解除合作 waits for open waybills.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleIdCard } from "../../contract/resources/driver.js";
import { addDays, chinaDate } from "../../contract/units.js";
import type { DriverRecord, VehicleRecord } from "../../contract/freight.js";
import { as, carrierOf, createOrder, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("eligibility");
}, 120_000);
afterAll(() => f?.close());

const db = () => f.p.db.kysely;

/** A fresh driver and vehicle of the first organisation, eligible, linked as the vehicle's default driver. */
async function freshCarrier(n: number) {
  const org = await db().selectFrom("organisations").selectAll().where("id", "=", f.orgIds[0]!).executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const idCardNo = exampleIdCard(9000 + n);
  const profile = await db()
    .insertInto("driver_profiles")
    .values({ platform_id: org.platform_id, tenant_id: org.tenant_id, org_id: org.id, owner_user_id: null, user_id: null, registered_tenant_id: org.tenant_id, name: `测试${"甲乙丙丁戊己庚辛壬癸"[n % 10]}`, mobile: "13912345678", id_card_no: idCardNo, source: "ORG", driving_license_no: idCardNo, vehicle_class: "A2", license_valid_to: addDays(chinaDate(), 300), qualification_cert_no: idCardNo, qualification_valid_to: addDays(chinaDate(), 300), audit_status: "APPROVED", enabled: "ENABLED", created_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  const driver = await db()
    .insertInto("freight_drivers")
    .values({ platform_id: org.platform_id, tenant_id: org.tenant_id, org_id: org.id, user_id: null, name: profile.name, mobile: profile.mobile, license_no: idCardNo, created_at: at, profile_id: profile.id, id_card_no: idCardNo, profile_status: "APPROVED" })
    .returningAll()
    .executeTakeFirstOrThrow();
  const plateNo = `皖A·T${String(1000 + n)}`;
  const vehicle = await db()
    .insertInto("freight_vehicles")
    .values({ platform_id: org.platform_id, tenant_id: org.tenant_id, org_id: org.id, plate_no: plateNo, vehicle_type: "重型半挂牵引车", load_capacity: 35_000, driver_id: driver.id, license_valid_to: addDays(chinaDate(), 300), created_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { profileId: Number(profile.id), driverId: Number(driver.id), vehicleId: Number(vehicle.id), name: profile.name, plateNo };
}

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
