/**
 * Demo data of the other /system pages, so each shows rows for the demo accounts that may see it:
 * enterprise configs for every organisation, sensitive words, complaints in every state (filed by the
 * ORG_USER demo account, handled by the TENANT_USER one) with their conversation, push-log rows
 * mirroring the seeded notifications plus SMS, a failure and a skip, no-push rules, device reports
 * of the app users, WeChat groups and safety notices.
 */
import type { Insertable, Transaction } from "kysely";
import type { AppDeviceReportsTable, PushLogsTable } from "./schema.js";
import { COMPLAINT_SLA_HOURS, stageOf, type COMPLAINT_CATEGORIES, type COMPLAINT_KINDS, type COMPLAINT_SOURCES, type COMPLAINT_TARGETS, type ComplaintState } from "../../contract/resources/complaint.js";
import type { DEVICE_OS, LOCATION_PERMISSIONS, NETWORKS } from "../../contract/resources/system-ops.js";
import type { MATCH_MODES, WORD_CATEGORIES, WordAction } from "../../contract/resources/system-content.js";
import { chinaCompactDate, chinaDate } from "../../contract/units.js";
import type { Db } from "../db/index.js";
import type { Database } from "../db/schema.js";
import type { SeedIds } from "../db/seed.js";
import { sha256 } from "../identity/crypto.js";
import { ensureEnterpriseConfig } from "./enterprise-config.js";
import { wordKey } from "./sensitive.js";

type Trx = Transaction<Database>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const mask = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;

/** 付款须审核: the first organisation of every three pays at once as the ledger's demo and tests expect; the third reviews payments (docs/design/money.md). */
async function seedConfigs(trx: Trx) {
  const orgs = await trx.selectFrom("organisations").select(["id", "name", "platform_id", "tenant_id"]).orderBy("id").execute();
  for (const [i, org] of orgs.entries()) {
    const overrides: Parameters<typeof ensureEnterpriseConfig>[2] = i % 3 === 1 ? { business_modes: "BOTH", default_business_mode: "MATCHMAKING", service_fee_bp: 300, tax_reserve_bp: 150, withhold_bp: 100, payment_requires_audit: 0 } : i % 3 === 2 ? { ticket_type: "TWO_TICKET", settle_basis: "UNLOADED", wipe_mode: "JIAO", settle_cycle: "MONTHLY", credit_limit: 50_000_000 } : { service_fee_bp: 200, payment_requires_audit: 0 };
    await ensureEnterpriseConfig(trx, { id: Number(org.id), name: org.name, platformId: org.platform_id, tenantId: Number(org.tenant_id) }, overrides);
  }
}

const WORDS: Array<[word: string, category: keyof typeof WORD_CATEGORIES, mode: keyof typeof MATCH_MODES, action: WordAction]> = [
  ["刷单返利", "FRAUD", "CONTAINS", "BLOCK"],
  ["代开假发票", "FRAUD", "CONTAINS", "BLOCK"],
  ["网络赌博", "OTHER", "CONTAINS", "BLOCK"],
  ["加微信私下交易", "AD", "CONTAINS", "MASK"],
  ["骗子平台", "ABUSE", "CONTAINS", "MASK"],
  ["测试敏感词", "OTHER", "EXACT", "BLOCK"],
];

async function seedWords(trx: Trx, ids: SeedIds) {
  const at = iso(10 * DAY);
  await trx
    .insertInto("sensitive_words")
    .values(WORDS.map(([word, category, match_mode, action], i) => ({ platform_id: "A", tenant_id: null, org_id: null, owner_user_id: null, word, word_key: wordKey(word), category, match_mode, action, enabled: i === 5 ? "DISABLED" : "ENABLED", created_at: at, updated_at: at, created_by: ids.userIds.SYSTEM_USER })))
    .execute();
}

