import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { PendingPaymentPage } from "~/components/money/MoneyPages";
import { loadMoneyList, payAction } from "~/services/pages/money.server";

/** 陆运待付款: completed road waybills' payable freight; pay the selected ones (all or nothing) after confirming count and amount. */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/payables/search", ["keyword"], { freightWay: "ROAD" });
export const action = ({ request }: ActionFunctionArgs) => payAction(request);

export default function Page() {
  return <PendingPaymentPage way="ROAD" />;
}
export const ErrorBoundary = PageErrorBoundary;
