import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FreightListPage } from "~/components/freight/FreightListPage";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { freightListAction, loadFreightList } from "~/services/pages/freight.server";

/** 在途运单: the waybill list preset to 运输中. */
export const loader = ({ request }: LoaderFunctionArgs) => loadFreightList(request, { preset: { status: ["IN_TRANSIT"] }, omit: ["status"] });
export const action = ({ request }: ActionFunctionArgs) => freightListAction(request);

export default function InTransitPage() {
  return <FreightListPage title="在途运单" />;
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
