/** The 首页 dispatch trend: drawn by the loader (app/lib/charts.server.ts), titled by the component. */
import { tonnesNumber } from "../../contract/numbers";
import type { FreightDashboard } from "../../contract/freight";
import type { ChartOption } from "../../contract/reports";

export const TREND_TITLE = "近 30 天运单趋势";

/** The 30-day chart as a report-kit chart option: waybills created per day (bars, 单) and tonnes loaded (line, 吨). */
export function trendOption(daily: FreightDashboard["daily"]): ChartOption {
  return {
    title: { text: TREND_TITLE },
    xAxis: { type: "category", data: daily.map((d) => d.date.slice(5)) },
    yAxis: [{ type: "value", name: "单" }, { type: "value", name: "吨" }],
    series: [
      { type: "bar", name: "新建运单（单）", data: daily.map((d) => d.created) },
      { type: "line", name: "装货吨位（吨）", yAxisIndex: 1, data: daily.map((d) => tonnesNumber(d.loadedWeight)) },
    ],
  };
}