const COMPLAINTS: Array<{ kind: keyof typeof COMPLAINT_KINDS; source: keyof typeof COMPLAINT_SOURCES; category: keyof typeof COMPLAINT_CATEGORIES; target: [keyof typeof COMPLAINT_TARGETS, string] | null; freight: boolean; content: string; status: ComplaintState; result?: string; reply?: string; penalty?: number }> = [
  { kind: "COMPLAINT", source: "CONSOLE", category: "WAITING", target: ["ORG", "芜湖港朱家桥港区"], freight: true, content: "芜湖港卸货排队超过 6 小时，现场无人安排卸货顺序，司机多次反映，请平台协调。", status: "PENDING" },
  { kind: "COMPLAINT", source: "PHONE", category: "FREIGHT_FEE", target: ["PLATFORM", "平台"], freight: true, content: "司机来电：上月运费已确认 10 天仍未到账，要求尽快核算并打款。", status: "PENDING" },
  { kind: "COMPLAINT", source: "CONSOLE", category: "SERVICE", target: ["DRIVER", "张师傅"], freight: true, content: "司机装货时与库区保管员发生争执，影响当天后续车辆装货，请平台调查处理。", status: "PROCESSING" },
  { kind: "COMPLAINT", source: "CONSOLE", category: "CARGO_LOSS", target: ["DRIVER", "赵师傅"], freight: true, content: "运单卸货复磅比装货少 180 公斤，超过合理路耗，请核实并处理货损。", status: "HANDLED", result: "核实复磅单据，亏吨 180 公斤属实，扣减司机运费并罚款 200 元。", penalty: 20_000 },
  { kind: "ADVICE", source: "CONSOLE", category: "PLATFORM", target: null, freight: false, content: "建议运单列表增加按装货地筛选，方便调度员按库点批量处理。", status: "REPLIED", result: "已纳入下个版本需求。", reply: "感谢建议，运单列表将在下个版本增加装货地筛选。" },
  { kind: "COMPLAINT", source: "CONSOLE", category: "WAITING", target: ["ORG", "中储粮蚌埠直属库"], freight: true, content: "蚌埠直属库装货等待时间长，希望平台协调错峰预约装货。", status: "CLOSED", result: "已与库点协调，开通预约装货时段。", reply: "已协调中储粮蚌埠直属库开通预约装货，请在 APP 预约时段到库。" },
  { kind: "COMPLAINT", source: "CONSOLE", category: "OTHER", target: ["PLATFORM", "平台"], freight: false, content: "重复提交的投诉：与上一条内容相同，请忽略处理。", status: "REJECTED", result: "重复投诉，已合并至上一条处理。" },
];

