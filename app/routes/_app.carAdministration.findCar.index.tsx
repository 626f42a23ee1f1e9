import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FindCarPage } from "~/components/findcar/FindCarPage";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { findCarAction, findCarLoader } from "~/services/pages/find-car.server";

export const loader = (args: LoaderFunctionArgs) => findCarLoader(args);
export const action = (args: ActionFunctionArgs) => findCarAction(args);
export default FindCarPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
