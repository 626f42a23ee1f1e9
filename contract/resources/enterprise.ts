/**
 * 企业 (domain 2.1): an organisation's profile, 1:1 with `organisations` (the profile's id IS the
 * organisation's id). Platform and tenant staff register enterprises (with their 管理员 account),
 * audit them and switch them on and off; an organisation's own users see only their enterprise.
 * Its options are the 所属企业 picker of every staff form, so their ids are organisation ids.
 */
import type { UserType } from "../platforms.js";
import { creditCodeWithCheck, idCardNoError, isCreditCode, isPhone } from "../validation.js";
import { access, defineResource, f } from "./kit.js";
import { AUDITORS, auditMachine, ENABLE_STATES, enableToggles } from "./vocabulary.js";

export const ENTERPRISE_KINDS = {
  SHIPPER: { label: "货主企业" },
  CARRIER: { label: "承运企业" },
  LOGISTICS: { label: "物流企业" },
  PERSONAL: { label: "个体工商户" },
} as const;

/** Domain 0.3 BusinessMode. */
export const BUSINESS_MODES = {
  SELF_OPERATED: { label: "自营（平台承运）" },
  MATCHMAKING: { label: "撮合（信息撮合）" },
} as const;

const upper = (v: string) => v.toUpperCase();
const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;
const COMPANY = { detail: "企业信息", form: true, export: true } as const;
const BUSINESS = { detail: "经营信息", form: true, export: true } as const;
const ADMIN = { list: true, detail: "管理员", form: "create", export: true, required: true } as const;

export const enterprise = defineResource({
  key: "enterprise",
  name: "企业",
  api: "tms-enterprise",
  titleField: "name",
  fields: {
    name: f.text("企业名称", 128, { ...BASIC, required: true, sanitize: true }),
    creditCode: f.text("统一社会信用代码", 18, { ...BASIC, required: true, normalise: upper, checks: [[isCreditCode, "统一社会信用代码应为 18 位且校验位正确"]] }),
    kind: f.enumOf("企业类型", ENTERPRISE_KINDS, { ...BASIC, required: true, filter: "eq" }),
    shortName: f.text("简称", 32, { detail: "基本信息", form: true, export: true, sanitize: true }),
    tenantId: f.ref("所属租户", "tenant", "tenantName", { list: true, detail: "基本信息", export: true, column: "tenant_id" }),
    businessMode: f.enumOf("业务模式", BUSINESS_MODES, { ...BASIC, required: true, filter: "eq" }),
    adminName: f.text("管理员姓名", 32, { ...ADMIN, sanitize: true, hint: "将创建该企业的管理员账号" }),
    adminMobile: f.mobile("管理员手机号", { ...ADMIN, mask: true, hint: "登录账号，初始密码以短信发送" }),
    legalPerson: f.text("法定代表人", 32, { ...COMPANY, sanitize: true }),
    // Not masked: the edit form would send the masked text back (engine: forms read the masked record).
    legalPersonIdNo: f.text("法人身份证号", 18, { ...COMPANY, normalise: upper, checks: [[(v) => idCardNoError(v) === null, "法人身份证号不正确（18 位，校验位须正确）"]] }),
    registeredAddress: f.text("注册地址", 200, COMPANY),
    regionCode: f.region("所在地区", { ...COMPANY }),
    contactName: f.text("联系人", 32, { ...COMPANY, required: true, sanitize: true }),
    contactMobile: f.text("联系电话", 16, { ...COMPANY, required: true, checks: [[isPhone, "联系电话应为手机号或固定电话，如 0551-62345678"]] }),
    businessScope: f.textarea("经营范围", 500, BUSINESS),
    roadPermitNo: f.text("道路运输经营许可证号", 50, { ...BUSINESS, sanitize: true }),
    waterPermitNo: f.text("水路运输许可证号", 50, { ...BUSINESS, sanitize: true }),
    remark: f.textarea("备注", 200, BUSINESS),
    enabled: f.enumOf("企业状态", ENABLE_STATES, { list: true, detail: "基本信息", export: true, filter: "eq" }),
    registeredAt: f.datetime("注册时间", { list: true, detail: "基本信息", export: true, column: "created_at" }),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核" }),
  },
  status: (() => {
    const machine = auditMachine("TMS_ENTERPRISE_APPROVE", ["TMS_ENTERPRISE_MANAGEMENT"], { owners: AUDITORS });
    return { ...machine, transitions: { ...machine.transitions, ...enableToggles("TMS_ENTERPRISE_MANAGEMENT", AUDITORS) } };
  })(),
  // Reading needs no code: the scope decides (an organisation sees only itself), and every staff
  // form's 所属企业 picker reads these options.
  actions: {
    // The initial password is never kept in clear, so 重发 issues a new one (as 用户管理's 重置密码).
    resendAdminPassword: {
      label: "重发初始密码",
      permission: "TMS_ENTERPRISE_MANAGEMENT",
      kinds: AUDITORS,
      confirm: "将为管理员生成新的初始密码并短信发送，原密码立即失效",
      done: "新的初始密码已通过短信发送",
      tone: "danger",
    },
  },
  permissions: access([], ["TMS_ENTERPRISE_MANAGEMENT"], ["create", "update"], ["TMS_ENTERPRISE_MANAGEMENT", "TMS_ENTERPRISE_APPROVE"]),
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: AUDITORS },
  keyword: { label: "名称/信用代码", fields: ["name", "creditCode"] },
  createdFilter: "注册时间",
  example: {
    as: "TENANT_USER",
    body: (n) => ({
      name: `安徽测试粮贸有限公司${n}`,
      creditCode: creditCodeWithCheck(`91340100MA${String(1_000_000 + (n % 9_000_000))}`),
      kind: "SHIPPER",
      businessMode: "SELF_OPERATED",
      adminName: "周经理",
      adminMobile: `177${String(n % 100_000_000).padStart(8, "0")}`,
      contactName: "周经理",
      contactMobile: "0551-62345678",
    }),
  },
  defaultSort: ["createdTime", "desc"],
});


/** One account of an enterprise as its detail page lists them (the platform's GET …/users). */
export interface EnterpriseUser {
  id: number;
  name: string;
  /** Masked unless the caller may see it in full. */
  mobile: string;
  type: UserType;
  status: string;
  roles: string[];
  /** Holds the enterprise's 用户管理. */
  admin: boolean;
  createdTime: string;
}
