/** Driver comments on waybills and the platform's replies. */
import type { Kysely } from "kysely";
import { FREIGHT_STATUS_LABELS, FreightRefusalCode, type FreightComment, type FreightStatus } from "../../contract/freight.js";
import type { Paged } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { notFound, offsetOf, Refusal } from "../http/envelope.js";
import { notifyUsers } from "../iam/notifications/notify.js";
import { contains } from "./records.js";
import { screenText } from "../system/sensitive.js";
import { isStaff, visible, type CallerScope } from "../scope.js";

/** A trip can be commented on once the goods are unloaded. */
const COMMENTABLE: readonly FreightStatus[] = ["UNLOADED", "SIGNED", "CONFIRMED", "COMPLETED"];

function commentsQuery(db: Kysely<Database>, scope: CallerScope) {
  return db.selectFrom("freight_comments as c").innerJoin("freights", "freights.id", "c.freight_id").where(visible("freights", scope));
}

const commentColumns = [
  "c.id",
  "c.freight_id",
  "freights.freight_no",
  "c.author_name",
  "c.score",
  "c.content",
  "c.reply_content",
  "c.reply_name",
  "c.replied_at",
  "c.created_at",
] as const;

type CommentRow = {
  id: number;
  freight_id: number;
  freight_no: string;
  author_name: string;
  score: number;
  content: string;
  reply_content: string | null;
  reply_name: string | null;
  replied_at: string | null;
  created_at: string;
};

export function toComment(r: CommentRow): FreightComment {
  return {
    id: Number(r.id),
    freightId: Number(r.freight_id),
    freightNo: r.freight_no,
    authorName: r.author_name,
    score: Number(r.score),
    content: r.content,
    replyContent: r.reply_content,
    replyName: r.reply_name,
    replyTime: r.replied_at,
    createdTime: r.created_at,
  };
}

export async function commentsOf(db: Kysely<Database>, scope: CallerScope, freightId: number): Promise<FreightComment[]> {
  const rows = await commentsQuery(db, scope).select(commentColumns).where("c.freight_id", "=", freightId).orderBy("c.id").execute();
  return rows.map(toComment);
}

async function commentById(db: Kysely<Database>, scope: CallerScope, id: number): Promise<FreightComment> {
  const row = await commentsQuery(db, scope).select(commentColumns).where("c.id", "=", id).executeTakeFirstOrThrow();
  return toComment(row);
}

/** The driver or captain of a waybill comments on it (once, after unloading). */
export async function createComment(ctx: ServiceContext, scope: CallerScope, input: { freightId: number; score: number; content: string }): Promise<FreightComment> {
  const body = { ...input, content: await screenText(ctx.db.kysely, scope.platformId, "评价内容", input.content) };
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const freight = await trx.selectFrom("freights").selectAll().where("id", "=", body.freightId).where(visible("freights", scope)).executeTakeFirst();
    if (!freight) throw notFound("运单不存在");
    if (freight.carrier_user_id == null || Number(freight.carrier_user_id) !== scope.userId) {
      throw new Refusal(FreightRefusalCode.notPermitted, "只有该运单的司机或船长可以评价");
    }
    if (!COMMENTABLE.includes(freight.status)) {
      throw new Refusal(FreightRefusalCode.illegalState, `运单当前状态为「${FREIGHT_STATUS_LABELS[freight.status]}」，卸货后才能评价`);
    }
    const existing = await trx.selectFrom("freight_comments").select("id").where("freight_id", "=", freight.id).where("author_user_id", "=", scope.userId).executeTakeFirst();
    if (existing) throw new Refusal(FreightRefusalCode.illegalState, "您已评价过该运单");
    const row = await trx
      .insertInto("freight_comments")
      .values({
        freight_id: freight.id,
        author_user_id: scope.userId,
        author_name: scope.name,
        score: body.score,
        content: body.content,
        reply_content: null,
        reply_user_id: null,
        reply_name: null,
        replied_at: null,
        created_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  return commentById(ctx.db.kysely, scope, id);
}

export async function selectComments(
  db: Kysely<Database>,
  scope: CallerScope,
  filter: { freightNo?: string; replied?: boolean | null },
  { current, size }: { current: number; size: number },
): Promise<Paged<FreightComment>> {
  let query = commentsQuery(db, scope);
  if (filter.freightNo) query = query.where(contains("freights.freight_no", filter.freightNo.toUpperCase()));
  if (filter.replied != null) query = query.where("c.reply_content", filter.replied ? "is not" : "is", null);
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    query.select(commentColumns).orderBy("c.created_at", "desc").orderBy("c.id", "desc").limit(size).offset(offsetOf(current, size)).execute(),
  ]);
  return { records: rows.map(toComment), total: Number(total), current, size };
}

/** The platform (SYSTEM_USER or TENANT_USER) answers a comment, once; the author is notified. */
export async function replyToComment(ctx: ServiceContext, scope: CallerScope, id: number, text: string): Promise<FreightComment> {
  if (!isStaff(scope)) throw new Refusal(FreightRefusalCode.notPermitted, "只有平台或租户账号可以回复司机评价");
  const replyContent = await screenText(ctx.db.kysely, scope.platformId, "回复内容", text);
  const target = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("freight_comments as c")
      .innerJoin("freights", "freights.id", "c.freight_id")
      .select(["c.id", "c.author_user_id", "c.reply_content", "freights.id as freightId", "freights.freight_no", "freights.freight_way"])
      .where("c.id", "=", id)
      .where(visible("freights", scope))
      .executeTakeFirst();
    if (!row) throw notFound("评价不存在");
    if (row.reply_content != null) throw new Refusal(FreightRefusalCode.illegalState, "该评价已回复，不能重复回复");
    const updated = await trx
      .updateTable("freight_comments")
      .set({ reply_content: replyContent, reply_user_id: scope.userId, reply_name: scope.name, replied_at: nowIso() })
      .where("id", "=", id)
      .where("reply_content", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Refusal(FreightRefusalCode.illegalState, "该评价已回复，不能重复回复");
    return row;
  });
  try {
    await notifyUsers(ctx, [Number(target.author_user_id)], {
      content: `平台回复了您对运单 ${target.freight_no} 的评价：${replyContent}`,
      targetType: "FREIGHT",
      targetId: Number(target.freightId),
      tags: ["freight"],
      freightNo: target.freight_no,
      freightWay: target.freight_way,
    });
  } catch (error) {
    ctx.log.error({ err: error, commentId: id }, "comment reply notification failed");
  }
  return commentById(ctx.db.kysely, scope, id);
}
