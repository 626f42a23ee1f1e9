import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useRouteError, useSearchParams } from "@remix-run/react";
import { FreightNoForm, MonitorView } from "~/components/monitor/MonitorView";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { StatusPage } from "~/components/ui/StatusPage";
import { loadMonitor, monitorAction } from "~/services/pages/monitor.server";

/** 查看监控: /dispatchManage/checkTheMonitor?freightNo=…; without it, a form asking for the number. */
export const loader = ({ request }: LoaderFunctionArgs) => loadMonitor(request);
export const action = ({ request }: ActionFunctionArgs) => monitorAction(request);

export default MonitorView;

/** An unknown or foreign waybill says so and asks again; other errors are the shell's. */
export function ErrorBoundary() {
  const error = useRouteError();
  const [search] = useSearchParams();
  if (isRouteErrorResponse(error) && error.status === 404 && error.data === "运单不存在") {
    return (
      <StatusPage inShell code="404" title="运单不存在" detail="没有找到该运单，或您无权查看它的监控。请检查运单号后重试。">
        <div className="flex flex-col items-center gap-3">
          <FreightNoForm defaultValue={search.get("freightNo") ?? ""} />
          <Link to="/dispatchManage/waybillList" className="btn">返回运单列表</Link>
        </div>
      </StatusPage>
    );
  }
  return <PageErrorBoundary />;
}
export { shouldRevalidate } from "~/lib/revalidate";
