/**
 * Wire types and rules of the find-ship views that are not engine lists (domain 7.4, 7.6): the map,
 * a ship's find-ship detail, 在途船舶, and the public H5 pages (找船, 选船).
 */
import { z } from "zod";
import { MOBILE_PATTERN } from "./validation.js";

/** AIS 航行状态. */
/** Each status's colour marks the map and colours its name in the list: 4.5:1 on white for the text. */
export const NAV_STATUSES = {
  UNDERWAY: { label: "航行中", colour: "#15803d" },
  ANCHORED: { label: "锚泊", colour: "#b45309" },
  MOORED: { label: "靠泊", colour: "#2563eb" },
  OTHER: { label: "其他", colour: "#6b7280" },
} as const;
export type NavStatus = keyof typeof NAV_STATUSES;
export const navStatusLabel = (code: string) => NAV_STATUSES[code as NavStatus]?.label ?? code;

/** A position older than this is stale (AIS_STALE_MINUTES) [choice: 6 hours, inland AIS coverage has gaps]. */
export const AIS_STALE_MINUTES = 360;
export const isStale = (recordedAt: string, now = Date.now()) => now - Date.parse(recordedAt) > AIS_STALE_MINUTES * 60_000;
/** 航速 is stored in 0.1 kn. */
export const knots = (sog: number) => (sog / 10).toFixed(1);
/** The track shown on a ship's detail: the last 7 days. */
export const TRACK_DAYS = 7;
/** 选船 links are valid for 72 hours (domain 7.6). */
export const SELECT_SHIP_TICKET_HOURS = 72;
/** Public searches allowed per visitor address and minute (domain 7.6). */
export const PUBLIC_SEARCHES_PER_MINUTE = 30;

export { maskMobile } from "./personal.js";

export interface AvailabilitySummary {
  id: number;
  emptyPort: string;
  emptyFrom: string;
  emptyTo: string;
  toPorts: string | null;
  availableLoadKg: number;
  expectedPriceFen: number | null;
}

export interface ShipOnMap {
  shipId: number;
  shipName: string;
  shipType: string;
  deadweightKg: number;
  lat: number;
  lng: number;
  sog: number;
  navStatus: string;
  destination: string | null;
  recordedAt: string;
  stale: boolean;
  availability: AvailabilitySummary | null;
}

export interface WharfOnMap {
  id: number;
  name: string;
  portName: string;
  lat: number;
  lng: number;
}

export interface ShipMap {
  ships: ShipOnMap[];
  wharves: WharfOnMap[];
}

export const shipMapQuery = z.object({
  shipType: z.string().trim().max(16, "船舶类型不正确").optional(),
  minTonnes: z.coerce.number({ message: "最小载重吨应为数字" }).min(0, "最小载重吨不能为负").max(100_000, "载重吨过大").optional(),
  maxTonnes: z.coerce.number({ message: "最大载重吨应为数字" }).min(0, "最大载重吨不能为负").max(100_000, "载重吨过大").optional(),
  empty: z.enum(["1"], { message: "空船筛选只能是 1" }).optional(),
  navStatus: z.enum(Object.keys(NAV_STATUSES) as [NavStatus, ...NavStatus[]], { message: "航行状态不正确" }).optional(),
  /** 区域: minLng,minLat,maxLng,maxLat. */
  box: z
    .string()
    .regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?$/, "区域应为 最小经度,最小纬度,最大经度,最大纬度")
    .refine((v) => {
      const [a, b, c, d] = v.split(",").map(Number);
      return a! < c! && b! < d!;
    }, "区域的最小值应小于最大值")
    .optional(),
});
export type ShipMapQuery = z.infer<typeof shipMapQuery>;

export interface TrackPoint {
  lat: number;
  lng: number;
  sog: number;
  navStatus: string;
  recordedAt: string;
}

