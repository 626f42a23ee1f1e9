import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { NewUserLink, UserFormSection } from "~/components/iam/UserForm";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { titled } from "~/lib/meta";
import { userPages } from "~/pages/iam";
import { userFormData, userPageAction } from "~/services/pages/iam.server";
import { listLoader } from "~/services/resource-pages.server";

const page = userPages.list!;
export const meta = titled("用户管理");
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args, { extra: userFormData });
export const action = (args: ActionFunctionArgs) => userPageAction(page, args);
export default function UserPage() {
  return <ResourceListPage page={page} toolbar={<NewUserLink />} before={<UserFormSection />} />;
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
