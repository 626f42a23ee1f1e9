import { useRouteLoaderData } from "@remix-run/react";

/**
 * 请求编号 on the error pages: the id of the page request, which the console's and
 * the platform's log lines carry, so a user's report leads to them. It comes from the root loader.
 */
export function RequestIdNote() {
  const requestId = (useRouteLoaderData("root") as { requestId?: string | null } | undefined)?.requestId;
  if (!requestId) return null;
  return (
    <p className="text-xs text-muted">
      请求编号：<span className="select-all font-mono" data-request-id={requestId}>{requestId}</span>（联系管理员时请提供）
    </p>
  );
}
