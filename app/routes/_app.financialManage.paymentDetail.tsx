import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { PaymentDetailPage } from "~/components/money/AccountPages";
import { loadPaymentDetail, paymentAuditAction } from "~/services/pages/money.server";

/** 支付详情 (?id=): the payment's waybills, amounts, status and 操作记录; 支付审核 when 付款须审核 holds it. */
export const loader = ({ request }: LoaderFunctionArgs) => loadPaymentDetail(request);
export const action = ({ request }: ActionFunctionArgs) => paymentAuditAction(request);

export default PaymentDetailPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
