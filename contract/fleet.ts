import { z } from "zod";

/**
 * A reported position whose horizontal accuracy (metres, as the phone or device states it) is worse than
 * this is not stored: a phone indoors may place the truck kilometres away, and such a point would draw a
 * false leg on the track and in 在途监控.
 */
export const TRACK_ACCURACY_MAX_M = 200;

const pointSchema = z.object({
  lat: z.number({ message: "纬度应为数字" }).min(-90, "纬度应在 -90 到 90 之间").max(90, "纬度应在 -90 到 90 之间"),
  lng: z.number({ message: "经度应为数字" }).min(-180, "经度应在 -180 到 180 之间").max(180, "经度应在 -180 到 180 之间"),
  speed: z.number({ message: "速度应为数字" }).int("速度应为整数（公里/小时）").min(0, "速度不能为负").max(200, "速度不能超过 200 公里/小时"),
  /** Horizontal accuracy in metres (a phone's `coords.accuracy`); a point worse than TRACK_ACCURACY_MAX_M is not stored. */
  accuracy: z.number({ message: "定位精度应为数字（米）" }).min(0, "定位精度不能为负").max(100_000, "定位精度不能超过 100000 米").optional(),
  recordedAt: z.string({ message: "定位时间不能为空" }).datetime({ offset: true, message: "定位时间格式不正确，应为 ISO-8601 时间" }).transform((v) => new Date(v).toISOString()),
});
/** `POST /tms-vehicle-position/report`: a batch of one vehicle's points (device gateways, the driver app, the driver's page). */
export const trackReportSchema = z.object({
  vehicleId: z.number({ message: "车辆编号应为数字" }).int("车辆编号应为整数").positive("车辆编号应为正整数"),
  points: z.array(pointSchema, { message: "定位点不能为空" }).min(1, "定位点不能为空").max(500, "一次最多上报 500 个定位点"),
});

export type TrackReport = z.infer<typeof trackReportSchema>;

/** 车辆定位 (domain 7.2 orientation): the latest position of each own vehicle, as the platform answers it. */
export const POSITION_ONLINE_MS = 10 * 60_000;

export type FleetState = "IN_TRANSIT" | "IDLE" | "OFFLINE";
/** Each state's colour marks the map and colours its name in the list: 4.5:1 on white for the text. */
export const FLEET_STATES: Record<FleetState, { label: string; colour: string }> = {
  IN_TRANSIT: { label: "运输中", colour: "#15803d" },
  IDLE: { label: "空闲", colour: "#2563eb" },
  OFFLINE: { label: "离线", colour: "#6b7280" },
};

export interface VehiclePosition {
  vehicleId: number;
  plateNo: string;
  vehicleType: string;
  driverName: string | null;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  recordedAt: string | null;
  state: FleetState;
  freightNo: string | null;
  route: string | null;
}

/** 船舶详情 (public, domain 7.6): only what the domain marks public — no people, no exact position time. */
export interface PublicShipCard {
  id: number;
  shipName: string;
  shipType: string;
  deadweightTonnes: string;
  buildYear: string | null;
  registryPort: string | null;
  certified: boolean;
  /** The China date of the latest position, not its time. */
  lastPositionDay: string | null;
  /** Completed water waybills (成交记录). */
  completedVoyages: number;
}

/** 轨迹查询 (domain 7.2 locu): a vehicle's points over a time range of at most 72 hours. */
export const TRACK_RANGE_MAX_MS = 72 * 3600_000;
export const STOP_MIN_MS = 10 * 60_000;

export interface VehicleTrack {
  vehicleId: number;
  plateNo: string;
  points: Array<{ lat: number; lng: number; speed: number; recordedAt: string; freightNo: string }>;
  /** Runs of speed 0 lasting at least 10 minutes. */
  stops: Array<{ from: string; to: string; minutes: number; lat: number; lng: number }>;
}

/** The stops of a track (oldest first): each run of speed-0 points spanning ≥ STOP_MIN_MS. */
export function stopsOf(points: VehicleTrack["points"]): VehicleTrack["stops"] {
  const stops: VehicleTrack["stops"] = [];
  let start = -1;
  const close = (end: number) => {
    if (start < 0) return;
    const ms = Date.parse(points[end]!.recordedAt) - Date.parse(points[start]!.recordedAt);
    if (ms >= STOP_MIN_MS) stops.push({ from: points[start]!.recordedAt, to: points[end]!.recordedAt, minutes: Math.round(ms / 60_000), lat: points[start]!.lat, lng: points[start]!.lng });
    start = -1;
  };
  points.forEach((p, i) => {
    if (p.speed === 0 && start < 0) start = i;
    if (p.speed !== 0) close(i - 1);
  });
  if (points.length) close(points.length - 1);
  return stops;
}
