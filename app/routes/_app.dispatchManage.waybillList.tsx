import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FreightListPage } from "~/components/freight/FreightListPage";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { freightListAction, loadFreightList } from "~/services/pages/freight.server";

/** 运单列表: every waybill the user may see, searchable by the filters of spec 5. */
export const loader = ({ request }: LoaderFunctionArgs) => loadFreightList(request);
export const action = ({ request }: ActionFunctionArgs) => freightListAction(request);

export default function WaybillListPage() {
  return <FreightListPage title="运单列表" />;
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
