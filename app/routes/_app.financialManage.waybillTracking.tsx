import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { WaybillTrackingPage } from "~/components/money/MoneyPages";
import { loadMoneyList } from "~/services/pages/money.server";

/** 运单跟踪: each waybill's money state (settled, paid with its payment number, invoiced). */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/tracking/search", ["keyword", "status"]);

export default WaybillTrackingPage;
export const ErrorBoundary = PageErrorBoundary;
