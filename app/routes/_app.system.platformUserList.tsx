import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { UserAdminPage } from "~/components/iam/UserAdminPage";
import { titled } from "~/lib/meta";
import { userAction, userLoader } from "~/services/pages/iam.server";

export const meta = titled("平台用户");
export const loader = ({ request }: LoaderFunctionArgs) => userLoader(request, true);
export const action = ({ request }: ActionFunctionArgs) => userAction(request);
export default function PlatformUserListPage() {
  return <UserAdminPage title="平台用户" path="/system/platformUserList" />;
}
export const ErrorBoundary = PageErrorBoundary;
