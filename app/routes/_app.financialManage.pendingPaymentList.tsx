import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { roadPayablePages } from "~/pages/settlement";
import { bulkAction, listLoader } from "~/services/resource-pages.server";
import { payWaybills } from "~/services/pages/settlement.server";

/** 陆运待付款: completed road waybills' payable freight (the engine's list of settlements); 支付 over the ticked ones, all or nothing, through the ledger. */
const page = roadPayablePages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) => bulkAction(page, args, { pay: payWaybills });
export default function RoadPendingPaymentPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
