import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DriverMessagesPage } from "~/components/driver/DriverMessages";
import { driverLinks, driverMeta } from "~/components/driver/DriverShell";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { driverMessagesAction, driverMessagesLoader } from "~/services/pages/driver.server";

/** 我的消息: his messages for his phone; 查看详情 opens his own page for a waybill or his money. */
export const loader = (args: LoaderFunctionArgs) => driverMessagesLoader(args);
export const action = (args: ActionFunctionArgs) => driverMessagesAction(args);
export const links = driverLinks;
export const meta = driverMeta;
export default DriverMessagesPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
