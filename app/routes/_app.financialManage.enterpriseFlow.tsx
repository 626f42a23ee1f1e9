import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { orgEntryPages } from "~/pages/money";
import { listLoader } from "~/services/resource-pages.server";

/** 企业流水: entries of organisations' accounts (an organisation sees its own). */
const page = orgEntryPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export default function EnterpriseFlowPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
