import type { SealedColumns } from "../db/personal.js";
import type { Generated } from "kysely";
import type { FreightAction, FreightStatus, FreightWay } from "../../contract/freight.js";
import type { WriteColumns } from "../resources/schema.js";
import type { SupplierKind } from "../db/migrations/0055_dispatch_facts.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { captain } from "../../contract/resources/captain.js";
import { driver } from "../../contract/resources/driver.js";
import { ship } from "../../contract/resources/ship.js";
import { order } from "../../contract/resources/order.js";
import { vehicle } from "../../contract/resources/vehicle.js";

/**
 * The freight service's tables; those of the engine's resources are typed from their definitions
 * (`tableOf`, platform/resources/table-of.ts) plus the columns a definition does not describe. Every
 * business row carries platform_id, tenant_id and org_id so any query can be scoped to the caller
 * without joins. Weights are kilograms, money fen, times ISO text.
 */

/** Where the row belongs: the caller scoping in platform/scope.ts filters on these. */
interface Scoped {
  platform_id: string;
  tenant_id: number;
  org_id: number;
}

/**
 * 货源订单 (contract/resources/order.ts). The fields domain 3.1 added (migration 0012) to a table with rows
 * still take null; the number, the copied shipper name and category and the contract number are always
 * written by the service (`dispatched_weight` … are kept by `refreshOrderProgress`).
 */
export const ORDER_TABLE = tableOf(order, {
  status: "status",
  generated: ["businessMode", "businessTypeCode", "dispatchedWeight", "loadedWeight", "unloadedWeight", "completedWeight", "lossAllowanceBp", "settleBasis", "source"],
  nullable: ["shipperId", "cargoId", "consigneeName", "loadingRegionCode", "unloadingRegionCode", "distanceKm", "shipperUnitPrice", "cargoUnitPrice"],
  notNull: ["orderNo", "shipperName", "cargoCategory", "contractNo", "unitPrice", "lossAllowanceBp"],
});

export interface FreightOrdersTable extends TableOf<typeof ORDER_TABLE>, Scoped, WriteColumns {
  id: Generated<number>;
  owner_user_id: number | null;
}

/** 企业司机 (contract/resources/driver.ts `driver`): the roster row dispatch uses. */
export const DRIVER_TABLE = tableOf(driver, { status: "status", generated: ["driverType", "profileStatus", "status"], nullable: ["idCardNo", "vehicleClass", "licenseValidTo"], notNull: ["licenseNo"] });

export interface FreightDriversTable extends TableOf<typeof DRIVER_TABLE>, Scoped, WriteColumns, SealedColumns<"id_card_no" | "license_no" | "qualification_cert_no"> {
  id: Generated<number>;
  /** The driver's own login, when they have one (the INDIVIDUAL_USER demo account does). */
  user_id: number | null;
  owner_user_id: number | null;
}

/** 车辆 (contract/resources/vehicle.ts); columns added to a table with rows (migration 0006) still take null. */
export const VEHICLE_TABLE = tableOf(vehicle, {
  status: "auditStatus",
  generated: ["plateColorCode", "energyType", "ownershipType", "operationStatus", "enabled", "auditStatus"],
  nullable: ["grossMass", "ownerName", "useCharacter", "vin", "licenseValidTo"],
});

export interface FreightVehiclesTable extends TableOf<typeof VEHICLE_TABLE>, Scoped, WriteColumns {
  id: Generated<number>;
  owner_user_id: number | null;
}

/** 企业船长 (contract/resources/captain.ts `captain`): the roster over captain_profiles (migration 0009). */
export const CAPTAIN_TABLE = tableOf(captain, { status: "status", generated: ["crewPosition", "profileAuditStatus", "status"], nullable: ["idCardNo", "certValidTo"] });

export interface FreightCaptainsTable extends TableOf<typeof CAPTAIN_TABLE>, Scoped, WriteColumns, SealedColumns<"id_card_no"> {
  id: Generated<number>;
  user_id: number | null;
  owner_user_id: number | null;
}

/** 船舶 (contract/resources/ship.ts); columns added to a table with rows (migration 0009) still take null. */
export const SHIP_TABLE = tableOf(ship, {
  status: "auditStatus",
  generated: ["shipType", "selfOwned", "operationStatus", "enabled", "auditStatus"],
  nullable: ["shipIdentityNo", "navArea", "registryPort", "grossTonnage", "netTonnage"],
});

export interface FreightShipsTable extends TableOf<typeof SHIP_TABLE>, Scoped, WriteColumns {
  id: Generated<number>;
  owner_user_id: number | null;
}

