/**
 * 司机端: what a driver's or captain's own pages show, in words he understands. Which statuses each of
 * his lists holds, which step comes next and what it is called on his phone. The steps, their forms and
 * their rules are the console's (steps.ts) over the status machine (contract/freight-steps.ts): read
 * here, never restated. Pure and isomorphic.
 */
import { FINISHED_STATUSES, LIVE_STATUSES } from "../../contract/freight-steps";
import type { FreightRecord, FreightStatus, FreightWay } from "../../contract/freight";
import { DRIVER_HOME } from "../navigation/routes";
import { STEP_ACTIONS, type StepActionKey, type StepFieldName } from "./steps";

/** His lists on the home page: 待装货, 运输中 and the rest (unloaded and after, his part done). */
export const DRIVER_TABS = [
  { key: "wait", label: "待装货", statuses: ["WAIT_LOADING"] },
  { key: "transit", label: "运输中", statuses: ["IN_TRANSIT"] },
  {
    key: "done",
    label: "已完成",
    statuses: [...LIVE_STATUSES.filter((s) => s !== "WAIT_LOADING" && s !== "IN_TRANSIT"), ...FINISHED_STATUSES.filter((s) => s !== "CANCELLED")],
  },
] as const satisfies ReadonlyArray<{ key: string; label: string; statuses: readonly FreightStatus[] }>;

export type DriverTab = (typeof DRIVER_TABS)[number];

export function driverTab(key: string | null | undefined): DriverTab {
  return DRIVER_TABS.find((tab) => tab.key === key) ?? DRIVER_TABS[0];
}

/**
 * The words of his trade: a driver loads his truck at a 装货地 and weighs it on a weighbridge; a captain
 * loads his ship at a 装货港 and has the load weighed or read off the draught marks (水尺).
 */
export const WAY_WORDS = {
  ROAD: { loadingPlace: "装货地", unloadingPlace: "卸货地", conveyance: "车辆", weighed: "磅单上的净重" },
  WATER: { loadingPlace: "装货港", unloadingPlace: "卸货港", conveyance: "船舶", weighed: "磅单或水尺计量单上的重量" },
} as const satisfies Record<FreightWay, { loadingPlace: string; unloadingPlace: string; conveyance: string; weighed: string }>;

/** What his two steps' statuses mean on a ship; the others read the same on both ways. */
const WATER_HINTS: Partial<Record<FreightStatus, string>> = {
  WAIT_LOADING: "请到装货港装船，装完后拍下磅单（或水尺计量单），再点「我要装货」",
  IN_TRANSIT: "正在航行。到卸货港卸完货后拍下磅单（或水尺计量单），再点「我要卸货」",
};

/** What a status means for him, in a sentence. */
export function statusHint(status: FreightStatus, way: FreightWay): string {
  return (way === "WATER" ? WATER_HINTS[status] : undefined) ?? DRIVER_STATUS_HINTS[status];
}

const DRIVER_STATUS_HINTS: Record<FreightStatus, string> = {
  WAIT_LOADING: "请到装货地装货，装完后过磅、拍磅单，再点「我要装货」",
  IN_TRANSIT: "正在运输。到卸货地卸完货后过磅、拍磅单，再点「我要卸货」",
  UNLOADED: "已卸货，等待企业签收",
  SIGNED: "企业已签收，等待确认运费",
  CONFIRMED: "运费已确认，等待企业付款",
  COMPLETED: "运单已完成",
  CANCELLED: "运单已取消",
};

/** His two steps, each with its own page. */
export const DRIVER_STEPS = {
  LOADING: { path: `${DRIVER_HOME}/loading`, button: "我要装货", weight: "loadedWeight" },
  UNLOADING: { path: `${DRIVER_HOME}/unloading`, button: "我要卸货", weight: "unloadedWeight" },
} as const satisfies Partial<Record<StepActionKey, { path: string; button: string; weight: StepFieldName }>>;

export type DriverStepKey = keyof typeof DRIVER_STEPS;

/** The step the platform lets him take on the waybill now, with its page; null when it is the enterprise's turn. */
export function driverNextStep(record: Pick<FreightRecord, "actions" | "freightNo">): { step: DriverStepKey; label: string; href: string } | null {
  const step = (Object.keys(DRIVER_STEPS) as DriverStepKey[]).find((key) => record.actions.includes(key));
  if (!step) return null;
  return { step, label: DRIVER_STEPS[step].button, href: `${DRIVER_STEPS[step].path}?${new URLSearchParams({ freightNo: record.freightNo })}` };
}

/** The fields of his form for a step: those the step requires (the weight and the 磅单); the time is when he confirms. */
export function driverFields(step: DriverStepKey) {
  return STEP_ACTIONS[step].fields.filter((field) => field.required);
}

/** The longest side of a 磅单 photo after the browser shrinks it, in pixels: the figures stay legible. */
export const PHOTO_MAX_SIDE = 1600;
/** JPEG quality of the shrunk photo. */
export const PHOTO_QUALITY = 0.8;

/** Position points are sent in batches: at most this many, or this often while any wait. */
export const POSITION_BATCH_SIZE = 10;
export const POSITION_BATCH_MS = 30_000;

/** His messages page's address for a page of the list (the first has no query). */
export function driverMessagesHref(current: number): string {
  return current > 1 ? `${DRIVER_HOME}/messages?current=${current}` : `${DRIVER_HOME}/messages`;
}
