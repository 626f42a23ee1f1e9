import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { BalanceDetailPage } from "~/components/money/MoneyPages";
import { loadBalanceDetail } from "~/services/pages/money.server";

/** 企业余额明细 (?id=): one account, its entries and the 核对 of Σ entries against the balance. */
export const loader = ({ request }: LoaderFunctionArgs) => loadBalanceDetail(request);

export default BalanceDetailPage;
export const ErrorBoundary = PageErrorBoundary;
