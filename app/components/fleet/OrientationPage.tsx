import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { chinaDateTime } from "../../../contract/units";
import { FLEET_STATES, type FleetState } from "../../../contract/fleet";
import type { orientationLoader } from "~/services/pages/orientation.server";
import { FleetMap } from "./FleetMap";

/** 车辆定位: the map of own vehicles' latest positions, a side list searchable by plate, a card for the chosen vehicle. */
export function OrientationPage() {
  const { vehicles, plateNo, selectedId, error, map } = useLoaderData<typeof orientationLoader>();
  const location = useLocation();
  const hrefOf = (id: number) => {
    const params = new URLSearchParams(location.search);
    params.set("vehicleId", String(id));
    return `${location.pathname}?${params}`;
  };
  const selected = vehicles.find((v) => v.vehicleId === selectedId) ?? null;
  const counts = (Object.keys(FLEET_STATES) as FleetState[]).map((s) => ({ s, n: vehicles.filter((v) => v.state === s).length }));
  return (
    <section className="card" aria-labelledby="orientation-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="orientation-title" className="page-title mb-0">车辆定位</h2>
        <div className="flex gap-3 text-sm">
          {counts.map(({ s, n }) => (
            <span key={s} className="flex items-center gap-1"><span className="inline-block h-3 w-3 rounded-full" style={{ background: FLEET_STATES[s].colour }} />{FLEET_STATES[s].label} {n}</span>
          ))}
        </div>
      </div>
      {error ? <p className="alert-error mb-3" role="alert">{error}</p> : null}
      <div className="grid gap-3 lg:grid-cols-[1fr_18rem]">
        <div>
          <FleetMap vehicles={vehicles} selectedId={selectedId} hrefOf={hrefOf} view={map} />
          {selected ? (
            <div className="mt-3 rounded border border-gray-200 p-3 text-sm" data-testid="vehicle-card">
              <p className="font-medium">{selected.plateNo} · {selected.vehicleType} · {FLEET_STATES[selected.state].label}</p>
              <p>司机：{selected.driverName ?? "—"}</p>
              <p>运单：{selected.freightNo ?? "—"} {selected.route ?? ""}</p>
              <p>速度：{selected.speed ?? "—"} 公里/小时 · 定位时间：{chinaDateTime(selected.recordedAt) || "无定位"}</p>
              <p>坐标：{selected.lat != null ? `${selected.lat.toFixed(4)}, ${selected.lng!.toFixed(4)}` : "—"}</p>
            </div>
          ) : null}
        </div>
        <aside>
          <Form method="get" className="mb-2 flex gap-2" aria-label="按车牌查找">
            <input className="input" name="plateNo" defaultValue={plateNo} placeholder="车牌号" aria-label="车牌号" />
            <button className="btn btn-primary" type="submit">查询</button>
          </Form>
          <ul className="max-h-[32rem] overflow-y-auto text-sm" data-testid="fleet-list">
            {vehicles.length === 0 ? <li className="py-4 text-center text-muted">没有车辆</li> : null}
            {vehicles.map((v) => (
              <li key={v.vehicleId} className={`border-b border-gray-100 py-1.5 ${v.vehicleId === selectedId ? "bg-primary-soft" : ""}`}>
                <Link to={hrefOf(v.vehicleId)} className="flex items-center justify-between gap-2 hover:text-primary">
                  <span>{v.plateNo}</span>
                  <span className="text-xs" style={{ color: FLEET_STATES[v.state].colour }}>{FLEET_STATES[v.state].label}</span>
                </Link>
                <span className="block text-xs text-muted">{v.recordedAt ? chinaDateTime(v.recordedAt) : "无定位"}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
