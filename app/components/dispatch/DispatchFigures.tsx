import { Link } from "@remix-run/react";
import type { FreightDashboard } from "../../../contract/freight";
import { Chart } from "~/components/charts/Chart";
import type { ChartView } from "~/lib/chart-view";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { TREND_TITLE } from "~/lib/dispatch-trend";

function Figure({ label, value, unit, href, testId }: { label: string; value: string; unit: string; href?: string; testId: string }) {
  const body = (
    <>
      <span className="block text-sm text-muted">{label}</span>
      <span className="mt-1 block text-xl font-semibold tabular-nums text-gray-800 [overflow-wrap:anywhere] sm:text-2xl">
        <span data-testid={testId}>{value}</span>
        <span className="ml-1 text-sm font-normal text-muted">{unit}</span>
      </span>
    </>
  );
  return href ? (
    <Link to={href} className="card block min-w-0 hover:ring-1 hover:ring-primary">{body}</Link>
  ) : (
    <div className="card min-w-0">{body}</div>
  );
}

/** The dispatch figures of the home page: in transit, completed today, this month's tonnage and freight, the 30-day trend. */
export function DispatchFigures({ dashboard, chart }: { dashboard: FreightDashboard; chart: ChartView }) {
  return (
    <section aria-labelledby="dispatch-figures" className="space-y-4">
      <h2 id="dispatch-figures" className="sr-only">运输概况</h2>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Figure label="在途运单" value={String(dashboard.inTransitCount)} unit="单" href="/dispatchManage/inTransit" testId="figure-in-transit" />
        <Figure label="今日完成" value={String(dashboard.completedToday)} unit="单" testId="figure-completed-today" />
        <Figure label="本月装货" value={kgToTonnes(dashboard.monthLoadedWeight)} unit="吨" testId="figure-month-weight" />
        <Figure label="本月运费" value={fenToYuan(dashboard.monthFreight)} unit="元" testId="figure-month-freight" />
      </div>
      <div className="card">
        <h3 className="page-title">{TREND_TITLE}</h3>
        <Chart chart={chart} testId="trend-chart" />
      </div>
    </section>
  );
}
