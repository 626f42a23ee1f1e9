/**
 * 用户管理 / 平台用户 on the engine: the account's computed state and roles, the row actions the platform
 * offers by state and caller, and the engine's checks before the identity service runs one (a row
 * action that is not a transition: `when` refused with 4009 naming the state, a caller without the
 * code 4003, another scope's account 404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform.js";

type Account = { id: number; mobile: string; userType: string; accountStatus: string; roleNames: string; roleIds: number[]; actions: string[] };

let platform: TestPlatform;
let admin: string;
let org: string;

const search = async (token: string, body: Record<string, unknown>) => (await call<{ records: Account[]; total: number }>(platform.baseUrl, "/iam-user/search", { token, body })).body;

beforeAll(async () => {
  platform = await startTestPlatform("user_engine");
  admin = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
  org = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.ORG_USER)).accessToken;
});

afterAll(async () => {
  await platform?.close();
});

describe("accounts on the engine", () => {
  it("computes 账号状态 (a lock that has expired is 正常 again) and lists the roles", async () => {
    const { records } = (await search(admin, { keyword: DEMO_ACCOUNTS.TENANT_USER })).data!;
    const tenant = records.find((r) => r.mobile === DEMO_ACCOUNTS.TENANT_USER)!;
    expect(tenant.accountStatus).toBe("ACTIVE");
    expect(tenant.roleNames.length).toBeGreaterThan(0);
    expect(tenant.roleIds.length).toBe(tenant.roleNames.split("、").length);
    const later = new Date(Date.now() + 3600_000).toISOString();
    await platform.db.kysely.updateTable("users").set({ locked_until: later }).where("id", "=", tenant.id).execute();
    const locked = (await search(admin, { keyword: DEMO_ACCOUNTS.TENANT_USER, accountStatus: "LOCKED" })).data!.records;
    expect(locked.map((r) => r.id)).toEqual([tenant.id]);
    expect(locked[0]!.actions).toEqual(expect.arrayContaining(["unlock", "disable", "resetPassword"]));
    expect(locked[0]!.actions).not.toContain("enable");
    const unlocked = await call<Account>(platform.baseUrl, `/iam-user/${tenant.id}/unlock`, { token: admin });
    expect(unlocked.body.data!.accountStatus).toBe("ACTIVE");
    await platform.db.kysely.updateTable("users").set({ locked_until: new Date(Date.now() - 1000).toISOString() }).where("id", "=", tenant.id).execute();
    expect((await search(admin, { keyword: DEMO_ACCOUNTS.TENANT_USER })).data!.records[0]!.accountStatus).toBe("ACTIVE");
  });

  it("refuses a row action the account's state does not allow, naming the state, and one's own 停用", async () => {
    const { records } = (await search(admin, { keyword: DEMO_ACCOUNTS.ORG_USER })).data!;
    const account = records.find((r) => r.mobile === DEMO_ACCOUNTS.ORG_USER)!;
    expect(account.actions).not.toContain("enable");
    const refused = await call(platform.baseUrl, `/iam-user/${account.id}/enable`, { token: admin });
    expect(refused.body.code).toBe(4009);
    expect(refused.body.message).toContain("账号状态为「正常」，不能启用");
    const self = (await search(admin, { keyword: DEMO_ACCOUNTS.SYSTEM_USER })).data!.records.find((r) => r.mobile === DEMO_ACCOUNTS.SYSTEM_USER)!;
    expect(self.actions).not.toContain("disable");
    expect(self.actions).not.toContain("forceLogout");
    expect((await call(platform.baseUrl, `/iam-user/${self.id}/disable`, { token: admin })).body.code).toBe(4009);
  });

  it("keeps tenant staff to their tenant's staff accounts, and refuses a caller without 用户管理", async () => {
    const tenant = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.TENANT_USER)).accessToken;
    const theirs = (await search(tenant, {})).data!.records;
    expect(theirs.length).toBeGreaterThan(0);
    for (const kind of new Set(theirs.map((r) => r.userType))) expect(["TENANT_USER", "ORG_USER"]).toContain(kind);
    const individual = (await search(admin, { keyword: DEMO_ACCOUNTS.INDIVIDUAL_USER })).data!.records[0]!;
    expect((await call(platform.baseUrl, `/iam-user/${individual.id}/resetPassword`, { token: tenant })).status).toBe(404);
    const mine = (await search(admin, { keyword: DEMO_ACCOUNTS.ORG_USER })).data!.records[0]!;
    // The demo organisation's account has no 用户管理 (IAM_USER_MANAGEMENT): neither the list nor an action.
    expect((await search(org, {})).code).toBe(4003);
    expect((await call(platform.baseUrl, `/iam-user/${mine.id}/resetPassword`, { token: org })).body.code).toBe(4003);
  });
});
