/**
 * The reference picker's options, on SQLite and PostgreSQL: `POST …/options/page`
 * searches the title and the fields the definition searches by (a vehicle by plate, a driver by
 * mobile), pages with a total beyond the first 50, always returns the selected id's label when it is
 * the caller's, and never a row of another organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehicleBinding } from "../../platform/masterdata/vehicle.resource.js";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform.js";

type Option = { id: number; label: string };
type OptionsPage = { records: Option[]; total: number; current: number; size: number; selected: Option[] };

let p: TestPlatform;
let org: string;
let ownOrgId: number;
let foreign: { id: number; plate: string };
const PLATES = Array.from({ length: 60 }, (_, i) => `皖P${String(60000 + i)}`);

const page = (token: string, body: Record<string, unknown>) => call<OptionsPage>(p.baseUrl, "/tms-vehicle/options/page", { token, body });

beforeAll(async () => {
  p = await startTestPlatform("picker-options");
  org = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.ORG_USER)).accessToken;
  const db = p.db.kysely;
  const table = vehicleBinding.table as "freight_vehicles";
  const me = await db.selectFrom("users").select(["org_id"]).where("mobile", "=", DEMO_ACCOUNTS.ORG_USER).executeTakeFirstOrThrow();
  ownOrgId = Number(me.org_id);
  const model = (await db.selectFrom(table).selectAll().where("org_id", "=", ownOrgId).where("deleted_at", "is", null).executeTakeFirstOrThrow()) as Record<string, unknown>;
  const { id: _id, ...rest } = model;
  // Sixty more vehicles of the demo organisation, and one of another organisation.
  await db.insertInto(table).values(PLATES.map((plate) => ({ ...rest, plate_no: plate }) as never)).execute();
  const other = await db.selectFrom("organisations").select("id").where("id", "!=", ownOrgId).executeTakeFirstOrThrow();
  const row = await db.insertInto(table).values({ ...rest, plate_no: "皖P69999", org_id: other.id } as never).returning("id").executeTakeFirstOrThrow();
  foreign = { id: Number(row.id), plate: "皖P69999" };
});

afterAll(async () => {
  await p?.close();
});

describe("picker options", () => {
  it("pages beyond the first 50 with a total, so the 51st option can be reached", async () => {
    const first = await page(org, { size: 50 });
    expect(first.body.code).toBe(200);
    expect(first.body.data!.records).toHaveLength(50);
    expect(first.body.data!.total).toBeGreaterThanOrEqual(60);
    const second = await page(org, { size: 50, current: 2 });
    const ids = new Set(first.body.data!.records.map((o) => o.id));
    expect(second.body.data!.records.length).toBeGreaterThan(0);
    for (const option of second.body.data!.records) expect(ids.has(option.id)).toBe(false);
  });

  it("finds one vehicle by a part of its plate, whichever page it sorts onto", async () => {
    const res = await page(org, { keyword: "P60059" });
    expect(res.body.data!.records.map((o) => o.label)).toEqual(["皖P60059"]);
    expect(res.body.data!.total).toBe(1);
    const many = await page(org, { keyword: "皖P6000", size: 5 });
    expect(many.body.data!.records).toHaveLength(5);
    expect(many.body.data!.total).toBe(10);
  });

  it("searches the definition's other fields: a driver by mobile", async () => {
    const driver = (await p.db.kysely.selectFrom("freight_drivers").selectAll().where("org_id", "=", ownOrgId).where("deleted_at", "is", null).executeTakeFirstOrThrow()) as { id: number; mobile: string; name: string };
    const byMobile = await call<OptionsPage>(p.baseUrl, "/tms-driver/options/page", { token: org, body: { keyword: driver.mobile.slice(-8) } });
    expect(byMobile.body.code, JSON.stringify(byMobile.body)).toBe(200);
    expect(byMobile.body.data!.records).toContainEqual({ id: Number(driver.id), label: driver.name });
  });

  it("returns the selected id's label whatever the keyword, and never another organisation's row", async () => {
    const own = await p.db.kysely.selectFrom("freight_vehicles").select("id").where("plate_no", "=", "皖P60042").executeTakeFirstOrThrow();
    const res = await page(org, { keyword: "P60001", selected: [Number(own.id), foreign.id] });
    expect(res.body.data!.selected).toEqual([{ id: Number(own.id), label: "皖P60042" }]);
    const all = await page(org, { keyword: "皖P6", size: 50 });
    expect(all.body.data!.records.map((o) => o.label)).not.toContain(foreign.plate);
    expect(all.body.data!.total).toBe(60);
    const none = await page(org, { keyword: "P69999" });
    expect(none.body.data!).toMatchObject({ records: [], total: 0 });
  });

  it("refuses bad paging and keywords in Chinese", async () => {
    for (const body of [{ size: 51 }, { current: 0 }, { keyword: "x".repeat(33) }, { selected: ["a"] }]) {
      const res = await page(org, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
