import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceFormPage } from "~/components/resource/ResourceFormPage";
import { enterpriseConfigPages } from "~/pages/system-pages";
import { byOrgId } from "~/services/pages/system.server";
import { formAction, formLoader } from "~/services/resource-pages.server";

const page = enterpriseConfigPages.edit!;
export const loader = (args: LoaderFunctionArgs) => formLoader(page, byOrgId(args));
export const action = (args: ActionFunctionArgs) => formAction(page, byOrgId(args));
export default function EnterpriseConfigEditPage() {
  return <ResourceFormPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
