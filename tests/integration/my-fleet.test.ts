/**
 * 我的车队, on SQLite and PostgreSQL: the demo fleet leader (周德胜) sees his members,
 * the waybills they drive and his share of their freight, and the summary his 首页 counts agrees with
 * the lists; anyone who is not an approved fleet leader is refused with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_FLEET_LEADER } from "../../platform/demo/finance-seed.js";
import { call, loginAs } from "../helpers/platform.js";
import { as, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
let token: string;

beforeAll(async () => {
  f = await startFreightPlatform("my-fleet");
  token = (await loginAs(f.p.baseUrl, DEMO_FLEET_LEADER.mobile)).accessToken;
});
afterAll(async () => {
  await f?.close();
});

const mine = <T>(path: string, body?: unknown, method = "POST") => call<T>(f.p.baseUrl, `/tms-fleet-leader/mine${path}`, { token, body: method === "GET" ? undefined : (body ?? {}), method });

describe(`我的车队 (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("shows the leader's members, their waybills and his share; the summary counts the same rows", async () => {
    const res = (await mine<{ fleetName: string; memberCount: number; waybillCount: number; liveWaybillCount: number; completedWaybillCount: number; shareTotal: number }>("/summary", undefined, "GET")).body;
    expect(res.code, JSON.stringify(res)).toBe(200);
    const summary = { data: res.data! };
    expect(summary.data.fleetName).toBe("蚌埠德胜运输车队");
    expect(summary.data.memberCount).toBeGreaterThan(0);
    expect(summary.data.waybillCount).toBeGreaterThan(0);
    expect(summary.data.shareTotal).toBeGreaterThan(0);

    const members = (await mine<{ records: Array<{ driverName: string; status: string; waybillCount: number }>; total: number }>("/members/search", { size: 50 })).body.data!;
    expect(members.records.filter((m) => m.status === "ACTIVE")).toHaveLength(summary.data.memberCount);
    expect(members.records.every((m) => m.waybillCount > 0)).toBe(true);

    const waybills = (await mine<{ records: Array<{ freightNo: string; driverName: string; share: number }>; total: number; sums: { share: number } }>("/waybills/search", { size: 200 })).body.data!;
    expect(waybills.total).toBe(summary.data.waybillCount);
    const names = new Set(members.records.map((m) => m.driverName));
    expect(waybills.records.every((w) => names.has(w.driverName))).toBe(true);
    // His share of the members' waybills is what the ledger credited to him as 代收.
    expect(waybills.sums.share).toBe(summary.data.shareTotal);
    expect(waybills.records.some((w) => w.share > 0)).toBe(true);

    const db = f.p.db.kysely;
    const leader = await db.selectFrom("users").select("id").where("mobile", "=", DEMO_FLEET_LEADER.mobile).executeTakeFirstOrThrow();
    const credited = await db.selectFrom("ledger_entries as e").innerJoin("accounts as a", "a.id", "e.account_id").select((eb) => eb.fn.sum<number>("e.amount").as("n")).where("a.owner_type", "=", "USER").where("a.owner_id", "=", Number(leader.id)).where("e.entry_type", "=", "FREIGHT_IN").executeTakeFirstOrThrow();
    expect(Number(credited.n)).toBe(summary.data.shareTotal);
  });

  it("refuses anyone who is not an approved fleet leader, saying why", async () => {
    const driver = (await as<{ code: number; message: string }>(f, "INDIVIDUAL_USER", "/tms-fleet-leader/mine/summary", undefined, "GET")).body;
    expect(driver.code).toBe(4010);
    expect(driver.message).toContain("当前账号不是车队长");
    const org = (await as<{ code: number; message: string }>(f, "ORG_USER", "/tms-fleet-leader/mine/members/search", {})).body;
    expect(org.code).toBe(4003);
  });
});
