import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { TaxBatchLink, TaxBatchPage } from "~/components/money/BatchApply";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { taxRegistrationPages } from "~/pages/finance";
import { loadTaxBatch, taxBatchAction } from "~/services/pages/batch-apply.server";
import { readForm } from "~/services/read-form.server";
import { listLoader, recordAction } from "~/services/resource-pages.server";

/** 临时登记记录 (drivers and captains), and its view `?batch=1` 批量登记 (pick approved people, confirm, register all or none). */
const page = taxRegistrationPages.list!;
export const loader = (args: LoaderFunctionArgs) => (new URL(args.request.url).searchParams.get("batch") === "1" ? loadTaxBatch(args.request) : listLoader(page, args));
export async function action(args: ActionFunctionArgs) {
  // The inline 提交登记 form carries photos (multipart with JavaScript off): peek at its intent either way.
  const form = await readForm(args.request.clone(), { multipart: true });
  if (form.get("intent") === "bulk:batchRegister") return taxBatchAction(args);
  return recordAction(page, args);
}
export default function TemporaryRegistrationPage() {
  const data = useLoaderData<{ batchView?: boolean }>();
  return data.batchView ? <TaxBatchPage /> : <ResourceListPage page={page} toolbar={<TaxBatchLink />} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
