/**
 * Issue 20 item 5, the engine's share: every audit decision (审核通过, 审核驳回, 撤销认证) on an audited
 * resource (one whose status is the generic audit machine: enterprises, driver and captain profiles,
 * vehicles, ships, …) tells the people the row concerns — the person a profile belongs to
 * (`user_id`), the individual who owns the row (`owner_user_id`) and the active users of its
 * organisation — never the auditor himself. Through the notification service: message centre, push
 * and push log. Runs after commit; a failure is logged, never undoes the decision.
 */
import type { ServiceContext } from "../context.js";
import { notifyUsers } from "../iam/notifications/notify.js";
import type { CallerScope } from "../scope.js";
import type { Binding, Row } from "./bind.js";

const DECISIONS: Record<string, string> = { approve: "已审核通过", reject: "审核驳回", revoke: "已被撤销认证" };

/** The users a row concerns: its person, its individual owner and its organisation's active users. */
export async function concernedUsers(ctx: ServiceContext, row: Row): Promise<number[]> {
  const ids = [row.user_id, row.owner_user_id].filter((v) => v != null).map(Number);
  if (row.org_id != null) {
    const users = await ctx.db.kysely.selectFrom("users").select("id").where("org_id", "=", Number(row.org_id)).where("type", "=", "ORG_USER").where("status", "=", "ACTIVE").execute();
    ids.push(...users.map((u) => Number(u.id)));
  }
  return ids;
}

export async function notifyAuditDecision(ctx: ServiceContext, binding: Binding, scope: CallerScope, row: Row, transition: string, title: string): Promise<void> {
  const decision = DECISIONS[transition];
  if (!decision || binding.def.status?.field !== "auditStatus") return;
  try {
    const to = (await concernedUsers(ctx, row)).filter((id) => id !== scope.userId);
    const remark = typeof row.audit_remark === "string" && row.audit_remark && transition !== "approve" ? `，原因：${row.audit_remark}` : "";
    await notifyUsers(ctx, to, { content: `您的${binding.def.name}「${title}」${decision}${remark}。`, targetType: "MY", targetId: `${binding.def.key}:${String(row.id)}`, tags: ["audit"], bizNo: `${binding.def.key}:${String(row.id)}` });
  } catch (error) {
    ctx.log.error({ err: error, resource: binding.def.key, id: row.id, transition }, "audit notification failed");
  }
}
