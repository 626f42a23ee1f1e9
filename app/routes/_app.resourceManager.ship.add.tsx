import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceFormPage } from "~/components/resource/ResourceFormPage";
import { ownShips } from "~/pages/water";
import { formLoader, formAction } from "~/services/resource-pages.server";

const page = ownShips.create!;
export const loader = (args: LoaderFunctionArgs) => formLoader(page, args);
export const action = (args: ActionFunctionArgs) => formAction(page, args);
export default function OwnShipAddPage() {
  return <ResourceFormPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
