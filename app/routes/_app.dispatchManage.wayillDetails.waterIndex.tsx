import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FreightDetailView } from "~/components/freight/FreightDetailView";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { freightDetailAction, loadFreightDetail } from "~/services/pages/freight.server";

/** 水运运单详情: /dispatchManage/wayillDetails/waterIndex?freightNo=…; 404 when not found or not the user's. */
export const loader = ({ request }: LoaderFunctionArgs) => loadFreightDetail(request, "WATER");
export const action = ({ request }: ActionFunctionArgs) => freightDetailAction(request);

export default function WaterWaybillDetailPage() {
  return <FreightDetailView />;
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
