/**
 * Onboarding: a new enterprise and a new driver start from nothing the seed made. The enterprise's
 * 管理员 gets his initial password through the SMS gateway, must change it, and holds every
 * 企业管理员 code; a driver the enterprise adds gets an account (one per person, however many
 * rosters he is on) and an SMS, logs in, sees and steps the waybills dispatched to him, and is paid.
 */
import { openIdNo } from "../../platform/db/personal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleIdCard } from "../../contract/resources/driver.js";
import { creditCodeWithCheck } from "../../contract/validation.js";
import { DEMO_ACCOUNTS, call, loginAs } from "../helpers/platform.js";
import { DEMO_CAPTAIN } from "../../platform/db/seed.js";
import { as, carrierOf, createOrder, grantCredentials, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";
import { waterCarrierCodesMigration } from "../../platform/db/migrations/0052_water_carrier_codes.js";
import { CAPTAIN_CARRIER_ROLE, ENTERPRISE_ADMIN_ROLE } from "../../contract/role-templates.js";

let f: FreightTestPlatform;
const TAG = String(process.pid % 10_000).padStart(4, "0");

beforeAll(async () => {
  f = await startFreightPlatform("onboarding");
});
afterAll(async () => {
  await f?.close();
});

const post = <T>(token: string, path: string, body: unknown = {}) => call<T>(f.p.baseUrl, path, { token, body });
const get = <T>(token: string, path: string) => call<T>(f.p.baseUrl, path, { token, method: "GET" });

/** What the SMS gateway (the stand-in) accepted for a mobile, newest last. */
async function smsTo(mobile: string): Promise<string[]> {
  const res = await fetch(`${f.p.baseUrl}/dev/sms-standin/_control/messages`);
  const { sent } = (await res.json()) as { sent: Array<{ mobile: string; text: string }> };
  return sent.filter((m) => m.mobile === mobile).map((m) => m.text);
}

/** Logs in with an SMS code (the development outbox holds the code). */
async function smsLogin(mobile: string) {
  await okData(call(f.p.baseUrl, "/api/v1/auth/sms-auth-code", { body: { mobile, clientId: "test" } }));
  const code = (await call<{ content: string }>(f.p.baseUrl, `/api/v1/dev/outbox?mobile=${mobile}&kind=sms`, { method: "GET" })).body.data!.content;
  const csrf = await call<{ csrfToken: string }>(f.p.baseUrl, "/api/v1/auth/csrf", { body: { clientId: "test" } });
  return okData<{ accessToken: string }>(call(f.p.baseUrl, "/api/v1/auth/third-class-insurance/token", { body: { grantType: "sms", authKey: mobile, smsCode: code, clientId: "test", csrfToken: csrf.body.data!.csrfToken } }));
}

const userInfo = async (token: string) => okData<{ permissions: string[]; type: string }>(post(token, "/api/v1/auth/user-info"));

const enterprise = { name: `淮南新开粮贸有限公司${TAG}`, adminMobile: `1776${TAG}001`, id: 0, adminToken: "" };
const driverMobile = `1776${TAG}101`;
const driverBody = (n: number) => ({ name: "孙建国", mobile: driverMobile, idCardNo: exampleIdCard(n), vehicleClass: "A2", licenseValidTo: "2032-03-15", qualificationCertNo: exampleIdCard(n), qualificationValidTo: "2030-12-31", driverType: "OWN" });

describe("enterprise onboarding", () => {
  it("sends the new administrator his password by SMS, forces a change, and gives him every 企业管理员 code", async () => {
    const created = await okData<{ id: number }>(
      as(f, "SYSTEM_USER", "/tms-enterprise", { name: enterprise.name, creditCode: creditCodeWithCheck(`91340400MA${String(8_000_000 + Number(TAG))}`), kind: "SHIPPER", businessMode: "SELF_OPERATED", adminName: "钱经理", adminMobile: enterprise.adminMobile, contactName: "钱经理", contactMobile: "0554-6234567" }),
    );
    enterprise.id = created.id;
    await grantCredentials(f, "ENTERPRISE", created.id);
    await okData(as(f, "SYSTEM_USER", `/tms-enterprise/${created.id}/approve`, {}));

    const [text] = await smsTo(enterprise.adminMobile);
    expect(text).toContain(enterprise.name);
    const password = /初始密码 (\S+)，/.exec(text!)![1]!;
    // The log keeps the message, never the password.
    const logged = await f.p.db.kysely.selectFrom("sms_send_logs").select(["content", "request_excerpt", "status"]).where("mobile", "=", enterprise.adminMobile).executeTakeFirstOrThrow();
    expect(logged.status).toBe("SENT");
    expect(`${logged.content}${logged.request_excerpt}`).not.toContain(password);

    const first = (await loginAs(f.p.baseUrl, enterprise.adminMobile, password)) as { accessToken: string; pwExpiration?: string };
    expect(Date.parse(first.pwExpiration!)).toBeLessThanOrEqual(Date.now());
    const changed = await okData<{ pwExpiration: string }>(post(first.accessToken, "/personal/password", { oldPassword: password, newPassword: "Xinkai2026ok" }));
    expect(Date.parse(changed.pwExpiration)).toBeGreaterThan(Date.now());
    const again = (await loginAs(f.p.baseUrl, enterprise.adminMobile, "Xinkai2026ok")) as { accessToken: string; pwExpiration?: string };
    expect(Date.parse(again.pwExpiration!)).toBeGreaterThan(Date.now());
    enterprise.adminToken = again.accessToken;

    const { permissions } = await userInfo(enterprise.adminToken);
    for (const code of ["TMS_NEW_SOURCE", "PAY_ACCOUNT_RECHARGE", "PAY_PAYMENT_MANAGEMENT", "PAY_BANK_CARD", "TMS_INVOICE_APPLY", "TMS_STATISTICS_OF_lOADING_TRAFFIC", "TMS_RESOURCE_DRIVER", "TMS_FREIGHT_WATER", "IAM_USER_MANAGEMENT"]) expect(permissions).toContain(code);
    // The pages those codes open answer him.
    expect((await get(enterprise.adminToken, "/pay/account")).body.code).toBe(200);
    // The approval reached him in his message centre.
    const inbox = await okData<{ records: Array<{ content: string; targetType: string }> }>(post(enterprise.adminToken, "/sys-notification/self/search", {}));
    expect(inbox.records.map((n) => n.content)).toContain(`您的企业「${enterprise.name}」已审核通过。`);
  });

  it("keeps the demo enterprises' administrators working with the same role", async () => {
    const admin = await f.p.db.kysely
      .selectFrom("users")
      .innerJoin("user_roles", "user_roles.user_id", "users.id")
      .innerJoin("roles", "roles.id", "user_roles.role_id")
      .select("users.mobile")
      .where("roles.name", "=", "企业管理员")
      .where("users.status", "=", "ACTIVE")
      .where("users.mobile", "<>", enterprise.adminMobile)
      .orderBy("users.id")
      .executeTakeFirstOrThrow();
    const { accessToken } = await loginAs(f.p.baseUrl, admin.mobile);
    expect((await userInfo(accessToken)).permissions).toContain("TMS_NEW_SOURCE");
  });

  it("sends a user made on 用户管理 his initial and reset passwords by SMS", async () => {
    const mobile = `1776${TAG}201`;
    const user = await okData<{ id: number }>(post(enterprise.adminToken, "/iam-user", { type: "ORG_USER", mobile, name: "赵调度", roleIds: [] }));
    expect((await smsTo(mobile)).at(-1)).toMatch(/已开通，初始密码为 \S+，/);
    await okData(post(enterprise.adminToken, `/iam-user/${user.id}/resetPassword`));
    const reset = (await smsTo(mobile)).at(-1)!;
    expect(reset).toMatch(/密码已重置，初始密码为 \S+，/);
    const login = (await loginAs(f.p.baseUrl, mobile, /初始密码为 (\S+)，/.exec(reset)![1]!)) as { pwExpiration?: string };
    expect(Date.parse(login.pwExpiration!)).toBeLessThanOrEqual(Date.now());
  });
});

describe("driver onboarding", () => {
  let driverUserId = 0;

  it("gives a driver an enterprise adds one account and an SMS, however many rosters he is on", async () => {
    const entry = await okData<{ id: number; profileId: number }>(post(enterprise.adminToken, "/tms-driver", driverBody(Number(TAG) + 31)));
    const db = f.p.db.kysely;
    const account = await db.selectFrom("users").select(["id", "type", "platform_id"]).where("mobile", "=", driverMobile).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ type: "INDIVIDUAL_USER", platform_id: "A" });
    driverUserId = Number(account.id);
    const row = await db.selectFrom("freight_drivers").select("user_id").where("id", "=", entry.id).executeTakeFirstOrThrow();
    expect(Number(row.user_id)).toBe(driverUserId);
    const [sms] = await smsTo(driverMobile);
    expect(sms).toContain(enterprise.name);
    expect(sms).toContain("司机");

    // The demo enterprise adds the same person: the same account, never a second one.
    const second = await okData<{ id: number }>(as(f, "ORG_USER", "/tms-driver", driverBody(Number(TAG) + 31)));
    const secondRow = await db.selectFrom("freight_drivers").select("user_id").where("id", "=", second.id).executeTakeFirstOrThrow();
    expect(Number(secondRow.user_id)).toBe(driverUserId);
    expect((await db.selectFrom("users").select("id").where("mobile", "=", driverMobile).execute()).length).toBe(1);
  });

  it("lets 张师傅, put on a new enterprise's roster, see its waybills under his own account", async () => {
    const db = f.p.db.kysely;
    const zhang = await db.selectFrom("driver_profiles").select(["id_card_no", "name", "mobile"]).where("user_id", "=", f.userIds.INDIVIDUAL_USER).executeTakeFirstOrThrow();
    const entry = await okData<{ id: number }>(post(enterprise.adminToken, "/tms-driver", { ...driverBody(1), name: zhang.name, mobile: DEMO_ACCOUNTS.INDIVIDUAL_USER, idCardNo: openIdNo(zhang.id_card_no), qualificationCertNo: openIdNo(zhang.id_card_no) }));
    const row = await db.selectFrom("freight_drivers").select("user_id").where("id", "=", entry.id).executeTakeFirstOrThrow();
    expect(Number(row.user_id)).toBe(f.userIds.INDIVIDUAL_USER);
  });

  it("lets the new driver log in, see and step the waybill dispatched to him, and be paid into his wallet", async () => {
    const db = f.p.db.kysely;
    const roster = await db.selectFrom("freight_drivers").select(["id", "profile_id"]).where("org_id", "=", f.orgIds[0]!).where("user_id", "=", driverUserId).executeTakeFirstOrThrow();
    await grantCredentials(f, "DRIVER", Number(roster.profile_id));
    await okData(as(f, "SYSTEM_USER", `/tms-driver-profile/${roster.profile_id}/approve`, {}));
    const told = await db.selectFrom("notifications").select("content").where("user_id", "=", driverUserId).execute();
    expect(told.map((n) => n.content)).toContain("您的司机档案「孙建国」已审核通过。");
    const orderId = await createOrder(f);
    const { vehicleId } = await carrierOf(f, "ROAD");
    const dispatched = await okData<{ freights: Array<{ id: number; freightNo: string }> }>(as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId, items: [{ driverId: Number(roster.id), vehicleId, plannedWeight: 40_000 }] }));
    const waybill = dispatched.freights[0]!;

    const { accessToken: driver } = await smsLogin(driverMobile);
    const found = await okData<{ records: Array<{ freightNo: string }> }>(post(driver, "/tms-freight/search", {}));
    expect(found.records.map((r) => r.freightNo)).toEqual([waybill.freightNo]);
    await okData(post(driver, "/tms-freight/loading", { id: waybill.id, loadedWeight: 40_000, weighTicketUrl: "/files/weigh-tickets/test.jpg" }));
    await okData(post(driver, "/tms-freight/unLoading", { id: waybill.id, unloadedWeight: 39_950, weighTicketUrl: "/files/weigh-tickets/test.jpg" }));
    for (const step of ["sign", "fleet-confirm", "complete"]) await okData(as(f, "ORG_USER", `/tms-freight/${step}`, { id: waybill.id }));

    await okData(as(f, "ORG_USER", "/pay/payments", { requestNo: `ONB${TAG}${Date.now()}`, freightIds: [waybill.id] }));
    const wallet = await okData<{ account: { available: number } }>(get(driver, "/pay/account"));
    expect(Number(wallet.account.available)).toBeGreaterThan(0);
  });
});

