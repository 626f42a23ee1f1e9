import type { FreightWay, Notification, NotificationTargetType } from "../../../contract/notification.js";
import type { ServiceContext } from "../../context.js";
import { logPushes, messageExemptions, recipientsOf } from "../../system/push.js";
import { insertNotifications, publishUnreadCounts, pushToUsers } from "./service.js";

export interface NotifyInput {
  content: string;
  targetType: NotificationTargetType;
  targetId: string | number;
  tags?: string | readonly string[];
  /** For FREIGHT targets: the waybill number and way, so the console opens the right detail page. */
  freightNo?: string | null;
  freightWay?: FreightWay | null;
  /** The business number the push log shows (default: the waybill number or the target id). */
  bizNo?: string | null;
  /** The console path of the page where the thing is (查看详情). */
  targetPath?: string | null;
  /** The event told of: a user gets one message per event key, however often the request is repeated. */
  eventKey?: string | null;
}

/**
 * Creates one notification per user and pushes SERVICE_MSG_PUSH and SERVICE_MSG_NUM to their sockets,
 * except to users a no-push rule exempts (domain 6.13: their inbox keeps the message, nothing is pushed).
 * Each message is written to the push log (6.8) as SENT or SKIPPED.
 * Call it after your own transaction has committed (it writes through ctx.db, not your transaction).
 */
export async function notifyUsers(ctx: ServiceContext, userIds: readonly number[], input: NotifyInput): Promise<Notification[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const created = await insertNotifications(ctx, unique, input);
  await deliverNotifications(ctx, created, input);
  return created.map((row) => row.notification);
}

/**
 * Pushes stored notifications (SERVICE_MSG_PUSH and SERVICE_MSG_NUM) to their users' sockets, except to
 * users a no-push rule exempts (domain 6.13: their inbox keeps the message), and writes each to the push
 * log (6.8) as SENT or SKIPPED. Call it after the transaction that stored them has committed.
 */
export async function deliverNotifications(ctx: ServiceContext, created: ReadonlyArray<{ userId: number; notification: Notification }>, input: Pick<NotifyInput, "content" | "targetType" | "targetId" | "bizNo" | "freightNo">): Promise<void> {
  if (created.length === 0) return;
  const db = ctx.db.kysely;
  const recipients = await recipientsOf(db, [...new Set(created.map((c) => c.userId))]);
  const exemptions = await messageExemptions(db, recipients);
  const pushed = created.filter(({ userId }) => !exemptions.get(userId));
  await pushToUsers(
    ctx,
    pushed.map(({ userId, notification }) => ({ userId, packet: { packageType: "SERVICE_MSG_PUSH", content: notification } })),
  );
  await publishUnreadCounts(ctx, pushed.map(({ userId }) => userId));
  await logPushes(
    db,
    recipients.map((recipient) => ({ recipient, channel: "SITE", content: input.content, bizType: input.targetType, bizNo: input.bizNo ?? input.freightNo ?? String(input.targetId), exemption: exemptions.get(recipient.userId) ?? null })),
  );
}

export async function notifyUser(ctx: ServiceContext, userId: number, input: NotifyInput): Promise<Notification> {
  const [notification] = await notifyUsers(ctx, [userId], input);
  return notification!;
}

/**
 * The active users who hold a permission code over a row: the platform's staff, the tenant's staff and
 * (when `orgId` is given) the organisation's users. Recipients of "please audit / handle this" messages.
 */
export async function holdersOf(ctx: ServiceContext, code: string, over: { platformId: string; tenantId: number | null; orgId?: number | null }): Promise<number[]> {
  const rows = await ctx.db.kysely
    .selectFrom("users as u")
    .innerJoin("user_roles as ur", "ur.user_id", "u.id")
    .innerJoin("role_permissions as rp", "rp.role_id", "ur.role_id")
    .select("u.id")
    .distinct()
    .where("rp.permission_code", "=", code)
    .where("u.status", "=", "ACTIVE")
    .where("u.platform_id", "=", over.platformId)
    .where((eb) =>
      eb.or([
        eb("u.type", "=", "SYSTEM_USER"),
        eb.and([eb("u.type", "=", "TENANT_USER"), eb("u.tenant_id", "=", over.tenantId ?? -1)]),
        ...(over.orgId == null ? [] : [eb.and([eb("u.type", "=", "ORG_USER"), eb("u.org_id", "=", over.orgId)])]),
      ]),
    )
    .execute();
  return rows.map((r) => Number(r.id));
}
