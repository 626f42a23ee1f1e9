import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { MatchApplyLink, MatchApplyPage } from "~/components/money/BatchApply";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { matchInvoicePages } from "~/pages/finance";
import { loadMatchApply, matchApplyAction } from "~/services/pages/batch-apply.server";
import { readForm } from "~/services/read-form.server";
import { listLoader, recordAction } from "~/services/resource-pages.server";

/** 撮合开票列表, and its view `?apply=1` 申请撮合开票 (pick the waybills, confirm, create the application). */
const page = matchInvoicePages.list!;
export const loader = (args: LoaderFunctionArgs) => (new URL(args.request.url).searchParams.get("apply") === "1" ? loadMatchApply(args.request) : listLoader(page, args));
export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args.request.clone());
  if (form.get("intent") === "bulk:applyMatch") return matchApplyAction(args);
  return recordAction(page, args);
}
export default function MatchmakingBillingListPage() {
  const data = useLoaderData<{ applyView?: boolean }>();
  return data.applyView ? <MatchApplyPage /> : <ResourceListPage page={page} toolbar={<MatchApplyLink />} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
