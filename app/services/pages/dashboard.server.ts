/**
 * Loader of 首页 (/dashboard): who the user is, the route groups they may open, and the dispatch
 * figures when they may see the dispatch pages.
 */
import type { FreightDashboard } from "../../../contract/freight";
import { USER_TYPE_LABELS } from "../../../contract/platforms";
import { chartView } from "~/lib/charts.server";
import type { ChartView } from "~/lib/chart-view";
import { trendOption } from "~/lib/dispatch-trend";
import { menuFor } from "~/navigation";
import { dispatchApi } from "~/services/dispatch.server";
import { PlatformError } from "~/services/platform.server";
import { pageJson } from "~/services/page-data.server";
import { requirePage, viewerOf, type CurrentUser } from "~/services/user.server";
import { myFleetFigures } from "./my-fleet.server";


const DISPATCH_GROUP = "/dispatchManage";

/** The dispatch figures (scoped to the user by the platform), or the reason they cannot be shown; a failure never breaks the home page. */
async function dispatchFigures(user: CurrentUser): Promise<{ dashboard: FreightDashboard; chart: ChartView } | { error: string }> {
  try {
    const dashboard = await dispatchApi.dashboard(user);
    return { dashboard, chart: chartView(trendOption(dashboard.daily)) };
  } catch (error) {
    if (error instanceof PlatformError) return { error: `运输概况加载失败：${error.message}` };
    throw error;
  }
}

export async function loadDashboard(request: Request) {
  const user = await requirePage(request);
  const permitted = menuFor(viewerOf(user));
  const groups = permitted
    .filter((node) => node.path !== "/dashboard" && !node.hidden)
    .map((node) => ({ title: node.title, href: node.redirect ?? node.path, icon: node.icon }));
  const [figures, fleet] = await Promise.all([permitted.some((node) => node.path === DISPATCH_GROUP) ? dispatchFigures(user) : Promise.resolve(null), myFleetFigures(user)]);
  return pageJson(user, {
    name: user.info.name,
    companyName: user.info.companyName,
    kind: USER_TYPE_LABELS[user.info.type] ?? user.info.type,
    roleNames: user.info.roles,
    groups,
    figures,
    fleet,
  });
}
