/**
 * 开票与税务 on the engine (domain 5.7, 5.8, 6.9): the invoicing companies (开票公司), invoice
 * applications (开票申请) with their audit and issue machine, the invoices they produce (发票: 作废 /
 * 红冲), the waybill lines behind both (合并明细), input tax tickets (进项票), VAT declarations (增值税申报)
 * and the per-person tax declaration log (申报日志). Creating an application from waybills and
 * splitting it into invoices are hand-written (platform/billing); everything else is the engine's.
 */
import { isCreditCode, isTaxNo, idCardNoError } from "../validation.js";
import { DELIVERY_METHODS, INVOICE_TYPES, PERIOD_PATTERN } from "../billing.js";
import { creditCodeWithCheck } from "../validation.js";
import { defineResource, f, type Options, type Placement } from "./kit.js";
import { AUDITORS, ENABLE_STATES, enableToggles } from "./vocabulary.js";

const SHOWN = { list: true, detail: true, export: true } as const;
const FORM = { list: true, detail: true, form: true, export: true } as const;
const upper = (v: string) => v.toUpperCase();
const bp = <R extends boolean = false>(label: string, o: Placement & { required?: R } = {}) => f.rateBp<R>(label, 1700, o);
const ADMIN = "TMS_INVOICE_MANAGEMENT_ADMIN";
const APPLY = "TMS_INVOICE_APPLY";
const TAX = "TMS_TAX_MANAGEMENT";
const FINANCE_KINDS = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"] as const;

// ---------------------------------------------------------------------------------------------
// 开票公司 (domain 6.9)

const SELLER = { detail: "销方信息", form: true, export: true } as const;
const RULES = { detail: "开票规则", form: true, export: true } as const;
const COLLECT = { detail: "收款账户", form: true, export: true } as const;

export const LIMIT_BASES = { INCL_TAX: { label: "含税" }, EXCL_TAX: { label: "不含税" } } as const satisfies Options;

