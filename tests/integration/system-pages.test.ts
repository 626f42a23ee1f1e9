/**
 * The rules of the other /system pages the generated tests cannot know: the sensitive-word filter on
 * free text (engine fields marked `screen`, appeal explanations, driver-comment replies), one
 * complaint's life from submission to answer, no-push exemptions honoured by the message sender, the
 * uncounted push log, enterprise configs with their defaults, the apps' device report and the safety
 * notices everyone reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FreightRecord } from "../../contract/freight.js";
import { enterpriseConfigOf } from "../../platform/system/enterprise-config.js";
import { pushExemption } from "../../platform/system/push.js";
import { as, dispatchOne, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("system-pages");
});
afterAll(() => f?.close());

type Rec = Record<string, unknown> & { id: number; version: number; actions: string[] };
const post = <T = Rec>(who: Account, path: string, body: object = {}) => as<T>(f, who, path, body);
const count = async (table: "risk_appeals" | "complaints" | "freight_comments") => Number((await f.p.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
const TICKET = "/files/weigh-tickets/t.jpg";

async function addWord(word: string, action: "BLOCK" | "MASK") {
  return okData<Rec>(post("SYSTEM_USER", "/sys-sensitive-word", { word, category: "FRAUD", matchMode: "CONTAINS", action }));
}

const complaintBody = (content: string) => ({ kind: "COMPLAINT", source: "CONSOLE", category: "WAITING", complainantName: "李调度", complainantMobile: "13800000003", content });
const move = (who: Account, id: number, step: string, body: object = {}) => post(who, `/tms-complaint/${id}/${step}`, body);

describe(`system pages (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("refuses a sensitive word in an appeal explanation with a Chinese message naming the field, saving nothing", async () => {
    await addWord("走私粮", "BLOCK");
    const { id } = await dispatchOne(f, { plannedWeight: 40_000 });
    await okData(as(f, "ORG_USER", "/tms-freight/loading", { id, loadedWeight: 40_000, weighTicketUrl: TICKET }));
    const unloaded = await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/unLoading", { id, unloadedWeight: 39_000, weighTicketUrl: TICKET }));
    const before = await count("risk_appeals");
    const res = await post("ORG_USER", "/tms-freight-riskappeal-review", { freightNo: unloaded.freightNo, reason: "这批货不是走私粮，卸货地磅复磅正常，申请解除风险标记。", evidence: [TICKET] });
    expect(res.status).toBe(400);
    expect(res.body.errorMsg).toBe("申诉说明包含敏感词「走私粮」，请修改后再提交");
    expect(await count("risk_appeals")).toBe(before);
    // Without the word the same appeal goes through.
    const ok = await post("ORG_USER", "/tms-freight-riskappeal-review", { freightNo: unloaded.freightNo, reason: "卸货地磅复磅正常，附复磅单据，申请解除风险标记。", evidence: [TICKET] });
    expect(ok.body.code).toBe(200);
  });

  it("screens driver-comment replies and any engine field marked screen; MASK words are starred, disabled words ignored", async () => {
    await addWord("私下结算", "BLOCK");
    const comment = await f.p.db.kysely.selectFrom("freight_comments").select("id").where("reply_content", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const refused = await post("SYSTEM_USER", "/tms-freight-driver-comment/platformReply", { id: comment.id, replyContent: "请勿私下结算运费" });
    expect(refused.status).toBe(400);
    expect(refused.body.errorMsg).toContain("回复内容包含敏感词「私下结算」");
    expect((await f.p.db.kysely.selectFrom("freight_comments").select("reply_content").where("id", "=", comment.id).executeTakeFirstOrThrow()).reply_content).toBeNull();

    const before = await count("complaints");
    const blocked = await post("ORG_USER", "/tms-complaint", complaintBody("司机要求私下结算运费，否则不卸货，请平台处理。"));
    expect(blocked.status).toBe(400);
    expect(blocked.body.errorMsg).toContain("内容包含敏感词「私下结算」");
    expect(await count("complaints")).toBe(before);

    // 加微信私下交易 is seeded as MASK; 测试敏感词 is seeded but disabled.
    const masked = await okData<Rec>(post("ORG_USER", "/tms-complaint", complaintBody("有人在群里发广告说加微信私下交易，测试敏感词也出现了。")));
    const stored = await okData<Rec>(as(f, "ORG_USER", `/tms-complaint/${masked.id}`, undefined, "GET"));
    expect(stored.content).toBe("有人在群里发广告说*******，测试敏感词也出现了。");
  });

  it("walks one complaint from submission to answer: accept, handle, reply (notified), follow-up, reply again, close", async () => {
    const created = await okData<Rec>(post("ORG_USER", "/tms-complaint", complaintBody("芜湖港卸货排队 7 小时无人安排，请平台协调处理。")));
    expect(created).toMatchObject({ status: "PENDING", stage: "HANDLING", source: "CONSOLE" });
    expect(String(created.complaintNo)).toMatch(/^TS\d{14}$/);
    expect(Date.parse(String(created.deadlineAt)) - Date.parse(String(created.createdTime))).toBe(48 * 3_600_000);
    expect(created.actions).not.toContain("accept");
    expect((await move("ORG_USER", created.id, "accept")).body.code).toBe(4003);

    const accepted = await okData<Rec>(move("TENANT_USER", created.id, "accept"));
    expect(accepted).toMatchObject({ status: "PROCESSING", stage: "HANDLING", handlerName: "王运营" });
    const noResult = await move("TENANT_USER", created.id, "handle", {});
    expect(noResult.status).toBe(400);
    expect(noResult.body.errorMsg).toContain("处理结果");
    const handled = await okData<Rec>(move("TENANT_USER", created.id, "handle", { handleResult: "已联系港区调度，增开一个卸货口。", penaltyAmount: 0 }));
    expect(handled).toMatchObject({ status: "HANDLED", stage: "ANSWERING" });

    const notesBefore = await f.p.db.kysely.selectFrom("notifications").select("id").where("user_id", "=", f.userIds.ORG_USER).execute();
    const replied = await okData<Rec>(move("TENANT_USER", created.id, "reply", { replyContent: "已协调芜湖港增开卸货口，排队时间已缩短到 1 小时内。" }));
    expect(replied).toMatchObject({ status: "REPLIED", stage: "ANSWERING", replyContent: "已协调芜湖港增开卸货口，排队时间已缩短到 1 小时内。" });
    const notesAfter = await f.p.db.kysely.selectFrom("notifications").select(["id", "content"]).where("user_id", "=", f.userIds.ORG_USER).orderBy("id", "desc").execute();
    expect(notesAfter.length).toBe(notesBefore.length + 1);
    expect(notesAfter[0]!.content).toContain(String(created.complaintNo));

    const followed = await okData<Rec>(move("ORG_USER", created.id, "followUp", { followUpContent: "今天又排了 3 小时，请再跟进。" }));
    expect(followed).toMatchObject({ status: "PROCESSING", stage: "HANDLING" });
    await okData(move("TENANT_USER", created.id, "handle", { handleResult: "港区承诺固定卸货窗口。" }));
    await okData(move("TENANT_USER", created.id, "reply", { replyContent: "港区已固定每日 8 点至 20 点的粮食卸货窗口。" }));
    const closed = await okData<Rec>(move("TENANT_USER", created.id, "close"));
    expect(closed).toMatchObject({ status: "CLOSED", stage: "DONE" });
    expect(closed.closedAt).toBeTruthy();
    expect((await move("ORG_USER", created.id, "followUp", { followUpContent: "还想再问一下。" })).body.code).toBe(4009);

    const thread = await okData<{ records: Rec[] }>(post("ORG_USER", "/tms-complaint-reply/search", { complaintId: created.id }));
    expect(thread.records.map((r) => [r.authorType, r.content])).toEqual([
      ["PLATFORM", "已协调芜湖港增开卸货口，排队时间已缩短到 1 小时内。"],
      ["COMPLAINANT", "今天又排了 3 小时，请再跟进。"],
      ["PLATFORM", "港区已固定每日 8 点至 20 点的粮食卸货窗口。"],
    ]);
    const history = await okData<Rec & { events: Array<{ action: string }> }>(as(f, "ORG_USER", `/tms-complaint/${created.id}`, undefined, "GET"));
    expect(history.events.map((e) => e.action).reverse()).toEqual(["CREATE", "ACCEPT", "HANDLE", "REPLY", "FOLLOWUP", "HANDLE", "REPLY", "CLOSE"]);
    // The queues: handling shows it no more, and another organisation never sees it.
    const queue = await okData<{ records: Rec[] }>(post("TENANT_USER", "/tms-complaint/search", { stage: "HANDLING", size: 200 }));
    expect(queue.records.map((r) => r.id)).not.toContain(created.id);
  });

  it("honours no-push exemptions in the message sender: the inbox keeps the message, the push is logged as skipped", async () => {
    const rule = await okData<Rec>(post("SYSTEM_USER", "/sys-no-push-rule", { subjectType: "USER", subjectId: f.userIds.ORG_USER, target: "MESSAGE", reason: "联调账号，不推送消息" }));
    expect(String(rule.subjectName)).toMatch(/^李调度（138\*\*\*\*0003）$/);
    const walk = async () => {
      const c = await okData<Rec>(post("ORG_USER", "/tms-complaint", complaintBody("装车时库区叉车不足，等待时间过长，请协调。")));
      await okData(move("TENANT_USER", c.id, "accept"));
      await okData(move("TENANT_USER", c.id, "handle", { handleResult: "已协调库区增加叉车。" }));
      await okData(move("TENANT_USER", c.id, "reply", { replyContent: "库区已增加两台叉车。" }));
      return f.p.db.kysely.selectFrom("push_logs").selectAll().where("biz_no", "=", String(c.complaintNo)).executeTakeFirstOrThrow();
    };
    const skipped = await walk();
    expect(skipped).toMatchObject({ status: "SKIPPED", rule_id: rule.id, target_user_id: f.userIds.ORG_USER, channel: "SITE" });
    expect(skipped.error_msg).toContain("联调账号，不推送消息");
    await okData(post("SYSTEM_USER", `/sys-no-push-rule/${rule.id}/remove`));
    expect((await walk()).status).toBe("SENT");
    // The data pushes of /submitData ask the same question: the seeded rule exempts the last demo organisation from ANHUI.
    const seeded = await f.p.db.kysely.selectFrom("no_push_rules").select(["id", "subject_id"]).where("target", "=", "ANHUI").where("status", "=", "ACTIVE").executeTakeFirstOrThrow();
    const exempt = await pushExemption(f.p.db.kysely, "A", "ANHUI", [{ type: "ENTERPRISE", id: Number(seeded.subject_id) }]);
    expect(exempt?.ruleId).toBe(Number(seeded.id));
    expect(await pushExemption(f.p.db.kysely, "A", "WURUN_ROAD", [{ type: "ENTERPRISE", id: Number(seeded.subject_id) }])).toBeNull();
    const bad = await post("SYSTEM_USER", "/sys-no-push-rule", { subjectType: "ENTERPRISE", subjectId: 999_999, target: "ALL", reason: "不存在的企业" });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMsg).toContain("主体");
  });

  it("pages the push log without counting it: more says whether a next page exists", async () => {
    const first = await okData<{ records: Rec[]; total: number; more: boolean }>(post("SYSTEM_USER", "/sys-push-log/search", { size: 10 }));
    expect(first.records).toHaveLength(10);
    expect(first.more).toBe(true);
    expect(first.total).toBe(11);
    const all = Number((await f.p.db.kysely.selectFrom("push_logs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const last = await okData<{ records: Rec[]; total: number; more: boolean }>(post("SYSTEM_USER", "/sys-push-log/search", { size: 10, current: Math.ceil(all / 10) }));
    expect(last.more).toBe(false);
    expect(last.total).toBe(all);
    expect((await post("ORG_USER", "/sys-push-log/search")).body.code).toBe(4003);
  });

  it("keeps one configuration per organisation: organisations read theirs, platform staff edit, defaults for the rest", async () => {
    const mine = await okData<{ records: Rec[] }>(post("ORG_USER", "/sys-enterprise-config/search"));
    expect(mine.records.map((r) => r.id)).toEqual([f.orgIds[0]]);
    expect(mine.records[0]!.actions).not.toContain("edit");
    expect((await as(f, "ORG_USER", `/sys-enterprise-config/${f.orgIds[0]}`, { defaultBusinessMode: "MATCHMAKING" }, "PUT")).body.code).toBe(4003);
    expect((await post("SYSTEM_USER", "/sys-enterprise-config", { businessModes: "BOTH" })).body.code).toBe(4003);
    await okData(as(f, "SYSTEM_USER", `/sys-enterprise-config/${f.orgIds[0]}`, { businessModes: "BOTH", defaultBusinessMode: "MATCHMAKING", serviceFeeBp: 350 }, "PUT"));
    const config = await enterpriseConfigOf(f.p.db.kysely, f.orgIds[0]!);
    expect(config).toMatchObject({ configured: true, businessModes: ["SELF_OPERATED", "MATCHMAKING"], defaultBusinessMode: "MATCHMAKING", serviceFeeBp: 350 });
    expect(await enterpriseConfigOf(f.p.db.kysely, 987_654)).toMatchObject({ configured: false, businessModes: ["SELF_OPERATED"], defaultBusinessMode: "SELF_OPERATED", settleBasis: "MIN", lossAllowanceBp: 30, paymentRequiresAudit: true });
    const tooHigh = await as(f, "SYSTEM_USER", `/sys-enterprise-config/${f.orgIds[0]}`, { serviceFeeBp: 5000 }, "PUT");
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.errorMsg).toContain("服务费率");
  });

  it("takes the apps' device report: one row per device, refreshed on each report, read by platform staff", async () => {
    const report = { appCode: "DRIVER", appVersion: "3.2.1", os: "ANDROID", osVersion: "Android 14", deviceBrand: "HUAWEI", deviceModel: "nova 12", deviceId: "android-id-5f2c9a71", network: "4G", locationPermission: "IN_USE", backgroundLocation: false, pushEnabled: true, lat: 32.94, lng: 117.38 };
    const first = await okData<{ id: number }>(post("INDIVIDUAL_USER", "/app-device-report/report", report));
    const again = await okData<{ id: number }>(post("INDIVIDUAL_USER", "/app-device-report/report", { ...report, appVersion: "3.3.0", locationPermission: "ALWAYS" }));
    expect(again.id).toBe(first.id);
    const bad = await post("INDIVIDUAL_USER", "/app-device-report/report", { ...report, appVersion: "最新版" });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMsg).toContain("版本");
    const seen = await okData<{ records: Rec[] }>(post("SYSTEM_USER", "/sys-app-device-report/search", { appVersion: "3.3.0" }));
    expect(seen.records.find((r) => r.id === first.id)).toMatchObject({ locationPermission: "ALWAYS", deviceModel: "nova 12", appVersion: "3.3.0", userName: "张师傅" });
    expect((await post("ORG_USER", "/sys-app-device-report/search")).body.code).toBe(4003);
  });

  it("shows everyone the published safety notices; only editors see drafts and publish (version + 1)", async () => {
    const draft = await okData<Rec>(post("SYSTEM_USER", "/sys-safety-notice", { title: "雨季装卸货须知", content: "雨天装卸须及时遮盖，防止粮食受潮。", audience: "ALL", mustConfirm: false }));
    const forOrg = async () => (await okData<{ records: Rec[] }>(post("ORG_USER", "/sys-safety-notice/search", { size: 200 }))).records;
    expect((await forOrg()).every((r) => r.status === "PUBLISHED")).toBe(true);
    expect((await forOrg()).map((r) => r.id)).not.toContain(draft.id);
    expect((await post("ORG_USER", `/sys-safety-notice/${draft.id}/publish`)).body.code).toBe(4003);
    const published = await okData<Rec>(post("SYSTEM_USER", `/sys-safety-notice/${draft.id}/publish`));
    expect(published).toMatchObject({ status: "PUBLISHED", noticeVersion: 1 });
    expect((await forOrg()).map((r) => r.id)).toContain(draft.id);
    const individual = await okData<{ records: Rec[] }>(post("INDIVIDUAL_USER", "/sys-safety-notice/search", { size: 200 }));
    expect(individual.records.length).toBeGreaterThan(0);
  });
});
