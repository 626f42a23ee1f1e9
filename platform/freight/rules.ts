/** The weight, time and money rules of the waybill steps. Violations are bad input: HTTP 400. */
import { FREIGHT_LIMITS, type FreightWay, type OrderStatus } from "../../contract/freight.js";
import { HttpError } from "../http/envelope.js";
import { rateInput, tonnesPlain } from "../../contract/numbers.js";

/** Clock skew allowed for step times entered on a device (5 minutes). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

const bad = (message: string) => new HttpError(400, message);

/** A truck carries at most 200 t; `label` names the weight in the message. */
export function checkLoadWeight(way: FreightWay, kg: number, label: string): void {
  if (way === "ROAD" && kg > FREIGHT_LIMITS.maxRoadLoadKg) {
    throw bad(`${label}为 ${tonnesPlain(kg)} 吨，公路运输单车不能超过 ${tonnesPlain(FREIGHT_LIMITS.maxRoadLoadKg)} 吨`);
  }
}

/** Unloaded weight may exceed the loaded weight by at most 1 %. */
export function checkUnloadedWeight(loadedKg: number, unloadedKg: number): void {
  const percent = FREIGHT_LIMITS.unloadTolerancePercent;
  // Integer arithmetic: unloaded ≤ loaded × 1.01  ⇔  unloaded × 100 ≤ loaded × 101.
  if (unloadedKg * 100 > loadedKg * (100 + percent)) {
    const max = Math.floor((loadedKg * (100 + percent)) / 100);
    throw bad(`卸货重量 ${tonnesPlain(unloadedKg)} 吨超过装货重量 ${tonnesPlain(loadedKg)} 吨的 ${percent}%，最多 ${tonnesPlain(max)} 吨`);
  }
}

interface StepTime {
  label: string;
  time: string | null;
}

/** A step time must not be in the future, nor before the step it follows (nor after the one that follows it). */
export function checkStepTime(label: string, time: string, notBefore: StepTime, notAfter?: StepTime): void {
  if (Date.parse(time) > Date.now() + FUTURE_TOLERANCE_MS) throw bad(`${label}不能晚于当前时间`);
  if (notBefore.time && time < notBefore.time) throw bad(`${label}不能早于${notBefore.label}`);
  if (notAfter?.time && time > notAfter.time) throw bad(`${label}不能晚于${notAfter.label}`);
}

/** A loss above 3 ‰ of the loaded weight marks the waybill abnormal; returns the reason, or null. */
export function lossAbnormality(loadedKg: number, unloadedKg: number): string | null {
  const loss = loadedKg - unloadedKg;
  if (loss * 1000 <= loadedKg * FREIGHT_LIMITS.abnormalLossPerMille) return null;
  return `亏吨 ${tonnesPlain(loss)} 吨，超过装货重量的 ${FREIGHT_LIMITS.abnormalLossPerMille}‰`;
}

/** What a waybill's weights are held against: the plan with the enterprise's tolerance, and the conveyance's approved load. */
export interface WeightLimits {
  plannedKg: number;
  /** 超载容差 of the enterprise (企业配置), in basis points of the plan. */
  toleranceBp: number;
  /** 核定载质量 of the vehicle (载重 of the ship); null when unknown. */
  capacityKg: number | null;
  /** "车辆皖A·12345" or "船舶皖蚌埠货1234". */
  conveyance: string;
}

/**
 * Why the loaded and unloaded weights make the waybill abnormal (异常): above the plan by more than the
 * enterprise's tolerance, above the conveyance's approved load, or a loss above 3 ‰ (empty: normal).
 * Recomputed from the weights at every step that changes them, so a correction clears what it fixes.
 */
export function weightAbnormalities(limits: WeightLimits, loadedKg: number, unloadedKg: number | null): string[] {
  const reasons: string[] = [];
  const percent = rateInput(limits.toleranceBp);
  for (const [label, kg] of [["装货重量", loadedKg], ["卸货重量", unloadedKg]] as const) {
    if (kg === null) continue;
    // Integer arithmetic: kg > planned × (1 + bp / 10000)  ⇔  kg × 10000 > planned × (10000 + bp).
    if (kg * 10_000 > limits.plannedKg * (10_000 + limits.toleranceBp)) reasons.push(`${label} ${tonnesPlain(kg)} 吨超过计划重量 ${tonnesPlain(limits.plannedKg)} 吨的允许范围（超出不得多于 ${percent}%）`);
    if (limits.capacityKg !== null && kg > limits.capacityKg) reasons.push(`${label} ${tonnesPlain(kg)} 吨超过${limits.conveyance}的核定载质量 ${tonnesPlain(limits.capacityKg)} 吨`);
  }
  const loss = unloadedKg === null ? null : lossAbnormality(loadedKg, unloadedKg);
  return loss ? [...reasons, loss] : reasons;
}

/** Freight is settled on the smaller of loaded and unloaded weight (the planned weight before loading). */
export function settledWeight(planned: number, loaded: number | null, unloaded: number | null): number {
  if (loaded != null && unloaded != null) return Math.min(loaded, unloaded);
  return loaded ?? planned;
}

/** Fen for a weight in kilograms at a price in fen per tonne, rounded to the fen. */
export function freightAmount(weightKg: number, unitPriceFenPerTonne: number): number {
  return Math.round((weightKg * unitPriceFenPerTonne) / 1000);
}

/** An order is waiting until something is dispatched, and dispatched once its whole weight is. */
export function orderStatusFor(plannedKg: number, dispatchedKg: number): Extract<OrderStatus, "WAIT_DISPATCH" | "DISPATCHING" | "DISPATCHED"> {
  if (dispatchedKg <= 0) return "WAIT_DISPATCH";
  return dispatchedKg >= plannedKg ? "DISPATCHED" : "DISPATCHING";
}
