import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { WithdrawFlowPage } from "~/components/money/MoneyPages";
import { loadMoneyList } from "~/services/pages/money.server";

/** 提现流水: the bank transfer attempts of withdrawals. */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/withdraw-transfers/search", ["keyword", "status"]);

export default WithdrawFlowPage;
export const ErrorBoundary = PageErrorBoundary;
