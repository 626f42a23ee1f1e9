/**
 * The report kit's chart renderer: an ECharts option (the subset of contract/reports.ts) to an SVG
 * string, on the server, so charts show with JavaScript off. It has the shape of ECharts' SSR
 * renderer (`echarts.init(null, null, { renderer: "svg", ssr: true, width, height })`, `setOption`,
 * `renderToSVGString()`); the `echarts` package is not installed, so this hand-written one draws bar
 * (grouped or stacked), line (one or two value axes), pie and funnel charts meanwhile.
 */
import type { ChartOption, ChartSeries } from "../../../contract/reports";
import { bandCentre, linearAxis, linePath, round, tickLabel, yFor } from "./scale";

export interface ChartSize {
  width: number;
  height: number;
}

const PALETTE = ["#1890ff", "#fa8c16", "#52c41a", "#f5222d", "#722ed1", "#13c2c2", "#eb2f96", "#faad14", "#2f54eb", "#a0d911"];
const MARGIN = { top: 48, right: 60, bottom: 40, left: 60 };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

function legend(names: string[], kinds: Array<"bar" | "line">, left: number): string {
  let x = left;
  return names
    .map((name, i) => {
      const colour = PALETTE[i % PALETTE.length];
      const mark =
        kinds[i] === "line"
          ? `<line x1="${x}" x2="${x + 18}" y1="16" y2="16" stroke="${colour}" stroke-width="2"/><circle cx="${x + 9}" cy="16" r="3" fill="${colour}"/>`
          : `<rect x="${x}" y="10" width="14" height="12" fill="${colour}"/>`;
      const text = `<text x="${x + 22}" y="20" fill="#595959">${escape(name)}</text>`;
      x += 30 + name.length * 13;
      return mark + text;
    })
    .join("");
}

type Cartesian = Exclude<ChartSeries, { type: "pie" } | { type: "funnel" }>;

function cartesian(option: ChartOption, series: Cartesian[], { width, height }: ChartSize): string {
  const categories = option.xAxis?.data ?? [];
  const n = categories.length;
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const bottom = MARGIN.top + plotH;
  const right = MARGIN.left + plotW;
  const axisOf = (s: Cartesian) => s.yAxisIndex ?? 0;
  // Stacked bars add up per category; the axis covers the tallest stack.
  const maxFor = (index: number) => {
    const own = series.filter((s) => axisOf(s) === index);
    const stacks = new Map<string, number[]>();
    let max = 0;
    for (const s of own) {
      if (s.type === "bar" && s.stack) {
        const sums = stacks.get(s.stack) ?? new Array<number>(n).fill(0);
        s.data.forEach((v, i) => (sums[i] = (sums[i] ?? 0) + Math.max(0, v)));
        stacks.set(s.stack, sums);
      } else max = Math.max(max, ...s.data);
    }
    for (const sums of stacks.values()) max = Math.max(max, ...sums);
    return max;
  };
  const axes = [linearAxis(maxFor(0), 4), linearAxis(maxFor(1), 4)];
  const band = plotW / Math.max(1, n);
  const bars = series.filter((s): s is Extract<Cartesian, { type: "bar" }> => s.type === "bar");
  const groups = [...new Set(bars.map((s, i) => s.stack ?? `#${i}`))];
  const barW = Math.max(2, (band * 0.7) / Math.max(1, groups.length));
  const labelEvery = Math.max(1, Math.ceil(n / 12));
  const parts: string[] = [];
  parts.push(legend(series.map((s) => s.name), series.map((s) => s.type), MARGIN.left));
  for (const tick of axes[0]!.ticks) {
    const y = round(yFor(tick, axes[0]!, MARGIN.top, plotH));
    parts.push(`<line x1="${MARGIN.left}" x2="${right}" y1="${y}" y2="${y}" stroke="#f0f0f0"/><text x="${MARGIN.left - 6}" y="${y + 4}" text-anchor="end" fill="#8c8c8c">${tickLabel(tick)}</text>`);
  }
  const names = option.yAxis ?? [];
  if (names[0]?.name) parts.push(`<text x="${MARGIN.left - 6}" y="${MARGIN.top - 12}" text-anchor="end" fill="#8c8c8c">${escape(names[0].name)}</text>`);
  if (series.some((s) => axisOf(s) === 1)) {
    for (const tick of axes[1]!.ticks) parts.push(`<text x="${right + 6}" y="${round(yFor(tick, axes[1]!, MARGIN.top, plotH)) + 4}" fill="#8c8c8c">${tickLabel(tick)}</text>`);
    if (names[1]?.name) parts.push(`<text x="${right + 6}" y="${MARGIN.top - 12}" fill="#8c8c8c">${escape(names[1].name)}</text>`);
  }
  parts.push(`<line x1="${MARGIN.left}" x2="${right}" y1="${bottom}" y2="${bottom}" stroke="#d9d9d9"/>`);
  categories.forEach((c, i) => {
    if (i % labelEvery !== 0 && i !== n - 1) return;
    const label = c.length > 8 ? `${c.slice(0, 7)}…` : c;
    parts.push(`<text x="${round(bandCentre(i, n, MARGIN.left, plotW))}" y="${bottom + 18}" text-anchor="middle" fill="#8c8c8c">${escape(label)}</text>`);
  });
  const stackBase = new Map<string, number[]>();
  series.forEach((s, k) => {
    const colour = PALETTE[k % PALETTE.length];
    const axis = axes[axisOf(s)]!;
    if (s.type === "bar") {
      const group = groups.indexOf(s.stack ?? `#${bars.indexOf(s)}`);
      const base = s.stack ? (stackBase.get(s.stack) ?? new Array<number>(n).fill(0)) : new Array<number>(n).fill(0);
      s.data.forEach((v, i) => {
        const x = bandCentre(i, n, MARGIN.left, plotW) - (groups.length * barW) / 2 + group * barW;
        const y0 = yFor(base[i] ?? 0, axis, MARGIN.top, plotH);
        const y1 = yFor((base[i] ?? 0) + Math.max(0, v), axis, MARGIN.top, plotH);
        parts.push(`<rect x="${round(x)}" y="${round(y1)}" width="${round(barW)}" height="${round(y0 - y1)}" fill="${colour}"><title>${escape(`${categories[i] ?? ""} ${s.name}：${fmt(v)}`)}</title></rect>`);
        base[i] = (base[i] ?? 0) + Math.max(0, v);
      });
      if (s.stack) stackBase.set(s.stack, base);
    } else {
      const points = s.data.map((v, i) => [bandCentre(i, n, MARGIN.left, plotW), yFor(v, axis, MARGIN.top, plotH)] as const);
      parts.push(`<path d="${linePath(points)}" fill="none" stroke="${colour}" stroke-width="2"/>`);
      points.forEach(([x, y], i) => parts.push(`<circle cx="${round(x)}" cy="${round(y)}" r="2.5" fill="#fff" stroke="${colour}" stroke-width="1.5"><title>${escape(`${categories[i] ?? ""} ${s.name}：${fmt(s.data[i] ?? 0)}`)}</title></circle>`));
    }
  });
  return parts.join("");
}

