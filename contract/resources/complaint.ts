/**
 * 投诉与建议 (domain 6.17): one complaint's life from submission to answer. Submitted (or registered from a
 * phone call) on 投诉与建议; 受理 / 不予受理 / 处理 on 投诉处理; 回复 / 结案 on 投诉回复; the complainant may
 * 追问 after a reply, which sends it back to handling. `stage` (which page works it) follows the status.
 */
import { defineResource, f, labelled, type Options } from "./kit.js";
import { AUDITORS } from "./vocabulary.js";

export const COMPLAINT_KINDS = { COMPLAINT: { label: "投诉" }, ADVICE: { label: "建议" } } as const satisfies Options;
export const COMPLAINT_SOURCES = { CONSOLE: { label: "后台提交" }, PHONE: { label: "电话登记" }, DRIVER_APP: { label: "司机端" }, SHIPPER_APP: { label: "货主端" } } as const satisfies Options;
export const COMPLAINT_TARGETS = { PLATFORM: { label: "平台" }, DRIVER: { label: "司机" }, ORG: { label: "企业" }, SHIPPER: { label: "托运人" } } as const satisfies Options;
export const COMPLAINT_CATEGORIES = labelled({ SERVICE: "服务态度", FREIGHT_FEE: "运费结算", CARGO_LOSS: "货损货差", WAITING: "装卸等待", PLATFORM: "平台功能", OTHER: "其他" });
export const COMPLAINT_STATES = {
  PENDING: { label: "待处理", tone: "warning" },
  PROCESSING: { label: "处理中", tone: "info" },
  HANDLED: { label: "待回复", tone: "warning" },
  REPLIED: { label: "已回复", tone: "success" },
  CLOSED: { label: "已关闭" },
  REJECTED: { label: "不予受理", tone: "error" },
} as const satisfies Options;
export type ComplaintState = keyof typeof COMPLAINT_STATES;
export const COMPLAINT_STAGES = { HANDLING: { label: "待处理" }, ANSWERING: { label: "待回复" }, DONE: { label: "已办结" } } as const satisfies Options;

/** Which page works a complaint in each state: 投诉处理, 投诉回复, or none (办结). */
export function stageOf(status: string): keyof typeof COMPLAINT_STAGES {
  if (status === "PENDING" || status === "PROCESSING") return "HANDLING";
  if (status === "HANDLED" || status === "REPLIED") return "ANSWERING";
  return "DONE";
}

/** Hours a complaint may wait for its answer (处理时限). */
export const COMPLAINT_SLA_HOURS = 48;
export const MIN_COMPLAINT_LENGTH = 10;

const HANDLE = "TMS_COMPLAINT_HANDLING";
const SHOWN = { list: true, detail: true, export: true } as const;
const ENTERED = { list: true, detail: true, form: "create", export: true } as const;

