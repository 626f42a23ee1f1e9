import { Link } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";
import { Fields } from "./Fields";
import { formatDuration, MONITOR_STATE_LABELS, OFFLINE_AFTER_MS, type MonitorFigures, type MonitorState, type SignalGap } from "~/lib/monitorFigures";
import type { TrackSketch } from "~/lib/trackSketch";
import { MapSvg, type MapViewData } from "~/components/maps/MapSvg";

const STATE_CLASSES: Record<MonitorState, string> = {
  ONLINE: "border-green-300 bg-green-50 text-success",
  OFFLINE: "border-red-300 bg-red-50 text-danger",
  NO_SIGNAL: "border-red-300 bg-red-50 text-danger",
  NOT_STARTED: "border-gray-300 bg-gray-50 text-gray-600",
  ENDED: "border-gray-300 bg-gray-50 text-gray-600",
};

/** What the judgement means, in a sentence under the tag. */
function stateNote(figures: MonitorFigures, water: boolean): string {
  const conveyance = water ? "船舶" : "车辆";
  const threshold = formatDuration(OFFLINE_AFTER_MS);
  switch (figures.state) {
    case "ONLINE":
      return `${conveyance}正在上报定位（最近一次在 ${threshold}内）。`;
    case "OFFLINE":
      return `运输中，但已超过 ${threshold}没有收到定位，请联系${water ? "船长" : "司机"}确认。`;
    case "NO_SIGNAL":
      return `运输中，但还没有收到任何定位，请检查${water ? "船舶 AIS" : "车载设备"}。`;
    case "NOT_STARTED":
      return "运单尚未装货，装货后开始记录定位。";
    case "ENDED":
      return "运单已结束运输，以下为运输途中的定位统计。";
  }
}

function TrackPicture({ sketch, trackMap, water }: { sketch: TrackSketch; trackMap: MapViewData | null; water: boolean }) {
  if (!sketch.start || !sketch.end || !trackMap) return <p className="py-8 text-center text-sm text-muted">暂无轨迹数据</p>;
  return (
    <figure className="space-y-1">
      <div className="overflow-hidden rounded border border-gray-200 bg-[#f7fbff]">
        <MapSvg view={trackMap} className="mx-auto block h-auto max-h-[360px] w-full" label={`${water ? "船舶" : "车辆"}轨迹图`} testId="monitor-track-svg">
          <polyline points={sketch.line} fill="none" stroke="var(--theme-color)" strokeWidth={3} strokeLinejoin="round" strokeLinecap="round" />
          {sketch.gaps.map((g, i) => (
            <g key={i} data-testid="monitor-track-gap">
              <line x1={g.from.x} y1={g.from.y} x2={g.to.x} y2={g.to.y} stroke="#fff" strokeWidth={5} strokeLinecap="round" />
              <line x1={g.from.x} y1={g.from.y} x2={g.to.x} y2={g.to.y} stroke="#dc2626" strokeWidth={3} strokeDasharray="6 5" />
            </g>
          ))}
          <circle cx={sketch.start.x} cy={sketch.start.y} r={8} fill="#16a34a" stroke="#fff" strokeWidth={2} />
          <circle cx={sketch.end.x} cy={sketch.end.y} r={13} fill="var(--theme-color)" opacity={0.25} />
          <circle cx={sketch.end.x} cy={sketch.end.y} r={8} fill="var(--theme-color)" stroke="#fff" strokeWidth={2} />
        </MapSvg>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <span><span className="mr-1 inline-block h-2.5 w-2.5 rounded-full bg-green-600 align-middle" aria-hidden />起点</span>
        <span><span className="mr-1 inline-block h-2.5 w-2.5 rounded-full bg-primary align-middle" aria-hidden />最后位置</span>
        <span><span className="mr-1 inline-block w-5 border-t-2 border-dashed border-danger align-middle" aria-hidden />信号中断</span>
      </figcaption>
    </figure>
  );
}

function GapTable({ figures, now }: { figures: MonitorFigures; now: number }) {
  const rows: SignalGap[] = [...(figures.ongoingGap ? [figures.ongoingGap] : []), ...[...figures.gaps].reverse()];
  if (rows.length === 0) return <p className="text-sm text-muted">无信号中断（没有超过 {formatDuration(OFFLINE_AFTER_MS)}的定位间隔）。</p>;
  return (
    <div className="max-h-72 overflow-auto">
      <table className="table" aria-label="信号中断">
        <thead>
          <tr>
            <th scope="col">开始</th>
            <th scope="col">恢复</th>
            <th scope="col">时长</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((gap) => (
            <tr key={`${gap.from}-${gap.to ?? "now"}`} data-testid="monitor-gap">
              <td className="whitespace-nowrap">{formatDateTime(gap.from)}</td>
              <td className="whitespace-nowrap">{gap.to ? formatDateTime(gap.to) : <span className="text-danger">持续中（截至 {formatDateTime(new Date(now).toISOString())}）</span>}</td>
              <td className="whitespace-nowrap">{formatDuration(gap.ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 定位监控: the online judgement, the last position, gap figures, the track picture and the interruptions. */
export function PositioningPanel({ figures, sketch, trackMap, totalPoints, now, water, trackHref }: { figures: MonitorFigures; sketch: TrackSketch; trackMap: MapViewData | null; totalPoints: number; now: number; water: boolean; trackHref: string }) {
  const last = figures.last;
  const interruptions = figures.gaps.length + (figures.ongoingGap ? 1 : 0);
  return (
    <section className="card space-y-4" aria-labelledby="monitor-positioning-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="monitor-positioning-title" className="page-title mb-0">定位监控</h2>
        <Link to={trackHref} className="text-sm text-primary hover:underline">查看轨迹回放</Link>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className={`inline-block rounded border px-2 text-sm font-medium leading-7 ${STATE_CLASSES[figures.state]}`} data-testid="monitor-state" data-state={figures.state}>
          {MONITOR_STATE_LABELS[figures.state]}
        </span>
        <span className="text-sm text-gray-600">{stateNote(figures, water)}</span>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-3">
          <Fields
            fields={[
              ["最后定位", last ? formatDateTime(last.time) : "暂无"],
              ["距今", figures.sinceLastMs === null ? "-" : `${formatDuration(figures.sinceLastMs)}${figures.sinceLastMs >= 60_000 ? "前" : ""}`],
              ["经纬度", last ? `${last.lng.toFixed(6)}, ${last.lat.toFixed(6)}` : "-"],
              ["速度", last ? `${last.speed} km/h` : "-"],
              ["轨迹点", `${totalPoints} 个`],
              ["最长间隔", figures.longestGap ? formatDuration(figures.longestGap.ms) : "-"],
              ["信号中断", `${interruptions} 次`],
            ]}
          />
          {totalPoints > figures.pointCount ? (
            <p className="text-xs text-muted">轨迹点较多，间隔统计基于均匀抽取的 {figures.pointCount} 个点。</p>
          ) : null}
        </div>
        <TrackPicture sketch={sketch} trackMap={trackMap} water={water} />
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-gray-700">信号中断记录</h3>
        <GapTable figures={figures} now={now} />
      </div>
    </section>
  );
}
