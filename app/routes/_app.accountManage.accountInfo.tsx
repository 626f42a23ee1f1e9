import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { AccountInfoPage } from "~/components/money/AccountPages";
import { loadAccountInfo, accountInfoAction } from "~/services/pages/money.server";

/** 账户信息: balance, frozen and available; bank cards; withdrawal requests and my withdrawals. */
export const loader = ({ request }: LoaderFunctionArgs) => loadAccountInfo(request);
export const action = (args: ActionFunctionArgs) => accountInfoAction(args);

export default AccountInfoPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