function pie(series: Extract<ChartSeries, { type: "pie" }>, { width, height }: ChartSize): string {
  const totalValue = series.data.reduce((s, d) => s + Math.max(0, d.value), 0);
  const cx = width / 2 - 80;
  const cy = height / 2 + 10;
  const r = Math.min(width, height) / 2 - 40;
  let angle = -Math.PI / 2;
  const parts: string[] = [];
  series.data.forEach((d, i) => {
    const colour = PALETTE[i % PALETTE.length];
    const share = totalValue > 0 ? Math.max(0, d.value) / totalValue : 0;
    const label = `${d.name}：${fmt(d.value)}（${(share * 100).toFixed(1)}%）`;
    if (share >= 0.9999) parts.push(`<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${colour}"><title>${escape(label)}</title></circle>`);
    else if (share > 0) {
      const end = angle + share * 2 * Math.PI;
      const [x0, y0, x1, y1] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle), cx + r * Math.cos(end), cy + r * Math.sin(end)];
      parts.push(`<path d="M${round(cx)} ${round(cy)} L${round(x0)} ${round(y0)} A${round(r)} ${round(r)} 0 ${share > 0.5 ? 1 : 0} 1 ${round(x1)} ${round(y1)} Z" fill="${colour}" stroke="#fff"><title>${escape(label)}</title></path>`);
      angle = end;
    }
    parts.push(`<rect x="${round(cx + r + 40)}" y="${40 + i * 22}" width="12" height="12" fill="${colour}"/><text x="${round(cx + r + 58)}" y="${51 + i * 22}" fill="#595959">${escape(label)}</text>`);
  });
  return parts.join("");
}

/** Stages as centred bands narrowing with their value, each labelled with its share of the first stage. */
function funnel(series: Extract<ChartSeries, { type: "funnel" }>, { width, height }: ChartSize): string {
  const n = series.data.length;
  if (n === 0) return "";
  const top = 40;
  const band = (height - top - 16) / n;
  const widest = Math.max(1, ...series.data.map((d) => Math.max(0, d.value)));
  const first = Math.max(0, series.data[0]!.value);
  const maxW = width * 0.55;
  const cx = width * 0.4;
  const widthOf = (v: number) => Math.max(4, (Math.max(0, v) / widest) * maxW);
  return series.data
    .map((d, i) => {
      const colour = PALETTE[i % PALETTE.length];
      const w0 = widthOf(d.value);
      const w1 = i + 1 < n ? widthOf(series.data[i + 1]!.value) : w0 * 0.8;
      const y0 = top + i * band;
      const y1 = y0 + band - 4;
      const share = first > 0 ? `${((Math.max(0, d.value) / first) * 100).toFixed(1)}%` : "—";
      const label = `${d.name}：${fmt(d.value)}（${share}）`;
      return `<path d="M${round(cx - w0 / 2)} ${round(y0)} L${round(cx + w0 / 2)} ${round(y0)} L${round(cx + w1 / 2)} ${round(y1)} L${round(cx - w1 / 2)} ${round(y1)} Z" fill="${colour}"><title>${escape(label)}</title></path><text x="${round(cx + maxW / 2 + 24)}" y="${round((y0 + y1) / 2 + 4)}" fill="#595959">${escape(label)}</text>`;
    })
    .join("");
}

/** The SVG of a chart option, as ECharts' `renderToSVGString()` returns it (role img, titled). */
export function renderChartSvg(option: ChartOption, size: ChartSize = { width: 960, height: 320 }): string {
  const title = option.title?.text ?? "";
  const first = option.series[0];
  const body = !first ? "" : first.type === "pie" ? pie(first, size) : first.type === "funnel" ? funnel(first, size) : cartesian(option, option.series.filter((s): s is Cartesian => s.type !== "pie" && s.type !== "funnel"), size);
  const empty = option.series.every((s) => s.data.length === 0) ? `<text x="${size.width / 2}" y="${size.height / 2}" text-anchor="middle" fill="#8c8c8c">暂无数据</text>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}" role="img" aria-label="${escape(title)}" font-size="12" font-family="sans-serif"><title>${escape(title)}</title>${body}${empty}</svg>`;
}
