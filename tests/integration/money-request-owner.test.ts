/**
 * Money requests: a request number is unique per owner, not per platform. Another
 * organisation using the same 充值 number gets its own recharge — neither a refusal nor a replay of
 * the first organisation's (which would show it another organisation's data); each owner's retry
 * still replays its own. Migration 0034b (unique index change) on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "../helpers/platform.js";
import { as, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";
import { rechargeBody, rid } from "./ledger-fixtures.js";

let f: FreightTestPlatform;
let otherToken: string;
let names: string[];

/** An ORG_USER of the second demo organisation, with the demo ORG_USER's roles and password. */
async function secondOrgUser(): Promise<string> {
  const db = f.p.db.kysely;
  const demo = await db.selectFrom("users").selectAll().where("id", "=", f.userIds.ORG_USER).executeTakeFirstOrThrow();
  const org = await db.selectFrom("organisations").select(["id", "tenant_id", "platform_id"]).where("id", "=", f.orgIds[1]!).executeTakeFirstOrThrow();
  const mobile = "13900000077";
  const user = await db
    .insertInto("users")
    .values({ platform_id: org.platform_id, tenant_id: org.tenant_id, org_id: org.id, type: "ORG_USER", mobile, name: "第二企业财务", password_hash: demo.password_hash, headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: demo.pw_expiration, created_at: demo.created_at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const roles = await db.selectFrom("user_roles").select("role_id").where("user_id", "=", f.userIds.ORG_USER).execute();
  await db.insertInto("user_roles").values(roles.map((r) => ({ user_id: user.id, role_id: r.role_id }))).execute();
  return (await loginAs(f.p.baseUrl, mobile)).accessToken;
}

beforeAll(async () => {
  f = await startFreightPlatform("money-request-owner");
  otherToken = await secondOrgUser();
  names = await Promise.all(f.orgIds.slice(0, 2).map(async (id) => (await f.p.db.kysely.selectFrom("organisations").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name));
});
afterAll(() => f?.close());

describe(`money request numbers (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("are unique per organisation: the same 充值 number in two organisations makes two recharges", async () => {
    const requestNo = rid();
    const body = rechargeBody(10_000, names[0]!, { requestNo });
    const mine = await okData<{ id: number; rechargeNo: string }>(as(f, "ORG_USER", "/pay/recharges", body));
    const theirs = await okData<{ id: number; rechargeNo: string; orgId?: number }>(
      (async () => {
        const response = await fetch(`${f.p.baseUrl}/pay/recharges`, { method: "POST", headers: { "X-Platform": "A", Authorization: `Bearer ${otherToken}`, "Content-Type": "application/json" }, body: JSON.stringify(rechargeBody(20_000, names[1]!, { requestNo })) });
        return { status: response.status, body: (await response.json()) as { code: number; data?: { id: number; rechargeNo: string } } };
      })(),
    );
    expect(theirs.id).not.toBe(mine.id);
    const rows = await f.p.db.kysely.selectFrom("recharges").select(["id", "org_id", "amount"]).where("request_no", "=", requestNo).orderBy("id").execute();
    expect(rows.map((r) => [Number(r.org_id), Number(r.amount)])).toEqual([
      [f.orgIds[0], 10_000],
      [f.orgIds[1], 20_000],
    ]);
    // Each organisation's retry replays its own recharge.
    const again = await okData<{ id: number }>(as(f, "ORG_USER", "/pay/recharges", body));
    expect(again.id).toBe(mine.id);
  });

  it("are still unique within one owner (the database says so too)", async () => {
    const row = await f.p.db.kysely.selectFrom("recharges").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    const copy = { ...row, id: undefined, recharge_no: `CZDUP${Date.now()}`, bank_serial_no: `DUP${Date.now()}` } as Record<string, unknown>;
    delete copy.id;
    await expect(f.p.db.kysely.insertInto("recharges").values(copy as never).execute()).rejects.toThrow();
    await f.p.db.kysely.insertInto("recharges").values({ ...copy, request_no: rid() } as never).execute();
  });
});
