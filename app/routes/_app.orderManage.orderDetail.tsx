import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { OrderProgress } from "~/components/orders/OrderProgress";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { orderPages } from "~/pages/orders";
import { orderWaybills, type OrderWaybills } from "~/services/pages/order-detail.server";
import { detailLoader, recordAction } from "~/services/resource-pages.server";

const page = orderPages.detail!;
export const loader = (args: LoaderFunctionArgs) => detailLoader(page, args, { extra: orderWaybills });
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function OrderDetailPage() {
  return <ResourceDetailPage page={page} after={(data) => <OrderProgress record={data.record as never} extra={data.extra as OrderWaybills} />} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
