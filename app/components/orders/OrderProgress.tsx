import { FREIGHT_STATUS_LABELS, type FreightRecord } from "../../../contract/freight";
import { freightDetailHref } from "~/lib/freight-links";
import { formatDateTime, kgToTonnes } from "~/lib/format";
import { dispatchHref } from "~/pages/orders";
import type { OrderWaybills } from "~/services/pages/order-detail.server";

type OrderRow = Record<string, unknown> & { id: number; actions: string[] };

const OPEN = ["WAIT_DISPATCH", "DISPATCHING"];

/** 调度进度 (planned / dispatched / loaded / unloaded / completed) and the order's waybills, with 派单 while open. */
export function OrderProgress({ record, extra }: { record: OrderRow; extra: OrderWaybills }) {
  const planned = Number(record.plannedWeight ?? 0);
  const figures: Array<[string, number]> = [
    ["已调度", Number(record.dispatchedWeight ?? 0)],
    ["已装货", Number(record.loadedWeight ?? 0)],
    ["已卸货", Number(record.unloadedWeight ?? 0)],
    ["已完成", Number(record.completedWeight ?? 0)],
  ];
  return (
    <>
      <section className="card" aria-label="进度">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 className="page-title mb-0">进度</h2>
          {OPEN.includes(String(record.status)) ? <a href={dispatchHref(record)} className="btn btn-primary" data-action="dispatch">派单</a> : null}
        </div>
        <p className="mb-2 text-sm text-gray-600">计划重量 {kgToTonnes(planned)} 吨 · 剩余可派 {kgToTonnes(Math.max(0, planned - Number(record.dispatchedWeight ?? 0)))} 吨</p>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2 xl:grid-cols-4" data-testid="order-progress">
          {figures.map(([label, kg]) => (
            <div key={label}>
              <dt className="text-gray-500">{label}</dt>
              <dd className="text-gray-800">{kgToTonnes(kg)} 吨</dd>
              <div className="mt-1 h-2 rounded bg-gray-100" aria-hidden>
                <div className="h-2 rounded bg-blue-500" style={{ width: `${planned > 0 ? Math.min(100, Math.round((kg / planned) * 100)) : 0}%` }} />
              </div>
            </div>
          ))}
        </dl>
      </section>
      <section className="card" aria-label="运单">
        <h2 className="page-title">运单（{extra.total}）</h2>
        {extra.error ? <p className="alert-error">{extra.error}</p> : null}
        {extra.waybills.length === 0 && !extra.error ? (
          <p className="text-sm text-gray-400">暂无运单</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table" data-testid="order-waybills">
              <thead>
                <tr>
                  <th>运单号</th><th>司机/船长</th><th>车牌/船名</th><th>计划(吨)</th><th>装货(吨)</th><th>卸货(吨)</th><th>状态</th><th>创建时间</th>
                </tr>
              </thead>
              <tbody>
                {extra.waybills.map((w: FreightRecord) => (
                  <tr key={w.id}>
                    <td><a href={freightDetailHref(w.freightWay, w.freightNo)}>{w.freightNo}</a></td>
                    <td>{w.driverName ?? w.captainName ?? "-"}</td>
                    <td>{w.plateNo ?? w.shipName ?? "-"}</td>
                    <td>{kgToTonnes(w.plannedWeight)}</td>
                    <td>{w.loadedWeight == null ? "-" : kgToTonnes(w.loadedWeight)}</td>
                    <td>{w.unloadedWeight == null ? "-" : kgToTonnes(w.unloadedWeight)}</td>
                    <td>{FREIGHT_STATUS_LABELS[w.status]}</td>
                    <td>{formatDateTime(w.createdTime)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
