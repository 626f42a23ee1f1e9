/**
 * 红包 (domain 5.9): campaigns with a budget, grants to registered drivers and captains, paid from the
 * platform's MARKETING account into the person's wallet through the ledger. Amounts in integer fen.
 * Rules written once here: the campaign machine, the grant statuses, the amount bounds.
 */
import { MOBILE_PATTERN } from "./validation.js";
import { z } from "zod";
import { requestNoSchema } from "./ledger.js";
import { chinaDateText } from "./fields.js";
import { yuanPlain } from "./numbers.js";

export const CAMPAIGN_TYPES = { REGISTER: "注册奖励", CERTIFY: "认证奖励", INVITE: "邀请奖励", WAYBILL: "完单奖励", MANUAL: "手动发放" } as const;
export const AUDIENCES = { DRIVER: "司机", CAPTAIN: "船长", ALL: "全部" } as const;
export const AMOUNT_MODES = { FIXED: "固定金额", RANDOM: "随机区间" } as const;
export const CAMPAIGN_STATUS_LABELS = { DRAFT: "草稿", ACTIVE: "进行中", PAUSED: "已暂停", ENDED: "已结束" } as const;
export type CampaignStatus = keyof typeof CAMPAIGN_STATUS_LABELS;
export const GRANT_STATUS_LABELS = { GRANTED: "待领取", RECEIVED: "已领取", EXPIRED: "已过期", REVOKED: "已撤回" } as const;
export type GrantStatus = keyof typeof GRANT_STATUS_LABELS;

/** The campaign machine: which action moves a campaign from which states to which. */
export const CAMPAIGN_MOVES = {
  activate: { label: "启用", from: ["DRAFT", "PAUSED"], to: "ACTIVE" },
  pause: { label: "暂停", from: ["ACTIVE"], to: "PAUSED" },
  end: { label: "结束", from: ["ACTIVE", "PAUSED"], to: "ENDED" },
} as const satisfies Record<string, { label: string; from: readonly CampaignStatus[]; to: CampaignStatus }>;
export type CampaignMove = keyof typeof CAMPAIGN_MOVES;

export const RED_ENVELOPE_LIMITS = { maxGrant: 100_000, maxBudget: 10_000_000_000, maxMobiles: 200, maxReceiveDays: 365 } as const;

const fen = (label: string, min: number, max: number) =>
  z
    .number({ required_error: `请填写${label}`, invalid_type_error: `${label}必须是数字（分）` })
    .int(`${label}必须是整数分`)
    .min(min, `${label}不能小于 ${yuanPlain(min)} 元`)
    .max(max, `${label}不能大于 ${yuanPlain(max)} 元`);
const date = chinaDateText;
const enumOf = <T extends Record<string, string>>(labels: T, label: string) => z.enum(Object.keys(labels) as [keyof T & string, ...Array<keyof T & string>], { errorMap: () => ({ message: `${label}不正确` }) });

export const campaignSchema = z
  .object({
    requestNo: requestNoSchema,
    name: z.string({ required_error: "请填写活动名称" }).trim().min(2, "活动名称至少 2 个字").max(64, "活动名称不能超过 64 个字"),
    type: enumOf(CAMPAIGN_TYPES, "活动类型"),
    audience: enumOf(AUDIENCES, "发放对象"),
    amountMode: enumOf(AMOUNT_MODES, "金额规则"),
    amountMin: fen("红包金额（最小）", 1, RED_ENVELOPE_LIMITS.maxGrant),
    amountMax: fen("红包金额（最大）", 1, RED_ENVELOPE_LIMITS.maxGrant),
    budget: fen("预算", 100, RED_ENVELOPE_LIMITS.maxBudget),
    perUserLimit: z.number({ required_error: "请填写每人限领次数", invalid_type_error: "每人限领次数必须是整数" }).int("每人限领次数必须是整数").min(1, "每人限领次数至少 1 次").max(100, "每人限领次数不能超过 100 次"),
    receiveDays: z.number({ required_error: "请填写领取有效天数", invalid_type_error: "领取有效天数必须是整数" }).int("领取有效天数必须是整数").min(1, "领取有效天数至少 1 天").max(RED_ENVELOPE_LIMITS.maxReceiveDays, `领取有效天数不能超过 ${RED_ENVELOPE_LIMITS.maxReceiveDays} 天`),
    validFrom: date("开始日期"),
    validTo: date("结束日期"),
  })
  .superRefine((c, issue) => {
    if (c.amountMode === "FIXED" && c.amountMax !== c.amountMin) issue.addIssue({ code: "custom", path: ["amountMax"], message: "固定金额的红包金额（最大）须等于最小金额" });
    if (c.amountMax < c.amountMin) issue.addIssue({ code: "custom", path: ["amountMax"], message: "红包金额（最大）不能小于最小金额" });
    if (c.validTo < c.validFrom) issue.addIssue({ code: "custom", path: ["validTo"], message: "结束日期不能早于开始日期" });
    if (c.amountMin > c.budget) issue.addIssue({ code: "custom", path: ["budget"], message: "预算不能小于单个红包金额" });
  });
export type CampaignInput = z.infer<typeof campaignSchema>;

export const manualGrantSchema = z.object({
  requestNo: requestNoSchema,
  mobiles: z
    .array(z.string().regex(MOBILE_PATTERN, "手机号须为 11 位手机号"), { required_error: "请填写手机号", invalid_type_error: "手机号 mobiles 必须是列表" })
    .min(1, "请填写至少一个手机号")
    .max(RED_ENVELOPE_LIMITS.maxMobiles, `一次最多发放 ${RED_ENVELOPE_LIMITS.maxMobiles} 人`)
    .refine((list) => new Set(list).size === list.length, "手机号不能重复"),
  amount: fen("红包金额", 1, RED_ENVELOPE_LIMITS.maxGrant),
  remark: z.string().trim().max(100, "备注不能超过 100 个字").optional(),
});
export type ManualGrant = z.infer<typeof manualGrantSchema>;

export const marketingFundSchema = z.object({ requestNo: requestNoSchema, amount: fen("注入金额", 100, RED_ENVELOPE_LIMITS.maxBudget) });
export type MarketingFund = z.infer<typeof marketingFundSchema>;

/** Parses "13800000004, 13955300021\n…" into a list (the console's textarea). */
export const mobilesOf = (text: string) => text.split(/[\s,，;；]+/).map((s) => s.trim()).filter(Boolean);