export const complaint = defineResource({
  key: "complaint",
  name: "投诉",
  api: "tms-complaint",
  titleField: "complaintNo",
  fields: {
    complaintNo: f.text("编号", 20, { ...SHOWN, filter: "contains" }),
    kind: f.enumOf("类型", COMPLAINT_KINDS, { ...ENTERED, required: true, filter: "eq" }),
    source: f.enumOf("来源", COMPLAINT_SOURCES, { ...ENTERED, required: true }),
    category: f.enumOf("分类", COMPLAINT_CATEGORIES, { ...ENTERED, required: true, filter: "eq" }),
    complainantName: f.text("投诉人", 32, { ...ENTERED, required: true, sanitize: true, filter: "contains" }),
    complainantMobile: f.mobile("投诉人手机号", { detail: true, form: "create", export: true, required: true, mask: true }),
    targetType: f.enumOf("被投诉方类型", COMPLAINT_TARGETS, { detail: true, form: "create", export: true }),
    targetName: f.text("被投诉方", 64, { ...ENTERED, sanitize: true }),
    freightNo: f.text("关联运单", 32, { ...ENTERED, normalise: (v) => v.toUpperCase(), checks: [[(v) => /^[A-Z0-9]{4,32}$/.test(v), "关联运单应为运单号（字母和数字）"]] }),
    content: f.textarea("内容", 1000, { detail: "投诉内容", form: "create", export: true, required: true, screen: true, checks: [[(v) => v.length >= MIN_COMPLAINT_LENGTH, `内容至少 ${MIN_COMPLAINT_LENGTH} 个字`]] }),
    stage: f.enumOf("环节", COMPLAINT_STAGES, { filter: "eq" }),
    handlerName: f.text("处理人", 32, SHOWN),
    acceptedAt: f.datetime("受理时间", { detail: "处理结果", export: true }),
    handleResult: f.textarea("处理结果", 1000, { detail: "处理结果", export: true }),
    penaltyAmount: f.moneyFen("罚款金额", 10_000_000, { detail: "处理结果", export: true }),
    replyContent: f.textarea("回复内容", 1000, { detail: "处理结果", export: true }),
    repliedAt: f.datetime("回复时间", { detail: "处理结果", export: true }),
    deadlineAt: f.datetime("处理时限", SHOWN),
    closedAt: f.datetime("结案时间", { detail: "处理结果", export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "PENDING",
    states: COMPLAINT_STATES,
    editableIn: [],
    transitions: {
      accept: { label: "受理", from: ["PENDING"], to: "PROCESSING", permission: HANDLE, kinds: AUDITORS, tone: "primary", confirm: "受理后由您负责处理该投诉" },
      reject: { label: "不予受理", from: ["PENDING"], to: "REJECTED", permission: HANDLE, kinds: AUDITORS, tone: "danger", input: { handleResult: f.textarea("不予受理原因", 1000, { required: true, screen: true }) } },
      handle: {
        label: "处理",
        from: ["PROCESSING"],
        to: "HANDLED",
        permission: HANDLE,
        kinds: AUDITORS,
        tone: "primary",
        input: { handleResult: f.textarea("处理结果", 1000, { required: true, screen: true }), penaltyAmount: f.moneyFen("罚款金额", 10_000_000) },
      },
      reply: { label: "回复", from: ["HANDLED"], to: "REPLIED", permission: HANDLE, kinds: AUDITORS, tone: "primary", input: { replyContent: f.textarea("回复内容", 1000, { required: true, screen: true }) } },
      close: { label: "结案", from: ["REPLIED"], to: "CLOSED", permission: HANDLE, kinds: AUDITORS, confirm: "结案后投诉人不能再追问" },
      followUp: { label: "追问", from: ["REPLIED"], to: "PROCESSING", permission: [], kinds: ["ORG_USER"], input: { followUpContent: f.textarea("追问内容", 1000, { required: true, screen: true }) } },
    },
  },
  permissions: { list: [], detail: [], create: [], export: [] },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"] },
  keyword: { label: "编号/投诉人", fields: ["complaintNo", "complainantName"] },
  createdFilter: "提交时间",
  defaultSort: ["createdTime", "desc"],
  example: {
    as: "ORG_USER",
    body: (n) => ({
      kind: "COMPLAINT",
      source: "CONSOLE",
      category: "WAITING",
      complainantName: "李调度",
      complainantMobile: "13800000003",
      targetType: "ORG",
      targetName: "芜湖港朱家桥港区",
      content: `卸货排队超过六个小时无人安排，请平台协调（第 ${n} 次）。`,
    }),
  },
});


export const REPLY_AUTHORS = { PLATFORM: { label: "平台" }, COMPLAINANT: { label: "投诉人" } } as const satisfies Options;

/** The conversation of a complaint (domain 6.17 complaint_replies), written by 回复 and 追问. */
export const complaintReply = defineResource({
  key: "complaintReply",
  name: "投诉回复",
  api: "tms-complaint-reply",
  titleField: "authorName",
  fields: {
    complaintId: f.int("投诉", 1, Number.MAX_SAFE_INTEGER, { filter: "eq" }),
    createdAt: f.datetime("时间", { list: true, detail: true, export: true, column: "created_at" }),
    authorType: f.enumOf("回复方", REPLY_AUTHORS, { list: true, detail: true, export: true }),
    authorName: f.text("回复人", 32, { list: true, detail: true, export: true }),
    content: f.textarea("内容", 1000, { list: true, detail: true, export: true }),
  },
  permissions: { list: [], detail: [], export: [] },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  defaultSort: ["createdTime", "asc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});
