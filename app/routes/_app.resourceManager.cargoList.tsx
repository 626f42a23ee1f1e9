import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { cargoPages } from "~/pages/org-resources";
import { listLoader, recordAction } from "~/services/resource-pages.server";

const page = cargoPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function CargoListPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
