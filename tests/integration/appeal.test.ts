import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPEAL_STATUSES, type AppealDetail, type AppealRecord, type AppealStatus } from "../../contract/appeal.js";
import type { Paged } from "../../contract/envelope.js";
import type { FreightRecord, FreightSearchResult } from "../../contract/freight.js";
import { call, loginAs, type CallResult } from "../helpers/platform.js";
import { as, detailOf, dispatchOne, driveTo, fingerprint, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
/** The demo appeals, as seeded before any test ran. */
let seeded: Array<{ status: AppealStatus; org_id: number }>;
beforeAll(async () => {
  f = await startFreightPlatform("appeal");
  seeded = await f.p.db.kysely.selectFrom("risk_appeals").select(["status", "org_id"]).execute();
});
afterAll(async () => {
  await f?.close();
});

const BASE = "/tms-freight-riskappeal-review";
const TICKET = "/files/weigh-tickets/t.jpg";
const REASON = "卸货地磅刚检修过，复磅结果正常，附复磅单据，申请解除风险标记。";

/** A fresh waybill unloaded with a loss of 2.5 % (well above 3 ‰), so the platform marks it abnormal. */
async function abnormalWaybill(options: { orgIndex?: number; individual?: boolean } = {}): Promise<FreightRecord> {
  const { id } = await dispatchOne(f, { ...options, plannedWeight: 40_000 });
  const account: Account = options.orgIndex ? "TENANT_USER" : "ORG_USER";
  await okData(as(f, account, "/tms-freight/loading", { id, loadedWeight: 40_000, weighTicketUrl: TICKET }));
  const unloaded = await okData<FreightRecord>(as(f, account, "/tms-freight/unLoading", { id, unloadedWeight: 39_000, weighTicketUrl: TICKET }));
  expect(unloaded.abnormal).toBe(true);
  return unloaded;
}

const submit = (account: Account, body: object) => as<AppealRecord>(f, account, BASE, body);
const audit = (account: Account, id: number | string, body: object) => as<AppealRecord>(f, account, `${BASE}/${id}/audit`, body);
const detail = (account: Account, id: number | string) => as<AppealDetail>(f, account, `${BASE}/${id}`, undefined, "GET");
const search = (account: Account, body: object = {}) => okData<Paged<AppealRecord>>(as(f, account, `${BASE}/search`, { size: 200, ...body }));

/** Everything an appeal call could change: freight figures, notifications and the appeals themselves. */
async function snapshot() {
  const appeals = await f.p.db.kysely.selectFrom("risk_appeals").select(["id", "status", "audited_at"]).orderBy("id").execute();
  const abnormal = await f.p.db.kysely.selectFrom("freights").select("id").where("abnormal", "=", 1).orderBy("id").execute();
  return { ...(await fingerprint(f)), appeals: JSON.stringify(appeals), abnormal: JSON.stringify(abnormal) };
}

async function expectRefusal(promise: Promise<CallResult>, code: number, message: string | RegExp) {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code, JSON.stringify(res.body)).toBe(code);
  expect(res.body.message).toMatch(message);
}

async function expectHttp(promise: Promise<CallResult>, status: number, message: string | RegExp) {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errorMsg).toMatch(message);
}

const notificationsOf = (account: Account, freightNo: string) =>
  f.p.db.kysely
    .selectFrom("notifications")
    .select(["content", "target_type", "target_id", "freight_no", "freight_way", "tags"])
    .where("user_id", "=", f.userIds[account])
    .where("freight_no", "=", freightNo)
    .orderBy("id")
    .execute();

