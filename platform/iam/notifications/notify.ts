import type { FreightWay, Notification, NotificationTargetType } from "../../../contract/notification.js";
import type { ServiceContext } from "../../context.js";
import { insertNotifications, publishUnreadCounts, pushToUsers } from "./service.js";

export interface NotifyInput {
  content: string;
  targetType: NotificationTargetType;
  targetId: string | number;
  tags?: string | readonly string[];
  /** For FREIGHT targets: the waybill number and way, so the console opens the right detail page. */
  freightNo?: string | null;
  freightWay?: FreightWay | null;
}

/**
 * Creates one notification per user and pushes SERVICE_MSG_PUSH and SERVICE_MSG_NUM to their sockets.
 * Call it after your own transaction has committed (it writes through ctx.db, not your transaction).
 */
export async function notifyUsers(ctx: ServiceContext, userIds: readonly number[], input: NotifyInput): Promise<Notification[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const created = await insertNotifications(ctx, unique, input);
  await pushToUsers(
    ctx,
    created.map(({ userId, notification }) => ({ userId, packet: { packageType: "SERVICE_MSG_PUSH", content: notification } })),
  );
  await publishUnreadCounts(ctx, unique);
  return created.map((row) => row.notification);
}

export async function notifyUser(ctx: ServiceContext, userId: number, input: NotifyInput): Promise<Notification> {
  const [notification] = await notifyUsers(ctx, [userId], input);
  return notification!;
}
