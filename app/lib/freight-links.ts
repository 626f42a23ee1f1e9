/** Addresses of the waybill pages, by the waybill's way of transport (spec 2.2, 2.3). */
import type { FreightWay } from "../../contract/freight";

const withFreightNo = (path: string, freightNo: string) => `${path}?freightNo=${encodeURIComponent(freightNo)}`;

/** The road or water waybill detail page. */
export function freightDetailHref(freightWay: FreightWay, freightNo: string): string {
  return withFreightNo(freightWay === "WATER" ? "/dispatchManage/wayillDetails/waterIndex" : "/dispatchManage/wayillDetails/index", freightNo);
}

/** The road or water track playback page. */
export function trackPlaybackHref(freightWay: FreightWay, freightNo: string): string {
  return withFreightNo(freightWay === "WATER" ? "/dispatchManage/trackPlaybackWater" : "/dispatchManage/trackPlayback", freightNo);
}

/** The 查看监控 page of a waybill (road or water). */
export function monitorHref(freightNo: string): string {
  return withFreightNo("/dispatchManage/checkTheMonitor", freightNo);
}

/** The work-queue pages of the status steps, by step and way of transport (built by the dispatch pages). */
const STEP_PAGES = {
  loading: { ROAD: "/dispatchManage/loading", WATER: "/dispatchManage/waterloading" },
  unloading: { ROAD: "/dispatchManage/delivery", WATER: "/dispatchManage/waterdelivery" },
  sign: { ROAD: "/dispatchManage/sign", WATER: "/dispatchManage/watersign" },
  confirm: { ROAD: "/dispatchManage/confirm", WATER: "/dispatchManage/confirm" },
} as const satisfies Record<string, Record<FreightWay, string>>;
export type FreightStepPage = keyof typeof STEP_PAGES;

/** The work-queue page where a step of this waybill is taken, opened on the waybill. */
export function freightStepHref(step: FreightStepPage, freightWay: FreightWay, freightNo: string): string {
  return withFreightNo(STEP_PAGES[step][freightWay], freightNo);
}
