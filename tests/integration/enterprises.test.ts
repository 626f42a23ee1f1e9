/**
 * The rules the enterprise and invitation bindings add to the engine: an enterprise is its
 * organisation (same id) created with its 管理员 in one transaction, credit codes mirror into
 * organisations, 停用 blocks the enterprise's users; invitations get unique codes, 重发 is limited to
 * three sends a China day, overdue invitations expire; and who sees which enterprise.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.js";
import { creditCodeWithCheck } from "../../contract/validation.js";
import { chinaCompactDate, chinaDate } from "../../contract/units.js";
import { hashPassword } from "../../platform/identity/crypto.js";
import { expireOverdueInvitations } from "../../platform/masterdata/invitation.resource.js";
import { inviteCodeHash } from "../../platform/masterdata/invite-codes.js";
import { hashClearInviteCodes } from "../../platform/db/migrations/0050_hashed_invite_codes.js";
import { DEMO_PASSWORD, call, loginAs, type CallResult } from "../helpers/platform.js";
import { as, grantCredentials, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

type Rec = Record<string, unknown> & { id: number; actions: string[]; version: number };

let f: FreightTestPlatform;
/** A TENANT_USER of a second tenant of the same platform, with the enterprise and invitation codes. */
let otherTenantToken: string;
let otherTenantId: number;
let serial = 0;

beforeAll(async () => {
  f = await startFreightPlatform("enterprises");
  const db = f.p.db.kysely;
  const tenant = await db.insertInto("tenants").values({ platform_id: "A", name: "苏北粮贸集团" }).returning("id").executeTakeFirstOrThrow();
  otherTenantId = Number(tenant.id);
  const role = await db.insertInto("roles").values({ platform_id: "A", name: "苏北运营", user_type: "TENANT_USER" }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("role_permissions").values(["TMS_ENTERPRISE_MANAGEMENT", "TMS_ENTERPRISE_APPROVE", "TMS_REGISTER_INVITE"].map((code) => ({ role_id: role.id, permission_code: code }))).execute();
  const user = await db
    .insertInto("users")
    .values({ platform_id: "A", tenant_id: otherTenantId, org_id: null, type: "TENANT_USER", mobile: "13700009999", name: "苏运营", password_hash: await hashPassword(DEMO_PASSWORD), headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: new Date(Date.now() + 30 * 86_400_000).toISOString(), created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
  otherTenantToken = (await loginAs(f.p.baseUrl, "13700009999")).accessToken;
});
afterAll(async () => {
  await f?.close();
});

const E = "/tms-enterprise";
const I = "/tms-registration-invite";
const other = <T>(path: string, body?: unknown, method = "POST") => call<T>(f.p.baseUrl, path, { token: otherTenantToken, body: method === "GET" ? undefined : (body ?? {}), method });

function enterpriseBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `安徽测试粮贸有限公司${serial}`,
    creditCode: creditCodeWithCheck(`91340100MA${String(7_000_000 + serial)}`),
    kind: "SHIPPER",
    businessMode: "SELF_OPERATED",
    adminName: "周经理",
    adminMobile: `1775${String(serial).padStart(7, "0")}`,
    contactName: "周经理",
    contactMobile: "0551-62345678",
    ...overrides,
  };
}

async function expectRefusal(promise: Promise<CallResult>, code: number, message: string | RegExp) {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code, JSON.stringify(res.body)).toBe(code);
  expect(res.body.message).toMatch(message);
}

