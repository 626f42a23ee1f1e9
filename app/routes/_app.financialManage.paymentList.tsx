import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { PaymentListPage } from "~/components/money/MoneyPages";
import { loadMoneyList } from "~/services/pages/money.server";

/** 支付列表: payments with their totals and footer sums. */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/payments/search", ["keyword"]);

export default PaymentListPage;
export const ErrorBoundary = PageErrorBoundary;
