import { Form, useLoaderData } from "@remix-run/react";
import { chinaDateTime } from "../../../contract/units";
import type { locuLoader } from "~/services/pages/locu.server";
import { MapSvg } from "~/components/maps/MapSvg";

const SHOWN_POINTS = 300;

/** 轨迹查询: a GET form (works without JavaScript), the track as a server-drawn SVG line with its stops, and the points. */
export function LocuPage() {
  const { values, track, sketch, error } = useLoaderData<typeof locuLoader>();
  return (
    <section className="card" aria-labelledby="locu-title">
      <h2 id="locu-title" className="page-title">轨迹查询</h2>
      <Form method="get" className="mb-3 grid grid-cols-1 gap-2 md:grid-cols-4" aria-label="查询条件">
        <label className="text-sm">车牌号<input className="input" name="plateNo" defaultValue={values.plateNo} required /></label>
        <label className="text-sm">开始时间<input className="input" type="datetime-local" name="from" defaultValue={values.from} required /></label>
        <label className="text-sm">结束时间<input className="input" type="datetime-local" name="to" defaultValue={values.to} required /></label>
        <div className="flex items-end"><button className="btn btn-primary" type="submit">查询</button></div>
      </Form>
      <p className="mb-2 text-xs text-muted">时间范围不超过 72 小时；停留 10 分钟以上记为停车点。</p>
      {error ? <p className="alert-error mb-3" role="alert">{error}</p> : null}
      {track ? (
        !sketch ? (
          <p className="py-6 text-center text-muted">该时间段内 {track.plateNo} 没有定位点</p>
        ) : (
          <>
            <MapSvg view={sketch.map} label={`${track.plateNo} 的轨迹，${track.points.length} 个定位点，${track.stops.length} 个停车点`} testId="locu-map">
              <polyline points={sketch.line} fill="none" stroke="#2563eb" strokeWidth="3" strokeLinejoin="round" />
              {sketch.stops.map((s, i) => <circle key={i} cx={s.x} cy={s.y} r="6" fill="#f59e0b" stroke="#fff" strokeWidth="2"><title>停车点 {i + 1}</title></circle>)}
              <circle cx={sketch.start.x} cy={sketch.start.y} r="7" fill="#16a34a"><title>起点</title></circle>
              <circle cx={sketch.end.x} cy={sketch.end.y} r="7" fill="#dc2626"><title>终点</title></circle>
            </MapSvg>
            <h3 className="mb-1 mt-3 text-sm font-medium">停车点（{track.stops.length}）</h3>
            <table className="table mb-3">
              <thead><tr><th>序号</th><th>开始</th><th>结束</th><th>时长</th><th>坐标</th></tr></thead>
              <tbody>
                {track.stops.length === 0 ? <tr><td colSpan={5} className="text-center text-muted">无</td></tr> : null}
                {track.stops.map((s, i) => <tr key={s.from}><td>{i + 1}</td><td>{chinaDateTime(s.from)}</td><td>{chinaDateTime(s.to)}</td><td>{s.minutes} 分钟</td><td>{s.lat.toFixed(4)}, {s.lng.toFixed(4)}</td></tr>)}
              </tbody>
            </table>
            <h3 className="mb-1 text-sm font-medium">定位点（共 {track.points.length} 个{track.points.length > SHOWN_POINTS ? `，显示前 ${SHOWN_POINTS} 个` : ""}）</h3>
            <table className="table" data-testid="locu-points">
              <thead><tr><th>时间</th><th>运单号</th><th>速度（公里/小时）</th><th>纬度</th><th>经度</th></tr></thead>
              <tbody>
                {track.points.slice(0, SHOWN_POINTS).map((p, i) => <tr key={i}><td>{chinaDateTime(p.recordedAt)}</td><td>{p.freightNo}</td><td>{p.speed}</td><td>{p.lat.toFixed(5)}</td><td>{p.lng.toFixed(5)}</td></tr>)}
              </tbody>
            </table>
          </>
        )
      ) : !error ? (
        <p className="py-6 text-center text-muted">请输入车牌号和时间范围后查询</p>
      ) : null}
    </section>
  );
}
