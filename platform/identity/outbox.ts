import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";

/** Development only: what would have been sent by SMS or shown as a captcha (tests read it). */
export async function devOutbox(ctx: ServiceContext, kind: string, mobile: string, content: string) {
  if (ctx.config.production) return;
  ctx.log.info({ mobile, kind, content }, `development outbox: ${kind} for ${mobile} is ${content}`);
  await ctx.db.kysely.insertInto("dev_outbox").values({ kind, mobile, content, created_at: nowIso() }).execute();
}

export async function readDevOutbox(ctx: ServiceContext, mobile: string, kind: string) {
  return ctx.db.kysely
    .selectFrom("dev_outbox")
    .select(["kind", "mobile", "content", "created_at"])
    .where("mobile", "=", mobile)
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}
