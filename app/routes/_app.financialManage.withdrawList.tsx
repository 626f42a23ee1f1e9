import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { withdrawalPages } from "~/pages/money";
import { listLoader, recordAction } from "~/services/resource-pages.server";

/** 提现列表: withdrawals; platform finance approves, rejects and records the bank's result (the ledger's service, as the platform's row actions allow). */
const page = withdrawalPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function WithdrawListPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
