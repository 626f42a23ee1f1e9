import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { paymentPages } from "~/pages/money";
import { listLoader } from "~/services/resource-pages.server";

/** 支付列表: payments with their totals and footer sums, each linked to 支付详情. */
const page = paymentPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export default function PaymentListPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
