import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { availabilityPages } from "~/pages/find-car";
import { listLoader, recordAction } from "~/services/resource-pages.server";

const page = availabilityPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function SetCarInfoPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
