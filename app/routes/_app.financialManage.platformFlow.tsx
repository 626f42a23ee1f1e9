import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { platformEntryPages } from "~/pages/money";
import { listLoader } from "~/services/resource-pages.server";

/** 平台流水: entries of the platform's accounts (revenue, tax reserve, marketing, bank). */
const page = platformEntryPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export default function PlatformFlowPage() {
  return <ResourceListPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
