import type { LoaderFunctionArgs } from "@remix-run/node";
import { DriverHomePage } from "~/components/driver/DriverHome";
import { driverLinks, driverMeta } from "~/components/driver/DriverShell";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { driverHomeLoader } from "~/services/pages/driver.server";

export const loader = (args: LoaderFunctionArgs) => driverHomeLoader(args);
export const links = driverLinks;
export const meta = driverMeta;
export default DriverHomePage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
