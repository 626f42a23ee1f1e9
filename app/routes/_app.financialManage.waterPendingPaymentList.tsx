import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { waterPayablePages } from "~/pages/settlement";
import { bulkAction, listLoader } from "~/services/resource-pages.server";
import { payWaybills } from "~/services/pages/settlement.server";

/** 水运待付款 (CAPTAIN): completed water waybills' payable freight, paid like the road list. */
const page = waterPayablePages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) => bulkAction(page, args, { pay: payWaybills });
export default function WaterPendingPaymentPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
