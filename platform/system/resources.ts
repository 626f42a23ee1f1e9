/**
 * The bindings of the other /system pages: APP上传信息, 企业配置, 推送日志 (not counted: the log grows
 * without bound), 免推送配置, 敏感词, 投诉 and their replies, 微信群 and 安全须知.
 */
import { sql, type SqlBool } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { DETAIL_PAGES, pathWithId } from "../../contract/notification-targets.js";
import { COMPLAINT_SLA_HOURS, complaint, complaintReply, stageOf } from "../../contract/resources/complaint.js";
import { safetyNotice, sensitiveWord, wxGroup } from "../../contract/resources/system-content.js";
import { appDeviceReport, enterpriseConfig, noPushRule, pushLog, smsSendLog } from "../../contract/resources/system-ops.js";
import { HttpError, Refusal } from "../http/envelope.js";
import { notifyUsers } from "../iam/notifications/notify.js";
import { bindResource, orgScope, platformScope, platformStaffScope, type AnyDb, type Hooks, type Row, type ScopeRule } from "../resources/bind.js";
import { isOrgUser, isPlatformStaff, ownOrgId, type CallerScope } from "../scope.js";
import { wordKey } from "./sensitive.js";
import { resendFromLog } from "./sms-resend.js";

/** Platform staff only (SYSTEM_USER): rows of their platform. */
const platformStaff: ScopeRule = platformStaffScope;

export const appDeviceReportBinding = bindResource(appDeviceReport, { table: "app_device_reports", scope: platformStaff, stamp: "platform" });

export const enterpriseConfigBinding = bindResource(enterpriseConfig, { table: "enterprise_configs", scope: orgScope({ individual: null }) });

export const pushLogBinding = bindResource(pushLog, { table: "push_logs", scope: platformStaff, stamp: "platform", countTotal: false });
/** 短信发送记录: the rows the SMS client writes (platform/fleet/sms-gateway.ts); read-only but for 重发 (sms-resend.ts). */
export const smsSendLogBinding = bindResource(smsSendLog, {
  table: "sms_send_logs",
  scope: platformStaff,
  stamp: "platform",
  softDelete: false,
  countTotal: false,
  services: { resend: (ctx, scope, id) => resendFromLog(ctx, scope, id) },
});

/** The subject a no-push rule names, looked up in the caller's platform: its display name. */
async function subjectName(trx: AnyDb, platformId: string, type: string, id: number): Promise<string | null> {
  if (type === "ENTERPRISE") return (await trx.selectFrom("organisations").select("name").where("id", "=", id).where("platform_id", "=", platformId).executeTakeFirst())?.name ?? null;
  if (type === "USER") {
    const user = await trx.selectFrom("users").select(["name", "mobile"]).where("id", "=", id).where("platform_id", "=", platformId).executeTakeFirst();
    return user ? `${user.name}（${user.mobile.slice(0, 3)}****${user.mobile.slice(-4)}）` : null;
  }
  return (await trx.selectFrom("freight_vehicles").select("plate_no").where("id", "=", id).where("platform_id", "=", platformId).executeTakeFirst())?.plate_no ?? null;
}

export const noPushRuleBinding = bindResource(noPushRule, {
  table: "no_push_rules",
  scope: platformStaff,
  stamp: "platform",
  hooks: {
    async beforeCreate(trx, scope, values) {
      if (values.valid_from && values.valid_to && String(values.valid_from) > String(values.valid_to)) throw new HttpError(400, "失效日期不能早于生效日期");
      const name = await subjectName(trx, scope.platformId, String(values.subject_type), Number(values.subject_id));
      if (!name) throw new HttpError(400, "主体 ID 对应的主体不存在");
      values.subject_name = name;
    },
  },
});

async function uniqueWord(trx: AnyDb, platformId: string, word: string, exceptId?: number) {
  let query = trx.selectFrom("sensitive_words").select("id").where("platform_id", "=", platformId).where("word_key", "=", wordKey(word)).where("deleted_at", "is", null);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) throw new Refusal(RefusalCode.illegalState, `敏感词「${word}」已存在`);
}

export const sensitiveWordBinding = bindResource(sensitiveWord, {
  table: "sensitive_words",
  scope: platformStaff,
  stamp: "platform",
  hooks: {
    async beforeCreate(trx, scope, values) {
      await uniqueWord(trx, scope.platformId, String(values.word));
      values.word_key = wordKey(String(values.word));
    },
    async beforeUpdate(trx, scope, before, values) {
      if (typeof values.word !== "string") return;
      await uniqueWord(trx, scope.platformId, values.word, Number(before.id));
      values.word_key = wordKey(values.word);
    },
  },
});

