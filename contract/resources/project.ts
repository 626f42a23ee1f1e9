/**
 * 项目 (domain 1.6): an organisation's transport project with a shipper (its contract), default loading
 * and unloading places, a period and a planned weight; audited in /system/projectAudit (TMS_PROJECT_APPROVE)
 * and ended with 结束项目. Orders may use only approved, active projects.
 */
import { access, defineResource, f } from "./kit.js";
import { AUDIT_STATES, auditMachine, EVERYONE, OWNERS } from "./vocabulary.js";

const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;

export const PROJECT_STATES = {
  ACTIVE: { label: "进行中", tone: "info" },
  FINISHED: { label: "已结束", tone: "default" },
} as const;

export const MAX_PROJECT_WEIGHT_KG = 10_000_000_000;

export const project = defineResource({
  key: "project",
  name: "项目",
  api: "tms-project",
  titleField: "name",
  // Orders and 货源 choose approved projects still 进行中.
  choosable: { auditStatus: ["APPROVED"], status: ["ACTIVE"] },
  fields: {
    projectNo: f.text("项目编号", 32, { list: true, detail: "基本信息", export: true, filter: "contains" }),
    name: f.text("项目名称", 64, { ...BASIC, required: true, sanitize: true, filter: "contains" }),
    // A project may be drafted for a 托运人 still 待审核: both go through audit.
    shipperId: f.ref("托运人", "shipper", "shipperName", { ...BASIC, required: true, filter: "eq", anyState: true }),
    contractNo: f.text("合同编号", 32, { ...BASIC, sanitize: true }),
    loadingContactId: f.ref("装货地", "contact", "loadingPlace", { detail: "基本信息", form: true, export: true }),
    unloadingContactId: f.ref("卸货地", "contact", "unloadingPlace", { detail: "基本信息", form: true, export: true }),
    periodFrom: f.date("项目开始日期", { ...BASIC }),
    periodTo: f.date("项目结束日期", { ...BASIC }),
    plannedWeight: f.weightKg("计划总量", MAX_PROJECT_WEIGHT_KG, { ...BASIC }),
    status: f.enumOf("项目状态", PROJECT_STATES, { list: true, detail: "基本信息", export: true, filter: "eq" }),
    remark: f.textarea("备注", 200, { detail: "基本信息", form: true }),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核" }),
  },
  status: (() => {
    const machine = auditMachine("TMS_PROJECT_APPROVE", ["TMS_RESOURCE_PROJECT"]);
    return {
      ...machine,
      label: "审核状态",
      // Projects are 已通过, not 已认证 (domain 0.3).
      states: { ...AUDIT_STATES, APPROVED: { label: "已通过", tone: "success" } },
      transitions: {
        ...machine.transitions,
        finish: { label: "结束", from: ["ACTIVE"], to: "FINISHED", field: "status", permission: "TMS_RESOURCE_PROJECT", kinds: OWNERS, tone: "danger", confirm: "结束后该项目不能再下单" },
      },
    };
  })(),
  permissions: access(["TMS_RESOURCE_PROJECT", "TMS_PROJECT_APPROVE"], ["TMS_RESOURCE_PROJECT"], ["create", "update", "delete"]),
  kinds: { read: EVERYONE, write: OWNERS },
  createdFilter: "创建时间",
  example: {
    as: "ORG_USER",
    body: (n, refs) => ({ name: `2026年玉米轮换运输${n}`.slice(0, 64), shipperId: refs.shipper, contractNo: `HT2026${String(n).padStart(6, "0")}`, periodFrom: "2026-03-01", periodTo: "2026-12-31", plannedWeight: 5_000_000 }),
  },
  defaultSort: ["createdTime", "desc"],
});

