/**
 * ECharts' server-side rendering, shared by the charts and the maps: an option to an SVG string
 * (`echarts.init(null, null, { renderer: "svg", ssr: true })`, `renderToSVGString()`), then finished
 * for the page: an image named by its title, a <title> (the browser's tooltip) and optionally a link
 * on each datum ECharts marks (its `ecmeta_*` attributes), the marks removed afterwards.
 * The caller registers the charts and components it uses (echarts/core), once, at import.
 */
import * as echarts from "echarts/core";

export interface ChartSize {
  width: number;
  height: number;
}

/** Chinese faces first (macOS, Windows, Linux), then the generic family. Unquoted: it sits in style attributes. */
export const CHART_FONT = "PingFang SC, Hiragino Sans GB, Microsoft YaHei, Noto Sans CJK SC, Source Han Sans SC, WenQuanYi Micro Hei, sans-serif";

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** ECharts' SVG of an option (animation off), the instance disposed. */
export function renderOption(option: echarts.EChartsCoreOption, { width, height }: ChartSize): string {
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    chart.setOption({ animation: false, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export interface Finish {
  /** The image's name (aria-label and the SVG's own <title>). */
  title: string;
  /** Tooltip text by series index, then data index; none for a datum without one. */
  tooltips?: ReadonlyArray<ReadonlyArray<string | null | undefined>>;
  /** Link by series index, then data index: the datum is wrapped in <a href>, so it works without JavaScript. */
  links?: ReadonlyArray<ReadonlyArray<string | null | undefined> | undefined>;
  /** Test ids by series index, put on each datum of the series (or on its link). */
  testIds?: ReadonlyArray<string | undefined>;
  /** SVG markup added last (on top). */
  extra?: string;
  /** Attributes added to the root element (already escaped), e.g. data-testid. */
  attributes?: string;
}

// A datum ECharts drew: an element carrying its series and data index, closed right after.
const DATUM = /<([a-z]+)\b([^>]*?) ecmeta_series_index="(\d+)" ecmeta_data_index="(\d+)" ecmeta_ssr_type="chart"([^>]*)><\/\1>/g;

let drawings = 0;

/** Names the SVG, puts the tooltips and links on its data, and strips ECharts' marks. */
export function finishSvg(svg: string, { title, tooltips = [], links = [], testIds = [], extra = "", attributes = "" }: Finish): string {
  // Every drawing names its clip paths and style classes zr0-…: two on one page would share them.
  const prefix = `ec${(drawings = (drawings + 1) % 1e9).toString(36)}-`;
  const body = svg
    .replace(/(id="|url\(#|class="|^\.)zr\d+-/gm, `$1${prefix}`)
    .replace(DATUM, (_all, tag: string, before: string, series: string, index: string, after: string) => {
      const s = Number(series);
      const i = Number(index);
      const tip = tooltips[s]?.[i];
      const testId = testIds[s];
      const href = links[s]?.[i];
      const element = `<${tag}${before}${after}${testId && !href ? ` data-testid="${escapeXml(testId)}"` : ""}>${tip ? `<title>${escapeXml(tip)}</title>` : ""}</${tag}>`;
      return href ? `<a href="${escapeXml(href)}"${testId ? ` data-testid="${escapeXml(testId)}"` : ""}>${element}</a>` : element;
    })
    .replace(/ ecmeta_[a-z_]+="[^"]*"/g, "");
  const open = body.indexOf(">", body.indexOf("<svg")) + 1;
  const root = body.slice(0, open - 1);
  const rest = body.slice(open);
  const close = rest.lastIndexOf("</svg>");
  return `${root} role="img" aria-label="${escapeXml(title)}" font-family="${CHART_FONT}"${attributes ? ` ${attributes}` : ""}><title>${escapeXml(title)}</title>${rest.slice(0, close)}${extra}</svg>`;
}
