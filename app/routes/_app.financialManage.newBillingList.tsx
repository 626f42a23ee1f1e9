import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { invoiceablePages } from "~/pages/settlement";
import { bulkAction, listLoader } from "~/services/resource-pages.server";
import { applyForInvoice } from "~/services/pages/settlement.server";

/** 新开票列表: invoiceable waybills (greyed until reported); 申请开票 over the ticked ones after confirming count and amount. */
const page = invoiceablePages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) => bulkAction(page, args, { apply: applyForInvoice });
export default function NewBillingListPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
