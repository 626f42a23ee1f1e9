/**
 * The bulk actions of the waybill-picking lists (app/pages/settlement.ts): each hands the ticked
 * waybills, with the confirmation's request number, to the owner's platform service, which re-checks
 * them and does the work all or nothing (the ledger's 支付, billing's 申请开票; idempotent by request number).
 */
import { formatMoney, formatYuan } from "../../../contract/numbers";
import { BILLING_DETAIL } from "~/pages/billing";
import type { BulkRun } from "~/services/resource-pages.server";

/** 支付: the ledger's `POST /pay/payments` (straight away, or to 支付审核 when the organisation requires it). */
export const payWaybills: BulkRun = async (user, { values, requestNo }) => {
  const p = await user.call<{ paymentNo: string; itemCount: number; totalShipperPayable: number; status: string }>({ path: "/pay/payments", method: "POST", body: { requestNo, freightIds: values.map(Number) } });
  const total = formatYuan(Number(p.totalShipperPayable));
  if (p.status === "PENDING_AUDIT") return { notice: `支付单 ${p.paymentNo} 已提交审核：${p.itemCount} 个运单，合计 ${total} 元，审核通过后支付` };
  return { notice: `支付单 ${p.paymentNo} 支付成功：${p.itemCount} 个运单，合计 ${total} 元` };
};

/** 申请开票: billing's `POST /pay-invoice-application`; the new application's detail page next. */
export const applyForInvoice: BulkRun = async (user, { values, requestNo, input }) => {
  const created = await user.call<{ id: number; applicationNo: string; waybillCount: number; amountInclTax: number }>({
    path: "/pay-invoice-application",
    method: "POST",
    body: { requestNo, freightIds: values.map(Number), invoiceCompanyId: input.invoiceCompanyId, invoiceType: input.invoiceType, deliveryMethod: input.deliveryMethod, remark: input.remark },
  });
  return { to: `${BILLING_DETAIL}?id=${created.id}`, notice: `开票申请 ${created.applicationNo} 已生成：${created.waybillCount} 个运单，价税合计 ${formatMoney(created.amountInclTax)}。核对后请提交审核` };
};
