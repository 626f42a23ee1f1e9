import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ExpendDetailPage } from "~/components/money/AccountPages";
import { loadEntryDetail } from "~/services/pages/money.server";

/** 流水详情 (?id=): the entry, its transaction's lines (other parties by name only) and the linked payment. */
export const loader = ({ request }: LoaderFunctionArgs) => loadEntryDetail(request);

export default ExpendDetailPage;
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
