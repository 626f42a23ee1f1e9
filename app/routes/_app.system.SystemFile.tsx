import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { SystemFileUpload } from "~/components/iam/SystemFileUpload";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { systemFilePages } from "~/pages/iam";
import { systemFileUpload } from "~/services/pages/iam.server";
import { listLoader, recordAction } from "~/services/resource-pages.server";

const page = systemFilePages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) => (new URL(args.request.url).searchParams.has("upload") ? systemFileUpload(args.request) : recordAction(page, args));
export default function SystemFilePage() {
  return <ResourceListPage page={page} before={<SystemFileUpload action={`${page.path}?upload`} />} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
