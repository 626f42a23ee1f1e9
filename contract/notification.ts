import { z } from "zod";

export const NOTIFICATION_STATUSES = ["PENDING", "READ"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const NOTIFICATION_TARGET_TYPES = ["ORDER", "FREIGHT", "MY", "MYWALLET", "DELIVER", "PICK", "SOURCE_GOODS_LIST"] as const;
export type NotificationTargetType = (typeof NOTIFICATION_TARGET_TYPES)[number];

export const FREIGHT_WAYS = ["ROAD", "WATER"] as const;
export type FreightWay = (typeof FREIGHT_WAYS)[number];

/** A message-centre entry (spec 3, Notification). FREIGHT targets also carry freightNo and freightWay. */
export interface Notification {
  id: string;
  /** ISO-8601 UTC. */
  createdTime: string;
  content: string;
  status: NotificationStatus;
  targetType: NotificationTargetType;
  targetId: string;
  tags: string[];
  freightNo: string | null;
  freightWay: FreightWay | null;
  /** The console path of the page where the thing is (查看详情 opens it); null when the type's own rule finds it. */
  targetPath: string | null;
}

export interface UnreadCount {
  msgNum: number;
}

export interface MarkReadResult {
  /** How many of the caller's notifications changed from PENDING to READ. */
  count: number;
}

/** Tag names: letters, digits, hyphen and Chinese characters (stored comma-joined and matched with LIKE, so no "_" or "%"). */
export const TAG_PATTERN = /^[A-Za-z0-9\u4e00-\u9fa5-]{1,32}$/;

const tag = z.string({ invalid_type_error: "tags 必须是字符串或字符串数组" }).trim().regex(TAG_PATTERN, "标签只能包含字母、数字、汉字或连字符，最长 32 个字符");

/** Filters of POST sys-notification/self/search; the platform adds current and size (page sizes 10–200). */
export const notificationFilterSchema = z.object({
  tags: z
    .union([tag, z.array(tag).max(20, "tags 最多 20 个")], { errorMap: () => ({ message: "tags 必须是字符串或字符串数组" }) })
    .optional()
    .nullable()
    .transform((value) => (value == null ? [] : Array.isArray(value) ? value : [value])),
  status: z.enum(NOTIFICATION_STATUSES, { errorMap: () => ({ message: "status 只能是 PENDING 或 READ" }) }).optional().nullable(),
});
export type NotificationFilter = z.infer<typeof notificationFilterSchema>;

const ID_MESSAGE = "消息 id 必须是正整数";

/** A notification id as sent by clients: a positive integer, as number or digit string. */
export const notificationIdSchema = z
  .union([z.number().int(ID_MESSAGE).positive(ID_MESSAGE).max(Number.MAX_SAFE_INTEGER, ID_MESSAGE), z.string().regex(/^[1-9]\d{0,14}$/, ID_MESSAGE)], {
    errorMap: () => ({ message: ID_MESSAGE }),
  })
  .transform((value) => Number(value));

/** POST sys-notification/mark-read: either `ids` (non-empty) or `readAll: "YES"`. */
export const markReadSchema = z
  .object({
    ids: z.array(notificationIdSchema, { invalid_type_error: "ids 必须是数组" }).min(1, "ids 不能为空").max(1000, "一次最多标记 1000 条").optional(),
    readAll: z.literal("YES", { errorMap: () => ({ message: "readAll 只能是 YES" }) }).optional(),
  })
  .refine((body) => body.ids !== undefined || body.readAll === "YES", { message: "请选择要标记为已读的消息" });
export type MarkRead = z.infer<typeof markReadSchema>;

/** POST sys-notification/detail */
/** `markRead: "NO"` reads a message without marking it (the console's GET renders; only a POST marks). */
export const notificationDetailSchema = z.object({ id: notificationIdSchema, markRead: z.enum(["YES", "NO"]).default("YES") });
