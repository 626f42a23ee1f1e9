import { FREIGHT_STATUS_LABELS, type FreightRecord } from "../../../contract/freight";
import { freightDetailHref } from "~/lib/freight-links";
import { formatDateTime, kgToTonnes } from "~/lib/format";
import { dispatchHref } from "~/pages/orders";
import type { OrderWaybills } from "~/services/pages/order-detail.server";
import { ProgressBars, WaybillSection } from "./ProgressParts";

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
        <ProgressBars figures={figures} planned={planned} testId="order-progress" columns="sm:grid-cols-2 xl:grid-cols-4" />
      </section>
      <WaybillSection
        total={extra.total}
        error={extra.error}
        testId="order-waybills"
        lastHeader="创建时间"
        lines={extra.waybills.map((w: FreightRecord) => ({
          id: w.id,
          href: freightDetailHref(w.freightWay, w.freightNo),
          freightNo: w.freightNo,
          carrier: w.driverName ?? w.captainName ?? "-",
          conveyance: w.plateNo ?? w.shipName ?? "-",
          plannedKg: w.plannedWeight,
          loadedKg: w.loadedWeight ?? null,
          unloadedKg: w.unloadedWeight ?? null,
          status: FREIGHT_STATUS_LABELS[w.status],
          last: formatDateTime(w.createdTime),
        }))}
      />
    </>
  );
}
