/**
 * Finance records on the resource engine (domain 5.7–5.8, 6.12): 提现分配 (payee settings: a carrier's
 * freight routed to a fleet leader or shipowner, with a share), 临时税务登记 (drivers registered with a
 * tax authority for 代开/代征), and 撮合开票 (matchmaking service and driver-agent invoices with their
 * waybills, the 合并明细). Money does not move here: payee settings are read by the ledger's payment
 * flow, invoices record what the tax system issued.
 */
import { defineResource, f, type Options, type RecordOf } from "./kit.js";
import { AUDITORS } from "./vocabulary.js";

const SHOWN = { list: true, detail: true, export: true } as const;
const FORM = { ...SHOWN, form: true } as const;
const PLATFORM_STAFF = ["SYSTEM_USER"] as const;

// ---------------------------------------------------------------------------------------------
// 提现分配 (payee_settings)

export const PAYEE_ROLES = { FLEET_LEADER: { label: "车队长（代收）" }, SHIPOWNER: { label: "船东（代收）" } } as const satisfies Options;
export const PAYEE_SETTING_STATES = {
  PENDING: { label: "待审核", tone: "warning" },
  ACTIVE: { label: "生效", tone: "success" },
  REJECTED: { label: "已驳回", tone: "error" },
  REVOKED: { label: "已撤销" },
} as const satisfies Options;
/** 10000 bp = the whole net freight goes to the payee. */
export const FULL_SHARE_BP = 10_000;

const remark = (required: boolean) => ({ auditRemark: f.textarea("审核意见", 200, { required }) });

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
  // The demo driver 张师傅 collected by the seeded fleet leader 周德胜 (platform/finance2/seed.ts).
  example: { as: "SYSTEM_USER", body: (n) => ({ carrierMobile: "13800000004", payeeRole: "FLEET_LEADER", payeeMobile: "13966200001", payeeShareBp: 10_000, agreementNo: `DS-${n}`, validFrom: "2026-01-01" }) },
});
export type PayeeSettingRecord = RecordOf<typeof payeeSetting>;

// ---------------------------------------------------------------------------------------------
// 临时税务登记 (tax_registrations)

export const TAX_REGISTRATION_STATES = {
  PENDING: { label: "待登记", tone: "warning" },
  REGISTERED: { label: "已登记", tone: "success" },
  FAILED: { label: "登记失败", tone: "error" },
  CANCELLED: { label: "已注销" },
} as const satisfies Options;

const TAX = ["TMS_TAX_MANAGEMENT"] as const;
/** Whose registration it is (domain 5.8 person_type): a driver profile or a captain profile. */
export const TAX_PERSON_TYPES = { DRIVER: { label: "司机" }, CAPTAIN: { label: "船长" } } as const satisfies Options;
export type TaxPersonType = keyof typeof TAX_PERSON_TYPES;

