import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { NewRoleLink, RoleFormSection } from "~/components/iam/RoleForm";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { titled } from "~/lib/meta";
import { rolePages } from "~/pages/iam";
import { roleFormData, rolePageAction } from "~/services/pages/iam.server";
import { listLoader } from "~/services/resource-pages.server";

const page = rolePages.list!;
export const meta = titled("角色管理");
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args, { extra: roleFormData });
export const action = (args: ActionFunctionArgs) => rolePageAction(page, args);
export default function RolePage() {
  return <ResourceListPage page={page} toolbar={<NewRoleLink />} before={<RoleFormSection />} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
