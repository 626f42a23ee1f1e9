import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DriverWalletPage } from "~/components/driver/DriverWallet";
import { driverLinks, driverMeta } from "~/components/driver/DriverShell";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { accountInfoAction, loadAccountInfo } from "~/services/pages/money.server";

/** 我的钱包: 账户信息's loader and action (balance, cards, withdrawals, his 流水; 提现, 撤销, binding and 解绑), drawn for his phone. */
export const loader = ({ request }: LoaderFunctionArgs) => loadAccountInfo(request, { entries: true });
export const action = (args: ActionFunctionArgs) => accountInfoAction(args);
export const links = driverLinks;
export const meta = driverMeta;
export default DriverWalletPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
