import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { complaintPages } from "~/pages/system-pages";
import { detailLoader, recordAction } from "~/services/resource-pages.server";

const page = complaintPages.detail!;
export const loader = (args: LoaderFunctionArgs) => detailLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function ComplaintDetailPage() {
  return <ResourceDetailPage page={page} />;
}
export const ErrorBoundary = PageErrorBoundary;
