/**
 * The outbound message log (domain 6.8) and the exemptions its senders honour (6.13). `pushExemption`
 * finds the ACTIVE, currently valid no-push rule covering any of a message's subjects for a target
 * (MESSAGE for the notification sender; ANHUI / WURUN_* for the data pushes of /submitData, which call
 * it the same way). `logPushes` writes one push_logs row per recipient.
 */
import type { NoPushSubject, NoPushTarget } from "../../contract/resources/system-ops.js";
import { chinaDate } from "../../contract/units.js";
import { nowIso } from "../db/index.js";
import type { AnyDb } from "../resources/bind.js";
import { maskMobile } from "../../contract/personal.js";

export interface PushSubject {
  type: NoPushSubject;
  id: number;
}

export interface Exemption {
  ruleId: number;
  reason: string;
  subjectName: string;
}

/** The rule exempting any of `subjects` from pushes to `target` today, or null. */
export async function pushExemption(db: AnyDb, platformId: string, target: NoPushTarget, subjects: readonly PushSubject[]): Promise<Exemption | null> {
  if (subjects.length === 0) return null;
  const today = chinaDate();
  const row = await db
    .selectFrom("no_push_rules")
    .select(["id", "reason", "subject_name"])
    .where("platform_id", "=", platformId)
    .where("status", "=", "ACTIVE")
    .where("deleted_at", "is", null)
    .where("target", "in", [target, "ALL"])
    .where((eb) => eb.or(subjects.map((s) => eb.and([eb("subject_type", "=", s.type), eb("subject_id", "=", s.id)]))))
    .where((eb) => eb.or([eb("valid_from", "is", null), eb("valid_from", "<=", today)]))
    .where((eb) => eb.or([eb("valid_to", "is", null), eb("valid_to", ">=", today)]))
    .orderBy("id")
    .executeTakeFirst();
  return row
    ? {
        ruleId: Number(row.id),
        reason: row.reason,
        subjectName: row.subject_name,
      }
    : null;
}

export interface Recipient {
  userId: number;
  name: string;
  mobile: string;
  platformId: string;
  orgId: number | null;
}

export async function recipientsOf(db: AnyDb, userIds: readonly number[]): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom("users")
    .select(["id", "name", "mobile", "platform_id", "org_id"])
    .where("id", "in", [...userIds])
    .execute();
  return rows.map((r) => ({
    userId: Number(r.id),
    name: String(r.name),
    mobile: String(r.mobile),
    platformId: String(r.platform_id),
    orgId: r.org_id == null ? null : Number(r.org_id),
  }));
}

/** Each recipient's message exemption (a rule on the user or on their organisation), in one query. */
export async function messageExemptions(db: AnyDb, recipients: readonly Recipient[]): Promise<Map<number, Exemption>> {
  const out = new Map<number, Exemption>();
  if (recipients.length === 0) return out;
  const today = chinaDate();
  const userIds = recipients.map((r) => r.userId);
  const orgIds = [...new Set(recipients.flatMap((r) => (r.orgId === null ? [] : [r.orgId])))];
  const rules = await db
    .selectFrom("no_push_rules")
    .select(["id", "platform_id", "subject_type", "subject_id", "reason", "subject_name"])
    .where("status", "=", "ACTIVE")
    .where("deleted_at", "is", null)
    .where("target", "in", ["MESSAGE", "ALL"])
    .where((eb) =>
      eb.or([eb.and([eb("subject_type", "=", "USER"), eb("subject_id", "in", userIds)]), ...(orgIds.length ? [eb.and([eb("subject_type", "=", "ENTERPRISE"), eb("subject_id", "in", orgIds)])] : [])])
    )
    .where((eb) => eb.or([eb("valid_from", "is", null), eb("valid_from", "<=", today)]))
    .where((eb) => eb.or([eb("valid_to", "is", null), eb("valid_to", ">=", today)]))
    .orderBy("id")
    .execute();
  for (const r of recipients) {
    const rule = rules.find(
      (x) => x.platform_id === r.platformId && ((x.subject_type === "USER" && Number(x.subject_id) === r.userId) || (x.subject_type === "ENTERPRISE" && Number(x.subject_id) === r.orgId))
    );
    if (rule)
      out.set(r.userId, {
        ruleId: Number(rule.id),
        reason: rule.reason,
        subjectName: rule.subject_name,
      });
  }
  return out;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export interface PushEntry {
  recipient: Recipient;
  channel: "SITE" | "APP_PUSH" | "SMS" | "WECHAT";
  content: string;
  bizType?: string | null;
  bizNo?: string | null;
  templateCode?: string | null;
  exemption: Exemption | null;
}

/** One log row per message: SENT, or SKIPPED with the rule that exempted it. */
export async function logPushes(db: AnyDb, entries: readonly PushEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const at = nowIso();
  const rows = entries.map((e) => ({
    platform_id: e.recipient.platformId,
    tenant_id: null,
    org_id: e.recipient.orgId,
    owner_user_id: null,
    channel: e.channel,
    template_code: e.templateCode ?? null,
    target_user_id: e.recipient.userId,
    target_name: e.recipient.name,
    target: maskMobile(e.recipient.mobile),
    title: null,
    content: clip(e.content, 500),
    biz_type: e.bizType ?? null,
    biz_no: e.bizNo ?? null,
    status: e.exemption ? "SKIPPED" : "SENT",
    rule_id: e.exemption?.ruleId ?? null,
    error_msg: e.exemption ? clip(`免推送规则 #${e.exemption.ruleId}（${e.exemption.subjectName}）：${e.exemption.reason}`, 200) : null,
    sent_at: at,
    created_at: at,
    updated_at: at,
  }));
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto("push_logs")
      .values(rows.slice(start, start + 500))
      .execute();
}
