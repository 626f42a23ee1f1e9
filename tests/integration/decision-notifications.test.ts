/**
 * Every decision reaches its people (docs/design/notifications.md), on SQLite and PostgreSQL
 * (TEST_DATABASE_URL): for each kind of decision — a driver's, vehicle's, enterprise's, ship's and
 * captain's own audit, a 证照's 通过 / 驳回 and expiry, a payment's audit, a withdrawal's, an invoice
 * application's and a complaint's answer — the decision is made through the platform, the message reaches its recipients and
 * nobody else, and its 查看详情 in the message centre (the built console, JavaScript off, logged in as
 * that recipient) opens the page of the thing decided.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FALLBACK_PAGE } from "../../contract/notification-targets.js";
import { addDays, chinaDate } from "../../contract/units.js";
import { flagExpiringCredentials } from "../../platform/documents/expiry.js";
import { startConsoleStack, type ConsoleStack } from "../helpers/console-stack.js";
import { NoScriptBrowser, textOf } from "../helpers/no-script-browser.js";
import { call, DEMO_ACCOUNTS, DEMO_PASSWORD, loginAs } from "../helpers/platform.js";
import { as, dispatchOne, driveTo, freshCarrier, freshWaterCarrier, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";
import { cardNo, completedWaybills, fund, reported, rid } from "./ledger-fixtures.js";

let f: FreightTestPlatform;
let stack: ConsoleStack;
let template: number;
/** A second finance user of the demo organisation (支付审核): the one who audits what ORG_USER submits. */
const AUDITOR_MOBILE = "13955500032";
let auditorToken: string;
let auditorId: number;
/** A user of the demo organisation with no role: he may open none of its resource pages. */
let clerkId: number;

beforeAll(async () => {
  f = await startFreightPlatform("notify32");
  const db = f.p.db.kysely;
  const { id } = await dispatchOne(f, { individual: true });
  await driveTo(f, id, "COMPLETED");
  template = id;
  await fund(f, 20_000_000);
  const me = await db.selectFrom("users").selectAll().where("id", "=", f.userIds.ORG_USER).executeTakeFirstOrThrow();
  const { id: _id, ...copy } = me;
  const auditor = await db.insertInto("users").values({ ...copy, mobile: AUDITOR_MOBILE, name: "财务复核员" }).returning("id").executeTakeFirstOrThrow();
  auditorId = Number(auditor.id);
  const roles = await db.selectFrom("user_roles").select("role_id").where("user_id", "=", f.userIds.ORG_USER).execute();
  await db.insertInto("user_roles").values(roles.map((r) => ({ user_id: auditorId, role_id: r.role_id }))).execute();
  auditorToken = (await loginAs(f.p.baseUrl, AUDITOR_MOBILE)).accessToken;
  clerkId = Number((await db.insertInto("users").values({ ...copy, mobile: "13955500033", name: "前台" }).returning("id").executeTakeFirstOrThrow()).id);
  // The built console, talking to this test's platform.
  stack = await startConsoleStack({ TMS_PLATFORM_URL: f.p.baseUrl });
}, 360_000);

afterAll(async () => {
  await stack?.stop();
  await f?.close();
});

type Account = "ORG_USER" | "INDIVIDUAL_USER" | "TENANT_USER" | "SYSTEM_USER" | "AUDITOR";
const browsers = new Map<Account, Promise<NoScriptBrowser>>();
const mobileOf = (account: Account) => (account === "AUDITOR" ? AUDITOR_MOBILE : DEMO_ACCOUNTS[account]);
const userIdOf = (account: Account) => (account === "AUDITOR" ? auditorId : f.userIds[account]);
function browserOf(account: Account): Promise<NoScriptBrowser> {
  let browser = browsers.get(account);
  if (!browser) {
    const fresh = new NoScriptBrowser(stack.baseUrl);
    browser = fresh.login(mobileOf(account), DEMO_PASSWORD).then(() => fresh);
    browsers.set(account, browser);
  }
  return browser;
}

/** Who was told of an event (every user holding a message with that key). */
const recipientsOf = async (eventKey: string) =>
  (await f.p.db.kysely.selectFrom("notifications").select("user_id").where("event_key", "=", eventKey).execute()).map((r) => Number(r.user_id)).sort((a, b) => a - b);

