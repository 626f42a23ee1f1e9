import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { orgBalancePages } from "~/pages/money";
import { listLoader, recordAction } from "~/services/resource-pages.server";

/** 企业余额: organisations' BASIC accounts; beneath, 待确认充值, which platform finance confirms (the ledger posts it) or rejects. */
const page = orgBalancePages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function EnterpriseBalancePage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
