import type { Selectable } from "kysely";
import { TAG_PATTERN, type MarkRead, type Notification, type NotificationFilter } from "../../../contract/notification.js";
import { RefusalCode, type Paged } from "../../../contract/envelope.js";
import type { ServiceContext } from "../../context.js";
import { nowIso } from "../../db/index.js";
import { notFound, offsetOf, Refusal } from "../../http/envelope.js";
import type { UserPacket } from "../../realtime/bus.js";
import type { NotifyInput } from "./notify.js";
import type { NotificationsTable } from "./schema.js";

type NotificationRow = Selectable<NotificationsTable>;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: String(row.id),
    createdTime: row.created_time,
    content: row.content,
    status: row.status,
    targetType: row.target_type,
    targetId: row.target_id,
    tags: row.tags.split(",").filter(Boolean),
    freightNo: row.freight_no,
    freightWay: row.freight_way,
    targetPath: row.target_path,
  };
}

/** ",a,b," so that a single tag matches with LIKE '%,a,%'. */
export function joinTags(tags: string | readonly string[] | undefined): string {
  const list = tags === undefined ? [] : typeof tags === "string" ? [tags] : [...tags];
  for (const tag of list) if (!TAG_PATTERN.test(tag)) throw new Error(`Invalid notification tag: ${JSON.stringify(tag)}`);
  return list.length ? `,${[...new Set(list)].join(",")},` : "";
}

/** Rows per INSERT: keeps bound parameters well under SQLite's and PostgreSQL's limits. */
const INSERT_CHUNK = 500;

export async function insertNotifications(
  ctx: ServiceContext,
  userIds: readonly number[],
  input: NotifyInput,
): Promise<Array<{ userId: number; notification: Notification }>> {
  if (input.targetType === "FREIGHT" && !(input.freightNo && input.freightWay)) {
    throw new Error("FREIGHT notifications need freightNo and freightWay so the console can open the waybill");
  }
  const createdTime = nowIso();
  const tags = joinTags(input.tags);
  const values = userIds.map((userId) => ({
    user_id: userId,
    created_time: createdTime,
    content: input.content,
    status: "PENDING" as const,
    target_type: input.targetType,
    target_id: String(input.targetId),
    tags,
    freight_no: input.freightNo ?? null,
    freight_way: input.freightWay ?? null,
    target_path: input.targetPath ?? null,
    event_key: input.eventKey ?? null,
  }));
  const rows = await ctx.db.kysely.transaction().execute(async (trx) => {
    const inserted: NotificationRow[] = [];
    for (let start = 0; start < values.length; start += INSERT_CHUNK) {
      inserted.push(...(await trx.insertInto("notifications").values(values.slice(start, start + INSERT_CHUNK)).returningAll().execute()));
    }
    return inserted;
  });
  return rows.map((row) => ({ userId: Number(row.user_id), notification: toNotification(row) }));
}

export async function unreadCount(ctx: ServiceContext, userId: number): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "=", "PENDING")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Hands packets to the realtime bus. Pushing is best effort: the notification is already stored, so a
 * bus failure is logged rather than failing the call that changed the data.
 */
export async function pushToUsers(ctx: ServiceContext, messages: readonly UserPacket[]): Promise<void> {
  const bus = ctx.bus;
  if (!bus || messages.length === 0) return;
  try {
    await Promise.all(messages.map((message) => bus.publish(message)));
  } catch (err) {
    ctx.log.warn({ err }, "realtime push failed");
  }
}

/** Pushes each user's current unread count to their sockets. */
export async function publishUnreadCounts(ctx: ServiceContext, userIds: readonly number[]): Promise<void> {
  if (!ctx.bus) return;
  const counts = await Promise.all(userIds.map(async (userId) => ({ userId, msgNum: await unreadCount(ctx, userId) })));
  await pushToUsers(
    ctx,
    counts.map(({ userId, msgNum }) => ({ userId, packet: { packageType: "SERVICE_MSG_NUM", msgNum } })),
  );
}

export async function searchOwn(
  ctx: ServiceContext,
  userId: number,
  { current, size, tags, status }: NotificationFilter & { current: number; size: number },
): Promise<Paged<Notification>> {
  let query = ctx.db.kysely.selectFrom("notifications").where("user_id", "=", userId);
  if (status) query = query.where("status", "=", status);
  if (tags.length) query = query.where((eb) => eb.or(tags.map((tag) => eb("tags", "like", `%,${tag},%`))));
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    query.selectAll().orderBy("created_time", "desc").orderBy("id", "desc").limit(size).offset(offsetOf(current, size)).execute(),
  ]);
  return { records: rows.map(toNotification), total: Number(total), current, size };
}

/** Marks the given (or all) of the caller's notifications read; refuses, changing nothing, if any id is not theirs. */
export async function markRead(ctx: ServiceContext, userId: number, body: MarkRead): Promise<{ count: number }> {
  const count = await ctx.db.kysely.transaction().execute(async (trx) => {
    let update = trx.updateTable("notifications").set({ status: "READ" }).where("user_id", "=", userId).where("status", "=", "PENDING");
    if (body.readAll !== "YES") {
      const ids = [...new Set(body.ids ?? [])];
      const owned = await trx.selectFrom("notifications").select("id").where("user_id", "=", userId).where("id", "in", ids).execute();
      if (owned.length !== ids.length) {
        throw new Refusal(RefusalCode.invalid, "只能标记自己的消息：部分消息不存在或不属于当前用户，未做任何修改");
      }
      update = update.where("id", "in", ids);
    }
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
  if (count > 0) await publishUnreadCounts(ctx, [userId]);
  return { count };
}

/** One of the caller's notifications, marked read by being opened. */
export async function openOwn(ctx: ServiceContext, userId: number, id: number, markRead = true): Promise<Notification> {
  const row = await ctx.db.kysely.selectFrom("notifications").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw notFound("消息不存在");
  if (row.status === "READ" || !markRead) return toNotification(row);
  const result = await ctx.db.kysely
    .updateTable("notifications")
    .set({ status: "READ" })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) await publishUnreadCounts(ctx, [userId]);
  return toNotification({ ...row, status: "READ" });
}
