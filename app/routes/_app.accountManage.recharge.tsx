import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { RechargePage } from "~/components/money/AccountPages";
import { loadRecharge, rechargeAction } from "~/services/pages/money.server";

/** 账户充值: the platform's receiving account, a recharge request (confirmed by platform finance, then credited) and my recharges. */
export const loader = ({ request }: LoaderFunctionArgs) => loadRecharge(request);
export const action = (args: ActionFunctionArgs) => rechargeAction(args);

export default RechargePage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
