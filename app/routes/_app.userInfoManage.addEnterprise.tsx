import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceFormPage } from "~/components/resource/ResourceFormPage";
import { enterprisePages } from "~/pages/enterprise";
import { formAction, formLoader } from "~/services/resource-pages.server";

const page = enterprisePages.create!;
export const loader = (args: LoaderFunctionArgs) => formLoader(page, args);
export const action = (args: ActionFunctionArgs) => formAction(page, args);
export default function AddEnterprisePage() {
  return <ResourceFormPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