const count = async (table: "organisations" | "users" | "enterprise_profiles") => Number((await f.p.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("enterprises", () => {
  it("creates the organisation, the profile under the same id and its 管理员 in one go", async () => {
    const body = enterpriseBody();
    const created = await okData<Rec>(as(f, "TENANT_USER", E, body));
    const db = f.p.db.kysely;
    const org = await db.selectFrom("organisations").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(org).toMatchObject({ platform_id: "A", name: body.name, credit_code: body.creditCode });
    const tenantOfCaller = await db.selectFrom("users").select("tenant_id").where("id", "=", f.userIds.TENANT_USER).executeTakeFirstOrThrow();
    expect(Number(org.tenant_id)).toBe(Number(tenantOfCaller.tenant_id));
    const profile = await db.selectFrom("enterprise_profiles").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(Number(profile.org_id)).toBe(created.id);
    expect(profile.audit_status).toBe("PENDING");
    expect(created).toMatchObject({ orgId: created.id, orgName: body.name, auditStatus: "PENDING", enabled: "ENABLED" });
    const admin = await db.selectFrom("users").selectAll().where("mobile", "=", body.adminMobile).executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ type: "ORG_USER", name: "周经理", status: "ACTIVE" });
    expect(Number(admin.org_id)).toBe(created.id);
    expect(Number(profile.admin_user_id)).toBe(Number(admin.id));
    expect(admin.password_hash).toMatch(/^scrypt\$/);
    const roles = await db.selectFrom("user_roles").innerJoin("roles", "roles.id", "user_roles.role_id").select(["roles.name", "roles.id"]).where("user_roles.user_id", "=", admin.id).execute();
    expect(roles.map((r) => r.name)).toEqual(["企业管理员"]);
    const codes = await db.selectFrom("role_permissions").select("permission_code").where("role_id", "=", roles[0]!.id).execute();
    expect(codes.map((c) => c.permission_code)).toContain("TMS_RESOURCE_DRIVER");
    // The initial password went out (development outbox) and is the admin's real password.
    const sms = await db.selectFrom("dev_outbox").select("content").where("mobile", "=", body.adminMobile).where("kind", "=", "enterprise-admin").executeTakeFirstOrThrow();
    expect(sms.content).toContain(body.name);

    // A second enterprise reuses the one 企业管理员 role of the platform.
    const second = await okData<Rec>(as(f, "SYSTEM_USER", E, enterpriseBody()));
    const secondAdmin = await db.selectFrom("user_roles").innerJoin("roles", "roles.id", "user_roles.role_id").select("roles.id").innerJoin("users", "users.id", "user_roles.user_id").where("users.org_id", "=", second.id).executeTakeFirstOrThrow();
    expect(Number(secondAdmin.id)).toBe(Number(roles[0]!.id));
    // A platform user's enterprise goes to the platform's first tenant.
    const firstTenant = await db.selectFrom("tenants").select("id").where("platform_id", "=", "A").orderBy("id").executeTakeFirstOrThrow();
    expect(Number((await db.selectFrom("organisations").select("tenant_id").where("id", "=", second.id).executeTakeFirstOrThrow()).tenant_id)).toBe(Number(firstTenant.id));
  });

  it("refuses the whole when the admin mobile is already a user, or the credit code is taken", async () => {
    const before = { orgs: await count("organisations"), users: await count("users"), profiles: await count("enterprise_profiles") };
    await expectRefusal(as(f, "TENANT_USER", E, enterpriseBody({ adminMobile: "13800000004" })), 4009, /13800000004 已是平台用户/);
    const taken = await f.p.db.kysely.selectFrom("organisations").select("credit_code").where("id", "=", f.orgIds[1]!).executeTakeFirstOrThrow();
    await expectRefusal(as(f, "TENANT_USER", E, enterpriseBody({ creditCode: taken.credit_code })), 4009, /已登记/);
    expect({ orgs: await count("organisations"), users: await count("users"), profiles: await count("enterprise_profiles") }).toEqual(before);
  });

  it("mirrors 企业名称 and 统一社会信用代码 into organisations on edit, and sends it back to 待审核", async () => {
    const created = await okData<Rec>(as(f, "TENANT_USER", E, enterpriseBody()));
    await grantCredentials(f, "ENTERPRISE", Number(created.id));
    await okData(as(f, "TENANT_USER", `${E}/${created.id}/approve`, { auditRemark: "资料齐全" }));
    const code = creditCodeWithCheck("91320800MA1Y7RK9D");
    const edited = await okData<Rec>(as(f, "TENANT_USER", `${E}/${created.id}`, { name: "江苏淮安新禾粮食有限公司", creditCode: code }, "PUT"));
    expect(edited).toMatchObject({ name: "江苏淮安新禾粮食有限公司", creditCode: code, auditStatus: "PENDING", orgName: "江苏淮安新禾粮食有限公司" });
    const org = await f.p.db.kysely.selectFrom("organisations").select(["name", "credit_code"]).where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(org).toEqual({ name: "江苏淮安新禾粮食有限公司", credit_code: code });
    // The admin fields are set on create only.
    const res = await as(f, "TENANT_USER", `${E}/${created.id}`, { adminMobile: "13912345678" }, "PUT");
    expect(res.status).toBe(400);
  });

  it("停用 blocks the enterprise's users from logging in, 启用 lets them back", async () => {
    const body = enterpriseBody();
    const created = await okData<Rec>(as(f, "TENANT_USER", E, body));
    await okData(as(f, "TENANT_USER", `${E}/${created.id}/disable`, {}));
    const status = async () => (await f.p.db.kysely.selectFrom("users").select("status").where("mobile", "=", body.adminMobile).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe("ORG_DISABLED");
    await okData(as(f, "TENANT_USER", `${E}/${created.id}/enable`, {}));
    expect(await status()).toBe("ACTIVE");
  });

  it("scope: the platform sees all, a tenant its own, an organisation only itself, an individual none", async () => {
    const search = (account: Account) => okData<Paged<Rec>>(as(f, account, `${E}/search`, { size: 200 }));
    const all = await search("SYSTEM_USER");
    const tenant = await search("TENANT_USER");
    expect(all.total).toBeGreaterThanOrEqual(7);
    expect(tenant.total).toBe(all.records.filter((r) => r.tenantId !== otherTenantId).length);
    const mine = await search("ORG_USER");
    expect(mine.records.map((r) => r.id)).toEqual([f.orgIds[0]]);
    expect(mine.records[0]).toMatchObject({ name: "蚌埠粮食运输有限公司", auditStatus: "APPROVED" });
    expect(mine.records[0]!.actions).toEqual(["detail"]);
    expect((await as(f, "ORG_USER", `${E}/${f.orgIds[1]}`, undefined, "GET")).status).toBe(404);
    await expectRefusal(as(f, "INDIVIDUAL_USER", `${E}/search`, {}), 4003, /企业/);

    // A tenant user of another tenant sees none of the demo tenant's enterprises, by any call.
    const elsewhere = await other<Paged<Rec>>(`${E}/search`, { size: 200 });
    expect(elsewhere.body.data!.total).toBe(0);
    expect((await other<unknown[]>(`${E}/options`, {})).body.data).toEqual([]);
    expect((await other(`${E}/${f.orgIds[0]}`, undefined, "GET")).status).toBe(404);
    expect((await other(`${E}/${f.orgIds[0]}/users`, undefined, "GET")).status).toBe(404);
    expect((await other(`${E}/${f.orgIds[0]}`, { remark: "改" }, "PUT")).status).toBe(404);
    // … and its own enterprise lands in its own tenant, invisible to the demo tenant.
    const own = await other<Rec>(E, enterpriseBody());
    expect(own.body.code, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data!.tenantId).toBe(otherTenantId);
    expect((await as(f, "TENANT_USER", `${E}/${own.body.data!.id}`, undefined, "GET")).status).toBe(404);
    expect((await other<Paged<Rec>>(`${E}/search`, {})).body.data!.total).toBe(1);
  });

  it("lists an enterprise's users through the scoped users call", async () => {
    const users = await okData<Array<{ name: string; mobile: string; admin: boolean; roles: string[] }>>(as(f, "TENANT_USER", `${E}/${f.orgIds[0]}/users`, undefined, "GET"));
    const admin = users.find((u) => u.admin);
    expect(admin).toMatchObject({ name: "李调度", mobile: "138****0003" });
    const own = await okData<unknown[]>(as(f, "ORG_USER", `${E}/${f.orgIds[0]}/users`, undefined, "GET"));
    expect(own.length).toBe(users.length);
    expect((await as(f, "ORG_USER", `${E}/${f.orgIds[1]}/users`, undefined, "GET")).status).toBe(404);
  });
});

describe("registration invitations", () => {
  let mobileSerial = 0;
  const invite = (overrides: Record<string, unknown> = {}) => as<Rec>(f, "TENANT_USER", I, { inviteeName: "赵师傅", inviteeMobile: `1766${String((mobileSerial += 1)).padStart(7, "0")}`, role: "DRIVER", channel: "SMS", ...overrides });
  const row = (id: number) => f.p.db.kysely.selectFrom("registration_invitations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("numbers each invitation YQ + China date + serial and gives it a unique 8-character code", async () => {
    const created: Rec[] = [];
    for (let i = 0; i < 25; i += 1) created.push(await okData(invite({ inviteOrgId: f.orgIds[i % 3] })));
    for (const r of created) {
      expect(r.inviteNo).toMatch(new RegExp(`^YQ${chinaCompactDate()}\\d{6}$`));
      expect(r.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
      expect(r.status).toBe("SENT");
      expect(r.inviterName).toBe("王运营");
    }
    expect(new Set(created.map((r) => r.inviteCode)).size).toBe(created.length);
    expect(new Set(created.map((r) => r.inviteNo)).size).toBe(created.length);
    const first = await row(created[0]!.id);
    // Told once (the answer, the SMS); the row keeps its keyed hash and its last two characters only.
    const code = String(created[0]!.inviteCode);
    expect(first.invite_code).toBe(`******${code.slice(-2)}`);
    expect(first.invite_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(first)).not.toContain(code);
    expect((await okData<Rec>(as(f, "TENANT_USER", `${I}/${created[0]!.id}`, undefined, "GET"))).inviteCode).toBe(first.invite_code);
    expect(Date.parse(first.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(first).toMatchObject({ send_count_day: 1, last_sent_day: chinaDate() });
    // A row from before codes were hashed gets, by migration 0050's rewrite, the hash that 账号激活
    // looks its code up by, and keeps only the masked tail.
    const { id: _old, ...older } = first;
    const legacy = await f.p.db.kysely.insertInto("registration_invitations").values({ ...older, invite_no: "YQLEGACY", invitee_mobile: "17669990001", invite_code: "LEGACY23", invite_code_hash: null as unknown as string }).returning("id").executeTakeFirstOrThrow();
    await hashClearInviteCodes(f.p.db.kysely as never);
    expect(await row(Number(legacy.id))).toMatchObject({ invite_code: "******23", invite_code_hash: inviteCodeHash("A", "LEGACY23") });
    // The database refuses a second row with the same code in the platform.
    const { id: _id, ...copy } = first;
    await expect(f.p.db.kysely.insertInto("registration_invitations").values({ ...copy, invite_no: "YQDUP" }).execute()).rejects.toThrow();
    // One open invitation per mobile and role.
    await expectRefusal(as(f, "TENANT_USER", I, { inviteeMobile: first.invitee_mobile, role: "DRIVER", channel: "WECHAT" }), 4009, /已有未过期的司机邀请/);
    expect((await okData<Rec>(as(f, "TENANT_USER", I, { inviteeMobile: first.invitee_mobile, role: "CAPTAIN", channel: "WECHAT" }))).status).toBe("SENT");
  });

  it("重发 keeps it 已邀请, renews the expiry and allows three sends a China day", async () => {
    const created = await okData<Rec>(invite());
    await f.p.db.kysely.updateTable("registration_invitations").set({ expires_at: new Date(Date.now() + 3600_000).toISOString() }).where("id", "=", created.id).execute();
    const resent = await okData<Rec>(as(f, "TENANT_USER", `${I}/${created.id}/resend`, {}));
    let now = await row(created.id);
    expect(now).toMatchObject({ status: "SENT", send_count_day: 2 });
    // Each send draws a new code, told in its answer; the last one no longer opens the invitation.
    expect(resent.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(resent.inviteCode).not.toBe(created.inviteCode);
    expect(String(resent.warning)).toContain(`邀请码 ${String(resent.inviteCode)}`);
    expect(now.invite_code_hash).toBe(inviteCodeHash("A", String(resent.inviteCode)));
    expect(Date.parse(now.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await okData(as(f, "TENANT_USER", `${I}/${created.id}/resend`, {}));
    await expectRefusal(as(f, "TENANT_USER", `${I}/${created.id}/resend`, {}), 4009, /今日已发送 3 次/);
    now = await row(created.id);
    expect(now).toMatchObject({ status: "SENT", send_count_day: 3 });
    // A new China day starts the count again.
    await f.p.db.kysely.updateTable("registration_invitations").set({ last_sent_day: "2020-01-01" }).where("id", "=", created.id).execute();
    await okData(as(f, "TENANT_USER", `${I}/${created.id}/resend`, {}));
    expect(await row(created.id)).toMatchObject({ send_count_day: 1, last_sent_day: chinaDate() });
    const sent = await f.p.db.kysely.selectFrom("dev_outbox").select("content").where("mobile", "=", now.invitee_mobile).where("kind", "=", "invite").execute();
    expect(sent.length).toBe(4);
    // 撤回 ends it; nothing more may be sent.
    await okData(as(f, "TENANT_USER", `${I}/${created.id}/revoke`, {}));
    await expectRefusal(as(f, "TENANT_USER", `${I}/${created.id}/resend`, {}), 4009, /已撤回/);
  });

  it("marks invitations past their expiry 已过期", async () => {
    const a = await okData<Rec>(invite());
    const b = await okData<Rec>(invite());
    const past = new Date(Date.now() - 60_000).toISOString();
    await f.p.db.kysely.updateTable("registration_invitations").set({ expires_at: past }).where("id", "in", [a.id, b.id]).execute();
    await expectRefusal(as(f, "TENANT_USER", `${I}/${a.id}/resend`, {}), 4009, /已过期/);
    // The sweep after each create (and the minute job) expires both.
    await okData(invite());
    expect((await row(a.id)).status).toBe("EXPIRED");
    expect((await row(b.id)).status).toBe("EXPIRED");
    const events = await f.p.db.kysely.selectFrom("resource_events").select(["action", "operator_name"]).where("resource", "=", "invitation").where("record_id", "=", a.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(events).toEqual({ action: "EXPIRE", operator_name: "系统" });
    expect(await f.p.db.kysely.transaction().execute((trx) => expireOverdueInvitations(trx))).toBe(0);
  });

  it("scope: staff of their tenant only; organisations and individuals are refused", async () => {
    const mine = await okData<Paged<Rec>>(as(f, "TENANT_USER", `${I}/search`, { size: 200 }));
    expect(mine.total).toBeGreaterThan(0);
    expect((await other<Paged<Rec>>(`${I}/search`, {})).body.data!.total).toBe(0);
    expect((await other(`${I}/${mine.records[0]!.id}/revoke`, {})).status).toBe(404);
    // A second tenant's user cannot invite into the demo tenant's enterprise.
    expect((await other(I, { inviteeMobile: "17600000001", role: "DRIVER", channel: "SMS", inviteOrgId: f.orgIds[0] })).status).toBe(400);
    await expectRefusal(as(f, "ORG_USER", `${I}/search`, {}), 4003, /注册邀请/);
    await expectRefusal(as(f, "INDIVIDUAL_USER", I, { inviteeMobile: "17600000002", role: "DRIVER", channel: "SMS" }), 4003, /注册邀请/);
  });
});
