import type { LoaderFunctionArgs } from "@remix-run/node";
import { TrajectoryPage } from "~/components/fleet/TrajectoryPage";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { trajectoryLoader } from "~/services/pages/trajectory.server";

export const loader = (args: LoaderFunctionArgs) => trajectoryLoader(args);
export default TrajectoryPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
