/**
 * 核算单位 (domain 1.9): the accounting entity inside a shipper that bears the freight cost (直属库, 分公司),
 * with its own optional invoice details (they override the shipper's as invoice buyer) and a freight budget.
 */
import { isPhone, isTaxNo } from "../validation.js";
import { access, defineResource, f } from "./kit.js";
import { enableToggles, ENABLE_STATES, EVERYONE, OWNERS } from "./vocabulary.js";

const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;
const TAX = { detail: "开票信息", form: true, export: true } as const;

export const MAX_BUDGET_FEN = 100_000_000_000;

export const settlementUnit = defineResource({
  key: "settlementUnit",
  name: "核算单位",
  api: "tms-settlement-unit",
  titleField: "name",
  fields: {
    code: f.text("核算单位编码", 32, { ...BASIC, required: true, sanitize: true }),
    name: f.text("核算单位名称", 128, { ...BASIC, required: true, sanitize: true }),
    // A 核算单位 is set up with its 托运人, before or after the shipper's audit.
    shipperId: f.ref("所属托运人", "shipper", "shipperName", { ...BASIC, required: true, filter: "eq", anyState: true }),
    budget: f.moneyFen("运费预算", MAX_BUDGET_FEN, { ...BASIC, hint: "下单运费超出预算时提醒" }),
    taxTitle: f.text("发票抬头", 128, { ...TAX }),
    taxNo: f.text("纳税人识别号", 20, { ...TAX, list: true, normalise: (v) => v.toUpperCase(), checks: [[isTaxNo, "纳税人识别号应为 15、17、18 或 20 位数字或大写字母"]] }),
    taxAddress: f.text("注册地址", 200, { ...TAX }),
    taxPhone: f.text("注册电话", 32, { ...TAX, checks: [[isPhone, "注册电话应为手机号或固定电话（如 0552-3012345）"]] }),
    taxBankName: f.text("开户行", 64, { ...TAX }),
    taxBankAccount: f.text("银行账号", 32, { ...TAX, checks: [[(v) => /^\d{8,32}$/.test(v), "银行账号应为 8 至 32 位数字"]] }),
  },
  status: {
    field: "enabled",
    label: "状态",
    initial: "ENABLED",
    states: ENABLE_STATES,
    transitions: enableToggles("TMS_RESOURCE_ACCOUNT_UNIT", OWNERS),
    editableIn: ["ENABLED", "DISABLED"],
  },
  permissions: access(["TMS_RESOURCE_ACCOUNT_UNIT"], ["TMS_RESOURCE_ACCOUNT_UNIT"], ["create", "update", "delete"]),
  kinds: { read: EVERYONE, write: OWNERS },
  keyword: { label: "名称/编码", fields: ["name", "code"] },
  example: {
    as: "ORG_USER",
    body: (n, refs) => ({ code: `HS${String(n).padStart(6, "0")}`, name: `蚌埠直属库核算组${n}`, shipperId: refs.shipper, budget: 50_000_000 }),
  },
  defaultSort: ["createdTime", "desc"],
});

