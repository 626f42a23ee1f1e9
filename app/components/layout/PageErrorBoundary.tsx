import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ForbiddenContent, StatusPage } from "~/components/ui/StatusPage";
import { RequestIdNote } from "~/components/ui/RequestIdNote";

/**
 * A page's errors shown inside the shell: 403 → the 401 page, else the message. Unknown paths
 * redirect to /404 before they get here, so a 404 here is a call's: 网络请求不存在 (spec 8).
 */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) return <ForbiddenContent inShell />;
    if (error.status === 404) return <StatusPage inShell code="404" title="网络请求不存在" detail={String(error.data || "请求的数据不存在或已被删除")} note={<RequestIdNote />} />;
    return <StatusPage inShell code={String(error.status)} title="请求失败" detail={String(error.data || "请稍后重试")} note={<RequestIdNote />} />;
  }
  if (typeof window !== "undefined" && process.env.NODE_ENV === "production") {
    console.error("[error-log]", { err: String(error), url: window.location.href });
  }
  return <StatusPage inShell code="500" title="页面出错了" detail={error instanceof Error ? error.message : "请刷新页面重试"} note={<RequestIdNote />} />;
}