export const invoiceCompany = defineResource({
  key: "invoiceCompany",
  name: "开票公司",
  api: "sys-invoice-company",
  titleField: "name",
  fields: {
    name: f.text("名称", 128, { ...FORM, required: true, filter: "contains" }),
    creditCode: f.text("统一社会信用代码", 18, { ...FORM, required: true, normalise: upper, checks: [[isCreditCode, "统一社会信用代码应为 18 位且校验位正确"]] }),
    roadPermitNo: f.text("道路运输经营许可证号", 50, { ...FORM, required: true, checks: [[(v) => /^[\dA-Za-z\u4e00-\u9fa5-]{6,50}$/.test(v), "道路运输经营许可证号应为 6–50 位数字、字母或汉字"]] }),
    waterPermitNo: f.text("水路运输许可证号", 50, SELLER),
    taxAddress: f.text("注册地址", 200, { ...SELLER, required: true }),
    taxPhone: f.text("电话", 20, { ...SELLER, required: true }),
    taxBankName: f.text("开户银行", 64, { ...SELLER, required: true }),
    taxBankAccount: f.text("银行账号", 32, { ...SELLER, required: true, checks: [[(v) => /^\d{8,32}$/.test(v), "银行账号应为 8–32 位数字"]] }),
    freightTaxRateBp: bp("运输服务税率", { ...RULES, list: true, required: true }),
    serviceTaxRateBp: bp("服务费税率", { ...RULES, required: true }),
    agentLevyRateBp: bp("代开征收率", { ...RULES, required: true }),
    maxInvoiceAmount: f.moneyFen("单张开票限额", 100_000_000_00, { ...RULES, list: true, required: true }),
    limitBasis: f.enumOf("限额口径", LIMIT_BASES, { ...RULES, required: true }),
    drawer: f.text("开票人", 16, { ...RULES, list: true, required: true }),
    reviewer: f.text("复核人", 16, RULES),
    payee: f.text("收款人", 16, RULES),
    goodsNameRoad: f.text("公路运输商品名称", 64, { ...RULES, required: true }),
    goodsNameWater: f.text("水路运输商品名称", 64, { ...RULES, required: true }),
    goodsNameService: f.text("服务费商品名称", 64, { ...RULES, required: true }),
    collectAccountName: f.text("收款户名", 128, { ...COLLECT, required: true }),
    collectAccountNo: f.text("收款账号", 32, { ...COLLECT, required: true, checks: [[(v) => /^\d{8,32}$/.test(v), "收款账号应为 8–32 位数字"]] }),
    collectBank: f.text("收款开户行", 64, { ...COLLECT, required: true }),
  },
  status: {
    field: "enabled",
    label: "状态",
    initial: "ENABLED",
    states: ENABLE_STATES,
    transitions: enableToggles("TMS_INVOICE_COMPANY", ["SYSTEM_USER"]),
    editableIn: ["ENABLED", "DISABLED"],
  },
  permissions: { list: [], detail: [], create: ["TMS_INVOICE_COMPANY"], update: ["TMS_INVOICE_COMPANY"], export: ["TMS_INVOICE_COMPANY"] },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: ["SYSTEM_USER"] },
  keyword: { label: "名称/信用代码", fields: ["name", "creditCode"] },
  defaultSort: ["createdTime", "asc"],
  example: {
    as: "SYSTEM_USER",
    body: (n) => ({
      name: `测试开票公司${n}`,
      creditCode: creditCodeWithCheck(`91340100MA${String(1_000_000 + (n % 9_000_000))}`),
      roadPermitNo: `皖交运管许可蚌字${340300000000 + (n % 100000)}号`,
      taxAddress: "安徽省蚌埠市龙子湖区东海大道 1 号",
      taxPhone: "0552-3100000",
      taxBankName: "中国工商银行蚌埠分行",
      taxBankAccount: "1303010109200012345",
      freightTaxRateBp: 900,
      serviceTaxRateBp: 600,
      agentLevyRateBp: 100,
      maxInvoiceAmount: 100_000_000,
      limitBasis: "INCL_TAX",
      drawer: "周会计",
      goodsNameRoad: "*运输服务*国内道路货物运输服务",
      goodsNameWater: "*运输服务*国内水路货物运输服务",
      goodsNameService: "*信息技术服务*信息服务费",
      collectAccountName: `测试开票公司${n}`,
      collectAccountNo: "1303010109200012345",
      collectBank: "中国工商银行蚌埠分行",
    }),
  },
});

// ---------------------------------------------------------------------------------------------
// 开票申请 (domain 5.7): created from waybills on 新开票列表; submitted, audited, issued, mailed.

export const INVOICE_KINDS = { FREIGHT: { label: "运输服务（自营）" }, SERVICE: { label: "撮合服务费" }, DRIVER_AGENT: { label: "司机代开运费" } } as const satisfies Options;

export const APPLICATION_STATES = {
  DRAFT: { label: "待提交", tone: "default" },
  PENDING_AUDIT: { label: "待审核", tone: "warning" },
  APPROVED: { label: "待开票", tone: "info" },
  REJECTED: { label: "已驳回", tone: "error" },
  CANCELLED: { label: "已撤销" },
  ISSUED: { label: "已开票", tone: "success" },
  MAILED: { label: "已邮寄", tone: "success" },
  RED_FLUSHED: { label: "已红冲", tone: "error" },
} as const satisfies Options;

/** 20-digit 数电 invoice number (8 digits for paper: the first number of the batch). */
const invoiceNoField = (label: string) => f.text(label, 20, { required: true, checks: [[(v) => /^(\d{8}|\d{20})$/.test(v), `${label}应为 8 位（纸质）或 20 位（数电）数字`]] });

const AMOUNTS = { detail: "金额", export: true } as const;
const AUDIT = { detail: "审核与开票", export: true } as const;

