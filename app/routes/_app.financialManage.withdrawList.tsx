import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { WithdrawListPage } from "~/components/money/MoneyPages";
import { loadMoneyList, withdrawAuditAction } from "~/services/pages/money.server";

/** 提现列表: withdrawals; platform finance approves, rejects and records the bank's result. */
export const loader = ({ request }: LoaderFunctionArgs) => loadMoneyList(request, "/withdrawals/search", ["keyword", "status"]);
export const action = ({ request }: ActionFunctionArgs) => withdrawAuditAction(request);

export default WithdrawListPage;
export const ErrorBoundary = PageErrorBoundary;
