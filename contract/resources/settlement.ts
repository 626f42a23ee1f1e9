/**
 * Waybill settlements as lists to pick from (domain 5.x 待付款, spec 2.4 新开票列表): read-only over the
 * ledger's `waybill_settlements`, one row per completed waybill. Nothing is written through the engine:
 * the ticked rows go to their owner's service in one call (the ledger's 支付 `POST /pay/payments`,
 * billing's 申请开票 `POST /pay-invoice-application`), which the bindings' `bulk` offer row by row
 * (platform/ledger/settlement.resource.ts, docs/design/pickers-and-tables.md "Row selection").
 */
import { INVOICE_REPORT_STATES } from "../billing.js";
import { defineResource, f, type Options } from "./kit.js";

const SHOWN = { list: true, detail: true, export: true } as const;
/** 1 亿元 in fen: the widest amount a settlement holds (never written through the engine). */
const MAX_FEN = 10_000_000_000;
const MAX_ID = Number.MAX_SAFE_INTEGER;
const FREIGHT_WAYS = { ROAD: { label: "陆运" }, WATER: { label: "水运" } } as const satisfies Options;
/** The waybill's id: the value each ticked row posts (the owner's services take waybills). */
const freightId = () => f.int("运单", 1, MAX_ID, { column: "freight_id" });

// ---------------------------------------------------------------------------------------------
// 陆运/水运待付款: completed waybills' payable freight (pay_status 未付)

export const payable = defineResource({
  key: "payable",
  name: "待付款运单",
  api: "pay-payable",
  titleField: "freightNo",
  fields: {
    freightId: freightId(),
    freightNo: f.text("运单号", 32, SHOWN),
    // The waybill's own values, computed by the binding from `freights`.
    orderNo: f.text("订单号", 32, SHOWN),
    shipperName: f.text("托运人", 128, SHOWN),
    carrierName: f.text("司机/船长", 64, SHOWN),
    conveyanceName: f.text("车牌/船舶", 64, SHOWN),
    payeeName: f.text("收款人", 64, SHOWN),
    carrierPayable: f.moneyFen("承运人应收(元)", MAX_FEN, SHOWN),
    serviceFee: f.moneyFen("服务费(元)", MAX_FEN, SHOWN),
    taxReserve: f.moneyFen("留存税费(元)", MAX_FEN, SHOWN),
    shipperPayable: f.moneyFen("货主应付(元)", MAX_FEN, SHOWN),
    netToPayee: f.moneyFen("实付收款人(元)", MAX_FEN, { detail: true, export: true }),
    settledAt: f.datetime("核算时间", SHOWN),
    freightWay: f.enumOf("运输方式", FREIGHT_WAYS, { filter: "eq", export: true }),
    payeeUserId: f.int("收款人账号", 1, MAX_ID, {}),
  },
  // Whoever the page gate lets in: the scope gives an organisation its own waybills, staff theirs, a payee his.
  permissions: { list: [], detail: [], export: [] },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"], write: [] },
  keyword: { label: "运单号/订单号/司机/车牌", fields: ["freightNo"] },
  sums: { shipperPayable: "shipperPayable", netToPayee: "netToPayee" },
  defaultSort: ["settledAt", "desc"],
  // Never created through the engine (a settlement is made when a waybill completes): the example is for the unit test only.
  example: { as: "ORG_USER", body: () => ({}) },
});

// ---------------------------------------------------------------------------------------------
// 新开票列表: completed, paid, not yet invoiced waybills

const REPORT_STATE_OPTIONS = {
  ELIGIBLE: { label: INVOICE_REPORT_STATES.ELIGIBLE, tone: "success" },
  BLOCKED: { label: INVOICE_REPORT_STATES.BLOCKED, tone: "warning" },
} as const satisfies Options;

export const invoiceable = defineResource({
  key: "invoiceable",
  name: "可开票运单",
  api: "pay-invoiceable-waybill",
  titleField: "freightNo",
  fields: {
    freightId: freightId(),
    freightNo: f.text("运单号", 32, SHOWN),
    // The waybill's own values, computed by the binding from `freights`.
    orderNo: f.text("订单号", 32, SHOWN),
    shipperName: f.text("托运人", 128, { ...SHOWN, filter: "contains" }),
    cargoName: f.text("货物", 64, SHOWN),
    route: f.text("装货地 → 卸货地", 256, SHOWN),
    conveyanceName: f.text("车牌/船名", 64, SHOWN),
    weight: f.weightKg("结算重量", 1_000_000_000, SHOWN),
    shipperPayable: f.moneyFen("开票金额(元)", MAX_FEN, SHOWN),
    completeTime: f.datetime("完成时间", SHOWN),
    paidAt: f.datetime("付款时间", SHOWN),
    // 开票须上报成功 (docs/design/billing.md): computed by the binding with the invoice gate's own rule.
    reportState: f.enumOf("上报状态", REPORT_STATE_OPTIONS, { ...SHOWN, filter: "eq" }),
  },
  permissions: { list: [], detail: [], export: [] },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  keyword: { label: "运单号/订单号", fields: ["freightNo"] },
  // 可开票金额: the waybills that may be invoiced now (the binding's conditional sum).
  defaultSort: ["paidAt", "desc"],
  example: { as: "ORG_USER", body: () => ({}) },
});

export const SETTLEMENT_RESOURCES = [payable, invoiceable] as const;
