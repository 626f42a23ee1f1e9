import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { OrientationPage } from "~/components/fleet/OrientationPage";
import { orientationLoader } from "~/services/pages/orientation.server";

export const loader = (args: LoaderFunctionArgs) => orientationLoader(args);
export default OrientationPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
