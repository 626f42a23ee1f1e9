import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { NewBillingPage } from "~/components/money/BillingPages";
import { applyInvoiceAction, loadInvoiceable } from "~/services/pages/billing.server";

/** 新开票列表: invoiceable waybills; 申请开票 over the selected ones after confirming count and amount. */
export const loader = ({ request }: LoaderFunctionArgs) => loadInvoiceable(request);
export const action = ({ request }: ActionFunctionArgs) => applyInvoiceAction(request);

export default function Page() {
  return <NewBillingPage />;
}
export const ErrorBoundary = PageErrorBoundary;
