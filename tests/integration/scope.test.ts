/**
 * The one scoping rule (platform/scope.ts): an individual carrier sees the vehicles he owns and those
 * his driver rows drive, through the freight service's list and through the resource engine alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";
import { DEMO_ACCOUNTS, loginAs } from "../helpers/platform.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("scope");
  // The demo driver's role gets the vehicle list (车辆管理 is open to individuals for their own vehicles).
  const db = f.p.db.kysely;
  const roles = await db.selectFrom("user_roles").select("role_id").where("user_id", "=", f.userIds.INDIVIDUAL_USER).execute();
  for (const { role_id } of roles) {
    const has = await db.selectFrom("role_permissions").select("role_id").where("role_id", "=", role_id).where("permission_code", "=", "TMS_VEHICLE_LIST").executeTakeFirst();
    if (!has) await db.insertInto("role_permissions").values({ role_id, permission_code: "TMS_VEHICLE_LIST" }).execute();
  }
  f.tokens.INDIVIDUAL_USER = (await loginAs(f.p.baseUrl, DEMO_ACCOUNTS.INDIVIDUAL_USER)).accessToken;
});
afterAll(async () => f?.close());

type Rec = { id: number; plateNo: string };

describe("an individual's vehicles", () => {
  it("are the ones he owns or drives, the same in the freight list and the engine's search", async () => {
    const db = f.p.db.kysely;
    const me = f.userIds.INDIVIDUAL_USER;
    const myDrivers = (await db.selectFrom("freight_drivers").select("id").where("user_id", "=", me).execute()).map((d) => Number(d.id));
    expect(myDrivers.length).toBeGreaterThan(0);
    const driven = await db.selectFrom("freight_vehicles").select(["id", "plate_no"]).where("driver_id", "in", myDrivers).where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const others = await db
      .selectFrom("freight_vehicles")
      .select(["id", "plate_no"])
      .where((eb) => eb.or([eb("driver_id", "is", null), eb("driver_id", "not in", myDrivers)]))
      .where((eb) => eb.or([eb("owner_user_id", "is", null), eb("owner_user_id", "!=", me)]))
      .where("deleted_at", "is", null)
      .orderBy("id")
      .limit(2)
      .execute();
    expect(others).toHaveLength(2);
    const [owned, stranger] = others as [(typeof others)[0], (typeof others)[0]];
    // He owns this one (a vehicle registered to him) but another driver drives it.
    await db.updateTable("freight_vehicles").set({ owner_user_id: me }).where("id", "=", owned.id).execute();

    const freightList = await okData<{ records: Rec[] }>(as(f, "INDIVIDUAL_USER", "/tms-resource/vehicles", { size: 200 }));
    const engineList = await okData<{ records: Rec[] }>(as(f, "INDIVIDUAL_USER", "/tms-vehicle/search", { current: 1, size: 200 }));
    for (const list of [freightList, engineList]) {
      const ids = list.records.map((r) => Number(r.id));
      expect(ids).toContain(Number(driven.id));
      expect(ids).toContain(Number(owned.id));
      expect(ids).not.toContain(Number(stranger.id));
    }
    expect(new Set(freightList.records.map((r) => Number(r.id)))).toEqual(new Set(engineList.records.map((r) => Number(r.id))));

    // The vehicle he owns stays his in the detail too; the stranger's is outside his scope (404).
    expect((await as(f, "INDIVIDUAL_USER", `/tms-vehicle/${owned.id}`, undefined, "GET")).status).toBe(200);
    expect((await as(f, "INDIVIDUAL_USER", `/tms-vehicle/${stranger.id}`, undefined, "GET")).status).toBe(404);
  });
});
