import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { operationLogPages } from "~/pages/iam";
import { listLoader } from "~/services/resource-pages.server";

const page = operationLogPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export default function OperateLogPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
