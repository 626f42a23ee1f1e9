import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DriverPapersPage } from "~/components/driver/DriverPapers";
import { driverLinks, driverMeta } from "~/components/driver/DriverShell";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { driverPapersAction, driverPapersLoader } from "~/services/pages/driver-papers.server";

/** 我的证照: his papers with their state and 到期日; a photo from the camera submits or replaces one for review. */
export const loader = (args: LoaderFunctionArgs) => driverPapersLoader(args);
export const action = (args: ActionFunctionArgs) => driverPapersAction(args);
export const links = driverLinks;
export const meta = driverMeta;
export default DriverPapersPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
