import { bandCentre, linearAxis, linePath, round, tickLabel, yFor } from "./scale";

export interface TrendPoint {
  /** "YYYY-MM-DD" */
  date: string;
  /** Bars: a count per day (waybills). */
  count: number;
  /** Line: tonnes per day. */
  tonnes: number;
}

interface TrendChartProps {
  id: string;
  title: string;
  points: TrendPoint[];
  countLabel: string;
  tonnesLabel: string;
}

const WIDTH = 960;
const HEIGHT = 300;
const MARGIN = { top: 40, right: 60, bottom: 34, left: 48 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;
const LINE_COLOUR = "#fa8c16";
const BAR_COLOUR = "var(--theme-color, #1890ff)";

/** Every fifth day and the last one carry a date label, so 30 labels never crowd the axis. */
const labelled = (index: number, count: number) => index === count - 1 || (count - 1 - index) % 5 === 0;

/**
 * A daily trend as an inline SVG rendered on the server: bars for a count (left axis) and a line for
 * tonnes (right axis), Chinese labels, a tooltip per day through SVG <title>. No JavaScript needed.
 */
export function TrendChart({ id, title, points, countLabel, tonnesLabel }: TrendChartProps) {
  const countAxis = linearAxis(Math.max(0, ...points.map((p) => p.count)), 4, true);
  const tonnesAxis = linearAxis(Math.max(0, ...points.map((p) => p.tonnes)), 4);
  const n = points.length;
  const band = PLOT_W / Math.max(1, n);
  const barWidth = Math.max(2, band * 0.6);
  const bottom = MARGIN.top + PLOT_H;
  const right = MARGIN.left + PLOT_W;
  const linePoints = points.map((p, i) => [bandCentre(i, n, MARGIN.left, PLOT_W), yFor(p.tonnes, tonnesAxis, MARGIN.top, PLOT_H)] as const);
  const totalCount = points.reduce((sum, p) => sum + p.count, 0);
  const totalTonnes = points.reduce((sum, p) => sum + p.tonnes, 0);

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full min-w-[720px]"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid="trend-chart"
      fontSize="12"
      fontFamily="inherit"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>
        {`共 ${n} 天，${countLabel}合计 ${totalCount}，${tonnesLabel}合计 ${totalTonnes.toFixed(2)} 吨`}
      </desc>

      {/* legend */}
      <g transform={`translate(${MARGIN.left}, 14)`} fill="#595959">
        <rect width="12" height="10" y="-1" fill={BAR_COLOUR} />
        <text x="16" y="8">{countLabel}（单）</text>
        <line x1="124" x2="146" y1="4" y2="4" stroke={LINE_COLOUR} strokeWidth="2" />
        <circle cx="135" cy="4" r="3" fill={LINE_COLOUR} />
        <text x="152" y="8">{tonnesLabel}（吨）</text>
      </g>

      {/* grid and the left axis (counts) */}
      {countAxis.ticks.map((tick) => {
        const y = round(yFor(tick, countAxis, MARGIN.top, PLOT_H));
        return (
          <g key={`c-${tick}`}>
            <line x1={MARGIN.left} x2={right} y1={y} y2={y} stroke="#f0f0f0" />
            <text x={MARGIN.left - 6} y={y + 4} textAnchor="end" fill="#8c8c8c">{tickLabel(tick)}</text>
          </g>
        );
      })}
      {/* right axis (tonnes), at the same heights as the grid when both have as many steps */}
      {tonnesAxis.ticks.map((tick) => (
        <text key={`t-${tick}`} x={right + 6} y={round(yFor(tick, tonnesAxis, MARGIN.top, PLOT_H)) + 4} fill="#8c8c8c">{tickLabel(tick)}</text>
      ))}
      <text x={MARGIN.left - 6} y={MARGIN.top - 10} textAnchor="end" fill="#8c8c8c">单</text>
      <text x={right + 6} y={MARGIN.top - 10} fill="#8c8c8c">吨</text>
      <line x1={MARGIN.left} x2={right} y1={bottom} y2={bottom} stroke="#d9d9d9" />

      {/* bars */}
      {points.map((p, i) => {
        const x = bandCentre(i, n, MARGIN.left, PLOT_W);
        const y = yFor(p.count, countAxis, MARGIN.top, PLOT_H);
        return (
          <g key={p.date} data-testid="trend-day" data-date={p.date} data-count={p.count} data-tonnes={p.tonnes.toFixed(2)}>
            <title>{`${p.date}：${countLabel} ${p.count} 单，${tonnesLabel} ${p.tonnes.toFixed(2)} 吨`}</title>
            {/* the whole band is the tooltip's target, not just the bar */}
            <rect x={round(x - band / 2)} y={MARGIN.top} width={round(band)} height={PLOT_H} fill="transparent" />
            <rect x={round(x - barWidth / 2)} y={round(y)} width={round(barWidth)} height={round(bottom - y)} fill={BAR_COLOUR} opacity="0.85" />
            {labelled(i, n) ? (
              <text x={round(x)} y={bottom + 16} textAnchor="middle" fill="#8c8c8c">{p.date.slice(5)}</text>
            ) : null}
          </g>
        );
      })}

      {/* line */}
      <path d={linePath(linePoints)} fill="none" stroke={LINE_COLOUR} strokeWidth="2" strokeLinejoin="round" pointerEvents="none" />
      {linePoints.map(([x, y], i) => (
        <circle key={points[i]!.date} cx={round(x)} cy={round(y)} r="2.5" fill="#fff" stroke={LINE_COLOUR} strokeWidth="1.5" pointerEvents="none" />
      ))}
    </svg>
  );
}