describe("captain onboarding", () => {
  const captainMobile = `1776${TAG}401`;
  let captainUserId = 0;
  /** The permission codes an account's roles hold. */
  const codesOf = async (userId: number) =>
    (await f.p.db.kysely.selectFrom("user_roles as ur").innerJoin("role_permissions as rp", "rp.role_id", "ur.role_id").select("rp.permission_code").where("ur.user_id", "=", userId).execute()).map((r) => r.permission_code);
  const userOf = async (mobile: string) => Number((await f.p.db.kysely.selectFrom("users").select("id").where("mobile", "=", mobile).executeTakeFirstOrThrow()).id);

  it("gives a captain the new enterprise adds an account whose role sees his water waybills; a driver who becomes a captain gains it", async () => {
    // The new administrator may keep captains at all: the water permission is his template's.
    await okData(post(enterprise.adminToken, "/tms-captain", { name: "周海涛", mobile: captainMobile, idCardNo: exampleIdCard(Number(TAG) + 61), certificateNo: `皖内河${TAG}061`, crewPosition: "CAPTAIN", navArea: "B", certValidTo: "2031-06-30" }));
    captainUserId = await userOf(captainMobile);
    expect(await codesOf(captainUserId)).toEqual(expect.arrayContaining(["TMS_FREIGHT_WATER", "PAY_WITHDRAW_APPLY", "PAY_BANK_CARD"]));
    expect((await smsTo(captainMobile)).join("\n")).toContain("船长");

    // The driver onboarded above holds nothing of water until he is on a roster of captains too.
    const driverUserId = await userOf(driverMobile);
    expect(await codesOf(driverUserId)).not.toContain("TMS_FREIGHT_WATER");
    await okData(post(enterprise.adminToken, "/tms-captain", { name: "孙建国", mobile: driverMobile, idCardNo: exampleIdCard(Number(TAG) + 31), certificateNo: `皖内河${TAG}031`, crewPosition: "CAPTAIN", navArea: "B", certValidTo: "2031-06-30" }));
    const roles = await f.p.db.kysely.selectFrom("user_roles as ur").innerJoin("roles as r", "r.id", "ur.role_id").select("r.name").where("ur.user_id", "=", driverUserId).execute();
    expect(roles.map((r) => r.name).sort()).toEqual([CAPTAIN_CARRIER_ROLE, "司机/船长"].sort());
    expect(await codesOf(driverUserId)).toContain("TMS_FREIGHT_WATER");
  });

  it("migration 0052 gives existing administrators' roles and captains' accounts the water permission", async () => {
    const db = f.p.db.kysely;
    // As a database made before the templates held it: no water code in 企业管理员, no 船长 role for the captain.
    const adminRoles = db.selectFrom("roles").select("id").where("name", "=", ENTERPRISE_ADMIN_ROLE);
    await db.deleteFrom("role_permissions").where("permission_code", "=", "TMS_FREIGHT_WATER").where("role_id", "in", adminRoles).execute();
    await db.deleteFrom("user_roles").where("user_id", "=", captainUserId).execute();
    const adminUserId = await userOf(enterprise.adminMobile);
    expect(await codesOf(adminUserId)).not.toContain("TMS_FREIGHT_WATER");
    expect(await codesOf(captainUserId)).toEqual([]);
    await waterCarrierCodesMigration(f.p.db.dialect).up(db as never);
    expect(await codesOf(adminUserId)).toContain("TMS_FREIGHT_WATER");
    expect(await codesOf(captainUserId)).toContain("TMS_FREIGHT_WATER");
    // The demo captain's own role (个人船长) already sees water: he gets nothing more.
    const demo = await db.selectFrom("users as u").innerJoin("user_roles as ur", "ur.user_id", "u.id").innerJoin("roles as r", "r.id", "ur.role_id").select("r.name").where("u.mobile", "=", DEMO_CAPTAIN.mobile).execute();
    expect(demo.map((r) => r.name)).toEqual([DEMO_CAPTAIN.role]);
  });
});

