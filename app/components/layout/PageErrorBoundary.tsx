import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ForbiddenContent, NotFoundContent, StatusPage } from "~/components/ui/StatusPage";

/** A page's errors shown inside the shell: 403 → the 401 page, 404 → not found, else the message. */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) return <ForbiddenContent />;
    if (error.status === 404) return <NotFoundContent />;
    return <StatusPage code={String(error.status)} title="请求失败" detail={String(error.data || "请稍后重试")} />;
  }
  if (typeof window !== "undefined" && process.env.NODE_ENV === "production") {
    console.error("[error-log]", { err: String(error), url: window.location.href });
  }
  return <StatusPage code="500" title="页面出错了" detail={error instanceof Error ? error.message : "请刷新页面重试"} />;
}
