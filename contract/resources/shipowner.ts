/**
 * 船东 (domain 1.7): an organisation's shipowners, a person (身份证) or a company (营业执照, 水路运输
 * 经营许可证), audited by platform or tenant staff with TMS_SHIPOWNER_APPROVE. Both field sets are
 * optional here; the platform requires the set of the chosen 类型. 类型 and 身份证号 are set on create
 * (the ID number identifies the person; edit forms only see it masked).
 */
import { isCreditCode, isIdCardNo, isPhone } from "../validation.js";
import { access, defineResource, f } from "./kit.js";
import { AUDITORS, auditMachine, enableToggles, enabledField, EVERYONE, OWNERS, PARTY_KINDS } from "./vocabulary.js";
import { creditCodeOf } from "./samples.js";

const upper = (v: string) => v.toUpperCase();

const BASIC = { detail: "基本信息", form: true, export: true } as const;
const PERSON = { detail: "个人船东", form: true, export: true } as const;
const COMPANY = { detail: "企业船东", form: true, export: true } as const;

export const shipowner = defineResource({
  key: "shipowner",
  name: "船东",
  api: "tms-shipowner",
  titleField: "name",
  fields: {
    name: f.text("船东名称", 128, { ...BASIC, list: true, required: true, sanitize: true, hint: "个人填写姓名，企业填写营业执照上的名称" }),
    kind: f.enumOf("类型", PARTY_KINDS, { ...BASIC, form: "create", list: true, required: true, filter: "eq" }),
    idCardNo: f.text("身份证号", 18, { ...PERSON, form: "create", list: true, mask: "idCard", normalise: upper, checks: [[isIdCardNo, "身份证号不正确（18 位，校验位须正确）"]] }),
    mobile: f.mobile("手机号", { ...PERSON, list: true }),
    address: f.text("住址", 200, PERSON),
    creditCode: f.text("统一社会信用代码", 18, { ...COMPANY, list: true, normalise: upper, checks: [[isCreditCode, "统一社会信用代码不正确（18 位，校验位须正确）"]], filter: "contains" }),
    legalPerson: f.text("法定代表人", 32, { ...COMPANY, sanitize: true }),
    registeredAddress: f.text("注册地址", 200, COMPANY),
    contactName: f.text("联系人", 32, { ...COMPANY, list: true, sanitize: true }),
    contactMobile: f.text("联系电话", 16, { ...COMPANY, list: true, checks: [[isPhone, "联系电话应为手机号或固定电话（如 0552-1234567）"]] }),
    waterPermitNo: f.text("水路运输许可证号", 50, { ...COMPANY, sanitize: true }),
    enabled: enabledField(),
    remark: f.textarea("备注", 200, { detail: "基本信息", form: true, export: true }),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核" }),
  },
  status: (() => {
    const machine = auditMachine("TMS_SHIPOWNER_APPROVE", ["TMS_RESOURCE_SHIPOWNER"], { owners: OWNERS });
    return { ...machine, transitions: { ...machine.transitions, ...enableToggles(["TMS_SHIPOWNER_APPROVE", "TMS_RESOURCE_SHIPOWNER"], [...AUDITORS, ...OWNERS]) } };
  })(),
  permissions: access(["TMS_RESOURCE_SHIPOWNER", "TMS_SHIPOWNER_APPROVE"], ["TMS_RESOURCE_SHIPOWNER"], ["create", "update", "delete"]),
  kinds: { read: EVERYONE, write: OWNERS },
  keyword: { label: "名称/电话", fields: ["name", "mobile", "contactMobile"] },
  createdFilter: "添加时间",
  example: {
    as: "ORG_USER",
    body: (n) => ({
      name: "马鞍山长航船务有限公司",
      kind: "COMPANY",
      creditCode: creditCodeOf("340500", `MA${String(1_000_000 + (n % 9_000_000))}`),
      legalPerson: "汪德华",
      registeredAddress: "安徽省马鞍山市雨山区湖东南路 88 号",
      contactName: "汪德华",
      contactMobile: "0555-2345678",
      waterPermitNo: "皖马鞍山XK0012",
    }),
  },
  defaultSort: ["createdTime", "desc"],
});

