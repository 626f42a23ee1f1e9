import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { DriverPayablePage } from "~/components/money/MoneyPages";
import { loadMoneyList } from "~/services/pages/money.server";

/** 司机应付列表: unpaid settled freight grouped by payee. */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/payees/search", ["keyword"]);

export default DriverPayablePage;
export const ErrorBoundary = PageErrorBoundary;
