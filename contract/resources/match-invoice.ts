/**
 * 撮合开票 on the resource engine (domain 5.7): matchmaking service and driver-agent invoices with their
 * waybills, the 合并明细 (platform/matchmaking). Invoices record what the tax system issued; no money moves.
 */
import { defineResource, f, type Options } from "./kit.js";
import { AUDITORS } from "./vocabulary.js";

const SHOWN = { list: true, detail: true, export: true } as const;

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
