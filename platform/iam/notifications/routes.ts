import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  FREIGHT_WAYS,
  markReadSchema,
  NOTIFICATION_TARGET_TYPES,
  notificationDetailSchema,
  notificationFilterSchema,
  TAG_PATTERN,
} from "../../../contract/notification.js";
import { MOBILE_PATTERN } from "../../../contract/validation.js";
import type { ServiceContext } from "../../context.js";
import { notFound, ok, pagingSchema } from "../../http/envelope.js";
import { parse } from "../../http/validate.js";
import { requireCaller } from "../../identity/guard.js";
import { notifyUser } from "./notify.js";
import * as notifications from "./service.js";

const searchSchema = pagingSchema.merge(notificationFilterSchema);

const devNotifySchema = z.object({
  mobile: z.string({ required_error: "缺少必填字段 mobile" }).regex(MOBILE_PATTERN, "请输入正确的11位手机号"),
  content: z.string({ required_error: "缺少必填字段 content" }).trim().min(1, "消息内容不能为空").max(1000, "消息内容不能超过 1000 个字符"),
  targetType: z.enum(NOTIFICATION_TARGET_TYPES, { errorMap: () => ({ message: `targetType 只能是 ${NOTIFICATION_TARGET_TYPES.join("、")}` }) }),
  targetId: z.union([z.string().max(64, "targetId 过长"), z.number().int()]).transform(String),
  tags: z.union([z.string().regex(TAG_PATTERN, "标签格式不正确"), z.array(z.string().regex(TAG_PATTERN, "标签格式不正确")).max(20)]).optional(),
  freightNo: z.string().max(64, "freightNo 过长").optional().nullable(),
  freightWay: z.enum(FREIGHT_WAYS, { errorMap: () => ({ message: "freightWay 只能是 ROAD 或 WATER" }) }).optional().nullable(),
}).refine((body) => body.targetType !== "FREIGHT" || (body.freightNo && body.freightWay), { message: "运单消息需要 freightNo 和 freightWay" });

/** The message centre (spec 2.3, 7.4): every call sees only the caller's own notifications. */
export async function notificationRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post("/sys-notification/self/search", async (request) => {
    const caller = await requireCaller(ctx, request);
    return ok(await notifications.searchOwn(ctx, caller.userId, parse(searchSchema, request.body)));
  });

  app.post("/sys-notification/mark-read", async (request) => {
    const caller = await requireCaller(ctx, request);
    return ok(await notifications.markRead(ctx, caller.userId, parse(markReadSchema, request.body)));
  });

  app.post("/sys-notification/detail", async (request) => {
    const caller = await requireCaller(ctx, request);
    const { id, markRead } = parse(notificationDetailSchema, request.body);
    return ok(await notifications.openOwn(ctx, caller.userId, id, markRead === "YES"));
  });

  app.post("/sys-notification/unread-count", async (request) => {
    const caller = await requireCaller(ctx, request);
    return ok({ msgNum: await notifications.unreadCount(ctx, caller.userId) });
  });

  if (!ctx.config.production) {
    // Development only: lets browser tests and benchmarks raise a notification for any account.
    app.post("/api/v1/dev/notify", async (request) => {
      const { mobile, ...input } = parse(devNotifySchema, request.body);
      const user = await ctx.db.kysely.selectFrom("users").select("id").where("mobile", "=", mobile).executeTakeFirst();
      if (!user) throw notFound("该手机号对应的用户不存在");
      return ok(await notifyUser(ctx, user.id, { ...input, tags: input.tags ?? (input.targetType === "FREIGHT" ? "freight" : "system") }));
    });
  }
}