/** The active users of the demo organisation. */
const orgPeople = async () =>
  (await f.p.db.kysely.selectFrom("users").select("id").where("org_id", "=", f.orgIds[0]!).where("type", "=", "ORG_USER").where("status", "=", "ACTIVE").execute()).map((u) => Number(u.id));

/** The one message of `account` with that event key. */
async function messageOf(account: Account, eventKey: string) {
  const rows = await f.p.db.kysely.selectFrom("notifications").select(["id", "content", "target_path"]).where("user_id", "=", userIdOf(account)).where("event_key", "=", eventKey).execute();
  expect(rows, `${account} is told of ${eventKey} once`).toHaveLength(1);
  return rows[0]!;
}

/** An event key of `prefix` (the row's version is part of an audit's key). */
async function keyLike(prefix: string): Promise<string> {
  const row = await f.p.db.kysely.selectFrom("notifications").select("event_key").where("event_key", "like", `${prefix}%`).orderBy("id", "desc").executeTakeFirst();
  expect(row, `a message of ${prefix}`).toBeTruthy();
  return row!.event_key!;
}

/**
 * Opens the message in the message centre as its recipient, follows 查看详情 and answers the page it
 * led to, which must be `path`, answer 200 and show `shows`.
 */
async function opensTarget(account: Account, eventKey: string | Awaited<ReturnType<typeof messageOf>>, path: string, shows: string) {
  const message = typeof eventKey === "string" ? await messageOf(account, eventKey) : eventKey;
  expect(message.target_path).toBe(path);
  const browser = await browserOf(account);
  const opened = await browser.get(`/sysNotification?open=${message.id}`);
  expect(opened.status).toBe(200);
  expect(textOf(opened.doc.querySelector("body"))).toContain(message.content);
  const link = opened.doc.querySelectorAll("a").find((a) => textOf(a) === "查看详情");
  expect(link?.getAttribute("href"), `${account}'s 查看详情`).toBe(path);
  const target = await browser.get(path);
  expect(target.status, path).toBe(200);
  const main = textOf(target.doc.querySelector("#main-content") ?? target.doc.querySelector("body"));
  for (const refusal of ["没有访问权限", "没有权限", "页面出错", "查询失败"]) expect(main, path).not.toContain(refusal);
  expect(main, path).toContain(shows);
  return message;
}

type Audited = "driver_profiles" | "freight_vehicles" | "freight_ships" | "captain_profiles" | "enterprise_profiles";

/** Puts a subject back to 待审核, has the tenant's auditor decide it through the platform and answers the message's event key. */
async function decide(table: Audited, api: string, key: string, id: number, transition: "approve" | "reject", body: object = {}): Promise<string> {
  await f.p.db.kysely.updateTable(table).set({ audit_status: "PENDING" }).where("id", "=", id).execute();
  await okData(as(f, "TENANT_USER", `/${api}/${id}/${transition}`, body));
  return keyLike(`audit:${key}:${id}:${transition}:`);
}

/** The event was told to the demo organisation's users (and `also`), and to nobody else. */
async function toldExactly(eventKey: string, also: number[] = []) {
  expect(await recipientsOf(eventKey)).toEqual([...new Set([...(await orgPeople()), ...also])].sort((a, b) => a - b));
}

