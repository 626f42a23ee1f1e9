/**
 * 找车 (domain 7.2 findCar/index, open to every user kind): the published 车源 of the platform that are
 * 可接单 now, as cards. Plates are masked for everyone but the owner; the contact number is shown only
 * after 联系 (organisations and platform staff, logged); organisations may send an SMS 邀请.
 * And 轨迹定位 (domain 7.3): the organisation's waybills in transit with their last positions.
 */
import { z } from "zod";
import { VEHICLE_LENGTHS } from "./resources/vehicle-availability";
import type { UserType } from "./platforms";
import { tonnesToKg } from "./units";
import { chinaDateText } from "./fields.js";

type Length = keyof typeof VEHICLE_LENGTHS;
const lengths = Object.keys(VEHICLE_LENGTHS) as [Length, ...Length[]];
const blankAsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = (label: string, max: number) => z.preprocess(blankAsAbsent, z.string({ invalid_type_error: `${label}必须是文字` }).trim().max(max, `${label}不能超过 ${max} 个字`).optional());

export const findCarFilterSchema = z.object({
  place: text("当前位置", 32),
  regionCode: z.preprocess(blankAsAbsent, z.string().regex(/^\d{2,6}$/, "地区代码应为 2–6 位数字，如 34（安徽省）或 340300（蚌埠市）").optional()),
  toPlace: text("期望流向", 32),
  plateNo: text("车牌号", 16),
  vehicleType: text("车型", 32),
  vehicleLength: z.preprocess(blankAsAbsent, z.enum(lengths, { message: `车长只能是 ${Object.values(VEHICLE_LENGTHS).map((l) => l.label).join("、")}` }).optional()),
  minLoad: z.preprocess(blankAsAbsent, z.string().refine((v) => tonnesToKg(v) !== null, "可载重量应为吨数，最多 3 位小数").optional()),
  availableOn: z.preprocess(blankAsAbsent, chinaDateText("可用日期").optional()),
  idleOnly: z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean()).optional(),
});
export type FindCarFilter = z.infer<typeof findCarFilterSchema>;

export interface FindCarCard {
  id: number;
  /** Masked (皖A·3K***) unless the caller owns it. */
  plateNo: string;
  vehicleType: string;
  vehicleLength: string;
  availableLoad: number;
  currentPlace: string;
  currentRegionCode: string;
  toPlaces: string | null;
  availableFrom: string;
  availableTo: string;
  /** Fen per tonne; null = 面议. */
  expectedPrice: number | null;
  /** Masked (139****0001) until 联系. */
  contactMobile: string;
  orgName: string;
  /** The vehicle's state: 空闲 or 运输中 (its latest waybill in transit). */
  busy: boolean;
  lastPositionAt: string | null;
  contactCount: number;
  own: boolean;
}

/** Who may reveal the number (联系) and who may send an SMS invitation (邀请). */
export const FIND_CAR_CONTACT_KINDS: readonly UserType[] = ["SYSTEM_USER", "ORG_USER"];
export const FIND_CAR_INVITE_KINDS: readonly UserType[] = ["ORG_USER"];
/** A second contact or invitation of the same 车源 by the same user within this window is not repeated. */
export const CONTACT_REPEAT_MS = 10 * 60_000;

export const inviteSchema = z.object({
  route: z.preprocess(blankAsAbsent, z.string({ required_error: "请填写线路", invalid_type_error: "线路必须是文字" }).trim().min(2, "请填写线路，如 蚌埠 → 芜湖").max(40, "线路不能超过 40 个字")),
});

export interface ContactResult {
  plateNo: string;
  contactMobile: string;
  /** True when this user's contact within the repeat window was already logged. */
  repeated: boolean;
}

/** 皖A·3K*** : province, letter, a dot, the next two characters, the rest starred. */
export function maskPlate(plate: string): string {
  const bare = plate.replace("·", "");
  if (bare.length < 4) return bare;
  return `${bare.slice(0, 2)}·${bare.slice(2, 4)}${"*".repeat(Math.max(3, bare.length - 4))}`;
}

/** 轨迹定位: one waybill in transit with its conveyance and latest point. */
export interface InTransitWaybill {
  freightId: number;
  freightNo: string;
  freightWay: "ROAD" | "WATER";
  conveyanceName: string;
  carrierName: string;
  route: string;
  loadingTime: string | null;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  recordedAt: string | null;
  online: boolean;
}

export const inTransitFilterSchema = z.object({
  freightWay: z.preprocess(blankAsAbsent, z.enum(["ROAD", "WATER"], { message: "运输方式只能是 公路运输、水路运输" }).optional()),
  freightNo: z.preprocess(blankAsAbsent, z.string().trim().max(32, "运单号不能超过 32 个字").optional()),
  conveyance: text("车牌/船名", 32),
  offlineOnly: z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean()).optional(),
});
export type InTransitFilter = z.infer<typeof inTransitFilterSchema>;
