import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { knots, navStatusLabel } from "../../contract/findship";
import { chinaDateTime } from "../../contract/units";
import { kgToTonnes } from "~/lib/format";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { shipInTransitLoader } from "~/services/pages/findship.server";

export const loader = (args: LoaderFunctionArgs) => shipInTransitLoader(args);

/** 在途船舶: the caller's water waybills in transit with the ship's latest AIS position (stale in red), 轨迹 and 运单详情. */
export default function ShipInTransitListPage() {
  const { rows, keyword, error } = useLoaderData<typeof loader>();
  const head = ["运单号", "船名", "MMSI", "船长", "装货港 → 卸货港", "装货重量", "装货时间", "当前位置", "航速/状态", "最后定位时间", "预计到港", "操作"];
  return (
    <section className="card" aria-labelledby="in-transit-title">
      <h2 id="in-transit-title" className="page-title">在途船舶</h2>
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2 text-sm" aria-label="在途船舶查询">
        <label className="flex flex-col">运单号/船名<input name="keyword" defaultValue={keyword} className="input w-56" maxLength={32} /></label>
        <button className="btn btn-primary" type="submit">查询</button>
        <Link to="/findShipManage/shipInTransitList" className="btn">重置</Link>
      </Form>
      {error ? <p className="alert-error mb-3" role="alert">{error}</p> : null}
      <div className="overflow-x-auto">
        <table className="table" aria-label="在途船舶">
          <thead><tr>{head.map((h) => <th key={h} scope="col" className="whitespace-nowrap">{h}</th>)}</tr></thead>
          <tbody>
            {rows.length === 0 ? <tr><td colSpan={head.length} className="py-12 text-center text-muted">{keyword ? "没有符合条件的在途船舶" : "暂无在途船舶"}</td></tr> : null}
            {rows.map((r) => (
              <tr key={r.freightId} data-testid="in-transit-row">
                <td className="whitespace-nowrap">{r.freightNo}</td>
                <td className="whitespace-nowrap">{r.shipName}</td>
                <td>{r.mmsi ?? "—"}</td>
                <td className="whitespace-nowrap">{r.captainName}</td>
                <td className="whitespace-nowrap">{r.route}</td>
                <td className="whitespace-nowrap">{r.loadedKg == null ? "—" : `${kgToTonnes(r.loadedKg)} 吨`}</td>
                <td className="whitespace-nowrap">{r.loadingTime ? chinaDateTime(r.loadingTime) : "—"}</td>
                <td className="whitespace-nowrap">{r.position ? `${r.position.lat.toFixed(4)}, ${r.position.lng.toFixed(4)}` : "无 AIS 定位"}</td>
                <td className="whitespace-nowrap">{r.position ? `${knots(r.position.sog)} 节 · ${navStatusLabel(r.position.navStatus)}` : "—"}</td>
                <td className={`whitespace-nowrap ${r.position?.stale ? "font-medium text-danger" : ""}`} data-stale={r.position?.stale ? "true" : undefined}>{r.position ? chinaDateTime(r.position.recordedAt) : "—"}</td>
                <td className="whitespace-nowrap">{r.position?.eta ? chinaDateTime(r.position.eta) : "—"}</td>
                <td className="whitespace-nowrap">
                  <Link to={`/dispatchManage/trackPlaybackWater?freightNo=${encodeURIComponent(r.freightNo)}`} className="mr-2 text-primary hover:underline">轨迹</Link>
                  <Link to={`/dispatchManage/wayillDetails/waterIndex?freightNo=${encodeURIComponent(r.freightNo)}`} className="text-primary hover:underline">运单详情</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
