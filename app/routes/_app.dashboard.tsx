import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { fenToYuan } from "~/lib/format";
import { DispatchFigures } from "~/components/dispatch/DispatchFigures";
import { Icon } from "~/components/layout/Icon";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { loadDashboard } from "~/services/pages/dashboard.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadDashboard(request);

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <section className="card flex flex-wrap items-center gap-4" aria-label="当前用户">
        <div className="flex h-12 w-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon name="person" className="h-6 w-6" />
        </div>
        <div>
          <h2 className="text-lg font-semibold">您好，{data.name}</h2>
          <p className="text-sm text-muted">
            <span data-testid="dashboard-company">{data.companyName ?? "—"}</span>
            <span className="mx-2 text-muted">|</span>
            <span data-testid="dashboard-kind">{data.kind}</span>
            {data.roleNames.length ? (
              <>
                <span className="mx-2 text-muted">|</span>
                <span data-testid="dashboard-roles">{data.roleNames.join("、")}</span>
              </>
            ) : null}
          </p>
        </div>
      </section>
      {data.figures && "dashboard" in data.figures ? <DispatchFigures dashboard={data.figures.dashboard} chart={data.figures.chart} /> : null}
      {data.figures && "error" in data.figures ? <p className="alert-error" role="alert">{data.figures.error}</p> : null}
      {data.fleet ? (
        <section className="card space-y-3" aria-labelledby="my-fleet">
          <h2 id="my-fleet" className="page-title">
            <Link to="/personalCenter/myFleet" className="hover:text-primary">我的车队 · {data.fleet.fleetName}</Link>
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="dashboard-fleet">
            {(
              [
                ["车队成员", `${data.fleet.memberCount} 人`],
                ["成员运单", `${data.fleet.waybillCount} 单`],
                ["在途运单", `${data.fleet.liveWaybillCount} 单`],
                ["已完成运单", `${data.fleet.completedWaybillCount} 单`],
                ["累计分成", `${fenToYuan(data.fleet.shareTotal)} 元`],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded border border-gray-200 px-3 py-2">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="text-lg font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <section className="card" aria-labelledby="quick-links">
        <h2 id="quick-links" className="page-title">快捷入口</h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {data.groups.map((group) => (
            <li key={group.href}>
              <Link to={group.href} className="flex items-center gap-2 rounded border border-gray-200 px-3 py-3 hover:border-primary hover:text-primary">
                <Icon name={group.icon} className="h-5 w-5 shrink-0 text-primary" />
                <span className="truncate">{group.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
