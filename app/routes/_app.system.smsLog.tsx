import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { smsLogPages } from "~/pages/system-pages";
import { listLoader, recordAction } from "~/services/resource-pages.server";

const page = smsLogPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function SmsLogPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
