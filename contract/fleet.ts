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
