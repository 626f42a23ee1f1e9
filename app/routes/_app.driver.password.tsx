import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DriverPasswordPage } from "~/components/driver/DriverPassword";
import { driverLinks, driverMeta } from "~/components/driver/DriverShell";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { driverPasswordAction, driverPasswordLoader } from "~/services/pages/driver-password.server";

/** 设置密码: his first password, or a new one in place of an initial or expired one, before anything else. */
export const loader = (args: LoaderFunctionArgs) => driverPasswordLoader(args);
export const action = (args: ActionFunctionArgs) => driverPasswordAction(args);
export const links = driverLinks;
export const meta = driverMeta;
export default DriverPasswordPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
