import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { UserAdminPage } from "~/components/iam/UserAdminPage";
import { titled } from "~/lib/meta";
import { userAction, userLoader } from "~/services/pages/iam.server";

export const meta = titled("用户管理");
export const loader = ({ request }: LoaderFunctionArgs) => userLoader(request, false);
export const action = ({ request }: ActionFunctionArgs) => userAction(request);
export default function UserPage() {
  return <UserAdminPage title="用户管理" path="/system/user" />;
}
export const ErrorBoundary = PageErrorBoundary;