describe("账号激活 and 注册邀请", () => {
  const outboxCode = async (mobile: string) => (await call<{ content: string } | null>(f.p.baseUrl, `/api/v1/dev/outbox?mobile=${mobile}&kind=sms`, { method: "GET" })).body.data?.content ?? null;
  const activationCode = async (mobile: string, inviteCode?: string) => {
    await okData(call(f.p.baseUrl, "/api/v1/auth/activation/sms", { body: { clientId: "test", mobile, inviteCode } }));
    return outboxCode(mobile);
  };

  it("lets a driver whose account an enterprise made set his password with an SMS code, once", async () => {
    const mobile = `1776${TAG}102`;
    await okData(post(enterprise.adminToken, "/tms-driver", { ...driverBody(Number(TAG) + 77), name: "周立新", mobile }));
    const code = await activationCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const refused = await call(f.p.baseUrl, "/api/v1/auth/activation", { body: { mobile, smsCode: code, password: "short" } });
    expect(refused.status).toBe(400);
    expect(refused.body.errorMsg).toContain("8–20 位");
    expect(await okData<{ created: boolean }>(call(f.p.baseUrl, "/api/v1/auth/activation", { body: { mobile, smsCode: code, password: "Zhou2026go", confirmPassword: "Zhou2026go" } }))).toMatchObject({ created: false });
    const login = (await loginAs(f.p.baseUrl, mobile, "Zhou2026go")) as { accessToken: string; pwExpiration?: string | null };
    expect(login.accessToken).toBeTruthy();
    expect((await userInfo(login.accessToken)).type).toBe("INDIVIDUAL_USER");
    // Set once: after that he logs in (no second code is even sent).
    await f.p.db.kysely.deleteFrom("sms_codes").where("mobile", "=", mobile).execute();
    const before = await outboxCode(mobile);
    expect(await activationCode(mobile)).toBe(before);
  });

  it("registers the invitee of a 注册邀请 and marks the invitation 已注册; a stranger gets nothing", async () => {
    const mobile = `1776${TAG}301`;
    const invitation = await okData<{ id: number; inviteCode: string }>(as(f, "SYSTEM_USER", "/tms-registration-invite", { inviteeName: "吴船长", inviteeMobile: mobile, role: "CAPTAIN", channel: "SMS" }));
    // The code the SMS carried is the one the inviter was shown; 重发 draws another and voids it.
    const sms = await f.p.db.kysely.selectFrom("dev_outbox").select("content").where("mobile", "=", mobile).where("kind", "=", "invite").executeTakeFirstOrThrow();
    expect(sms.content).toContain(invitation.inviteCode);
    const { inviteCode } = await okData<{ inviteCode: string }>(as(f, "SYSTEM_USER", `/tms-registration-invite/${invitation.id}/resend`, {}));
    const stale = await call(f.p.baseUrl, "/api/v1/auth/activation", { body: { mobile, inviteCode: invitation.inviteCode, smsCode: (await activationCode(mobile))!, password: "Wu2026boat" } });
    expect(stale.body.message).toBe("该手机号没有待激活的账号或有效的注册邀请，请核对手机号和邀请码");
    await f.p.db.kysely.deleteFrom("sms_codes").where("mobile", "=", mobile).execute();
    const code = await activationCode(mobile, inviteCode);
    const done = await okData<{ created: boolean }>(call(f.p.baseUrl, "/api/v1/auth/activation", { body: { mobile, inviteCode, smsCode: code, password: "Wu2026boat" } }));
    expect(done.created).toBe(true);
    const user = await f.p.db.kysely.selectFrom("users").select(["type", "name"]).where("mobile", "=", mobile).executeTakeFirstOrThrow();
    expect(user).toEqual({ type: "INDIVIDUAL_USER", name: "吴船长" });
    // Invited as a captain: his role sees his water waybills.
    const roles = await f.p.db.kysely.selectFrom("users as u").innerJoin("user_roles as ur", "ur.user_id", "u.id").innerJoin("roles as r", "r.id", "ur.role_id").select("r.name").where("u.mobile", "=", mobile).execute();
    expect(roles.map((r) => r.name)).toEqual([CAPTAIN_CARRIER_ROLE]);
    const after = await f.p.db.kysely.selectFrom("registration_invitations").select(["status", "registered_at"]).where("id", "=", invitation.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("REGISTERED");
    expect(after.registered_at).toBeTruthy();
    await loginAs(f.p.baseUrl, mobile, "Wu2026boat");

    const stranger = `1776${TAG}302`;
    expect(await activationCode(stranger)).toBeNull();
    const users = await f.p.db.kysely.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const res = await call(f.p.baseUrl, "/api/v1/auth/activation", { body: { mobile: stranger, smsCode: "123456", password: "Abcdefg123" } });
    expect(res.body.code).toBe(4000);
    expect(res.body.message).toBe("短信验证码错误或已过期");
    expect((await f.p.db.kysely.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n).toBe(users.n);
  });
});
