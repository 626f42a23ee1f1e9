import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { payeePayablePages } from "~/pages/money";
import { listLoader } from "~/services/resource-pages.server";

/** 司机应付列表: unpaid settled freight grouped by payee, with the 应付金额 sum. */
const page = payeePayablePages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export default function DriverPayablePage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
