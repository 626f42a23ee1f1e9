import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceFormPage } from "~/components/resource/ResourceFormPage";
import { orderPages } from "~/pages/orders";
import { formAction, formLoader } from "~/services/resource-pages.server";

const page = orderPages.create!;
export const loader = (args: LoaderFunctionArgs) => formLoader(page, args);
export const action = (args: ActionFunctionArgs) => formAction(page, args);
export default function NewOrdersPage() {
  return <ResourceFormPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
