import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { ownEntryPages } from "~/pages/money";
import { listLoader } from "~/services/resource-pages.server";

/** 账户流水: the entries of my own account, with income and expense sums. */
const page = ownEntryPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export default function ExpendPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
