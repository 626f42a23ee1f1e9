/** 车辆定位 (domain 7.2 orientation): the latest position of each own vehicle, as the platform answers it. */
export const POSITION_ONLINE_MS = 10 * 60_000;

export type FleetState = "IN_TRANSIT" | "IDLE" | "OFFLINE";
export const FLEET_STATES: Record<FleetState, { label: string; colour: string }> = {
  IN_TRANSIT: { label: "运输中", colour: "#16a34a" },
  IDLE: { label: "空闲", colour: "#2563eb" },
  OFFLINE: { label: "离线", colour: "#9ca3af" },
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
