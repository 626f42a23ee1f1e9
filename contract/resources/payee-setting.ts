/**
 * 提现分配 on the resource engine (domain 6.12): payee settings — a carrier's freight routed to a fleet
 * leader or shipowner, with a share. Money does not move here: the ledger's payment flow reads the
 * ACTIVE setting (platform/ledger/payee-routing.ts).
 */
import { defineResource, f, type Options } from "./kit.js";

const SHOWN = { list: true, detail: true, export: true } as const;
const FORM = { ...SHOWN, form: true } as const;
const PLATFORM_STAFF = ["SYSTEM_USER"] as const;
const remark = (required: boolean) => ({ auditRemark: f.textarea("审核意见", 200, { required }) });

export const PAYEE_ROLES = { FLEET_LEADER: { label: "车队长（代收）" }, SHIPOWNER: { label: "船东（代收）" } } as const satisfies Options;
export const PAYEE_SETTING_STATES = {
  PENDING: { label: "待审核", tone: "warning" },
  ACTIVE: { label: "生效", tone: "success" },
  REJECTED: { label: "已驳回", tone: "error" },
  REVOKED: { label: "已撤销" },
} as const satisfies Options;
/** 10000 bp = the whole net freight goes to the payee. */
export const FULL_SHARE_BP = 10_000;


export const payeeSetting = defineResource({
  key: "payeeSetting",
  name: "收款设置",
  api: "sys-payee-setting",
  titleField: "carrierName",
  fields: {
    carrierMobile: f.mobile("承运人手机号", { ...SHOWN, form: "create", required: true, mask: true, hint: "已注册的司机或船长" }),
    carrierName: f.text("承运人", 32, SHOWN),
    payeeRole: f.enumOf("收款方角色", PAYEE_ROLES, { ...FORM, required: true, filter: "eq" }),
    payeeMobile: f.mobile("收款方手机号", { ...SHOWN, form: "create", required: true, mask: true, hint: "已注册的车队长或船东" }),
    payeeName: f.text("收款方", 32, SHOWN),
    payeeShareBp: f.int("收款方比例（基点，10000 = 全部）", 1, FULL_SHARE_BP, { ...FORM, required: true, unit: "bp", hint: "其余部分付给承运人本人" }),
    agreementNo: f.text("代收协议编号", 64, { ...FORM, required: true }),
    validFrom: f.date("生效日期", { ...FORM, required: true }),
    validTo: f.date("失效日期", FORM),
    auditRemark: f.textarea("审核意见", 200, { detail: "审核" }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "PENDING",
    states: PAYEE_SETTING_STATES,
    editableIn: ["PENDING", "REJECTED"],
    onEdit: "PENDING",
    transitions: {
      approve: { label: "通过", from: ["PENDING"], to: "ACTIVE", permission: "SYSTEM_USER_CONFIG", kinds: PLATFORM_STAFF, group: "audit", input: remark(false), tone: "primary" },
      reject: { label: "驳回", from: ["PENDING"], to: "REJECTED", permission: "SYSTEM_USER_CONFIG", kinds: PLATFORM_STAFF, group: "audit", input: remark(true), tone: "danger" },
      revoke: { label: "撤销", from: ["ACTIVE"], to: "REVOKED", permission: "SYSTEM_USER_CONFIG", kinds: PLATFORM_STAFF, tone: "danger", confirm: "撤销后，之后的运费支付直接付给承运人本人" },
    },
  },
  permissions: { list: ["SYSTEM_USER_CONFIG"], detail: ["SYSTEM_USER_CONFIG"], create: ["SYSTEM_USER_CONFIG"], update: ["SYSTEM_USER_CONFIG"], export: ["SYSTEM_USER_CONFIG"] },
  kinds: { read: PLATFORM_STAFF, write: PLATFORM_STAFF },
  keyword: { label: "承运人/收款方", fields: ["carrierName", "payeeName"] },
  createdFilter: "添加时间",
  defaultSort: ["createdTime", "desc"],
  // The demo driver 张师傅 collected by the seeded fleet leader 周德胜 (platform/demo/finance-seed.ts).
  example: { as: "SYSTEM_USER", body: (n) => ({ carrierMobile: "13800000004", payeeRole: "FLEET_LEADER", payeeMobile: "13966200001", payeeShareBp: 10_000, agreementNo: `DS-${n}`, validFrom: "2026-01-01" }) },
});
