import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { EnterpriseUsers } from "~/components/enterprise/EnterpriseUsers";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceDetailPage } from "~/components/resource/ResourceDetailPage";
import { enterprisePages } from "~/pages/enterprise";
import { enterpriseDetailLoader } from "~/services/enterprise.server";
import type { EnterpriseUser } from "../../contract/resources/enterprise";
import { recordAction } from "~/services/resource-pages.server";

const page = enterprisePages.detail!;
export const loader = (args: LoaderFunctionArgs) => enterpriseDetailLoader(page, args);
export const action = (args: ActionFunctionArgs) => recordAction(page, args);
export default function EnterpriseDetailPage() {
  return <ResourceDetailPage page={page} after={(data) => {
    const extra = data as unknown as { users: EnterpriseUser[]; usersError: string | null };
    return <EnterpriseUsers users={extra.users} error={extra.usersError} />;
  }} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
