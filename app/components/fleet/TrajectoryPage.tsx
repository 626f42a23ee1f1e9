import { Form, useLoaderData, useLocation } from "@remix-run/react";
import type { VehiclePosition } from "../../../contract/fleet";
import { chinaDateTime } from "../../../contract/units";
import type { trajectoryLoader } from "~/services/pages/trajectory.server";
import { MapSvg } from "~/components/maps/MapSvg";
import { FleetMap } from "./FleetMap";

const labelClass = "filter-label";

/** How long a waybill has been on the road at `now` (the loader's instant, so server and browser render the same text): 5 小时 12 分. */
function runningFor(loadingTime: string | null, now: number): string {
  if (!loadingTime) return "—";
  const minutes = Math.max(0, Math.floor((now - Date.parse(loadingTime)) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return `${days ? `${days} 天 ` : ""}${hours} 小时 ${minutes % 60} 分`;
}

/** 轨迹定位: the organisation's vehicles and ships in transit on the server-drawn map, their list, and the chosen waybill's track. */
export function TrajectoryPage() {
  const { values, errors, waybills, selected, track, sketch, map, error, now } = useLoaderData<typeof trajectoryLoader>();
  const location = useLocation();
  const hrefOf = (freightNo: string) => {
    const params = new URLSearchParams(location.search);
    params.set("selected", freightNo);
    return `${location.pathname}?${params}`;
  };
  // The fleet map draws positions; here each marker is a waybill in transit.
  const markers: VehiclePosition[] = waybills.map((w) => ({
    vehicleId: w.freightId, plateNo: w.conveyanceName, vehicleType: w.freightWay === "WATER" ? "船舶" : "车辆", driverName: w.carrierName,
    lat: w.lat, lng: w.lng, speed: w.speed, recordedAt: w.recordedAt, state: w.online ? "IN_TRANSIT" : "OFFLINE", freightNo: w.freightNo, route: w.route,
  }));
  const noById = new Map(waybills.map((w) => [w.freightId, w.freightNo]));
  const playback = selected ? `/dispatchManage/${selected.freightWay === "WATER" ? "trackPlaybackWater" : "trackPlayback"}?freightNo=${encodeURIComponent(selected.freightNo)}` : null;
  return (
    <section className="card space-y-3" aria-labelledby="trajectory-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="trajectory-title" className="page-title mb-0">轨迹定位</h2>
        <span className="text-sm text-muted">在途 {waybills.length} 单 · 离线 {waybills.filter((w) => !w.online).length} 单</span>
      </div>
      {error ? <p className="alert-error" role="alert">{error}</p> : null}
      <Form method="get" key={location.search} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="在途查询">
        <div>
          <label htmlFor="trajectory-way" className={labelClass}>运输方式</label>
          <select id="trajectory-way" name="freightWay" defaultValue={values.freightWay ?? ""} className="input">
            <option value="">全部</option>
            <option value="ROAD">公路运输</option>
            <option value="WATER">水路运输</option>
          </select>
          {errors.freightWay ? <p className="field-error">{errors.freightWay}</p> : null}
        </div>
        <div>
          <label htmlFor="trajectory-no" className={labelClass}>运单号</label>
          <input id="trajectory-no" name="freightNo" defaultValue={values.freightNo ?? ""} className="input" />
        </div>
        <div>
          <label htmlFor="trajectory-conveyance" className={labelClass}>车牌/船名</label>
          <input id="trajectory-conveyance" name="conveyance" defaultValue={values.conveyance ?? ""} className="input" />
          {errors.conveyance ? <p className="field-error">{errors.conveyance}</p> : null}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="offlineOnly" value="true" defaultChecked={values.offlineOnly === "true"} />仅看离线
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn btn-primary">查询</button>
          <a href={location.pathname} className="btn">重置</a>
        </div>
      </Form>
      <FleetMap vehicles={markers} selectedId={selected?.freightId ?? null} hrefOf={(id) => hrefOf(noById.get(id) ?? "")} view={map} />
      {selected ? (
        <div className="rounded border border-gray-200 p-3 text-sm" data-testid="trajectory-card">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium">{selected.freightNo} · {selected.conveyanceName} · {selected.carrierName} · {selected.route}</p>
            {playback ? <a className="btn" href={playback}>轨迹回放</a> : null}
          </div>
          {sketch && track ? (
            <>
              <MapSvg view={sketch.map} label={`${selected.freightNo} 的轨迹，${track.totalPoints} 个定位点`} testId="trajectory-track">
                <polyline points={sketch.line} fill="none" stroke="#2563eb" strokeWidth="3" strokeLinejoin="round" />
                <circle cx={sketch.start.x} cy={sketch.start.y} r="7" fill="#16a34a"><title>起点</title></circle>
                <circle cx={sketch.end.x} cy={sketch.end.y} r="7" fill="#dc2626"><title>当前位置</title></circle>
              </MapSvg>
              <p className="mt-1 text-xs text-muted">共 {track.totalPoints} 个定位点，{chinaDateTime(track.first)} 至 {chinaDateTime(track.last)}</p>
            </>
          ) : (
            <p className="text-muted">该运单还没有定位点</p>
          )}
        </div>
      ) : null}
      <div className="overflow-x-auto">
        <table className="table" data-testid="trajectory-list">
          <thead>
            <tr><th>运单号</th><th>运输方式</th><th>车牌/船名</th><th>司机/船长</th><th>线路</th><th>已运行</th><th>最后定位</th><th>状态</th><th>操作</th></tr>
          </thead>
          <tbody>
            {waybills.length === 0 ? <tr><td colSpan={9} className="py-6 text-center text-muted">没有在途运单</td></tr> : null}
            {waybills.map((w) => (
              <tr key={w.freightId} data-testid="trajectory-row" className={w.freightId === selected?.freightId ? "bg-primary-soft" : undefined}>
                <td>{w.freightNo}</td>
                <td>{w.freightWay === "WATER" ? "水路运输" : "公路运输"}</td>
                <td>{w.conveyanceName}</td>
                <td>{w.carrierName}</td>
                <td>{w.route}</td>
                <td>{runningFor(w.loadingTime, now)}</td>
                <td>{w.recordedAt ? chinaDateTime(w.recordedAt) : "无定位"}</td>
                <td className={w.online ? "text-success" : "text-muted"}>{w.online ? "在线" : "离线"}</td>
                <td><a href={hrefOf(w.freightNo)} className="text-primary">查看轨迹</a></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