export const taxRegistration = defineResource({
  key: "taxRegistration",
  name: "临时税务登记",
  api: "tms-tax-registration",
  titleField: "name",
  fields: {
    driverProfileId: f.ref("司机档案", "driverProfile", "profileName", { detail: true, form: "create", where: { auditStatus: "APPROVED" }, hint: "司机与船长二选一，须为审核通过的档案" }),
    captainProfileId: f.ref("船长档案", "captainProfile", "captainName", { detail: true, form: "create", where: { auditStatus: "APPROVED" }, hint: "司机与船长二选一，须为审核通过的档案" }),
    name: f.text("姓名", 32, SHOWN),
    personType: f.enumOf("人员类型", TAX_PERSON_TYPES, { ...SHOWN, filter: "eq" }),
    idCardNo: f.text("身份证号", 18, { ...SHOWN, mask: "idCard" }),
    mobile: f.mobile("手机号", { ...SHOWN, mask: true }),
    taxAuthority: f.text("主管税务机关", 64, { ...FORM, required: true, filter: "contains" }),
    taxpayerNo: f.text("纳税人识别号", 20, SHOWN),
    registeredAt: f.date("登记日期", { ...SHOWN, filter: "range" }),
    validTo: f.date("有效期至", SHOWN),
    authorizationFile: f.images("委托代征授权书", 3, { detail: true, form: true, required: true }),
    failReason: f.textarea("失败原因", 200, { detail: true, export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "PENDING",
    states: TAX_REGISTRATION_STATES,
    editableIn: ["PENDING", "FAILED"],
    transitions: {
      register: {
        label: "回填登记成功",
        from: ["PENDING"],
        to: "REGISTERED",
        permission: TAX,
        kinds: PLATFORM_STAFF,
        tone: "primary",
        input: { registeredAt: f.date("登记日期", { required: true }), validTo: f.date("有效期至", { required: true }) },
      },
      fail: { label: "回填登记失败", from: ["PENDING"], to: "FAILED", permission: TAX, kinds: PLATFORM_STAFF, tone: "danger", input: { failReason: f.textarea("失败原因", 200, { required: true }) } },
      retry: { label: "重新登记", from: ["FAILED"], to: "PENDING", permission: TAX, kinds: PLATFORM_STAFF, confirm: "重新提交到税务机关登记" },
      cancel: { label: "注销", from: ["REGISTERED"], to: "CANCELLED", permission: TAX, kinds: PLATFORM_STAFF, tone: "danger", confirm: "注销后该司机/船长的代开、代征须重新登记" },
    },
  },
  permissions: { list: TAX, detail: TAX, create: TAX, update: TAX, export: TAX },
  kinds: { read: AUDITORS, write: PLATFORM_STAFF },
  keyword: { label: "姓名/手机号", fields: ["name", "mobile"] },
  createdFilter: "提交时间",
  defaultSort: ["createdTime", "desc"],
  example: { as: "SYSTEM_USER", refs: ["driverProfile"], body: (n, refs) => ({ driverProfileId: refs.driverProfile ?? 1, taxAuthority: `国家税务总局蚌埠市蚌山区税务局（${n}）`, authorizationFile: ["/files/tax/authorization-demo.jpg"] }) },
});
export type TaxRegistrationRecord = RecordOf<typeof taxRegistration>;

// ---------------------------------------------------------------------------------------------
// 撮合开票 (match_invoices, match_invoice_items)

export const MATCH_INVOICE_KINDS = { SERVICE: { label: "撮合服务费发票（6%）" }, DRIVER_AGENT: { label: "司机代开运费发票" } } as const satisfies Options;
export type MatchInvoiceKind = keyof typeof MATCH_INVOICE_KINDS;
export const MATCH_INVOICE_TYPES = { DIGITAL_SPECIAL: { label: "数电专票" }, DIGITAL_NORMAL: { label: "数电普票" }, PAPER_SPECIAL: { label: "纸质专票" }, PAPER_NORMAL: { label: "纸质普票" } } as const satisfies Options;
export const MATCH_INVOICE_STATES = {
  APPLIED: { label: "待开票", tone: "warning" },
  ISSUING: { label: "开票中", tone: "info" },
  ISSUED: { label: "已开票", tone: "success" },
  MAILED: { label: "已邮寄", tone: "success" },
  CANCELLED: { label: "已撤销" },
} as const satisfies Options;
/** Tax rates in basis points: 撮合服务费 6 %, 司机代开 1 % (小规模纳税人减按). */
export const MATCH_INVOICE_RATE_BP: Record<MatchInvoiceKind, number> = { SERVICE: 600, DRIVER_AGENT: 100 };

const BILLING = ["TMS_MATCHMAKING_BILLING"] as const;
const STAFF_READ = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"] as const;

export const matchInvoice = defineResource({
  key: "matchInvoice",
  name: "撮合发票",
  api: "tms-match-invoice",
  titleField: "applyNo",
  fields: {
    applyNo: f.text("申请流水号", 20, { ...SHOWN, filter: "contains" }),
    orderNo: f.text("订单号", 32, { ...SHOWN, filter: "contains" }),
    invoiceKind: f.enumOf("发票种类", MATCH_INVOICE_KINDS, { ...SHOWN, filter: "eq" }),
    invoiceType: f.enumOf("发票类型", MATCH_INVOICE_TYPES, { ...SHOWN, filter: "eq" }),
    buyerName: f.text("发票抬头", 128, { ...SHOWN, filter: "contains" }),
    sellerName: f.text("开票单位", 128, SHOWN),
    driverName: f.text("代开司机", 32, SHOWN),
    driverTaxNo: f.text("代开司机税号", 20, { detail: true, export: true, mask: "idCard" }),
    goodsName: f.text("商品名称", 64, { detail: true, export: true }),
    amount: f.moneyFen("实际开票金额", 100_000_000_00, SHOWN),
    taxAmount: f.moneyFen("税额", 100_000_000_00, { detail: true, export: true }),
    itemsAmount: f.moneyFen("明细合计", 100_000_000_00, { detail: true, export: true }),
    waybillCount: f.int("运单总数", 0, 100_000, SHOWN),
    invoiceCode: f.text("发票代码", 12, { ...SHOWN }),
    invoiceNo: f.text("发票号码", 20, { ...SHOWN, filter: "contains" }),
    issueDate: f.date("开票日期", { ...SHOWN, filter: "range" }),
    expressCompany: f.text("快递公司", 32, { detail: "快递", export: true }),
    expressNo: f.text("快递单号", 32, { detail: "快递", list: true, export: true }),
    finishedAt: f.datetime("完成时间", SHOWN),
  },
  status: {
    field: "status",
    label: "开票状态",
    initial: "APPLIED",
    states: MATCH_INVOICE_STATES,
    editableIn: [],
    transitions: {
      startIssue: { label: "开始开票", from: ["APPLIED"], to: "ISSUING", permission: BILLING, kinds: AUDITORS, tone: "primary", confirm: "提交税控/数电开票，之后回填发票号码" },
      issue: {
        label: "维护发票进度",
        from: ["ISSUING"],
        to: "ISSUED",
        permission: BILLING,
        kinds: AUDITORS,
        tone: "primary",
        input: {
          invoiceCode: f.text("发票代码", 12, { checks: [[(v) => /^\d{10,12}$/.test(v), "发票代码应为 10 或 12 位数字"]] }),
          invoiceNo: f.text("发票号码", 20, { required: true, checks: [[(v) => /^(\d{8}|\d{20})$/.test(v), "发票号码应为 8 位（纸质）或 20 位（数电）数字"]] }),
          issueDate: f.date("开票日期", { required: true }),
        },
      },
      mail: {
        label: "维护快递",
        from: ["ISSUED"],
        to: "MAILED",
        permission: BILLING,
        kinds: AUDITORS,
        input: { expressCompany: f.text("快递公司", 32, { required: true }), expressNo: f.text("快递单号", 32, { required: true, checks: [[(v) => /^[A-Za-z0-9]{6,32}$/.test(v), "快递单号应为 6–32 位字母或数字"]] }) },
      },
      cancel: { label: "撤销", from: ["APPLIED"], to: "CANCELLED", permission: BILLING, kinds: AUDITORS, tone: "danger", confirm: "撤销后这些运单可以重新申请开票" },
    },
  },
  permissions: { list: BILLING, detail: BILLING, export: BILLING },
  kinds: { read: STAFF_READ, write: [] },
  keyword: { label: "申请流水号/发票号码/抬头", fields: ["applyNo", "invoiceNo", "buyerName"] },
  createdFilter: "申请时间",
  defaultSort: ["createdTime", "desc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});
export type MatchInvoiceRecord = RecordOf<typeof matchInvoice>;

export const matchInvoiceItem = defineResource({
  key: "matchInvoiceItem",
  name: "合并明细",
  api: "tms-match-invoice-item",
  titleField: "freightNo",
  fields: {
    invoiceId: f.ref("撮合发票", "matchInvoice", "applyNo", { detail: true, export: true, filter: "eq" }),
    freightNo: f.text("运单号", 32, { ...SHOWN, filter: "contains" }),
    carrierName: f.text("司机", 32, SHOWN),
    conveyanceName: f.text("车牌/船名", 32, SHOWN),
    cargoName: f.text("货物", 64, SHOWN),
    loadingPlace: f.text("装货地", 64, SHOWN),
    unloadingPlace: f.text("卸货地", 64, SHOWN),
    weight: f.weightKg("结算重量", 200_000_000, SHOWN),
    amount: f.moneyFen("开票金额", 100_000_000_00, SHOWN),
  },
  permissions: { list: BILLING, detail: BILLING, export: BILLING },
  kinds: { read: STAFF_READ, write: [] },
  defaultSort: ["createdTime", "asc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});