async function seedComplaints(trx: Trx, ids: SeedIds) {
  const org = await trx.selectFrom("users").select(["id", "name", "mobile", "tenant_id", "org_id"]).where("id", "=", ids.userIds.ORG_USER).executeTakeFirstOrThrow();
  const handler = await trx.selectFrom("users").select(["id", "name"]).where("id", "=", ids.userIds.TENANT_USER).executeTakeFirstOrThrow();
  const freights = await trx.selectFrom("freights").select("freight_no").where("org_id", "=", Number(org.org_id)).orderBy("id").limit(COMPLAINTS.length).execute();
  const day = chinaCompactDate();
  for (const [i, c] of COMPLAINTS.entries()) {
    const created = (COMPLAINTS.length - i) * 11 * HOUR;
    const accepted = c.status !== "PENDING" && c.status !== "REJECTED";
    const replied = c.reply !== undefined;
    const phone = c.source === "PHONE";
    const row = await trx
      .insertInto("complaints")
      .values({
        platform_id: "A",
        tenant_id: Number(org.tenant_id),
        org_id: Number(org.org_id),
        owner_user_id: null,
        complaint_no: `TS${day}${String(900_001 + i)}`,
        kind: c.kind,
        source: c.source,
        complainant_user_id: phone ? null : Number(org.id),
        complainant_name: phone ? "周师傅" : org.name,
        complainant_mobile: phone ? "13905521234" : org.mobile,
        target_type: c.target?.[0] ?? null,
        target_name: c.target?.[1] ?? null,
        freight_no: c.freight ? (freights[i % Math.max(1, freights.length)]?.freight_no ?? null) : null,
        category: c.category,
        content: c.content,
        attachments: null,
        status: c.status,
        stage: stageOf(c.status),
        handler_user_id: accepted ? Number(handler.id) : null,
        handler_name: accepted ? handler.name : null,
        accepted_at: accepted ? iso(created - HOUR) : null,
        handle_result: c.result ?? null,
        penalty_amount: c.penalty ?? null,
        reply_content: c.reply ?? null,
        replied_at: replied ? iso(created - 3 * HOUR) : null,
        deadline_at: iso(created - COMPLAINT_SLA_HOURS * HOUR),
        closed_at: c.status === "CLOSED" || c.status === "REJECTED" ? iso(created - 5 * HOUR) : null,
        created_at: iso(created),
        updated_at: iso(created - HOUR),
        created_by: Number(org.id),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (replied) {
      await trx
        .insertInto("complaint_replies")
        .values({ platform_id: "A", tenant_id: Number(org.tenant_id), org_id: Number(org.org_id), owner_user_id: null, complaint_id: row.id, author_type: "PLATFORM", author_name: handler.name, content: c.reply!, created_at: iso(created - 3 * HOUR), created_by: Number(handler.id) })
        .execute();
    }
  }
}

async function seedPushLogs(trx: Trx) {
  const notes = await trx
    .selectFrom("notifications")
    .innerJoin("users", "users.id", "notifications.user_id")
    .select(["notifications.content", "notifications.created_time", "notifications.freight_no", "notifications.target_type", "notifications.target_id", "users.id as user_id", "users.name", "users.mobile", "users.platform_id", "users.org_id"])
    .orderBy("notifications.id", "desc")
    .limit(60)
    .execute();
  const rows: Array<Insertable<PushLogsTable>> = notes.map((n, i) => ({
    platform_id: n.platform_id,
    tenant_id: null,
    org_id: n.org_id,
    owner_user_id: null,
    channel: i % 5 === 1 ? "APP_PUSH" : "SITE",
    template_code: null,
    target_user_id: Number(n.user_id),
    target_name: n.name,
    target: mask(n.mobile),
    title: null,
    content: n.content.slice(0, 500),
    biz_type: n.target_type,
    biz_no: n.freight_no ?? n.target_id,
    status: i % 17 === 3 ? "FAILED" : i % 5 === 1 ? "DELIVERED" : "SENT",
    rule_id: null,
    error_msg: i % 17 === 3 ? "推送通道超时（极光推送 1011）" : null,
    sent_at: n.created_time,
    created_at: n.created_time,
  }));
  const users = await trx.selectFrom("users").select(["id", "name", "mobile", "platform_id", "org_id"]).where("platform_id", "=", "A").orderBy("id").limit(4).execute();
  for (const [i, u] of users.entries()) {
    const at = iso((i + 1) * 7 * HOUR);
    rows.push({ platform_id: u.platform_id, tenant_id: null, org_id: u.org_id, owner_user_id: null, channel: "SMS", template_code: "SMS_LOGIN_CODE", target_user_id: Number(u.id), target_name: u.name, target: mask(u.mobile), title: null, content: "【运输管理后台】您的登录验证码为 ******，5 分钟内有效。", biz_type: "LOGIN", biz_no: null, status: "DELIVERED", rule_id: null, error_msg: null, sent_at: at, created_at: at });
  }
  for (let start = 0; start < rows.length; start += 200) await trx.insertInto("push_logs").values(rows.slice(start, start + 200)).execute();
}

/** 短信发送记录: a few platform messages as the 阿里云 client logged them, one refused. */
async function seedSmsLogs(trx: Trx) {
  const users = await trx.selectFrom("users").select(["id", "mobile", "platform_id", "org_id"]).where("platform_id", "=", "A").orderBy("id").limit(4).execute();
  const rows = users.map((u, i) => {
    const at = iso((i + 1) * 5 * HOUR);
    const failed = i === 3;
    const [code, content] = i % 2 === 0 ? ["VERIFICATION_CODE", "【运输管理后台】您的验证码为 ******，5 分钟内有效。如非本人操作，请忽略本短信。"] : ["PASSWORD_ISSUED", `【运输管理后台】您的登录账号 ${u.mobile} 的密码已重置，初始密码为 ******，登录后请立即修改。`];
    const request = JSON.stringify({ PhoneNumbers: u.mobile, SignName: "运输管理后台", TemplateCode: i % 2 === 0 ? "SMS_465390001" : "SMS_465390003", TemplateParam: "{\"code\":\"******\"}" });
    return {
      platform_id: u.platform_id,
      org_id: u.org_id,
      user_id: Number(u.id),
      template_id: null,
      template_code: code,
      purpose: code === "VERIFICATION_CODE" ? "CODE" : "ACCOUNT",
      mobile: u.mobile,
      content,
      status: failed ? "FAILED" : "SENT",
      provider: "aliyun",
      provider_message_id: failed ? null : `${Date.parse(at)}${i}^0`,
      request_id: `6C3B${String(i).padStart(4, "0")}-5B1A-4E0F-9A6D-0C7E2F1B${String(1000 + i)}`,
      request_excerpt: request,
      response_excerpt: failed ? JSON.stringify({ Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "触发小时级流控Permits:5" }) : JSON.stringify({ Code: "OK", Message: "OK" }),
      error: failed ? "isv.BUSINESS_LIMIT_CONTROL：触发小时级流控Permits:5" : null,
      created_at: at,
    };
  });
  if (rows.length) await trx.insertInto("sms_send_logs").values(rows).execute();
}

async function seedNoPush(trx: Trx, ids: SeedIds) {
  const orgs = await trx.selectFrom("organisations").select(["id", "name"]).where("id", "in", ids.orgIds).orderBy("id").execute();
  const test = orgs.at(-1)!;
  const at = iso(20 * DAY);
  await trx
    .insertInto("no_push_rules")
    .values([
      { platform_id: "A", tenant_id: null, org_id: null, owner_user_id: null, subject_type: "ENTERPRISE", subject_id: Number(test.id), subject_name: test.name, target: "ANHUI", reason: "该企业业务由其自有网络货运平台上报，本平台不重复上报。", valid_from: chinaDate(Date.now() - 20 * DAY), valid_to: null, status: "ACTIVE", created_at: at, created_by: ids.userIds.SYSTEM_USER },
      { platform_id: "A", tenant_id: null, org_id: null, owner_user_id: null, subject_type: "ENTERPRISE", subject_id: Number(orgs[0]!.id), subject_name: orgs[0]!.name, target: "ALL", reason: "系统联调期间临时免推送，联调结束已移除。", valid_from: chinaDate(Date.now() - 60 * DAY), valid_to: chinaDate(Date.now() - 30 * DAY), status: "REMOVED", created_at: iso(60 * DAY), created_by: ids.userIds.SYSTEM_USER },
    ])
    .execute();
}

const DEVICES: Array<[brand: string, model: string, os: keyof typeof DEVICE_OS, osVersion: string, network: keyof typeof NETWORKS, permission: keyof typeof LOCATION_PERMISSIONS, background: number, push: number]> = [
  ["HUAWEI", "Mate 60 Pro", "ANDROID", "HarmonyOS 4.2", "5G", "ALWAYS", 1, 1],
  ["Xiaomi", "Redmi K70", "ANDROID", "Android 14", "4G", "IN_USE", 0, 1],
  ["Apple", "iPhone 15", "IOS", "iOS 17.5", "WIFI", "ALWAYS", 1, 1],
  ["OPPO", "Reno 11", "ANDROID", "Android 14", "4G", "DENIED", 0, 0],
  ["vivo", "X100", "ANDROID", "Android 14", "5G", "ALWAYS", 1, 0],
];

async function seedDevices(trx: Trx) {
  const users = await trx.selectFrom("users").select(["id", "name", "mobile", "platform_id", "tenant_id", "org_id"]).where("type", "=", "INDIVIDUAL_USER").where("platform_id", "=", "A").orderBy("id").limit(DEVICES.length).execute();
  const rows = users.map((u, i): Insertable<AppDeviceReportsTable> => {
    const [brand, model, os, osVersion, network, permission, background, push] = DEVICES[i]!;
    const at = iso((i + 1) * 5 * HOUR);
    return { platform_id: u.platform_id, tenant_id: u.tenant_id, org_id: u.org_id, owner_user_id: Number(u.id), user_id: Number(u.id), user_name: u.name, mobile: u.mobile, app_code: i % 4 === 3 ? "CAPTAIN" : "DRIVER", app_version: i % 2 ? "3.2.0" : "3.2.1", os, os_version: osVersion, device_brand: brand, device_model: model, device_id_hash: sha256(`demo-device-${u.id}`), network, location_permission: permission, background_location: background, push_enabled: push, last_lat: 32.9 + i / 10, last_lng: 117.3 + i / 10, reported_at: at, created_at: at };
  });
  if (rows.length) await trx.insertInto("app_device_reports").values(rows).execute();
}

async function seedContent(trx: Trx, ids: SeedIds) {
  const at = iso(15 * DAY);
  const by = ids.userIds.SYSTEM_USER;
  const base = { platform_id: "A", tenant_id: null, org_id: null, owner_user_id: null, created_at: at, updated_at: at, created_by: by };
  await trx
    .insertInto("wx_groups")
    .values([
      { ...base, name: "蚌埠—芜湖粮食线路群", purpose: "ROUTE", route_text: "蚌埠 → 芜湖", qr_code: JSON.stringify(["/files/wx/route-bengbu-wuhu.png"]), qr_expires_at: chinaDate(Date.now() + 5 * DAY), owner_name: "王运营", owner_mobile: "13800000002", member_count: 186, show_in_app: 1, sort: 1, enabled: "ENABLED", remark: null },
      { ...base, name: "皖北小麦调度群", purpose: "DISPATCH", route_text: "宿州、阜阳、亳州", qr_code: JSON.stringify(["/files/wx/dispatch-wanbei.png"]), qr_expires_at: chinaDate(Date.now() + DAY), owner_name: "李调度", owner_mobile: "13800000003", member_count: 94, show_in_app: 1, sort: 2, enabled: "ENABLED", remark: "二维码即将到期，请群主更新" },
      { ...base, name: "平台司机客服群", purpose: "SERVICE", route_text: null, qr_code: null, qr_expires_at: null, owner_name: "客服小刘", owner_mobile: null, member_count: 412, show_in_app: 0, sort: 3, enabled: "ENABLED", remark: null },
      { ...base, name: "2025 秋粮收购项目群", purpose: "PROJECT", route_text: "秋粮收购", qr_code: null, qr_expires_at: chinaDate(Date.now() - 40 * DAY), owner_name: "王运营", owner_mobile: "13800000002", member_count: 57, show_in_app: 0, sort: 4, enabled: "DISABLED", remark: "项目已结束" },
    ])
    .execute();
  await trx
    .insertInto("safety_notices")
    .values([
      { ...base, title: "粮库装卸货安全须知", content: "1. 进入库区须佩戴安全帽，车辆限速 5 公里/小时。\n2. 装卸货时车辆熄火、拉手刹，人员不得站在车厢与料斗之间。\n3. 严禁在库区吸烟、使用明火。\n4. 听从库区保管员指挥，按预约时段排队。", audience: "DRIVER", freight_way: "ROAD", must_confirm: 1, min_read_seconds: 15, notice_version: 2, status: "PUBLISHED", published_at: iso(10 * DAY) },
      { ...base, title: "内河散货船装载安全须知", content: "1. 开航前确认干舷与载重线，严禁超载。\n2. 雨天装卸须及时遮盖舱口，防止粮食受潮。\n3. 夜航须开启航行灯并保持 VHF 值守。", audience: "CAPTAIN", freight_way: "WATER", must_confirm: 1, min_read_seconds: 20, notice_version: 1, status: "PUBLISHED", published_at: iso(8 * DAY) },
      { ...base, title: "冬季道路运输防滑须知（草稿）", content: "雨雪天气出车前检查轮胎花纹与防滑链，降低车速、加大车距。", audience: "ALL", freight_way: null, must_confirm: 0, min_read_seconds: 0, notice_version: 0, status: "DRAFT", published_at: null },
    ])
    .execute();
}

export async function seedSystemPages(db: Db, ids: SeedIds): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await seedConfigs(trx);
    await seedWords(trx, ids);
    await seedComplaints(trx, ids);
    await seedPushLogs(trx);
    await seedSmsLogs(trx);
    await seedNoPush(trx, ids);
    await seedDevices(trx);
    await seedContent(trx, ids);
  });
}
