import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { payeeSettingPages } from "~/pages/finance";
import { listLoader, recordAction } from "~/services/resource-pages.server";

const page = payeeSettingPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function WithdrawalAllocationPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