export const invoiceApplication = defineResource({
  key: "invoiceApplication",
  name: "开票申请",
  api: "pay-invoice-application",
  titleField: "applicationNo",
  fields: {
    applicationNo: f.text("申请单号", 24, { ...SHOWN, filter: "contains" }),
    shipperName: f.text("托运人（购方）", 128, { ...SHOWN, filter: "contains" }),
    buyerTaxNo: f.text("购方税号", 20, { detail: "购方信息", export: true }),
    buyerAddressPhone: f.text("购方地址电话", 200, { detail: "购方信息" }),
    buyerBankAccount: f.text("购方开户行及账号", 200, { detail: "购方信息" }),
    invoiceKind: f.enumOf("发票种类", INVOICE_KINDS, { ...SHOWN, filter: "eq" }),
    invoiceType: f.enumOf("发票类型", INVOICE_TYPES, { ...SHOWN, filter: "eq" }),
    invoiceCompanyId: f.ref("开票公司", "invoiceCompany", "invoiceCompanyName", { ...SHOWN, filter: "eq" }),
    waybillCount: f.int("运单数", 0, 100_000, { ...SHOWN, unit: "单" }),
    totalWeight: f.weightKg("总重量", 10_000_000_000, { detail: "金额", export: true }),
    amountInclTax: f.moneyFen("价税合计", 100_000_000_000_00, { ...SHOWN }),
    taxRateBp: f.rateBp("税率", 1700, { ...AMOUNTS }),
    taxAmount: f.moneyFen("税额", 100_000_000_000_00, { ...SHOWN }),
    amountExclTax: f.moneyFen("金额（不含税）", 100_000_000_000_00, AMOUNTS),
    deliveryMethod: f.enumOf("交付方式", DELIVERY_METHODS, { detail: "申请信息", export: true }),
    remarkText: f.textarea("发票备注", 230, { detail: "申请信息", export: true }),
    applicantName: f.text("申请人", 32, { detail: "申请信息", export: true }),
    submittedAt: f.datetime("提交时间", { detail: "申请信息", export: true }),
    auditedByName: f.text("审核人", 32, AUDIT),
    auditedAt: f.datetime("审核时间", AUDIT),
    auditRemark: f.textarea("审核意见", 500, AUDIT),
    invoiceCount: f.int("发票张数", 0, 100_000, { ...AUDIT, unit: "张" }),
    issuedAt: f.datetime("开票时间", { ...SHOWN }),
    expressCompany: f.text("快递公司", 32, AUDIT),
    expressNo: f.text("快递单号", 32, AUDIT),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "DRAFT",
    states: APPLICATION_STATES,
    editableIn: [],
    transitions: {
      submit: { label: "提交", from: ["DRAFT"], to: "PENDING_AUDIT", permission: APPLY, kinds: ["ORG_USER"], tone: "primary", confirm: "提交后由平台审核开票" },
      cancel: { label: "撤销", from: ["DRAFT", "PENDING_AUDIT"], to: "CANCELLED", permission: APPLY, kinds: ["ORG_USER"], tone: "danger", confirm: "撤销后运单可重新申请开票" },
      approve: { label: "通过", from: ["PENDING_AUDIT"], to: "APPROVED", permission: ADMIN, kinds: AUDITORS, group: "audit", tone: "primary", input: { auditRemark: f.textarea("审核意见", 500) } },
      reject: { label: "驳回", from: ["PENDING_AUDIT"], to: "REJECTED", permission: ADMIN, kinds: AUDITORS, group: "audit", tone: "danger", input: { auditRemark: f.textarea("审核意见", 500, { required: true }) } },
      issue: {
        label: "开票",
        from: ["APPROVED"],
        to: "ISSUED",
        permission: ADMIN,
        kinds: AUDITORS,
        tone: "primary",
        input: { issueDate: f.date("开票日期", { required: true }), firstInvoiceNo: invoiceNoField("首张发票号码"), invoiceCode: f.text("发票代码（纸质票）", 12, { checks: [[(v) => /^(\d{10}|\d{12})$/.test(v), "发票代码应为 10 或 12 位数字"]] }) },
      },
      mail: { label: "邮寄", from: ["ISSUED"], to: "MAILED", permission: ADMIN, kinds: AUDITORS, input: { expressCompany: f.text("快递公司", 32, { required: true }), expressNo: f.text("快递单号", 32, { required: true, checks: [[(v) => /^[A-Za-z0-9]{6,32}$/.test(v), "快递单号应为 6–32 位字母或数字"]] }) } },
    },
  },
  permissions: { list: [APPLY, ADMIN], detail: [APPLY, ADMIN], export: [APPLY, ADMIN] },
  kinds: { read: FINANCE_KINDS, write: FINANCE_KINDS },
  keyword: { label: "申请单号/托运人", fields: ["applicationNo", "shipperName"] },
  sums: { invoiceAmount: "amountInclTax" },
  createdFilter: "申请时间",
  defaultSort: ["createdTime", "desc"],
  /** Created by 申请开票 / 开票, never through the engine's create: the example serves the unit test only. */
  example: { as: "ORG_USER", body: () => ({}) },
});

