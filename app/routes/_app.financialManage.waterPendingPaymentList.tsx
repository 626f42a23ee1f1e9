import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { PendingPaymentPage } from "~/components/money/MoneyPages";
import { loadMoneyList, payAction } from "~/services/pages/money.server";

/** 水运待付款 (CAPTAIN): completed water waybills' payable freight, paid like the road list. */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/payables/search", ["keyword"], { freightWay: "WATER" });
export const action = ({ request }: ActionFunctionArgs) => payAction(request);

export default function Page() {
  return <PendingPaymentPage way="WATER" />;
}
export const ErrorBoundary = PageErrorBoundary;
