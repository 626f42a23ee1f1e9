import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { waybillMoneyPages } from "~/pages/money";
import { listLoader } from "~/services/resource-pages.server";

/** 运单跟踪: each waybill's money state (settled, paid with its payment number, invoiced). */
const page = waybillMoneyPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export default function WaybillTrackingPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