export interface FindShipDetail {
  ship: {
    id: number;
    shipName: string;
    mmsi: string;
    shipType: string;
    deadweightKg: number;
    navArea: string | null;
    registryPort: string | null;
    buildYear: string | null;
    grossTonnage: number | null;
    netTonnage: number | null;
    certified: boolean;
    shipownerName: string | null;
  };
  position: (TrackPoint & { destination: string | null; eta: string | null; stale: boolean }) | null;
  track: TrackPoint[];
  availabilities: Array<AvailabilitySummary & { status: string; contactName: string; contactMobile: string; viewCount: number; callCount: number }>;
  communications: Array<{ id: number; createdTime: string; contactName: string; contactMobile: string; channel: string; content: string; result: string; operatorName: string }>;
  deals: Array<{ freightNo: string; route: string; loadedKg: number | null; completedAt: string | null }>;
  completedVoyages: number;
}

export const findShipDetailQuery = z
  .object({
    shipId: z.coerce.number({ message: "船舶编号应为数字" }).int("船舶编号应为整数").positive("船舶编号应为正整数").optional(),
    availabilityId: z.coerce.number({ message: "空船动态编号应为数字" }).int("空船动态编号应为整数").positive("空船动态编号应为正整数").optional(),
  })
  .refine((q) => q.shipId !== undefined || q.availabilityId !== undefined, "请指定船舶或空船动态");

export interface ShipInTransit {
  freightId: number;
  freightNo: string;
  shipName: string;
  mmsi: string | null;
  captainName: string;
  route: string;
  loadedKg: number | null;
  loadingTime: string | null;
  position: { lat: number; lng: number; sog: number; navStatus: string; recordedAt: string; eta: string | null; destination: string | null; stale: boolean } | null;
}

export const inTransitQuery = z.object({ keyword: z.string().trim().max(32, "运单号/船名最多 32 个字").optional() });

// ---------------------------------------------------------------------------------------------
// Public H5

export interface PublicAvailability {
  id: number;
  shipId: number;
  shipName: string;
  shipType: string;
  deadweightKg: number;
  emptyPort: string;
  emptyFrom: string;
  emptyTo: string;
  toPorts: string | null;
  availableLoadKg: number;
  expectedPriceFen: number | null;
  contactName: string;
  /** Masked (138****5678): the number shows only after 联系船东 with a verified mobile. */
  contactMobile: string;
  lastPositionDay: string | null;
}

export const publicSearchQuery = z.object({
  port: z.string().trim().max(32, "港口最多 32 个字").optional(),
  minTonnes: z.coerce.number({ message: "载重吨应为数字" }).min(0, "载重吨不能为负").max(100_000, "载重吨过大").optional(),
  shipType: z.string().trim().max(16, "船舶类型不正确").optional(),
});

const mobile = z.string({ required_error: "请填写手机号" }).trim().regex(MOBILE_PATTERN, "请输入正确的11位手机号");
const smsCode = z.string({ required_error: "请填写短信验证码" }).trim().regex(/^\d{6}$/, "短信验证码为6位数字");
const visitorName = z.string({ required_error: "请填写您的称呼" }).trim().min(1, "请填写您的称呼").max(32, "称呼最多 32 个字");

export const publicSmsBody = z.object({ mobile });
export const publicContactBody = z.object({ mobile, smsCode, name: visitorName, content: z.string().trim().max(200, "留言最多 200 个字").optional() });
export const selectTicketBody = z.object({ supplyId: z.number({ message: "请选择货源" }).int("货源不正确").positive("货源不正确") });
export const selectShipBody = z.object({
  t: z.string({ required_error: "缺少选船链接参数" }).min(10, "选船链接无效").max(512, "选船链接无效"),
  availabilityId: z.number({ message: "请选择船舶" }).int("船舶不正确").positive("船舶不正确"),
  mobile,
  smsCode,
  name: visitorName,
});

export interface SelectShipView {
  supply: { supplyNo: string; cargoName: string; route: string; remainingKg: number | null; loadingFrom: string; loadingTo: string };
  expiresAt: string;
  candidates: PublicAvailability[];
}
