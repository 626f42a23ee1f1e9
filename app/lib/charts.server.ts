/**
 * The report kit's chart renderer: a chart option (contract/reports.ts, a subset of ECharts') drawn by
 * Apache ECharts on the server to an SVG string (`ssr: true` + `renderToSVGString()`), so charts show
 * with JavaScript off and the browser downloads no charting code. Every bar, point, slice and stage
 * carries a <title> (the browser's tooltip); the SVG is an image named by the chart's title.
 * Only the charts and components used here are registered (echarts/core), see
 * docs/design/charts-and-maps.md.
 */
import { BarChart, FunnelChart, LineChart, PieChart } from "echarts/charts";
import { GridComponent, LegendComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import type { ChartOption, ChartSeries } from "../../contract/reports";
import { formatDecimal } from "../../contract/numbers";
import type { ChartTable, ChartView } from "./chart-view";
import { CHART_SERIES, CHART_TEXT } from "./palette";
import { CHART_FONT, finishSvg, renderOption, type ChartSize } from "./echarts.server";

echarts.use([BarChart, LineChart, PieChart, FunnelChart, GridComponent, LegendComponent, SVGRenderer]);

export type { ChartSize };

const FONT_SIZE = 12;
const GRID = { left: 16, right: 16, top: 48, bottom: 12 };

/** A figure in a tooltip: whole numbers as they are, others with 2 decimals, thousands grouped. */
export const chartValue = (v: number | null) => (v === null ? "—" : formatDecimal(v, Number.isInteger(v) ? 0 : 2));

/** An axis tick: 1,500 / 0.5 / 2.25 (no padding zeros). */
export const tickLabel = (v: number) => (Number.isInteger(v) ? formatDecimal(v, 0) : String(Number(v.toFixed(2))));

/** Units counted in whole numbers: their axes never show 0.5. */
const COUNT_UNITS = new Set(["单", "次", "人", "趟", "天"]);

/** The width a label takes at 12px: CJK and full-width characters a whole em, others about 0.6 em. */
export function labelWidth(text: string, fontSize = FONT_SIZE): number {
  let width = 0;
  for (const ch of text) width += /[\u2e80-\uffef]/.test(ch) ? fontSize : fontSize * 0.6;
  return width;
}

export interface CategoryLayout {
  /** Degrees the labels are turned (0 or 45). */
  rotate: number;
  /** Show every `step`-th label, counted back from the last so the latest category is always named. */
  step: number;
  /** Room below the plot the labels need. */
  height: number;
}

/**
 * How a category axis names its categories within `plotWidth`: flat when every label fits its band,
 * else turned 45° and thinned to one in `step`. Labels are never shortened (a date stays 2026-11-27).
 */
export function categoryLayout(categories: readonly string[], plotWidth: number, fontSize = FONT_SIZE): CategoryLayout {
  const n = Math.max(1, categories.length);
  const band = plotWidth / n;
  const widest = Math.max(0, ...categories.map((c) => labelWidth(c, fontSize)));
  if (widest + 8 <= band) return { rotate: 0, step: 1, height: fontSize + 8 };
  // Turned labels stand about 1.5 font sizes apart along the axis.
  const step = Math.max(1, Math.ceil((fontSize * 1.5) / band));
  return { rotate: 45, step, height: Math.ceil(widest * Math.SQRT1_2 + fontSize) + 8 };
}

/** The unit of a cartesian series: the name of the value axis it is drawn against. */
const unitOf = (option: ChartOption, s: ChartSeries) => ("yAxisIndex" in s || s.type === "bar" || s.type === "line" ? option.yAxis?.[("yAxisIndex" in s && s.yAxisIndex) || 0]?.name : undefined);

/** A series' name with its unit, as the legend shows it: 运单数 against a 单 axis → 运单数（单）. */
export function seriesLabel(option: ChartOption, s: ChartSeries): string {
  const unit = unitOf(option, s);
  if (!unit || s.name.includes(`（${unit}）`) || s.name.includes(`(${unit})`)) return s.name;
  return `${s.name}（${unit}）`;
}

type Cartesian = Extract<ChartSeries, { type: "bar" | "line" }>;
type Named = Extract<ChartSeries, { type: "pie" | "funnel" }>;

const share = (value: number, whole: number) => (whole > 0 ? `${formatDecimal((Math.max(0, value) / whole) * 100, 1)}%` : "—");

/** The tooltip of each drawn datum, by series and data index. */
function tooltips(option: ChartOption): Array<Array<string | null>> {
  const categories = option.xAxis?.data ?? [];
  return option.series.map((s) => {
    if (s.type === "pie") {
      const whole = s.data.reduce((sum, d) => sum + Math.max(0, d.value), 0);
      return s.data.map((d) => `${d.name}：${chartValue(d.value)}（${share(d.value, whole)}）`);
    }
    if (s.type === "funnel") {
      const first = Math.max(0, s.data[0]?.value ?? 0);
      return s.data.map((d) => `${d.name}：${chartValue(d.value)}（${share(d.value, first)}）`);
    }
    const label = seriesLabel(option, s);
    return s.data.map((v, i) => (v === null ? null : `${categories[i] ?? ""} ${label}：${chartValue(v)}`));
  });
}

/** The ECharts option drawn for a kit option of `size` (exported for the tests). */
export function echartsOption(option: ChartOption, { width }: ChartSize): echarts.EChartsCoreOption {
  const first = option.series[0];
  const base = { animation: false, color: CHART_SERIES, textStyle: { fontFamily: CHART_FONT, fontSize: FONT_SIZE }, legend: { top: 8, type: "plain", itemGap: 16 } };
  if (first && (first.type === "pie" || first.type === "funnel")) {
    const s = first as Named;
    const whole = s.type === "pie" ? s.data.reduce((sum, d) => sum + Math.max(0, d.value), 0) : Math.max(0, s.data[0]?.value ?? 0);
    const label = { formatter: (p: { name: string; value: number }) => `${p.name}：${chartValue(p.value)}（${share(p.value, whole)}）`, color: CHART_TEXT.regular };
    return {
      ...base,
      legend: { ...base.legend, type: "plain", left: "center" },
      series: [
        s.type === "pie"
          ? { type: "pie", name: s.name, radius: ["0%", "62%"], center: ["50%", "58%"], data: s.data, label, avoidLabelOverlap: true }
          : { type: "funnel", name: s.name, top: 48, bottom: 16, left: "15%", width: "50%", sort: "none", minSize: "8%", data: s.data, label: { ...label, position: "right" } },
      ],
    };
  }
  const series = option.series.filter((s): s is Cartesian => s.type === "bar" || s.type === "line");
  const categories = option.xAxis?.data ?? [];
  const axes = option.yAxis?.length ? option.yAxis : [{ type: "value" as const }];
  const twoAxes = axes.length > 1 && series.some((s) => (s.yAxisIndex ?? 0) === 1);
  const valueLabelWidth = 56;
  const layout = categoryLayout(categories, width - GRID.left - GRID.right - valueLabelWidth * (twoAxes ? 2 : 1));
  const last = categories.length - 1;
  return {
    ...base,
    grid: GRID,
    xAxis: {
      type: "category",
      data: categories,
      axisTick: { alignWithLabel: true },
      axisLabel: { color: CHART_TEXT.regular, rotate: layout.rotate, interval: (index: number) => (last - index) % layout.step === 0, hideOverlap: false },
    },
    yAxis: axes.slice(0, twoAxes ? 2 : 1).map((a, i) => ({
      type: "value",
      name: a.name ? `单位：${a.name}` : undefined,
      nameTextStyle: { color: CHART_TEXT.regular, align: i === 0 ? "left" : "right", padding: i === 0 ? [0, 0, 0, 0] : [0, 4, 0, 0] },
      minInterval: a.name && COUNT_UNITS.has(a.name) ? 1 : undefined,
      splitLine: { show: i === 0, lineStyle: { color: CHART_TEXT.grid } },
      axisLabel: { color: CHART_TEXT.regular, formatter: tickLabel },
    })),
    series: series.map((s) => {
      const common = { name: seriesLabel(option, s), data: s.data, yAxisIndex: twoAxes ? (s.yAxisIndex ?? 0) : 0 };
      if (s.type === "bar") return { ...common, type: "bar", stack: s.stack, barMaxWidth: 28 };
      return { ...common, type: "line", showSymbol: true, showAllSymbol: true, symbolSize: 6, connectNulls: false };
    }),
  };
}

// The same figures are drawn again on every reload of a page: the last few drawings are kept.
const CACHE_SIZE = 32;
const drawn = new Map<string, string>();

/** The SVG of a chart option: an image named by its title, a <title> tooltip on every datum, 暂无数据 when empty. */
export function renderChartSvg(option: ChartOption, size: ChartSize = { width: 960, height: 320 }): string {
  const key = JSON.stringify([option, size]);
  const known = drawn.get(key);
  if (known !== undefined) {
    drawn.delete(key);
    drawn.set(key, known);
    return known;
  }
  const svg = draw(option, size);
  drawn.set(key, svg);
  if (drawn.size > CACHE_SIZE) drawn.delete(drawn.keys().next().value!);
  return svg;
}

function draw(option: ChartOption, size: ChartSize): string {
  const title = option.title?.text ?? "";
  const empty = option.series.every((s) => s.data.length === 0);
  const svg = renderOption(echartsOption(option, size), size);
  const notice = empty ? `<text x="${size.width / 2}" y="${size.height / 2}" text-anchor="middle" fill="${CHART_TEXT.regular}" font-size="14">暂无数据</text>` : "";
  return finishSvg(svg, { title, tooltips: tooltips(option), extra: notice });
}

/**
 * The figures of a chart as a table, what a screen reader or a keyboard user reads instead of the image:
 * one row per category (or per slice/stage) and one column per series, formatted as the tooltips are.
 */
export function chartTable(option: ChartOption): ChartTable {
  const named = option.series.filter((s): s is Named => s.type === "pie" || s.type === "funnel");
  if (named.length) {
    const s = named[0]!;
    return { head: ["名称", s.name], rows: s.data.map((d) => [d.name, chartValue(d.value)]) };
  }
  const series = option.series.filter((s): s is Cartesian => s.type === "bar" || s.type === "line");
  const categories = option.xAxis?.data ?? [];
  return {
    head: ["类别", ...series.map((s) => seriesLabel(option, s))],
    rows: categories.map((c, i) => [c, ...series.map((s) => chartValue(s.data[i] ?? null))]),
  };
}

/** A chart for a page: its drawing and its table (components/charts/Chart shows either). */
export function chartView(option: ChartOption, size?: ChartSize): ChartView {
  return { title: option.title?.text ?? "", svg: renderChartSvg(option, size), table: chartTable(option) };
}

