import { FREIGHT_STATUS_LABELS } from "../../../contract/freight";
import { freightDetailHref } from "~/lib/freight-links";
import { kgToTonnes } from "~/lib/format";
import type { LinkedWaybills } from "~/services/pages/deliveries.server";
import { ProgressBars, WaybillSection } from "./ProgressParts";

type Row = Record<string, unknown> & { id: number; actions: string[] };

/** 进度 (planned / dispatched / remaining, and completed for tasks) and the waybills of a delivery note or a task. */
export function LinkedProgress({ record, extra, noun }: { record: Row; extra: LinkedWaybills; noun: string }) {
  const planned = Number(record.plannedWeight ?? 0);
  const dispatched = Number(record.dispatchedWeight ?? 0);
  const figures: Array<[string, number]> = [
    ["已派", dispatched],
    ["剩余", Math.max(0, planned - dispatched)],
  ];
  if (record.completedWeight !== undefined) figures.push(["已完成", Number(record.completedWeight ?? 0)]);
  return (
    <>
      <section className="card" aria-label="进度">
        <h2 className="page-title">进度</h2>
        <p className="mb-2 text-sm text-gray-600">{noun}重量 {kgToTonnes(planned)} 吨</p>
        <ProgressBars figures={figures} planned={planned} testId="linked-progress" columns="sm:grid-cols-3" />
      </section>
      <WaybillSection
        total={extra.total}
        error={extra.error}
        testId="linked-waybills"
        lastHeader="原运单"
        lines={extra.waybills.map((w) => ({
          id: w.id,
          href: freightDetailHref(w.freightWay ?? "ROAD", String(w.freightNo)),
          freightNo: String(w.freightNo),
          carrier: String(w.carrierName ?? "-"),
          conveyance: String(w.conveyanceName ?? "-"),
          plannedKg: Number(w.plannedWeight ?? 0),
          loadedKg: w.loadedWeight == null ? null : Number(w.loadedWeight),
          unloadedKg: w.unloadedWeight == null ? null : Number(w.unloadedWeight),
          status: w.waybillStatus ? FREIGHT_STATUS_LABELS[w.waybillStatus] : "-",
          last: typeof w.redispatchOfNo === "string" ? w.redispatchOfNo : "-",
        }))}
      />
    </>
  );
}