export interface GpsDevicesTable extends Scoped {
  id: Generated<number>;
  device_no: string;
  model: string;
  sim_no: string;
  online: number;
  /** Unique: a vehicle carries at most one device. */
  vehicle_id: number | null;
  bound_at: string | null;
  created_at: string;
}

export interface FreightsTable extends Scoped, WriteColumns {
  id: Generated<number>;
  freight_no: string;
  freight_way: FreightWay;
  status: FreightStatus;
  order_id: number;
  order_no: string;
  shipper_name: string;
  cargo_category: string;
  driver_id: number | null;
  vehicle_id: number | null;
  captain_id: number | null;
  ship_id: number | null;
  /** The driver's or captain's user account: what an INDIVIDUAL_USER's scope matches. */
  carrier_user_id: number | null;
  /** Copies of the driver/captain name and mobile and of the plate/ship name, so searches need no joins. */
  carrier_name: string;
  carrier_mobile: string;
  conveyance_name: string;
  loading_place: string;
  loading_address: string;
  unloading_place: string;
  unloading_address: string;
  /** GB/T 2260 county of each place (migration 0038); null on rows whose address names none. */
  loading_region_code: string | null;
  unloading_region_code: string | null;
  planned_weight: number;
  loaded_weight: number | null;
  pickup_weight: number | null;
  unloaded_weight: number | null;
  unit_price: number;
  freight_amount: number;
  loading_ticket_url: string | null;
  unloading_ticket_url: string | null;
  abnormal: number;
  abnormal_reason: string | null;
  /** Kept by triggers on the child tables (migration 0045): never written by the application. */
  track_points: Generated<number>;
  comments: Generated<number>;
  comment_score: Generated<number>;
  appeals: Generated<number>;
  /** Decided by a trigger from the carrier's records at dispatch (migration 0055): never written by the application. */
  dispatch_capacity: Generated<number | null>;
  dispatch_expired: Generated<number>;
  dispatch_mismatch: Generated<number>;
  supplier_kind: Generated<SupplierKind>;
  supplier: Generated<string>;
  contract_no: string;
  dispatcher_user_id: number | null;
  dispatcher_name: string;
  loading_time: string | null;
  unloading_time: string | null;
  sign_time: string | null;
  confirm_time: string | null;
  complete_time: string | null;
  cancel_time: string | null;
  cancel_reason: string | null;
  updated_at: string;
  /** Migration 0020 (domain 3.2): the delivery note and transport task it was dispatched under, the cancelled waybill it replaces. */
  delivery_id: number | null;
  task_id: number | null;
  redispatch_of_id: number | null;
  /** On a cancelled waybill (domain 3.7): WAITING 待重新发货, REDISPATCHED (with the replacement's number), IGNORED. */
  redelivery_status: Generated<string>;
  redispatched_at: string | null;
  redelivery_freight_no: string | null;
  redelivery_remark: string | null;
}

export interface FreightEventsTable {
  id: Generated<number>;
  freight_id: number;
  action: FreightAction;
  from_status: FreightStatus | null;
  to_status: FreightStatus;
  operator_user_id: number | null;
  operator_name: string;
  remark: string | null;
  created_at: string;
}

export interface FreightCommentsTable {
  id: Generated<number>;
  freight_id: number;
  author_user_id: number;
  author_name: string;
  score: number;
  content: string;
  reply_content: string | null;
  reply_user_id: number | null;
  reply_name: string | null;
  replied_at: string | null;
  created_at: string;
}

export interface FreightTrackPointsTable {
  id: Generated<number>;
  freight_id: number;
  lat: number;
  lng: number;
  speed: number;
  recorded_at: string;
}

/** Framework contracts: one per order (ORDER) and one per driver or captain (PERSON). */
export interface FreightContractsTable extends Scoped {
  id: Generated<number>;
  contract_no: string;
  kind: "ORDER" | "PERSON";
  order_id: number | null;
  driver_id: number | null;
  captain_id: number | null;
  title: string;
  party_a: string;
  party_b: string;
  terms: string;
  signed_at: string;
  valid_from: string | null;
  valid_to: string | null;
}

export interface FreightTables {
  freight_orders: FreightOrdersTable;
  freight_drivers: FreightDriversTable;
  freight_vehicles: FreightVehiclesTable;
  freight_captains: FreightCaptainsTable;
  freight_ships: FreightShipsTable;
  gps_devices: GpsDevicesTable;
  freights: FreightsTable;
  freight_events: FreightEventsTable;
  freight_comments: FreightCommentsTable;
  freight_track_points: FreightTrackPointsTable;
  freight_contracts: FreightContractsTable;
}
