/**
 * The GPS device selector's narrowing by vehicle and organisation (used by the 查看监控 page) and the
 * bind/unbind round trip seen through it. The selector's other filters and the bind refusals are
 * covered in freight-dispatch.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.js";
import type { GpsDeviceRecord, VehicleRecord } from "../../contract/freight.js";
import { as, fingerprint, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("freight_devices");
});
afterAll(async () => {
  await f?.close();
});

const selector = (account: Parameters<typeof as>[1], body: object) => okData<Paged<GpsDeviceRecord>>(as(f, account, "/device-manage/selector", body));

async function vehiclesOf(orgIndex: number) {
  const rows = await f.p.db.kysely
    .selectFrom("freight_vehicles as v")
    .leftJoin("gps_devices as g", "g.vehicle_id", "v.id")
    .select(["v.id", "v.plate_no", "g.id as deviceId", "g.device_no"])
    .where("v.org_id", "=", f.orgIds[orgIndex]!)
    .orderBy("v.id")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), plateNo: r.plate_no, deviceId: r.deviceId == null ? null : Number(r.deviceId), deviceNo: r.device_no }));
}

describe(`device selector by vehicle and organisation (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("finds the one device on a vehicle, nothing on a bare or foreign vehicle", async () => {
    const own = await vehiclesOf(0);
    const equipped = own.find((v) => v.deviceId !== null)!;
    const bare = own.find((v) => v.deviceId === null)!;
    const found = await selector("ORG_USER", { vehicleId: equipped.id });
    expect(found.records).toEqual([expect.objectContaining({ id: equipped.deviceId, deviceNo: equipped.deviceNo, vehicleId: equipped.id, plateNo: equipped.plateNo })]);
    expect(found.total).toBe(1);
    expect((await selector("ORG_USER", { vehicleId: String(equipped.id), bound: true })).total).toBe(1);
    expect((await selector("ORG_USER", { vehicleId: bare.id })).total).toBe(0);

    const foreign = (await vehiclesOf(1)).find((v) => v.deviceId !== null)!;
    expect((await selector("ORG_USER", { vehicleId: foreign.id })).total).toBe(0);
    // The tenant and the platform see the other organisation's vehicle and its device.
    for (const account of ["TENANT_USER", "SYSTEM_USER"] as const) {
      expect((await selector(account, { vehicleId: foreign.id })).records.map((d) => d.deviceNo)).toEqual([foreign.deviceNo]);
    }
  });

  it("keeps, in the demo organisation, trucks on the road both with a device and without one, whatever the hour it was seeded", async () => {
    const onRoad = await f.p.db.kysely
      .selectFrom("freights as w")
      .leftJoin("gps_devices as g", "g.vehicle_id", "w.vehicle_id")
      .select(["w.id", "g.id as deviceId"])
      .where("w.org_id", "=", f.orgIds[0]!)
      .where("w.freight_way", "=", "ROAD")
      .where("w.status", "=", "IN_TRANSIT")
      .execute();
    expect(onRoad.some((w) => w.deviceId === null)).toBe(true);
    expect(onRoad.some((w) => w.deviceId !== null)).toBe(true);
  });

  it("lets a driver see the device on their own vehicle only", async () => {
    const [mine] = (await selector("INDIVIDUAL_USER", {})).records;
    expect(mine?.vehicleId).toEqual(expect.any(Number));
    expect((await selector("INDIVIDUAL_USER", { vehicleId: mine!.vehicleId })).records.map((d) => d.id)).toEqual([mine!.id]);
    const other = (await vehiclesOf(0)).find((v) => v.deviceId !== null && v.id !== mine!.vehicleId)!;
    expect((await selector("INDIVIDUAL_USER", { vehicleId: other.id })).total).toBe(0);
  });

  it("narrows to one organisation within the caller's scope", async () => {
    const db = f.p.db.kysely;
    const countOf = async (orgId: number, bound: boolean) =>
      Number(
        (
          await db
            .selectFrom("gps_devices")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("org_id", "=", orgId)
            .where("vehicle_id", bound ? "is not" : "is", null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [ownOrg, otherOrg] = f.orgIds as [number, number];
    const spareOther = await selector("SYSTEM_USER", { orgId: otherOrg, bound: false, size: 100 });
    expect(spareOther.total).toBe(await countOf(otherOrg, false));
    expect(spareOther.total).toBeGreaterThan(0);
    expect(spareOther.records.every((d) => d.vehicleId === null)).toBe(true);
    const allSpare = await selector("SYSTEM_USER", { bound: false, size: 100 });
    expect(allSpare.total).toBeGreaterThan(spareOther.total);

    expect((await selector("ORG_USER", { orgId: ownOrg, bound: true })).total).toBe(await countOf(ownOrg, true));
    // Another organisation's id does not widen an organisation user's scope.
    expect((await selector("ORG_USER", { orgId: otherOrg })).total).toBe(0);
    expect((await selector("INDIVIDUAL_USER", { orgId: ownOrg, bound: false })).total).toBe(0);
  });

  it("shows a bind and an unbind through the vehicle filter", async () => {
    const vehicles = await okData<Paged<VehicleRecord>>(as(f, "ORG_USER", "/tms-resource/vehicles", { size: 100 }));
    const bare = vehicles.records.find((v) => v.gpsDeviceNo === null)!;
    const [spare] = (await selector("ORG_USER", { orgId: f.orgIds[0], bound: false })).records;
    expect((await selector("ORG_USER", { vehicleId: bare.id })).total).toBe(0);

    await okData(as(f, "ORG_USER", "/device-manage/bind", { deviceId: spare!.id, vehicleId: bare.id }));
    const bound = await selector("ORG_USER", { vehicleId: bare.id });
    expect(bound.records).toEqual([expect.objectContaining({ id: spare!.id, plateNo: bare.plateNo, boundTime: expect.any(String) })]);
    expect((await selector("ORG_USER", { orgId: f.orgIds[0], bound: false })).records.map((d) => d.id)).not.toContain(spare!.id);

    await okData(as(f, "ORG_USER", "/device-manage/bind", { deviceId: spare!.id, vehicleId: null }));
    expect((await selector("ORG_USER", { vehicleId: bare.id })).total).toBe(0);
    expect((await selector("ORG_USER", { orgId: f.orgIds[0], bound: false })).records.map((d) => d.id)).toContain(spare!.id);
  });

  it("refuses bad vehicle and organisation ids with a Chinese message, changing nothing", async () => {
    const before = await fingerprint(f);
    const cases: Array<[object, string]> = [
      [{ vehicleId: "abc" }, "车辆 id"],
      [{ vehicleId: 0 }, "车辆 id"],
      [{ vehicleId: -3 }, "车辆 id"],
      [{ orgId: 1.5 }, "企业 id"],
      [{ orgId: "1; drop table gps_devices" }, "企业 id"],
    ];
    for (const [body, label] of cases) {
      const res = await as<never>(f, "ORG_USER", "/device-manage/selector", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, errorMsg: expect.stringContaining(label) });
    }
    expect(await fingerprint(f)).toEqual(before);
  });
});
