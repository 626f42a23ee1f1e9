/** 短信模板 (domain 7.2): an owner's templates for contacting carriers, filed with the SMS gateway before use. */
import { SMS_CODE_OPTIONS } from "../sms.js";
import { defineResource, f } from "./kit.js";
import { OWNERS } from "./vocabulary.js";

export const SMS_TEMPLATE_STATES = {
  DRAFT: { label: "草稿", tone: "default" },
  PENDING_PROVIDER: { label: "报备中", tone: "warning" },
  APPROVED: { label: "可用", tone: "success" },
  REJECTED: { label: "已驳回", tone: "error" },
  DISABLED: { label: "已停用", tone: "default" },
} as const;

const TEMPLATE = { list: true, detail: "模板信息", form: true, export: true } as const;

export const smsTemplate = defineResource({
  key: "smsTemplate",
  name: "短信模板",
  api: "tms-sms-template",
  titleField: "name",
  fields: {
    code: f.enumOf("模板类型", SMS_CODE_OPTIONS, { ...TEMPLATE, form: "create", required: true, filter: "eq" }),
    name: f.text("模板名称", 32, { ...TEMPLATE, required: true, filter: "contains", sanitize: true }),
    signName: f.text("短信签名", 16, { ...TEMPLATE, required: true, checks: [[(v) => v.length >= 2 && v.length <= 12 && !/[【】]/.test(v), "短信签名应为 2–12 个字，不含【】"]], hint: "发送时显示为【签名】" }),
    content: f.textarea("模板内容", 500, { ...TEMPLATE, required: true, screen: true, hint: "变量写作 ${freightNo}；70 字以内为一条短信，超出按每 67 字一条计费" }),
    providerTemplateId: f.text("网关模板编号", 40, { list: true, detail: "报备信息", export: true }),
    rejectReason: f.text("驳回原因", 200, { list: true, detail: "报备信息", export: true }),
    lastTestResult: f.text("最近测试发送", 120, { list: true, detail: "报备信息" }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "DRAFT",
    states: SMS_TEMPLATE_STATES,
    transitions: {
      submit: { label: "提交报备", from: ["DRAFT", "REJECTED", "PENDING_PROVIDER"], to: "PENDING_PROVIDER", permission: [], kinds: OWNERS, tone: "primary", confirm: "模板将提交短信网关报备，网关审核通过（约 1 分钟）后即可使用" },
      testSend: { label: "测试发送", from: ["APPROVED"], to: "APPROVED", permission: [], kinds: OWNERS, confirm: "将用示例变量向您本人的手机号发送一条测试短信" },
      disable: { label: "停用", from: ["APPROVED"], to: "DISABLED", permission: [], kinds: OWNERS, tone: "danger", confirm: "停用后将不再用该模板发送短信" },
      enable: { label: "启用", from: ["DISABLED"], to: "APPROVED", permission: [], kinds: OWNERS },
    },
    editableIn: ["DRAFT", "REJECTED", "APPROVED", "DISABLED"],
    deletableIn: ["DRAFT", "REJECTED", "DISABLED"],
    onEdit: "DRAFT",
  },
  permissions: { list: [], detail: [], create: [], update: [], delete: [], export: [] },
  kinds: { read: OWNERS, write: OWNERS },
  example: { as: "ORG_USER", body: (n) => ({ code: "DISPATCH_NOTICE", name: `派单通知${n}`, signName: "皖粮物流", content: "运单${freightNo}已派给${plateNo}，请按时到${loadingPlace}装货。" }) },
  defaultSort: ["createdTime", "desc"],
});