describe(`every decision reaches its people (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("司机 驳回: the enterprise opens its driver, the driver himself his own page; the auditor and other organisations hear nothing", async () => {
    const c = await freshCarrier(f, { individual: true });
    const key = await decide("driver_profiles", "tms-driver-profile", "driverProfile", c.profileId, "reject", { rejectReason: "MISMATCH", auditRemark: "身份证与姓名不符" });
    await toldExactly(key, [f.userIds.INDIVIDUAL_USER]);
    const told = await opensTarget("ORG_USER", key, `/resourceManager/driver/detail?id=${c.driverId}`, c.name);
    expect(told.content).toContain("审核驳回，原因：证件信息与填写不一致：身份证与姓名不符");
    // A driver has no page of his own 档案, nor a user whose roles open no driver page: 个人信息.
    await opensTarget("INDIVIDUAL_USER", key, FALLBACK_PAGE, "个人信息");
    const clerk = await f.p.db.kysely.selectFrom("notifications").select("target_path").where("user_id", "=", clerkId).where("event_key", "=", key).executeTakeFirstOrThrow();
    expect(clerk.target_path).toBe(FALLBACK_PAGE);

    // An enterprise that ended the cooperation is no longer told; the driver still is.
    await f.p.db.kysely.updateTable("freight_drivers").set({ status: "REMOVED" }).where("id", "=", c.driverId).execute();
    const later = await decide("driver_profiles", "tms-driver-profile", "driverProfile", c.profileId, "reject", { rejectReason: "MISMATCH", auditRemark: "仍不一致" });
    expect(later).not.toBe(key);
    expect(await recipientsOf(later)).toEqual([f.userIds.INDIVIDUAL_USER]);
  });

  it("车辆 通过: the enterprise opens its vehicle", async () => {
    const c = await freshCarrier(f);
    const key = await decide("freight_vehicles", "tms-vehicle", "vehicle", c.vehicleId, "approve");
    await toldExactly(key);
    await opensTarget("ORG_USER", key, `/carAdministration/carDetail/${c.vehicleId}`, c.plateNo);
  });

  it("企业 通过: the enterprise's users are told and led to 个人信息 (an organisation has no page of its own record)", async () => {
    const key = await decide("enterprise_profiles", "tms-enterprise", "enterprise", f.orgIds[0]!, "approve");
    await toldExactly(key);
    const org = await f.p.db.kysely.selectFrom("organisations").select("name").where("id", "=", f.orgIds[0]!).executeTakeFirstOrThrow();
    await opensTarget("ORG_USER", key, FALLBACK_PAGE, org.name);
  });

  it("船舶 通过 and 船长 驳回: the enterprise opens its ship and its captain", async () => {
    const w = await freshWaterCarrier(f);
    const shipKey = await decide("freight_ships", "tms-ship", "ship", w.shipId, "approve");
    await toldExactly(shipKey);
    await opensTarget("ORG_USER", shipKey, `/resourceManager/ship/detail/${w.shipId}`, w.shipName);

    const { profile_id } = await f.p.db.kysely.selectFrom("freight_captains").select("profile_id").where("id", "=", w.captainId).executeTakeFirstOrThrow();
    const captainKey = await decide("captain_profiles", "tms-captain-profile", "captainProfile", Number(profile_id), "reject", { rejectReason: "BLURRY", auditRemark: "适任证书看不清" });
    // The profile belongs to no organisation itself: the roster tells who is concerned.
    await toldExactly(captainKey);
    const told = await opensTarget("ORG_USER", captainKey, `/resourceManager/captain/detail/${w.captainId}`, w.name);
    expect(told.content).toContain("原因：证件照片模糊：适任证书看不清");
  });

  it("证照 驳回 and 通过: the driver's enterprise and the driver hear it with the reason; expiry leads to the vehicle", async () => {
    const db = f.p.db.kysely;
    const c = await freshCarrier(f, { individual: true });
    const license = await db.selectFrom("credentials").select("id").where("subject_type", "=", "DRIVER").where("subject_id", "=", c.profileId).where("cred_type", "=", "DRIVING_LICENSE").where("deleted_at", "is", null).executeTakeFirstOrThrow();
    await okData(as(f, "TENANT_USER", `/tms-credential/${license.id}/reject`, { rejectReason: "BLURRY", auditRemark: "驾驶证副页看不清" }));
    const rejected = await keyLike(`credential:${license.id}:reject:`);
    await toldExactly(rejected, [f.userIds.INDIVIDUAL_USER]);
    const told = await opensTarget("ORG_USER", rejected, `/resourceManager/driver/detail?id=${c.driverId}`, "证件照片模糊：驾驶证副页看不清");
    expect(told.content).toBe(`司机「${c.name}」的机动车驾驶证审核驳回，原因：证件照片模糊：驾驶证副页看不清。请按原因重新上传并等待审核，在此之前不能派单。`);
    expect((await messageOf("INDIVIDUAL_USER", rejected)).content).toBe(told.content);
    await opensTarget("INDIVIDUAL_USER", rejected, FALLBACK_PAGE, "个人信息");

    const insurance = await db.selectFrom("credentials").select("id").where("subject_type", "=", "VEHICLE").where("subject_id", "=", c.vehicleId).where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
    await db.updateTable("credentials").set({ status: "PENDING" }).where("id", "=", insurance.id).execute();
    await okData(as(f, "TENANT_USER", `/tms-credential/${insurance.id}/approve`, {}));
    const approved = await keyLike(`credential:${insurance.id}:approve:`);
    await toldExactly(approved);
    expect((await opensTarget("ORG_USER", approved, `/carAdministration/carDetail/${c.vehicleId}`, c.plateNo)).content).toContain(`车辆「${c.plateNo}」的`);

    const soon = addDays(chinaDate(), 7);
    await db.updateTable("credentials").set({ valid_to: soon, long_term: 0 }).where("id", "=", insurance.id).execute();
    await flagExpiringCredentials(f.p.ctx);
    const expiring = `credential:${insurance.id}:${soon}:expiring`;
    await toldExactly(expiring);
    expect((await opensTarget("ORG_USER", expiring, `/carAdministration/carDetail/${c.vehicleId}`, c.plateNo)).content).toContain(`将于 ${soon} 到期`);
  });

  it("支付单 审核: the auditor hears of the submission, the submitter of the decision, each opens 支付详情", async () => {
    const db = f.p.db.kysely;
    await db.updateTable("enterprise_configs").set({ payment_requires_audit: 1 }).where("org_id", "=", f.orgIds[0]!).execute();
    try {
      const ids = await completedWaybills(f, template, 1, { amount: 60_000 });
      const created = await okData<{ paymentId: number; paymentNo: string }>(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: ids }));
      const submitted = `payment:${created.paymentNo}:paymentSubmitted`;
      expect(await recipientsOf(submitted)).toContain(auditorId);
      expect(await recipientsOf(submitted)).not.toContain(f.userIds.ORG_USER);
      await opensTarget("AUDITOR", submitted, `/financialManage/paymentDetail?id=${created.paymentId}`, created.paymentNo);
      await okData(call(f.p.baseUrl, `/pay/payments/${created.paymentId}/approve`, { token: auditorToken, body: {} }));
      const decided = `payment:${created.paymentNo}:paymentApproved`;
      expect(await recipientsOf(decided)).toEqual([f.userIds.ORG_USER]);
      await opensTarget("ORG_USER", decided, `/financialManage/paymentDetail?id=${created.paymentId}`, created.paymentNo);
    } finally {
      await db.updateTable("enterprise_configs").set({ payment_requires_audit: 0 }).where("org_id", "=", f.orgIds[0]!).execute();
    }
  });

  it("提现 审核通过: the driver who applied opens his 账户信息", async () => {
    const me = await f.p.db.kysely.selectFrom("users").select("name").where("id", "=", f.userIds.INDIVIDUAL_USER).executeTakeFirstOrThrow();
    const card = await okData<{ id: number }>(as(f, "INDIVIDUAL_USER", "/pay/bank-cards", { holderName: me.name, cardNo: cardNo(), bankName: "中国农业银行" }));
    const applied = await okData<{ id: number; withdraw_no: string }>(as(f, "INDIVIDUAL_USER", "/pay/withdrawals", { requestNo: rid(), bankCardId: card.id, amount: 1_000 }));
    await okData(as(f, "SYSTEM_USER", `/pay/withdrawals/${applied.id}/approve`, {}));
    const key = `withdrawal:${applied.withdraw_no}:withdrawalApproved`;
    expect(await recipientsOf(key)).toEqual([f.userIds.INDIVIDUAL_USER]);
    await opensTarget("INDIVIDUAL_USER", key, "/accountManage/accountInfo", applied.withdraw_no);
  });

  it("提现 驳回 of an organisation: its withdrawers open 提现列表 at the withdrawal, with the reason", async () => {
    const org = await f.p.db.kysely.selectFrom("organisations").select("name").where("id", "=", f.orgIds[0]!).executeTakeFirstOrThrow();
    const card = await okData<{ id: number }>(as(f, "ORG_USER", "/pay/bank-cards", { holderName: org.name, cardNo: cardNo(), bankName: "中国工商银行" }));
    const applied = await okData<{ id: number; withdraw_no: string }>(as(f, "ORG_USER", "/pay/withdrawals", { requestNo: rid(), bankCardId: card.id, amount: 2_000 }));
    await okData(as(f, "SYSTEM_USER", `/pay/withdrawals/${applied.id}/reject`, { reason: "开户行与户名不符" }));
    const key = `withdrawal:${applied.withdraw_no}:withdrawalRejected`;
    expect(await recipientsOf(key)).toEqual([f.userIds.ORG_USER, auditorId].sort((a, b) => a - b));
    const told = await opensTarget("ORG_USER", key, `/financialManage/withdrawList?keyword=${applied.withdraw_no}`, applied.withdraw_no);
    expect(told.content).toContain("被驳回，原因：开户行与户名不符");
  });

  it("开票申请 通过: the applicant organisation opens 开票详情", async () => {
    const db = f.p.db.kysely;
    const ids = await completedWaybills(f, template, 1, { amount: 300_000 });
    await okData(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: ids }));
    await reported(f, ids);
    const company = await db.selectFrom("invoice_companies").select("id").where("platform_id", "=", "A").where("enabled", "=", "ENABLED").orderBy("id").executeTakeFirstOrThrow();
    const app = await okData<{ id: number; applicationNo: string }>(as(f, "ORG_USER", "/pay-invoice-application", { requestNo: rid(), freightIds: ids, invoiceCompanyId: Number(company.id), invoiceType: "DIGITAL_NORMAL", deliveryMethod: "EMAIL" }));
    await okData(as(f, "ORG_USER", `/pay-invoice-application/${app.id}/submit`, {}));
    await okData(as(f, "TENANT_USER", `/pay-invoice-application/${app.id}/approve`, { auditRemark: "核对无误" }));
    const key = await keyLike(`invoice:${app.applicationNo}:invoiceApproved:`);
    const told = await recipientsOf(key);
    expect(told).toContain(f.userIds.ORG_USER);
    expect(told).not.toContain(f.userIds.TENANT_USER);
    expect(told.every((id) => id !== f.userIds.INDIVIDUAL_USER && id !== f.userIds.SYSTEM_USER)).toBe(true);
    await opensTarget("ORG_USER", key, `/financialManage/billingDetail?id=${app.id}`, app.applicationNo);
  });

  it("投诉 不予受理: the complainant opens his complaint", async () => {
    const filed = await okData<{ id: number; complaintNo: string }>(as(f, "ORG_USER", "/tms-complaint", { kind: "COMPLAINT", source: "CONSOLE", category: "WAITING", complainantName: "李调度", complainantMobile: "13800000003", content: "卸货排队过久，请平台协调。" }));
    await okData(as(f, "TENANT_USER", `/tms-complaint/${filed.id}/reject`, { handleResult: "属港区内部调度，请联系港区。" }));
    const told = await f.p.db.kysely.selectFrom("notifications").select(["id", "content", "target_path", "user_id"]).where("target_type", "=", "MY").where("target_id", "=", String(filed.id)).where("tags", "like", "%complaint%").execute();
    expect(told.map((n) => Number(n.user_id))).toEqual([f.userIds.ORG_USER]);
    expect(told[0]!.content).toContain("不予受理：属港区内部调度，请联系港区。");
    await opensTarget("ORG_USER", told[0]!, `/system/complaintDetail?id=${filed.id}`, filed.complaintNo);
  });

  it("a page the reader's console guard would refuse leads to 个人信息 instead of 没有访问权限", async () => {
    // A message naming a staff page (as one written before the reader's roles changed would).
    const [row] = await f.p.db.kysely
      .insertInto("notifications")
      .values({ user_id: f.userIds.ORG_USER, created_time: new Date().toISOString(), content: "司机档案已更新。", status: "PENDING", target_type: "MY", target_id: "1", tags: "audit", freight_no: null, freight_way: null, target_path: "/userInfoManage/driverList", event_key: `test:${rid()}` })
      .returning(["id", "content", "target_path"])
      .execute();
    const browser = await browserOf("ORG_USER");
    const opened = await browser.get(`/sysNotification?open=${row!.id}`);
    expect(opened.doc.querySelectorAll("a").find((a) => textOf(a) === "查看详情")?.getAttribute("href")).toBe(FALLBACK_PAGE);
    expect((await browser.get("/userInfoManage/driverList")).status).toBe(403);
  });
});
