import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { withdrawalTransferPages } from "~/pages/money";
import { listLoader } from "~/services/resource-pages.server";

/** 提现流水: the bank transfer attempts of withdrawals. */
const page = withdrawalTransferPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export default function WithdrawFlowPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
