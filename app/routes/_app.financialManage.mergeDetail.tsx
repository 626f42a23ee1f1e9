import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { matchInvoicePages } from "~/pages/finance";
import { detailLoader, recordAction } from "~/services/resource-pages.server";

/** 合并明细 (?id=): one matchmaking invoice, its waybills and history, and the steps the caller may take. */
const page = matchInvoicePages.detail!;
export const loader = (args: LoaderFunctionArgs) => detailLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function MergeDetailPage() {
  return <ResourceDetailPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
