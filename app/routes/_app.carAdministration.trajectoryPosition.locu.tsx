import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { LocuPage } from "~/components/fleet/LocuPage";
import { locuLoader } from "~/services/pages/locu.server";

export const loader = (args: LoaderFunctionArgs) => locuLoader(args);
export default LocuPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