describe(`risk appeals (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("submit, then approve: the abnormal flag is cleared, both steps are logged on the waybill and notified", async () => {
    const waybill = await abnormalWaybill();
    const evidence = ["/files/appeals/fubang-1.jpg", "https://files.example.cn/appeals/zhijian.pdf"];
    const appeal = await okData<AppealRecord>(submit("ORG_USER", { freightNo: waybill.freightNo.toLowerCase(), reason: `  ${REASON}  `, evidence }));
    expect(appeal).toMatchObject({
      freightId: waybill.id,
      freightNo: waybill.freightNo,
      freightWay: "ROAD",
      orgId: f.orgIds[0],
      orgName: "蚌埠粮食运输有限公司",
      riskReason: waybill.abnormalReason,
      reason: REASON,
      evidence,
      status: "PENDING",
      submittedByName: "李调度",
      auditedByName: null,
      auditedTime: null,
      auditRemark: null,
    });
    expect(appeal.appealNo).toMatch(/^SS\d{8}\d{4}$/);
    expect(appeal.riskReason).toMatch(/^亏吨 1\.00 吨/);

    // The auditors (platform and tenant) hear about it; the submitter does not.
    for (const auditor of ["TENANT_USER", "SYSTEM_USER"] as const) {
      expect(await notificationsOf(auditor, waybill.freightNo)).toContainEqual(
        expect.objectContaining({ content: expect.stringContaining(`提交风险申诉：申诉单 ${appeal.appealNo}`), target_type: "FREIGHT", freight_way: "ROAD" }),
      );
    }
    expect((await notificationsOf("ORG_USER", waybill.freightNo)).some((n) => n.content.includes("提交风险申诉"))).toBe(false);

    const approved = await okData<AppealRecord>(audit("TENANT_USER", appeal.id, { result: "APPROVED", remark: "复磅单据齐全，同意解除。" }));
    expect(approved).toMatchObject({ id: appeal.id, status: "APPROVED", auditedByName: "王运营", auditRemark: "复磅单据齐全，同意解除。" });
    expect(Date.parse(approved.auditedTime!)).toBeGreaterThanOrEqual(Date.parse(appeal.submittedTime));

    const after = await detailOf(f, waybill.freightNo);
    expect(after).toMatchObject({ abnormal: false, abnormalReason: null, status: "UNLOADED" });
    expect(after.events.slice(-2).map((e) => [e.action, e.fromStatus, e.toStatus, e.operatorName])).toEqual([
      ["APPEAL_SUBMIT", "UNLOADED", "UNLOADED", "李调度"],
      ["APPEAL_APPROVE", "UNLOADED", "UNLOADED", "王运营"],
    ]);
    expect(after.events.at(-2)!.remark).toBe(`申诉单 ${appeal.appealNo}：${REASON}`);
    expect(after.events.at(-1)!.remark).toBe(`申诉单 ${appeal.appealNo} 已通过，风险标记已解除；审核意见：复磅单据齐全，同意解除。`);

    // The submitter's organisation hears the result, as a waybill notification.
    expect(await notificationsOf("ORG_USER", waybill.freightNo)).toContainEqual({
      content: `运单 ${waybill.freightNo} 风险申诉通过：申诉单 ${appeal.appealNo} 已通过，风险标记已解除；审核意见：复磅单据齐全，同意解除。`,
      target_type: "FREIGHT",
      target_id: String(waybill.id),
      freight_no: waybill.freightNo,
      freight_way: "ROAD",
      tags: ",freight,appeal,",
    });
    // The abnormal list no longer shows the waybill, and it cannot be appealed again.
    const abnormalList = await okData<FreightSearchResult>(as(f, "ORG_USER", "/tms-freight/search", { abnormal: true, freightNo: waybill.freightNo }));
    expect(abnormalList.total).toBe(0);
    await expectRefusal(submit("ORG_USER", { freightId: waybill.id, reason: REASON }), 4009, `运单 ${waybill.freightNo} 当前没有风险标记，无需申诉`);
  });

  it("reject needs a remark; the waybill stays abnormal and a new appeal may follow", async () => {
    const waybill = await abnormalWaybill();
    const first = await okData<AppealRecord>(submit("ORG_USER", { freightId: waybill.id, reason: REASON }));
    expect(first.evidence).toEqual([]);

    for (const remark of [undefined, "", "   "]) {
      const before = await snapshot();
      await expectHttp(audit("TENANT_USER", first.id, { result: "REJECTED", ...(remark === undefined ? {} : { remark }) }), 400, "驳回时请填写审核意见");
      expect(await snapshot()).toEqual(before);
    }

    const rejected = await okData<AppealRecord>(audit("SYSTEM_USER", first.id, { result: "REJECTED", remark: "复磅单据未盖章，请补充后重新申诉。" }));
    expect(rejected).toMatchObject({ status: "REJECTED", auditedByName: "平台管理员", auditRemark: "复磅单据未盖章，请补充后重新申诉。" });
    const still = await detailOf(f, waybill.freightNo);
    expect(still).toMatchObject({ abnormal: true, abnormalReason: waybill.abnormalReason });
    expect(still.events.at(-1)).toMatchObject({ action: "APPEAL_REJECT", operatorName: "平台管理员", remark: `申诉单 ${first.appealNo} 已驳回；审核意见：复磅单据未盖章，请补充后重新申诉。` });
    expect(await notificationsOf("ORG_USER", waybill.freightNo)).toContainEqual(expect.objectContaining({ content: expect.stringContaining("风险申诉驳回") }));

    const second = await okData<AppealRecord>(submit("ORG_USER", { freightNo: waybill.freightNo, reason: `${REASON}已补充盖章单据。`, evidence: ["/files/appeals/gaizhang.jpg"] }));
    expect(second.status).toBe("PENDING");
    expect(second.appealNo).not.toBe(first.appealNo);

    const seen = await okData<AppealDetail>(detail("ORG_USER", second.id));
    expect(seen.appeal).toEqual(second);
    expect(seen.freight).toMatchObject({ id: waybill.id, freightNo: waybill.freightNo, abnormal: true });
    expect(seen.history.map((h) => [h.id, h.status])).toEqual([
      [second.id, "PENDING"],
      [first.id, "REJECTED"],
    ]);
    // The audit page's viewer (AUDIT without DETAIL would do) sees the same.
    expect((await okData<AppealDetail>(detail("TENANT_USER", first.id))).history).toHaveLength(2);
  });

  it("refuses with a Chinese message and changes nothing: not abnormal, a pending one exists, audited twice, no right", async () => {
    const plain = await dispatchOne(f, { plannedWeight: 40_000 });
    await driveTo(f, plain.id, "UNLOADED");
    const waybill = await abnormalWaybill();
    const pending = await okData<AppealRecord>(submit("ORG_USER", { freightId: waybill.id, reason: REASON }));
    const done = await abnormalWaybill();
    const decided = await okData<AppealRecord>(submit("ORG_USER", { freightId: done.id, reason: REASON }));
    await okData(audit("TENANT_USER", decided.id, { result: "REJECTED", remark: "证据不足。" }));

    const refusals: Array<[Promise<CallResult>, number, string]> = [
      [submit("ORG_USER", { freightId: plain.id, reason: REASON }), 4009, `运单 ${plain.freightNo} 当前没有风险标记，无需申诉`],
      [submit("ORG_USER", { freightNo: waybill.freightNo, reason: REASON }), 4009, `运单 ${waybill.freightNo} 已有待审核的申诉（${pending.appealNo}），请等待审核结果`],
      [audit("TENANT_USER", decided.id, { result: "APPROVED" }), 4009, `申诉 ${decided.appealNo} 当前状态为「已驳回」，不能重复审核`],
      [audit("SYSTEM_USER", decided.id, { result: "REJECTED", remark: "再次驳回" }), 4009, "不能重复审核"],
      // Rights by permission code: the tenant does not submit, the organisation and the driver do not audit.
      [submit("TENANT_USER", { freightId: done.id, reason: REASON }), 4003, "当前账号没有「提交风险申诉」权限"],
      [audit("ORG_USER", pending.id, { result: "APPROVED" }), 4003, "当前账号没有「风险申诉审核」权限"],
      [audit("INDIVIDUAL_USER", pending.id, { result: "APPROVED" }), 4003, "当前账号没有「风险申诉审核」权限"],
    ];
    const before = await snapshot();
    for (const [promise, code, message] of refusals) await expectRefusal(promise, code, message);
    expect(await snapshot()).toEqual(before);
    expect((await detailOf(f, waybill.freightNo)).abnormal).toBe(true);
  });

  it("two submissions racing for the same waybill: one appeal, the other refused", async () => {
    const waybill = await abnormalWaybill();
    const results = await Promise.all([0, 1, 2].map(() => submit("ORG_USER", { freightId: waybill.id, reason: REASON })));
    expect(results.map((r) => r.body.code).sort()).toEqual([200, 4009, 4009]);
    expect((await search("ORG_USER", { freightId: waybill.id })).total).toBe(1);
  });

  it("scopes every call as waybills are scoped: organisation, tenant, platform, own waybills", async () => {
    const ours = await abnormalWaybill();
    const theirs = await abnormalWaybill({ orgIndex: 1 });
    const driver = await abnormalWaybill({ individual: true });
    const ourAppeal = await okData<AppealRecord>(submit("ORG_USER", { freightId: ours.id, reason: REASON }));
    // Another organisation's waybill is not found for the organisation; the platform files it instead.
    await expectHttp(submit("ORG_USER", { freightId: theirs.id, reason: REASON }), 404, "运单不存在");
    const theirAppeal = await okData<AppealRecord>(submit("SYSTEM_USER", { freightId: theirs.id, reason: REASON }));
    expect(theirAppeal).toMatchObject({ orgId: f.orgIds[1], submittedByName: "平台管理员" });
    // The driver appeals his own waybill, not the organisation's others.
    await expectHttp(submit("INDIVIDUAL_USER", { freightId: ours.id, reason: REASON }), 404, "运单不存在");
    const driverAppeal = await okData<AppealRecord>(submit("INDIVIDUAL_USER", { freightNo: driver.freightNo, reason: REASON }));
    expect(driverAppeal.submittedByName).toBe("张师傅");

    const org = await search("ORG_USER");
    expect(org.records.every((r) => r.orgId === f.orgIds[0])).toBe(true);
    expect(org.records.map((r) => r.id)).toEqual(expect.arrayContaining([ourAppeal.id, driverAppeal.id]));
    expect(org.records.map((r) => r.id)).not.toContain(theirAppeal.id);

    const tenant = await search("TENANT_USER");
    expect(tenant.records.map((r) => r.id)).toEqual(expect.arrayContaining([ourAppeal.id, theirAppeal.id, driverAppeal.id]));
    expect(new Set(tenant.records.map((r) => r.orgId)).size).toBeGreaterThan(1);

    // The driver has no list page (no TMS_RISK_APPEAL_LIST) but, as a submitter, searches his own appeals.
    const mine = await search("INDIVIDUAL_USER");
    const myWaybills = await f.p.db.kysely.selectFrom("freights").select("id").where("carrier_user_id", "=", f.userIds.INDIVIDUAL_USER).execute();
    const myIds = new Set(myWaybills.map((w) => Number(w.id)));
    expect(mine.records.map((r) => r.id)).toContain(driverAppeal.id);
    expect(mine.records.every((r) => myIds.has(r.freightId))).toBe(true);

    await expectHttp(detail("ORG_USER", theirAppeal.id), 404, "申诉不存在");
    await expectHttp(detail("INDIVIDUAL_USER", ourAppeal.id), 404, "申诉不存在");
    expect((await okData<AppealDetail>(detail("INDIVIDUAL_USER", driverAppeal.id))).appeal.id).toBe(driverAppeal.id);
    const before = await snapshot();
    await expectHttp(audit("TENANT_USER", 999_999_999, { result: "APPROVED" }), 404, "申诉不存在");
    expect(await snapshot()).toEqual(before);

  });

  it("an account whose roles hold no appeal code is refused every call (4003), nothing changes", async () => {
    const db = f.p.db.kysely;
    const demo = await db.selectFrom("users").selectAll().where("id", "=", f.userIds.TENANT_USER).executeTakeFirstOrThrow();
    const role = await db.insertInto("roles").values({ platform_id: "A", name: "只看运单", user_type: "TENANT_USER" }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("role_permissions").values({ role_id: role.id, permission_code: "TMS_FREIGHT_DISPATCH" }).execute();
    const user = await db
      .insertInto("users")
      .values({ ...demo, id: undefined, mobile: "13900000009", name: "无申诉权限" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
    const { accessToken } = await loginAs(f.p.baseUrl, "13900000009");
    const waybill = await abnormalWaybill();
    const pending = await okData<AppealRecord>(submit("ORG_USER", { freightId: waybill.id, reason: REASON }));

    const before = await snapshot();
    const calls: Array<[string, string, object | undefined, string]> = [
      ["POST", `${BASE}/search`, {}, "风险申诉列表"],
      ["POST", BASE, { freightId: waybill.id, reason: REASON }, "提交风险申诉"],
      ["GET", `${BASE}/${pending.id}`, undefined, "风险申诉详情"],
      ["POST", `${BASE}/${pending.id}/audit`, { result: "APPROVED" }, "风险申诉审核"],
    ];
    for (const [method, path, body, name] of calls) {
      const res = await call(f.p.baseUrl, path, { token: accessToken, method, body });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 4003, message: `当前账号没有「${name}」权限` });
    }
    expect(await snapshot()).toEqual(before);
    // Without a token: 401.
    expect((await call(f.p.baseUrl, `${BASE}/search`, { body: {} })).status).toBe(401);
  });

  it("searches by status, waybill number, appeal number, way and submission date, newest first, paged", async () => {
    const all = await search("TENANT_USER");
    expect(all.total).toBe(all.records.length);
    const submitted = all.records.map((r) => r.submittedTime);
    expect(submitted).toEqual([...submitted].sort().reverse());

    for (const status of APPEAL_STATUSES) {
      const page = await search("TENANT_USER", { status });
      expect(page.total).toBe(all.records.filter((r) => r.status === status).length);
      expect(page.records.every((r) => r.status === status)).toBe(true);
    }
    const sample = all.records.find((r) => r.status === "REJECTED")!;
    expect((await search("TENANT_USER", { freightNo: sample.freightNo.slice(-8).toLowerCase() })).records.map((r) => r.freightNo)).toContain(sample.freightNo);
    expect((await search("TENANT_USER", { appealNo: sample.appealNo })).records.map((r) => r.id)).toEqual([sample.id]);
    const road = await search("TENANT_USER", { freightWay: "ROAD" });
    const water = await search("TENANT_USER", { freightWay: "WATER" });
    expect(road.total + water.total).toBe(all.total);
    expect(road.total).toBeGreaterThan(0);
    expect([...road.records.map((r) => r.freightWay), ...water.records.map((r) => r.freightWay)]).toEqual([
      ...Array<string>(road.total).fill("ROAD"),
      ...Array<string>(water.total).fill("WATER"),
    ]);

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const fromToday = await search("TENANT_USER", { submittedFrom: today, submittedTo: today });
    expect(fromToday.total).toBeGreaterThan(0);
    expect(fromToday.records.every((r) => Date.parse(r.submittedTime) >= Date.parse(`${today}T00:00:00+08:00`))).toBe(true);
    expect((await search("TENANT_USER", { submittedTo: "2000-01-01" })).total).toBe(0);

    const paged = await okData<Paged<AppealRecord>>(as(f, "TENANT_USER", `${BASE}/search`, { current: 2, size: 10 }));
    expect(paged).toMatchObject({ current: 2, size: 10, total: all.total });
    expect(paged.records.map((r) => r.id)).toEqual(all.records.slice(10, 20).map((r) => r.id));
  });

  it("seeds demo appeals in every status for the demo organisation, and leaves abnormal waybills to appeal", async () => {
    const statuses = new Set<AppealStatus>(seeded.filter((s) => Number(s.org_id) === f.orgIds[0]).map((s) => s.status));
    expect(statuses).toEqual(new Set(APPEAL_STATUSES));
    const unappealed = await f.p.db.kysely
      .selectFrom("freights")
      .select("id")
      .where("org_id", "=", f.orgIds[0]!)
      .where("abnormal", "=", 1)
      .where("id", "not in", (eb) => eb.selectFrom("risk_appeals").select("freight_id"))
      .execute();
    expect(unappealed.length).toBeGreaterThanOrEqual(3);
  });

  describe("bad input: HTTP 400 with a Chinese message, nothing changed", () => {
    const cases: Array<[string, Account, string, string, object | undefined, string | RegExp]> = [
      ["non-numeric id (detail)", "ORG_USER", "GET", `${BASE}/abc`, undefined, "申诉 id 必须是正整数"],
      ["zero id (detail)", "ORG_USER", "GET", `${BASE}/0`, undefined, "申诉 id 必须是正整数"],
      ["non-numeric id (audit)", "TENANT_USER", "POST", `${BASE}/1x/audit`, { result: "APPROVED" }, "申诉 id 必须是正整数"],
      ["missing reason", "ORG_USER", "POST", BASE, { freightNo: "YD1" }, "缺少必填字段 reason"],
      ["too short a reason", "ORG_USER", "POST", BASE, { freightNo: "YD1", reason: "亏吨不认可" }, "申诉说明至少 10 个字"],
      ["blank reason", "ORG_USER", "POST", BASE, { freightNo: "YD1", reason: "               " }, "申诉说明至少 10 个字"],
      ["too long a reason", "ORG_USER", "POST", BASE, { freightNo: "YD1", reason: "字".repeat(501) }, "申诉说明最多 500 个字"],
      ["reason not text", "ORG_USER", "POST", BASE, { freightNo: "YD1", reason: 12345678901 }, "申诉说明必须是文字"],
      ["no waybill", "ORG_USER", "POST", BASE, { reason: REASON }, "请提供运单 id 或运单号"],
      ["bad waybill number", "ORG_USER", "POST", BASE, { freightNo: "YD-1'", reason: REASON }, "运单号格式不正确"],
      ["bad waybill id", "ORG_USER", "POST", BASE, { freightId: -3, reason: REASON }, "运单 id 必须是正整数"],
      ["evidence not a list", "ORG_USER", "POST", BASE, { freightNo: "YD1", reason: REASON, evidence: "/files/a.jpg" }, "evidence 必须是数组"],
      ["evidence not an address", "ORG_USER", "POST", BASE, { freightNo: "YD1", reason: REASON, evidence: ["照片"] }, "申诉凭证应为图片地址"],
      ["ten pieces of evidence", "ORG_USER", "POST", BASE, { freightNo: "YD1", reason: REASON, evidence: Array.from({ length: 10 }, (_, i) => `/files/a${i}.jpg`) }, "申诉凭证最多 9 个"],
      ["the same evidence twice", "ORG_USER", "POST", BASE, { freightNo: "YD1", reason: REASON, evidence: ["/files/a.jpg", "/files/a.jpg"] }, "申诉凭证不能重复"],
      ["bad audit result", "TENANT_USER", "POST", `${BASE}/1/audit`, { result: "PASS" }, "审核结果只能是 APPROVED（通过）或 REJECTED（驳回）"],
      ["missing audit result", "TENANT_USER", "POST", `${BASE}/1/audit`, {}, "缺少必填字段 result"],
      ["too long a remark", "TENANT_USER", "POST", `${BASE}/1/audit`, { result: "APPROVED", remark: "字".repeat(501) }, "审核意见最多 500 个字"],
      ["bad status filter", "ORG_USER", "POST", `${BASE}/search`, { status: "DONE" }, "status 只能是 PENDING、APPROVED 或 REJECTED"],
      ["bad way filter", "ORG_USER", "POST", `${BASE}/search`, { freightWay: "AIR" }, "freightWay 只能是 ROAD 或 WATER"],
      ["bad date filter", "ORG_USER", "POST", `${BASE}/search`, { submittedFrom: "2026-02-30" }, "提交开始日期不是有效日期"],
      ["dates reversed", "ORG_USER", "POST", `${BASE}/search`, { submittedFrom: "2026-03-02", submittedTo: "2026-03-01" }, "提交开始日期不能晚于结束日期"],
      ["bad page size", "ORG_USER", "POST", `${BASE}/search`, { size: 201 }, "size 必须在 1 到 200 之间"],
    ];
    it.each(cases)("%s", async (_name, account, method, path, body, message) => {
      const before = await snapshot();
      await expectHttp(as(f, account, path, body, method), 400, message);
      expect(await snapshot()).toEqual(before);
    });
  });
});
