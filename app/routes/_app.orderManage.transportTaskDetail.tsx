import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { LinkedProgress } from "~/components/orders/LinkedWaybills";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { transportTaskPages } from "~/pages/deliveries";
import { waybillsBy, type LinkedWaybills } from "~/services/pages/deliveries.server";
import { detailLoader, recordAction } from "~/services/resource-pages.server";

const page = transportTaskPages.detail!;
export const loader = (args: LoaderFunctionArgs) => detailLoader(page, args, { extra: waybillsBy("taskId") });
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function TransportTaskDetailPage() {
  return <ResourceDetailPage page={page} after={(data) => <LinkedProgress record={data.record as never} extra={data.extra as LinkedWaybills} noun="任务" />} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
