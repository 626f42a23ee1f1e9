/**
 * 风险申诉: a waybill the platform flagged abnormal (e.g. a loss above 3 ‰) is appealed by its carrier
 * side with an explanation and evidence; platform or tenant staff approve it (which clears the flag)
 * or reject it (with a remark). Appeals are created by submitting an abnormal waybill (the spec's
 * `POST tms-freight-riskappeal-review` by freightNo/freightId, hand-written), never by a generic create:
 * `kinds.write` is empty. The example only serves the generated unit test.
 */
import { FREIGHT_WAY_LABELS } from "../freight.js";
import { defineResource, f, type Options } from "./kit.js";
import { AUDITORS, EVERYONE } from "./vocabulary.js";

const LIST = { list: true, detail: "申诉信息", export: true } as const;
const AUDIT = { detail: "审核结果", export: true } as const;
export const APPEAL_STATES = {
  PENDING: { label: "待审核", tone: "warning" },
  APPROVED: { label: "已通过", tone: "success" },
  REJECTED: { label: "已驳回", tone: "error" },
} as const satisfies Options;
const AUDIT_CODE = "TMS_RISK_APPEAL_AUDIT";

export const appeal = defineResource({
  key: "appeal",
  name: "风险申诉",
  api: "tms-freight-riskappeal-review",
  titleField: "appealNo",
  fields: {
    appealNo: f.text("申诉单号", 32, { ...LIST, filter: "contains" }),
    freightId: f.int("运单", 1, Number.MAX_SAFE_INTEGER, { filter: "eq" }),
    freightNo: f.text("运单号", 32, { ...LIST, filter: "contains" }),
    freightWay: f.enumOf("运输方式", { ROAD: { label: FREIGHT_WAY_LABELS.ROAD }, WATER: { label: FREIGHT_WAY_LABELS.WATER } }, { ...LIST, filter: "eq" }),
    riskReason: f.text("风险原因", 200, LIST),
    reason: f.textarea("申诉说明", 500, { ...LIST, form: "create", required: true, screen: true }),
    evidence: f.images("申诉凭证", 9, { detail: "申诉信息", form: "create" }),
    submittedByName: f.text("提交人", 32, LIST),
    submittedTime: f.datetime("提交时间", { ...LIST, column: "submitted_at" }),
    /** The list's 提交日期 range (submittedFrom / submittedTo, the spec's names). */
    submitted: f.datetime("提交日期", { column: "submitted_at", filter: "range" }),
    auditedByName: f.text("审核人", 32, AUDIT),
    auditedTime: f.datetime("审核时间", { ...AUDIT, list: true, column: "audited_at" }),
    auditRemark: f.textarea("审核意见", 500, AUDIT),
  },
  status: {
    field: "status",
    label: "申诉状态",
    initial: "PENDING",
    states: APPEAL_STATES,
    editableIn: [],
    transitions: {
      approve: { label: "通过", from: ["PENDING"], to: "APPROVED", permission: AUDIT_CODE, kinds: AUDITORS, group: "audit", tone: "primary", input: { auditRemark: f.textarea("审核意见", 500) }, confirm: "通过后运单的风险标记将被解除", done: "运单风险标记已解除" },
      reject: { label: "驳回", from: ["PENDING"], to: "REJECTED", permission: AUDIT_CODE, kinds: AUDITORS, group: "audit", tone: "danger", input: { auditRemark: f.textarea("审核意见", 500, { required: true }) }, confirm: "驳回后运单仍为风险运单，提交方可补充材料后重新申诉" },
    },
  },
  permissions: {
    /** A submitter without the list still searches (their own) appeals, e.g. a waybill's earlier ones. */
    list: ["TMS_RISK_APPEAL_LIST", "TMS_RISK_APPEAL_SUBMIT"],
    /** The audit page shows the appeal too. */
    detail: ["TMS_RISK_APPEAL_DETAIL", AUDIT_CODE],
    create: ["TMS_RISK_APPEAL_SUBMIT"],
    export: ["TMS_RISK_APPEAL_LIST"],
  },
  kinds: { read: EVERYONE, write: [] },
  defaultSort: ["submittedTime", "desc"],
  example: { as: "ORG_USER", body: (n) => ({ reason: `卸货地磅复磅结果正常，附复磅单据第 ${n} 号，申请解除风险标记。`, evidence: [`/files/appeals/example-${n}.jpg`] }) },
});

