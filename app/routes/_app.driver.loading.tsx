import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DriverStepPage } from "~/components/driver/DriverStepPage";
import { driverLinks, driverMeta } from "~/components/driver/DriverShell";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { driverStepAction, driverStepLoader } from "~/services/pages/driver.server";

export const loader = (args: LoaderFunctionArgs) => driverStepLoader("LOADING", args);
export const action = (args: ActionFunctionArgs) => driverStepAction("LOADING", args);
export const links = driverLinks;
export const meta = driverMeta;
export default DriverStepPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
