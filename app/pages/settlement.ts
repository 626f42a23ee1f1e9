/**
 * The lists that pick waybills to act on together (contract/resources/settlement.ts): 陆运/水运待付款
 * (支付 through the ledger) and 新开票列表 (申请开票). Each row's checkbox is the platform's `actions`
 * (greyed with its reason: an unregistered payee, 开票须上报成功); the routes' actions hand the ticked
 * waybills to the owner's service (app/services/pages/settlement.server.ts).
 */
import { DELIVERY_METHODS, INVOICE_TYPES } from "../../contract/billing";
import { f } from "../../contract/resources/kit";
import { invoiceable, payable } from "../../contract/resources/settlement";
import { pagesOf, type BulkAction } from "./kit";

/** The ticked rows are waybills, posted as their `freightId`; the confirmation sums their 货主应付 under `sumLabel`. */
const waybillsSummed = (sumLabel: string) => ({ noun: "运单", param: "freightId", value: "freightId", sum: { field: "shipperPayable", label: sumLabel } });

const PAY: BulkAction = {
  key: "pay",
  label: "支付选中运单",
  hint: "一次最多 200 个运单，全部成功或全部不付",
  title: "确认支付运费",
  submit: "确认支付",
  ...waybillsSummed("货主应付"),
  note: "，将从企业账户扣款并付入收款人钱包。",
  column: { label: "支付条件", ok: "可支付" },
};

/** 陆运待付款 (ORG_USER pays; staff and payees read). */
export const roadPayablePages = pagesOf(payable, {
  list: { path: "/financialManage/pendingPaymentList", rowActions: [], preset: { freightWay: "ROAD" }, bulkActions: [PAY] },
});

/** 水运待付款 (CAPTAIN: the water right). */
export const waterPayablePages = pagesOf(payable, {
  list: { path: "/financialManage/waterPendingPaymentList", rowActions: [], preset: { freightWay: "WATER" }, bulkActions: [PAY] },
});

const APPLY: BulkAction = {
  key: "apply",
  label: "申请开票",
  hint: "已完成且已付款的运单；一张申请只含同一托运人的运单；须电子运单和资金流水单上报成功（灰色的不可选，见“上报状态”）",
  title: "申请开票",
  submit: "生成开票申请",
  ...waybillsSummed("开票金额"),
  sameValue: { field: "shipperName", message: "选中的运单属于多个托运人，须分开申请" },
  inputs: {
    invoiceCompanyId: f.ref("开票公司", "invoiceCompany", "invoiceCompanyName", { required: true }),
    invoiceType: f.enumOf("发票类型", INVOICE_TYPES, { required: true }),
    deliveryMethod: f.enumOf("交付方式", DELIVERY_METHODS, { required: true }),
    remark: f.text("补充备注", 100, { placeholder: "可选，追加在发票备注之后" }),
  },
};

/** 新开票列表: an organisation's completed, paid, not yet invoiced waybills. */
export const invoiceablePages = pagesOf(invoiceable, {
  list: { path: "/financialManage/newBillingList", rowActions: [], bulkActions: [APPLY] },
});

export const SETTLEMENT_PAGE_GROUPS = [roadPayablePages, waterPayablePages, invoiceablePages];