/** After each move: the stage follows the status, the handler and times are stamped, answers join the thread. */
async function onComplaint(trx: AnyDb, scope: CallerScope, row: Row, transition: string, input: Record<string, unknown>) {
  const at = String(row.updated_at);
  const set: Record<string, unknown> = { stage: stageOf(String(row.status)) };
  if (transition === "accept") Object.assign(set, { handler_user_id: scope.userId, handler_name: scope.name, accepted_at: at });
  if (transition === "reply") set.replied_at = at;
  if (transition === "close" || transition === "reject") set.closed_at = at;
  await trx.updateTable("complaints").set(set).where("id", "=", row.id).execute();
  const content = transition === "reply" ? String(input.replyContent) : transition === "followUp" ? String(input.followUpContent) : null;
  if (content) {
    await trx
      .insertInto("complaint_replies")
      .values({ platform_id: String(row.platform_id), tenant_id: (row.tenant_id as number | null) ?? null, org_id: (row.org_id as number | null) ?? null, owner_user_id: null, complaint_id: row.id, author_type: transition === "reply" ? "PLATFORM" : "COMPLAINANT", author_name: scope.name, content, created_at: at, updated_at: at, created_by: scope.userId, updated_by: scope.userId })
      .execute();
  }
}

const complaintHooks: Hooks = {
  /** The complainant: an organisation's user files their own; staff register a phone call's. */
  async beforeCreate(trx, scope, values, body) {
    const at = new Date(String(values.created_at));
    // Organisations file for themselves; tenant staff within their tenant; platform staff may name the organisation complained about.
    if (!isPlatformStaff(scope)) Object.assign(values, { tenant_id: scope.tenantId, org_id: ownOrgId(scope) ?? null });
    else if (typeof body.orgId === "number") {
      const org = await trx.selectFrom("organisations").select(["id", "tenant_id"]).where("id", "=", body.orgId).where("platform_id", "=", scope.platformId).executeTakeFirst();
      if (!org) throw new HttpError(400, "所属企业不存在");
      Object.assign(values, { tenant_id: org.tenant_id, org_id: org.id });
    }
    values.complainant_user_id = isOrgUser(scope) ? scope.userId : null;
    if (isOrgUser(scope)) values.source = "CONSOLE";
    values.stage = stageOf("PENDING");
    values.deadline_at = new Date(at.getTime() + COMPLAINT_SLA_HOURS * 3_600_000).toISOString();
  },
  onTransition: onComplaint,
  /** The complainant hears of the answer (and of a refusal) in their message centre. */
  async afterTransition(ctx, _scope, row, transition) {
    if (!(transition === "reply" || transition === "reject") || row.complainant_user_id == null) return;
    const what = transition === "reply" ? `已回复：${String(row.reply_content ?? "")}` : `不予受理：${String(row.handle_result ?? "")}`;
    await notifyUsers(ctx, [Number(row.complainant_user_id)], { content: `您的${row.kind === "ADVICE" ? "建议" : "投诉"} ${String(row.complaint_no)} ${what}`.slice(0, 500), targetType: "MY", targetId: Number(row.id), tags: ["complaint"], bizNo: String(row.complaint_no), targetPath: pathWithId(DETAIL_PAGES.complaint, Number(row.id)) });
  },
};

export const complaintBinding = bindResource(complaint, { table: "complaints", scope: orgScope({ individual: null }), stamp: "platform", number: { field: "complaintNo", prefix: "TS" }, hooks: complaintHooks });

export const complaintReplyBinding = bindResource(complaintReply, { table: "complaint_replies", scope: orgScope({ individual: null }), stamp: "platform" });

export const wxGroupBinding = bindResource(wxGroup, { table: "wx_groups", scope: platformStaff, stamp: "platform" });

/** Editors (TMS_SAFETY_NOTICE) see every notice of the platform; everyone else the published ones. */
const noticeScope: ScopeRule = (scope, alias) =>
  scope.permissions.has("TMS_SAFETY_NOTICE") ? platformScope(scope, alias) : sql<SqlBool>`(${platformScope(scope, alias)} and ${sql.ref(`${alias}.status`)} = 'PUBLISHED')`;

export const safetyNoticeBinding = bindResource(safetyNotice, {
  table: "safety_notices",
  scope: noticeScope,
  stamp: "platform",
  hooks: {
    async onTransition(trx, _scope, row, transition) {
      if (transition !== "publish") return;
      await trx.updateTable("safety_notices").set({ notice_version: Number(row.notice_version ?? 0) + 1, published_at: String(row.updated_at) }).where("id", "=", row.id).execute();
    },
  },
});

export const SYSTEM_PAGE_BINDINGS = [appDeviceReportBinding, enterpriseConfigBinding, pushLogBinding, smsSendLogBinding, noPushRuleBinding, sensitiveWordBinding, complaintBinding, complaintReplyBinding, wxGroupBinding, safetyNoticeBinding];
