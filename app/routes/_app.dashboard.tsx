import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { FreightDashboard } from "../../contract/freight";
import type { UserType } from "../../contract/platforms";
import { DispatchFigures } from "~/components/dispatch/DispatchFigures";
import { Icon } from "~/components/layout/Icon";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { filterRoutes, ROUTE_TREE } from "~/navigation";
import { dispatchApi } from "~/services/dispatch.server";
import { PlatformError } from "~/services/platform.server";
import { requirePage, versionFunctions, type CurrentUser } from "~/services/user.server";

const KIND_LABELS: Record<UserType, string> = {
  SYSTEM_USER: "平台用户",
  TENANT_USER: "租户用户",
  ORG_USER: "企业用户",
  INDIVIDUAL_USER: "个人用户",
};

const DISPATCH_GROUP = "/dispatchManage";

/** The dispatch figures (scoped to the user by the platform), or the reason they cannot be shown; a failure never breaks the home page. */
async function dispatchFigures(user: CurrentUser): Promise<{ dashboard: FreightDashboard } | { error: string }> {
  try {
    return { dashboard: await dispatchApi.dashboard(user) };
  } catch (error) {
    if (error instanceof PlatformError) return { error: `运输概况加载失败：${error.message}` };
    throw error;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const permitted = filterRoutes(ROUTE_TREE, { roles: user.roles, versionFunctions: versionFunctions() });
  const groups = permitted
    .filter((node) => node.path !== "/dashboard" && !node.hidden)
    .map((node) => ({ title: node.title, href: node.redirect ?? node.path, icon: node.icon }));
  const figures = permitted.some((node) => node.path === DISPATCH_GROUP) ? await dispatchFigures(user) : null;
  return json(
    {
      name: user.info.name,
      companyName: user.info.companyName,
      kind: KIND_LABELS[user.info.type] ?? user.info.type,
      roleNames: user.info.roles,
      groups,
      figures,
    },
    { headers: await user.cookieHeaders() },
  );
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <section className="card flex flex-wrap items-center gap-4" aria-label="当前用户">
        <div className="flex h-12 w-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon name="person" className="h-6 w-6" />
        </div>
        <div>
          <h1 className="text-lg font-semibold">您好，{data.name}</h1>
          <p className="text-sm text-gray-500">
            <span data-testid="dashboard-company">{data.companyName ?? "—"}</span>
            <span className="mx-2 text-gray-300">|</span>
            <span data-testid="dashboard-kind">{data.kind}</span>
            {data.roleNames.length ? (
              <>
                <span className="mx-2 text-gray-300">|</span>
                <span data-testid="dashboard-roles">{data.roleNames.join("、")}</span>
              </>
            ) : null}
          </p>
        </div>
      </section>
      {data.figures && "dashboard" in data.figures ? <DispatchFigures dashboard={data.figures.dashboard} /> : null}
      {data.figures && "error" in data.figures ? <p className="alert-error" role="alert">{data.figures.error}</p> : null}
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
