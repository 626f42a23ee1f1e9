import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { knots, NAV_STATUSES, navStatusLabel, type NavStatus } from "../../contract/findship";
import { SHIP_TYPES } from "../../contract/resources/ship";
import { chinaDateTime } from "../../contract/units";
import { kgToTonnes } from "~/lib/format";
import { ShipMap } from "~/components/findship/ShipMap";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { findShipMapLoader } from "~/services/pages/findship.server";

export const loader = (args: LoaderFunctionArgs) => findShipMapLoader(args);

/** 找船地图: certified ships at their latest AIS position (colour by 航行状态, hollow when stale), wharves, filters, a card per ship. */
/** The page's URL without its 区域 (and the chosen ship). */
function withoutProvince(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("province");
  params.delete("shipId");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export default function FindShipMapPage() {
  const { map, values, selectedId, error, provinces, view } = useLoaderData<typeof loader>();
  const location = useLocation();
  const hrefOf = (id: number) => {
    const params = new URLSearchParams(location.search);
    params.set("shipId", String(id));
    return `${location.pathname}?${params}`;
  };
  const selected = map.ships.find((s) => s.shipId === selectedId) ?? null;
  return (
    <section className="card" aria-labelledby="find-ship-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="find-ship-title" className="page-title mb-0">找船地图</h2>
        <div className="flex flex-wrap gap-3 text-sm">
          {(Object.keys(NAV_STATUSES) as NavStatus[]).map((s) => (
            <span key={s} className="flex items-center gap-1"><span className="inline-block h-3 w-3 rounded-full" style={{ background: NAV_STATUSES[s].colour }} />{NAV_STATUSES[s].label}</span>
          ))}
          <span className="flex items-center gap-1"><span className="inline-block h-3 w-3 rounded-full border-2 border-gray-400 bg-white" />定位过期</span>
          <span className="flex items-center gap-1"><span className="inline-block h-3 w-3 bg-violet-600" />码头</span>
        </div>
      </div>
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2 text-sm" aria-label="找船筛选">
        <label className="flex flex-col">船舶类型
          <select name="shipType" defaultValue={values.shipType} className="input">
            <option value="">全部</option>
            {Object.entries(SHIP_TYPES).map(([k, v]) => <option key={k} value={k}>{v.label}</option>)}
          </select>
        </label>
        <label className="flex flex-col">载重吨（最小）<input name="minTonnes" defaultValue={values.minTonnes} className="input w-28" inputMode="decimal" /></label>
        <label className="flex flex-col">载重吨（最大）<input name="maxTonnes" defaultValue={values.maxTonnes} className="input w-28" inputMode="decimal" /></label>
        <label className="flex flex-col">航行状态
          <select name="navStatus" defaultValue={values.navStatus} className="input">
            <option value="">全部</option>
            {(Object.keys(NAV_STATUSES) as NavStatus[]).map((k) => <option key={k} value={k}>{NAV_STATUSES[k].label}</option>)}
          </select>
        </label>
        <label className="flex flex-col">区域
          <select name="province" defaultValue={values.province} className="input">
            <option value="">全国</option>
            {provinces.map((name) => <option key={name} value={name}>{name}</option>)}
          </select>
        </label>
        <label className="flex items-center gap-1 pb-2"><input type="checkbox" name="empty" value="1" defaultChecked={values.empty === "1"} />仅空船</label>
        <button className="btn btn-primary" type="submit">查询</button>
        <Link to={location.pathname} className="btn">重置</Link>
      </Form>
      {error ? <p className="alert-error mb-3" role="alert">{error}</p> : null}
      <div className="grid gap-3 lg:grid-cols-[1fr_20rem]">
        <div>
          <ShipMap
            label={`找船地图，共 ${map.ships.length} 艘船舶、${map.wharves.length} 个码头`}
            markers={map.ships.map((s) => ({ id: s.shipId, lat: s.lat, lng: s.lng, label: s.shipName, title: `${s.shipName} · ${navStatusLabel(s.navStatus)}${s.availability ? " · 空船" : ""}`, colour: NAV_STATUSES[s.navStatus as NavStatus]?.colour ?? "#6b7280", href: hrefOf(s.shipId), faded: s.stale }))}
            wharves={map.wharves}
            selectedId={selectedId}
            view={view}
          />
          <p className="mt-1 text-xs text-muted">点击地图上的省份可按该省筛选{values.province ? "，" : ""}{values.province ? <Link to={withoutProvince(location.pathname, location.search)} className="text-primary hover:underline">查看全国</Link> : null}</p>
          {selected ? (
            <div className="mt-3 rounded border border-gray-200 p-3 text-sm" data-testid="ship-card">
              <p className="font-medium">{selected.shipName} · {selected.shipType} · 载重 {kgToTonnes(selected.deadweightKg)} 吨</p>
              <p>{navStatusLabel(selected.navStatus)} · 航速 {knots(selected.sog)} 节 · 目的地 {selected.destination ?? "—"}</p>
              <p className={selected.stale ? "text-danger" : ""}>定位时间：{chinaDateTime(selected.recordedAt)}{selected.stale ? "（定位过期）" : ""} · 坐标 {selected.lat.toFixed(4)}, {selected.lng.toFixed(4)}</p>
              <p>空船：{selected.availability ? `${selected.availability.emptyPort} ${selected.availability.emptyFrom} 至 ${selected.availability.emptyTo}，可载 ${kgToTonnes(selected.availability.availableLoadKg)} 吨` : "暂无空船动态"}</p>
              <Link to={`/findShipManage/findShipDetails?shipId=${selected.shipId}`} className="text-primary hover:underline">查看详情</Link>
            </div>
          ) : null}
        </div>
        <aside>
          <ul className="max-h-[34rem] overflow-y-auto text-sm" data-testid="ship-list">
            {map.ships.length === 0 ? <li className="py-4 text-center text-muted">没有符合条件的船舶</li> : null}
            {map.ships.map((s) => (
              <li key={s.shipId} className={`border-b border-gray-100 py-1.5 ${s.shipId === selectedId ? "bg-primary-soft" : ""}`}>
                <Link to={hrefOf(s.shipId)} className="flex items-center justify-between gap-2 hover:text-primary">
                  <span>{s.shipName}</span>
                  <span className="text-xs" style={{ color: NAV_STATUSES[s.navStatus as NavStatus]?.colour }}>{navStatusLabel(s.navStatus)}{s.availability ? " · 空船" : ""}</span>
                </Link>
                <span className={`block text-xs ${s.stale ? "text-danger" : "text-muted"}`}>{s.shipType} · {kgToTonnes(s.deadweightKg)} 吨 · {chinaDateTime(s.recordedAt)}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