// ---------------------------------------------------------------------------------------------
// 发票 (domain 5.7)

export const INVOICE_STATES = {
  ISSUED: { label: "已开具", tone: "success" },
  VOIDED: { label: "已作废" },
  RED_FLUSHED: { label: "已红冲", tone: "error" },
} as const satisfies Options;

const FACE = { detail: "票面信息", export: true } as const;
const RED = { detail: "作废与红冲", export: true } as const;

export const invoice = defineResource({
  key: "invoice",
  name: "发票",
  api: "pay-invoice",
  titleField: "invoiceNo",
  fields: {
    invoiceNo: f.text("发票号码", 20, { ...SHOWN, filter: "contains" }),
    invoiceCode: f.text("发票代码", 12, SHOWN),
    invoiceKind: f.enumOf("种类", INVOICE_KINDS, { ...SHOWN, filter: "eq" }),
    invoiceType: f.enumOf("类型", INVOICE_TYPES, { ...SHOWN, filter: "eq" }),
    invoiceCompanyId: f.ref("开票公司", "invoiceCompany", "invoiceCompanyName", { ...SHOWN, filter: "eq" }),
    sellerName: f.text("销方名称", 128, FACE),
    sellerTaxNo: f.text("销方税号", 20, FACE),
    buyerName: f.text("购方", 128, { ...SHOWN, filter: "contains" }),
    buyerTaxNo: f.text("购方税号", 20, FACE),
    goodsName: f.text("货物或应税劳务名称", 64, FACE),
    amountExclTax: f.moneyFen("金额", 100_000_000_000_00, SHOWN),
    taxRateBp: f.rateBp("税率", 1700, { ...SHOWN }),
    taxAmount: f.moneyFen("税额", 100_000_000_000_00, SHOWN),
    amountInclTax: f.moneyFen("价税合计", 100_000_000_000_00, SHOWN),
    issueDate: f.date("开票日期", { ...SHOWN, filter: "range" }),
    applicationNo: f.text("申请单号", 24, { ...SHOWN, filter: "contains" }),
    applicationId: f.int("开票申请", 1, Number.MAX_SAFE_INTEGER, { filter: "eq" }),
    waybillCount: f.int("运单数", 0, 100_000, { ...FACE, unit: "单" }),
    weight: f.weightKg("重量", 10_000_000_000, FACE),
    remarkText: f.textarea("备注", 230, FACE),
    drawer: f.text("开票人", 16, FACE),
    reviewer: f.text("复核人", 16, FACE),
    payee: f.text("收款人", 16, FACE),
    flushReason: f.textarea("作废/红冲原因", 200, RED),
    redInfoNo: f.text("红字信息表编号", 20, RED),
    redAt: f.datetime("作废/红冲时间", RED),
    images: f.images("发票影像", 4, { detail: "发票影像", document: "INVOICE" }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "ISSUED",
    states: INVOICE_STATES,
    editableIn: [],
    transitions: {
      // The issued invoice's image (scan or the 数电票 PDF), uploaded by who issued it; the state stays.
      attachImages: { label: "上传发票影像", from: ["ISSUED"], to: "ISSUED", permission: ADMIN, kinds: AUDITORS, input: { images: f.images("发票影像", 4, { required: true, document: "INVOICE" }) } },
      void: { label: "作废", from: ["ISSUED"], to: "VOIDED", permission: ADMIN, kinds: AUDITORS, tone: "danger", input: { flushReason: f.textarea("作废原因", 200, { required: true }) } },
      redFlush: {
        label: "红冲",
        from: ["ISSUED"],
        to: "RED_FLUSHED",
        permission: ADMIN,
        kinds: AUDITORS,
        tone: "danger",
        input: { redInfoNo: f.text("红字信息表编号", 20, { required: true, checks: [[(v) => /^\d{16,20}$/.test(v), "红字信息表编号应为 16–20 位数字"]] }), flushReason: f.textarea("红冲原因", 200, { required: true }) },
      },
    },
  },
  permissions: { list: [APPLY, ADMIN], detail: [APPLY, ADMIN], export: [APPLY, ADMIN] },
  kinds: { read: FINANCE_KINDS, write: AUDITORS },
  keyword: { label: "发票号码/购方", fields: ["invoiceNo", "buyerName"] },
  sums: { invoiceAmount: "amountInclTax" },
  defaultSort: ["createdTime", "desc"],
  /** Created by 申请开票 / 开票, never through the engine's create: the example serves the unit test only. */
  example: { as: "ORG_USER", body: () => ({}) },
});

export const LINE_STATES = { ACTIVE: { label: "有效", tone: "success" }, RELEASED: { label: "已释放" } } as const satisfies Options;

/** 合并明细 lines: one waybill of an application, and the invoice it went into. Read-only. */
export const invoiceLine = defineResource({
  key: "invoiceLine",
  name: "运单明细",
  api: "pay-invoice-line",
  titleField: "freightNo",
  fields: {
    freightNo: f.text("运单号", 32, { ...SHOWN, filter: "contains" }),
    orderNo: f.text("订单号", 32, SHOWN),
    cargoName: f.text("货物", 64, SHOWN),
    loadingPlace: f.text("装货地", 64, SHOWN),
    unloadingPlace: f.text("卸货地", 64, SHOWN),
    conveyanceName: f.text("车牌/船名", 32, SHOWN),
    weight: f.weightKg("结算重量", 10_000_000_000, SHOWN),
    amountInclTax: f.moneyFen("开票金额", 100_000_000_000_00, SHOWN),
    invoiceNo: f.text("发票号码", 20, SHOWN),
    applicationId: f.int("开票申请", 1, Number.MAX_SAFE_INTEGER, { filter: "eq" }),
    invoiceId: f.int("发票", 1, Number.MAX_SAFE_INTEGER, { filter: "eq" }),
    lineStatus: f.enumOf("明细状态", LINE_STATES, SHOWN),
  },
  permissions: { list: [APPLY, ADMIN], detail: [APPLY, ADMIN], export: [APPLY, ADMIN] },
  kinds: { read: FINANCE_KINDS },
  defaultSort: ["createdTime", "asc"],
  /** Created by 申请开票 / 开票, never through the engine's create: the example serves the unit test only. */
  example: { as: "ORG_USER", body: () => ({}) },
});

// ---------------------------------------------------------------------------------------------
// 进项票 (domain 5.8)

export const INPUT_CATEGORIES = {
  FUEL: { label: "成品油" },
  ETC: { label: "通行费" },
  DRIVER_AGENT: { label: "司机代开运费专票" },
  CARRIER: { label: "承运企业运费专票" },
  REPAIR: { label: "维修" },
  OTHER: { label: "其他" },
} as const satisfies Options;
export const INPUT_TICKET_TYPES = { DIGITAL_SPECIAL: { label: "数电专票" }, PAPER_SPECIAL: { label: "纸质专票" }, TOLL_E_INVOICE: { label: "通行费电子发票" }, OTHER: { label: "其他" } } as const satisfies Options;
export const CERTIFY_STATES = {
  UNCERTIFIED: { label: "未勾选", tone: "warning" },
  CERTIFIED: { label: "已勾选认证", tone: "success" },
  TRANSFERRED_OUT: { label: "已转出", tone: "default" },
  ABNORMAL: { label: "异常", tone: "error" },
} as const satisfies Options;

const TICKET = { list: true, detail: "票面信息", form: true, export: true } as const;

export const inputTaxTicket = defineResource({
  key: "inputTaxTicket",
  name: "进项票",
  api: "tms-input-tax-ticket",
  titleField: "ticketNo",
  fields: {
    ticketNo: f.text("登记号", 20, { ...SHOWN, filter: "contains" }),
    invoiceCompanyId: f.ref("开票公司（受票方）", "invoiceCompany", "invoiceCompanyName", { ...TICKET, required: true, filter: "eq" }),
    category: f.enumOf("进项类别", INPUT_CATEGORIES, { ...TICKET, required: true, filter: "eq" }),
    ticketType: f.enumOf("票种", INPUT_TICKET_TYPES, { ...TICKET, required: true }),
    invoiceCode: f.text("发票代码", 12, { detail: "票面信息", form: true, export: true, checks: [[(v) => /^(\d{10}|\d{12})$/.test(v), "发票代码应为 10 或 12 位数字"]] }),
    invoiceNo: f.text("发票号码", 20, { ...TICKET, required: true, filter: "contains", checks: [[(v) => /^(\d{8}|\d{20})$/.test(v), "发票号码应为 8 位（纸质）或 20 位（数电）数字"]] }),
    issueDate: f.date("开票日期", { ...TICKET, required: true, filter: "range" }),
    sellerName: f.text("销方名称", 128, { ...TICKET, required: true, filter: "contains" }),
    sellerTaxNo: f.text("销方税号", 20, { detail: "票面信息", form: true, export: true, required: true, normalise: upper, checks: [[isTaxNo, "销方税号应为 15、17、18 或 20 位数字或大写字母"]] }),
    amountExclTax: f.moneyFen("金额", 100_000_000_000, { ...TICKET, required: true }),
    taxRateBp: f.int("税率（基点，900 = 9%）", 0, 1700, { detail: "票面信息", form: true, export: true, required: true, unit: "bp" }),
    taxAmount: f.moneyFen("税额", 100_000_000_000, SHOWN),
    amountInclTax: f.moneyFen("价税合计", 100_000_000_000, { ...TICKET, required: true }),
    certifiedPeriod: f.text("所属期", 7, { ...SHOWN, filter: "eq", checks: [[(v) => PERIOD_PATTERN.test(v), "所属期格式应为 YYYY-MM"]] }),
    handleRemark: f.textarea("转出/异常说明", 200, { detail: "勾选与转出", export: true }),
    remark: f.textarea("备注", 200, { detail: true, form: true, export: true }),
  },
  status: {
    field: "certifyStatus",
    label: "勾选状态",
    initial: "UNCERTIFIED",
    states: CERTIFY_STATES,
    editableIn: ["UNCERTIFIED", "ABNORMAL"],
    transitions: {
      certify: { label: "勾选认证", from: ["UNCERTIFIED"], to: "CERTIFIED", permission: TAX, kinds: ["SYSTEM_USER"], tone: "primary", input: { certifiedOn: f.date("认证日期（其所在月为所属期）", { required: true }) } },
      transferOut: { label: "转出", from: ["CERTIFIED"], to: "TRANSFERRED_OUT", permission: TAX, kinds: ["SYSTEM_USER"], tone: "danger", input: { handleRemark: f.textarea("转出原因", 200, { required: true }) } },
      markAbnormal: { label: "标记异常", from: ["UNCERTIFIED"], to: "ABNORMAL", permission: TAX, kinds: ["SYSTEM_USER"], tone: "danger", input: { handleRemark: f.textarea("异常说明", 200, { required: true }) } },
      restore: { label: "恢复未勾选", from: ["ABNORMAL"], to: "UNCERTIFIED", permission: TAX, kinds: ["SYSTEM_USER"], confirm: "恢复后可再勾选认证" },
    },
  },
  permissions: { list: [TAX], detail: [TAX], create: [TAX], update: [TAX], delete: [TAX], export: [TAX] },
  kinds: { read: ["SYSTEM_USER"], write: ["SYSTEM_USER"] },
  keyword: { label: "登记号/发票号码/销方", fields: ["ticketNo", "invoiceNo", "sellerName"] },
  createdFilter: "登记时间",
  defaultSort: ["createdTime", "desc"],
  example: {
    as: "SYSTEM_USER",
    body: (n, refs) => ({
      invoiceCompanyId: refs.invoiceCompany,
      category: "FUEL",
      ticketType: "DIGITAL_SPECIAL",
      invoiceNo: String(24_340_000_000_000_000_000n + BigInt(n)).slice(0, 20),
      issueDate: "2026-11-02",
      sellerName: "中国石化销售股份有限公司安徽蚌埠石油分公司",
      sellerTaxNo: "913403007050123456",
      amountExclTax: 100_000,
      taxRateBp: 1300,
      amountInclTax: 113_000,
    }),
  },
});

// ---------------------------------------------------------------------------------------------
// 增值税申报 (domain 5.8): computed from the data, then confirmed (locks the period), declared, paid.

export const VAT_STATES = {
  DRAFT: { label: "草稿", tone: "default" },
  CONFIRMED: { label: "已确认", tone: "info" },
  DECLARED: { label: "已申报", tone: "warning" },
  PAID: { label: "已缴款", tone: "success" },
} as const satisfies Options;

const FIGURES = { list: true, detail: "申报数据", export: true } as const;
const period = <R extends boolean = false>(label: string, o: Placement & { required?: R }) => f.text<R>(label, 7, { ...o, checks: [[(v: string) => PERIOD_PATTERN.test(v), `${label}格式应为 YYYY-MM`]] });

export const vatDeclaration = defineResource({
  key: "vatDeclaration",
  name: "增值税申报",
  api: "tms-vat-declaration",
  titleField: "declarationNo",
  fields: {
    declarationNo: f.text("申报编号", 20, { ...SHOWN, filter: "contains" }),
    invoiceCompanyId: f.ref("纳税主体（开票公司）", "invoiceCompany", "invoiceCompanyName", { list: true, detail: true, form: "create", export: true, required: true, filter: "eq" }),
    period: period("所属期", { list: true, detail: true, form: "create", export: true, required: true, filter: "eq" }),
    outputSales: f.moneyFen("销售额", 100_000_000_000_00, FIGURES),
    outputTax: f.moneyFen("销项税额", 100_000_000_000_00, FIGURES),
    outputInvoiceCount: f.int("销项发票", 0, 10_000_000, { detail: "申报数据", export: true, unit: "张" }),
    inputTax: f.moneyFen("进项税额", 100_000_000_000_00, FIGURES),
    inputTicketCount: f.int("进项票", 0, 10_000_000, { detail: "申报数据", export: true, unit: "张" }),
    inputTransferOut: f.moneyFen("进项转出", 100_000_000_000_00, FIGURES),
    previousCredit: f.moneyFen("上期留抵", 100_000_000_000_00, FIGURES),
    payableTax: f.moneyFen("应纳税额", 100_000_000_000_00, FIGURES),
    carriedCredit: f.moneyFen("期末留抵", 100_000_000_000_00, FIGURES),
    rateBreakdown: f.textarea("按税率明细", 1000, FIGURES),
    declaredOn: f.date("申报日期", { detail: "申报与缴款", export: true }),
    voucherNo: f.text("缴款凭证号", 32, { detail: "申报与缴款", export: true }),
    remark: f.textarea("备注", 200, { detail: "申报与缴款", export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "DRAFT",
    states: VAT_STATES,
    editableIn: [],
    deletableIn: ["DRAFT"],
    transitions: {
      recompute: { label: "重新计算", from: ["DRAFT"], to: "DRAFT", permission: TAX, kinds: ["SYSTEM_USER"], confirm: "按当前发票和进项票重新计算本期数据" },
      confirm: { label: "确认", from: ["DRAFT"], to: "CONFIRMED", permission: TAX, kinds: ["SYSTEM_USER"], tone: "primary", confirm: "确认后本期数据锁定：不能再作废或红冲本期发票，不能再勾选本期进项票" },
      declare: { label: "登记申报", from: ["CONFIRMED"], to: "DECLARED", permission: TAX, kinds: ["SYSTEM_USER"], tone: "primary", input: { declaredOn: f.date("申报日期", { required: true }), remark: f.textarea("备注", 200) } },
      pay: { label: "登记缴款", from: ["DECLARED"], to: "PAID", permission: TAX, kinds: ["SYSTEM_USER"], tone: "primary", input: { voucherNo: f.text("缴款凭证号", 32, { required: true }) } },
    },
  },
  permissions: { list: [TAX], detail: [TAX], create: [TAX], delete: [TAX], export: [TAX] },
  kinds: { read: ["SYSTEM_USER"], write: ["SYSTEM_USER"] },
  defaultSort: ["createdTime", "desc"],
  example: {
    as: "SYSTEM_USER",
    // Past periods, distinct for 240 consecutive n.
    body: (n, refs) => ({ invoiceCompanyId: refs.invoiceCompany, period: `${2000 + Math.floor((n % 240) / 12)}-${String(1 + (n % 12)).padStart(2, "0")}` }),
  },
});

// ---------------------------------------------------------------------------------------------
// 申报日志 (domain 5.8): per person and period, read-only with 补录 by platform finance.

export const TAX_TYPES = { VAT: { label: "增值税" }, SURTAX: { label: "附加税费" }, PIT: { label: "个人所得税" } } as const satisfies Options;
export const DECLARE_RESULTS = { SUCCESS: { label: "申报成功", tone: "success" }, FAILED: { label: "申报失败", tone: "error" } } as const satisfies Options;

export const declareLog = defineResource({
  key: "declareLog",
  name: "申报日志",
  api: "tms-declare-log",
  titleField: "personName",
  fields: {
    period: period("所属期", { ...FORM, required: true, filter: "eq" }),
    invoiceCompanyId: f.ref("开票公司", "invoiceCompany", "invoiceCompanyName", { ...FORM, required: true, filter: "eq" }),
    personName: f.text("姓名", 32, { ...FORM, required: true, filter: "contains" }),
    idCardNo: f.text("身份证号", 18, { ...FORM, required: true, normalise: upper, mask: "idCard", checks: [[(v) => idCardNoError(v) === null, "身份证号不正确（18 位，校验位须正确）"]] }),
    taxType: f.enumOf("税种", TAX_TYPES, { ...FORM, required: true, filter: "eq" }),
    incomeAmount: f.moneyFen("计税收入", 100_000_000_000, { ...FORM, required: true }),
    taxAmount: f.moneyFen("税额", 100_000_000_000, { ...FORM, required: true }),
    withheldAmount: f.moneyFen("已代扣税费（核对）", 100_000_000_000, SHOWN),
    declaredAt: f.datetime("申报时间", { ...FORM, required: true }),
    result: f.enumOf("状态", DECLARE_RESULTS, { ...FORM, required: true, filter: "eq" }),
    taxVoucherNo: f.text("完税凭证号", 32, FORM),
    responseMessage: f.text("返回信息", 200, FORM),
    operatorName: f.text("操作人", 32, { detail: true, export: true }),
  },
  permissions: { list: [TAX], detail: [TAX], create: [TAX], export: [TAX] },
  kinds: { read: ["SYSTEM_USER"], write: ["SYSTEM_USER"] },
  keyword: { label: "姓名/身份证号", fields: ["personName", "idCardNo"] },
  defaultSort: ["createdTime", "desc"],
  example: {
    as: "SYSTEM_USER",
    body: (n, refs) => ({
      period: "2026-10",
      invoiceCompanyId: refs.invoiceCompany,
      personName: `测试司机${n % 1000}`,
      idCardNo: "11010519491231002X",
      taxType: "VAT",
      incomeAmount: 1_000_000 + n,
      taxAmount: 10_000,
      declaredAt: "2026-11-10T02:00:00.000Z",
      result: "SUCCESS",
      taxVoucherNo: `WS${String(n).padStart(10, "0")}`.slice(0, 32),
    }),
  },
});

export const BILLING_RESOURCES = [invoiceCompany, invoiceApplication, invoice, invoiceLine, inputTaxTicket, vatDeclaration, declareLog] as const;
