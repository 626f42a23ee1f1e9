import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { TrackPoint } from "../../../contract/freight";
import { formatDateTime } from "~/lib/format";
import type { loadFreightTrack } from "~/services/pages/freight.server";
import { freightDetailHref } from "~/lib/freight-links";
import { StatusTag } from "./StatusTag";
import { cumulativeLengths, pointAlong, polylinePoints, project } from "~/lib/trackGeometry";
import { MapSvg, type MapViewData } from "~/components/maps/MapSvg";

const SPEEDS = [1, 2, 4, 8] as const;
/** One pass at 1× takes this long, whatever the number of points. */
const BASE_DURATION_MS = 20_000;

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The track of a waybill over the server-drawn base map (its frame from the loader), with start and
 * end markers. With JavaScript, 播放 / 暂停 move a marker along the line and show the point it
 * passes; without it, the whole line and the table of points are the page.
 */
export function TrackPlayer({ points, vehicleLabel, map }: { points: TrackPoint[]; vehicleLabel: string; map: MapViewData | null }) {
  const hydrated = useHydrated();
  const layout = useMemo(() => ({ points: map ? points.map((p) => project(map.frame, p)) : [] }), [points, map]);
  const lengths = useMemo(() => cumulativeLengths(layout.points), [layout]);
  const [progress, setProgress] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const progressRef = useRef(0);
  progressRef.current = progress;

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    const tick = (now: number) => {
      const next = Math.min(1, progressRef.current + ((now - last) * speed) / BASE_DURATION_MS);
      last = now;
      setProgress(next);
      if (next >= 1) {
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed]);

  if (points.length === 0 || !map) return <p className="py-12 text-center text-muted">暂无轨迹数据</p>;

  const start = layout.points[0]!;
  const end = layout.points[layout.points.length - 1]!;
  const marker = pointAlong(layout.points, lengths, progress);
  const current = points[Math.max(0, marker.index)]!;
  const play = () => {
    if (progress >= 1) setProgress(0);
    setPlaying(true);
  };

  return (
    <div className="space-y-3">
      {hydrated ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="轨迹播放控制">
          <button type="button" className="btn btn-primary" onClick={play} disabled={playing}>播放</button>
          <button type="button" className="btn" onClick={() => setPlaying(false)} disabled={!playing}>暂停</button>
          <button type="button" className="btn" onClick={() => { setPlaying(false); setProgress(0); }}>重新开始</button>
          <label className="flex items-center gap-1 text-sm text-gray-600">
            倍速
            <select className="input h-8 w-20" value={speed} onChange={(e) => setSpeed(Number(e.currentTarget.value))}>
              {SPEEDS.map((s) => (
                <option key={s} value={s}>{s}×</option>
              ))}
            </select>
          </label>
          <span className="text-sm text-gray-600" data-testid="track-current" aria-live="off">
            {formatDateTime(current.time)} · {current.speed} km/h · 进度 {Math.round(progress * 100)}%
          </span>
        </div>
      ) : null}
      <div className="overflow-hidden rounded border border-gray-200 bg-[#f7fbff]">
        <MapSvg view={map} className="mx-auto block h-auto max-h-[60vh] w-full" label={`${vehicleLabel}轨迹，共 ${points.length} 个点`} testId="track-svg">
          <polyline points={polylinePoints(layout.points)} fill="none" stroke="var(--theme-color)" strokeWidth={4} strokeLinejoin="round" strokeLinecap="round" data-testid="track-line" />
          <g data-testid="track-start">
            <circle cx={start.x} cy={start.y} r={10} fill="#16a34a" stroke="#fff" strokeWidth={2} />
            <text x={start.x} y={start.y - 16} textAnchor="middle" fontSize={18} fill="#166534">起点</text>
          </g>
          <g data-testid="track-end">
            <circle cx={end.x} cy={end.y} r={10} fill="#dc2626" stroke="#fff" strokeWidth={2} />
            <text x={end.x} y={end.y - 16} textAnchor="middle" fontSize={18} fill="#991b1b">终点</text>
          </g>
          {hydrated ? <circle cx={marker.x} cy={marker.y} r={9} fill="#f59e0b" stroke="#fff" strokeWidth={2} data-testid="track-marker" /> : null}
        </MapSvg>
      </div>
      <details open={!hydrated} className="text-sm">
        <summary className="cursor-pointer text-primary">轨迹点列表（{points.length} 个）</summary>
        <div className="mt-2 max-h-96 overflow-auto">
          <table className="table" aria-label="轨迹点">
            <thead>
              <tr>
                <th scope="col">序号</th>
                <th scope="col">时间</th>
                <th scope="col">纬度</th>
                <th scope="col">经度</th>
                <th scope="col">速度(km/h)</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                <tr key={`${p.time}-${i}`}>
                  <td>{i + 1}</td>
                  <td className="whitespace-nowrap">{formatDateTime(p.time)}</td>
                  <td className="tabular-nums">{p.lat.toFixed(6)}</td>
                  <td className="tabular-nums">{p.lng.toFixed(6)}</td>
                  <td className="tabular-nums">{p.speed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** The track playback page (trackPlayback, trackPlaybackWater): the waybill in brief and its track. */
export function FreightTrackView() {
  const { freight: f, track, map } = useLoaderData<typeof loadFreightTrack>();
  const water = f.freightWay === "WATER";
  return (
    <section className="card space-y-3" aria-labelledby="track-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="track-title" className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {water ? "水运轨迹回放" : "轨迹回放"}
          <span className="font-normal text-gray-600">{f.freightNo}</span>
          <StatusTag status={f.status} />
        </h2>
        <Link to={freightDetailHref(f.freightWay, f.freightNo)} className="btn">运单详情</Link>
      </div>
      <p className="text-sm text-gray-600">
        {water ? "船长" : "司机"}：{f.carrierName || "-"}　{water ? "船名" : "车牌号"}：{f.conveyanceName || "-"}　{f.loadingPlace} → {f.unloadingPlace}
        {track.totalPoints > track.points.length ? `　（共 ${track.totalPoints} 个点，均匀抽取 ${track.points.length} 个显示）` : ""}
      </p>
      <TrackPlayer points={track.points} vehicleLabel={water ? "船舶" : "车辆"} map={map} />
    </section>
  );
}
