/**
 * 红包管理's lists on the resource engine (domain 5.9): campaigns and grants, read-only over the
 * marketing tables. Money never moves through the engine: 启用/暂停/结束 and 撤回 are the marketing
 * service's own (platform/marketing/red-envelopes.ts), which the bindings name; 注入营销资金, 新建活动
 * and 手动发放 are its own endpoints with their request numbers (docs/design/money.md).
 */
import { AMOUNT_MODES, AUDIENCES, CAMPAIGN_MOVES, CAMPAIGN_STATUS_LABELS, CAMPAIGN_TYPES, GRANT_STATUS_LABELS, RED_ENVELOPE_LIMITS } from "../red-envelope.js";
import { defineResource, f, type Options } from "./kit.js";

const SHOWN = { list: true, detail: true, export: true } as const;
const MANAGERS = ["TMS_RED_ENVELOPE"] as const;
const PLATFORM_STAFF = ["SYSTEM_USER"] as const;
const optionsOf = <K extends string>(labels: Readonly<Record<K, string>>) => Object.fromEntries(Object.entries(labels).map(([key, label]) => [key, { label }])) as { [P in K]: { label: string } };

const CAMPAIGN_TONES = { DRAFT: "default", ACTIVE: "success", PAUSED: "warning", ENDED: "default" } as const;
const CAMPAIGN_STATES = Object.fromEntries(Object.entries(CAMPAIGN_STATUS_LABELS).map(([key, label]) => [key, { label, tone: CAMPAIGN_TONES[key as keyof typeof CAMPAIGN_TONES] }])) as {
  [K in keyof typeof CAMPAIGN_STATUS_LABELS]: { label: (typeof CAMPAIGN_STATUS_LABELS)[K]; tone: (typeof CAMPAIGN_TONES)[K] };
};
const move = (key: keyof typeof CAMPAIGN_MOVES, tone: "primary" | "danger", confirm?: string) => ({ label: CAMPAIGN_MOVES[key].label, from: CAMPAIGN_MOVES[key].from, to: CAMPAIGN_MOVES[key].to, permission: "TMS_RED_ENVELOPE" as const, kinds: PLATFORM_STAFF, tone, ...(confirm ? { confirm } : {}) });

export const redEnvelopeCampaign = defineResource({
  key: "redEnvelopeCampaign",
  name: "红包活动",
  api: "pay-red-envelope-campaign",
  titleField: "name",
  fields: {
    campaignNo: f.text("编号", 32, SHOWN),
    name: f.text("名称", 64, SHOWN),
    type: f.enumOf("类型", optionsOf(CAMPAIGN_TYPES), { ...SHOWN, filter: "eq" }),
    audience: f.enumOf("发放对象", optionsOf(AUDIENCES), SHOWN),
    amountMode: f.enumOf("金额规则", optionsOf(AMOUNT_MODES), SHOWN),
    amountMin: f.moneyFen("红包金额（最小，元）", RED_ENVELOPE_LIMITS.maxGrant, SHOWN),
    amountMax: f.moneyFen("红包金额（最大，元）", RED_ENVELOPE_LIMITS.maxGrant, SHOWN),
    budget: f.moneyFen("预算(元)", RED_ENVELOPE_LIMITS.maxBudget, SHOWN),
    grantedAmount: f.moneyFen("已发放(元)", RED_ENVELOPE_LIMITS.maxBudget, SHOWN),
    receivedAmount: f.moneyFen("已领取(元)", RED_ENVELOPE_LIMITS.maxBudget, SHOWN),
    perUserLimit: f.int("每人限领次数", 1, 100, { detail: true, export: true }),
    receiveDays: f.int("领取有效天数", 1, RED_ENVELOPE_LIMITS.maxReceiveDays, { detail: true, export: true }),
    validFrom: f.date("开始日期", SHOWN),
    validTo: f.date("结束日期", SHOWN),
    createdName: f.text("创建人", 64, { detail: true, export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "DRAFT",
    states: CAMPAIGN_STATES,
    editableIn: [],
    transitions: {
      activate: move("activate", "primary"),
      pause: move("pause", "primary"),
      end: move("end", "danger", "结束后不能再发放，已发放未领取的红包到期自动失效并退回预算"),
    },
  },
  permissions: { list: MANAGERS, detail: MANAGERS, export: MANAGERS },
  kinds: { read: PLATFORM_STAFF, write: [] },
  keyword: { label: "编号/名称", fields: ["campaignNo", "name"] },
  sums: { budget: "budget", granted: "grantedAmount", received: "receivedAmount" },
  defaultSort: ["createdTime", "desc"],
  // Created on 红包管理's own form (the marketing service, with its request number): the example is for the unit test only.
  example: { as: "SYSTEM_USER", body: () => ({}) },
});

const GRANT_TONES = { GRANTED: "warning", RECEIVED: "success", EXPIRED: "default", REVOKED: "default" } as const;
const GRANT_STATES = Object.fromEntries(Object.entries(GRANT_STATUS_LABELS).map(([key, label]) => [key, { label, tone: GRANT_TONES[key as keyof typeof GRANT_TONES] }])) as {
  [K in keyof typeof GRANT_STATUS_LABELS]: { label: (typeof GRANT_STATUS_LABELS)[K]; tone: (typeof GRANT_TONES)[K] };
} satisfies Options;

export const redEnvelopeGrant = defineResource({
  key: "redEnvelopeGrant",
  name: "红包",
  api: "pay-red-envelope-grant",
  titleField: "userName",
  fields: {
    campaignId: f.ref("活动", "redEnvelopeCampaign", "campaignName", { ...SHOWN, filter: "eq", anyState: true }),
    userName: f.text("用户", 64, SHOWN),
    userMobile: f.text("手机号", 11, { ...SHOWN, mask: "mobile" }),
    amount: f.moneyFen("金额(元)", RED_ENVELOPE_LIMITS.maxGrant, SHOWN),
    bizRef: f.text("关联单据", 64, SHOWN),
    grantedAt: f.datetime("发放时间", SHOWN),
    receivedAt: f.datetime("领取时间", SHOWN),
    expireAt: f.datetime("领取截止", SHOWN),
    revokedAt: f.datetime("撤回时间", { detail: true, export: true }),
    operatorName: f.text("操作人", 64, { detail: true, export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "GRANTED",
    states: GRANT_STATES,
    editableIn: [],
    transitions: {
      revoke: { label: "撤回", from: ["GRANTED"], to: "REVOKED", permission: "TMS_RED_ENVELOPE", kinds: PLATFORM_STAFF, tone: "danger", confirm: "撤回后该红包不能再领取，金额退回活动预算" },
    },
  },
  permissions: { list: MANAGERS, detail: MANAGERS, export: MANAGERS },
  kinds: { read: PLATFORM_STAFF, write: [] },
  keyword: { label: "用户/手机号/活动", fields: ["userName", "userMobile"] },
  sums: { grantAmount: "amount" },
  defaultSort: ["grantedAt", "desc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});

export const RED_ENVELOPE_RESOURCES = [redEnvelopeCampaign, redEnvelopeGrant] as const;
