/**
 * 托运人 (domain 1.8): an organisation's shippers (发货人/发货企业), a company or a person, with the
 * invoice (开票) and invoice-mailing (收票) details and the settlement mode; audited (认证) by platform or
 * tenant staff (domain 2.7) before orders may be invoiced to them.
 */
import { isCreditCode, isIdCardNo, isPhone, isTaxNo } from "../validation.js";
import { access, defineResource, f } from "./kit.js";
import { sampleCreditCode } from "./samples.js";
import { auditMachine, enableToggles, enabledField, EVERYONE, OWNERS, PARTY_KINDS } from "./vocabulary.js";

const BASIC = { detail: "基本信息", form: true, export: true } as const;
const TAX = { detail: "开票信息", form: true, export: true } as const;
const RECEIVE = { detail: "收票信息", form: true } as const;
const SETTLE = { detail: "结算信息", form: true, export: true } as const;

export const SETTLE_MODES = {
  PREPAID: { label: "预付" },
  MONTHLY: { label: "月结" },
  CREDIT: { label: "授信" },
} as const;

/** 授信额度 ceiling: 1 亿元. */
export const MAX_CREDIT_LIMIT_FEN = 10_000_000_000;

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const PHONE_MESSAGE = (label: string) => `${label}应为手机号或固定电话（如 0552-3012345）`;

export const shipper = defineResource({
  key: "shipper",
  name: "托运人",
  api: "tms-shipper",
  titleField: "name",
  // Orders, projects' orders and 货源 choose approved shippers in use (启用).
  choosable: { auditStatus: ["APPROVED"], enabled: ["ENABLED"] },
  fields: {
    shipperNo: f.text("托运人编号", 32, { list: true, detail: "基本信息", export: true, filter: "contains" }),
    kind: f.enumOf("类型", PARTY_KINDS, { ...BASIC, form: "create", list: true, required: true, filter: "eq", hint: "企业填写统一社会信用代码，个人填写身份证号" }),
    name: f.text("托运人名称", 128, { ...BASIC, list: true, required: true, sanitize: true }),
    creditCode: f.text("统一社会信用代码", 18, { ...BASIC, form: "create", list: true, normalise: (v) => v.toUpperCase(), checks: [[isCreditCode, "统一社会信用代码不正确，应为 18 位且校验位正确"]] }),
    idCardNo: f.text("身份证号", 18, { ...BASIC, form: "create", list: true, mask: "idCard", normalise: (v) => v.toUpperCase(), checks: [[isIdCardNo, "身份证号不正确，应为 18 位且校验位正确"]] }),
    legalPerson: f.text("法定代表人", 32, { ...BASIC, sanitize: true }),
    address: f.text("地址", 200, { ...BASIC }),
    contactName: f.text("联系人", 32, { ...BASIC, list: true, required: true, sanitize: true }),
    contactMobile: f.text("联系电话", 16, { ...BASIC, list: true, required: true, checks: [[isPhone, PHONE_MESSAGE("联系电话")]] }),
    taxTitle: f.text("发票抬头", 128, { ...TAX }),
    taxNo: f.text("纳税人识别号", 20, { ...TAX, normalise: (v) => v.toUpperCase(), checks: [[isTaxNo, "纳税人识别号应为 15、17、18 或 20 位数字或大写字母"]] }),
    taxAddress: f.text("注册地址", 200, { ...TAX }),
    taxPhone: f.text("注册电话", 32, { ...TAX, checks: [[isPhone, PHONE_MESSAGE("注册电话")]] }),
    taxBankName: f.text("开户行", 64, { ...TAX }),
    taxBankAccount: f.text("银行账号", 32, { ...TAX, checks: [[(v) => /^\d{8,32}$/.test(v), "银行账号应为 8 至 32 位数字"]] }),
    taxComplete: f.bool("开票信息完整", { detail: "开票信息", export: true, filter: "eq", hint: "由系统根据开票信息判断" }),
    receiveName: f.text("收票人", 32, { ...RECEIVE, sanitize: true }),
    receiveMobile: f.mobile("收票人电话", { ...RECEIVE }),
    receiveAddress: f.text("收票地址", 200, { ...RECEIVE }),
    receiveEmail: f.text("收票邮箱", 64, { ...RECEIVE, checks: [[(v) => EMAIL.test(v), "收票邮箱格式不正确"]] }),
    settleMode: f.enumOf("结算方式", SETTLE_MODES, { ...SETTLE, list: true, required: true, filter: "eq" }),
    creditLimit: f.moneyFen("授信额度", MAX_CREDIT_LIMIT_FEN, { ...SETTLE, hint: "结算方式为授信时必填" }),
    enabled: enabledField(),
    remark: f.textarea("备注", 200, { detail: "结算信息", form: true }),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核" }),
  },
  status: (() => {
    const machine = auditMachine("TMS_SHIPPER_APPROVE", ["TMS_RESOURCE_SHIPPER"]);
    // The owner stops using a shipper; auditors may freeze one too.
    return { ...machine, transitions: { ...machine.transitions, ...enableToggles(["TMS_RESOURCE_SHIPPER", "TMS_SHIPPER_APPROVE"], EVERYONE) } };
  })(),
  permissions: access(["TMS_RESOURCE_SHIPPER", "TMS_SHIPPER_APPROVE"], ["TMS_RESOURCE_SHIPPER"], ["create", "update", "delete"]),
  kinds: { read: EVERYONE, write: OWNERS },
  keyword: { label: "名称/电话", fields: ["name", "contactMobile"] },
  createdFilter: "创建时间",
  example: {
    as: "ORG_USER",
    body: (n) => ({
      kind: "COMPANY",
      name: `安徽皖北粮油贸易有限公司${n}`,
      creditCode: sampleCreditCode(500_000 + n),
      legalPerson: "周建国",
      address: "安徽省宿州市埇桥区淮海北路 88 号",
      contactName: "周经理",
      contactMobile: "13955710001",
      taxTitle: `安徽皖北粮油贸易有限公司${n}`,
      taxNo: sampleCreditCode(500_000 + n),
      settleMode: "MONTHLY",
    }),
  },
  defaultSort: ["createdTime", "desc"],
});

