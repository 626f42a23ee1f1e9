import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { LinkedProgress } from "~/components/orders/LinkedWaybills";
import { ListOrDetail } from "~/components/orders/ListOrDetail";
import { waterDeliveryPages } from "~/pages/deliveries";
import { listOrDetailAction, listOrDetailLoader, waybillsBy, type LinkedWaybills } from "~/services/pages/deliveries.server";

const { list, detail } = waterDeliveryPages;
export const loader = (args: LoaderFunctionArgs) => listOrDetailLoader(list!, detail!, args, waybillsBy("deliveryId"));
export const action = (args: ActionFunctionArgs) => listOrDetailAction(list!, detail!, args);
export default function WaterDeliveryListPage() {
  return <ListOrDetail list={list!} detail={detail!} after={(data) => <LinkedProgress record={data.record as never} extra={data.extra as LinkedWaybills} noun="发货" />} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
