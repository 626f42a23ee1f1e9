import type { Generated } from "kysely";
import type { FreightAction, FreightStatus, FreightWay, OrderStatus } from "../../contract/freight.js";
import type { WriteColumns } from "../resources/schema.js";

/**
 * The freight service's tables. Every business row carries platform_id, tenant_id and org_id so any
 * query can be scoped to the caller without joins. Weights are kilograms, money fen, times ISO text.
 */

/** Where the row belongs: the caller scoping in platform/scope.ts filters on these. */
interface Scoped {
  platform_id: string;
  tenant_id: number;
  org_id: number;
}

export interface FreightOrdersTable extends Scoped, WriteColumns {
  id: Generated<number>;
  order_no: string;
  freight_way: FreightWay;
  status: OrderStatus;
  shipper_name: string;
  cargo_category: string;
  loading_place: string;
  loading_address: string;
  unloading_place: string;
  unloading_address: string;
  /** GB/T 2260 county of each place (migration 0038); null on rows whose address names none. */
  loading_region_code: string | null;
  unloading_region_code: string | null;
  planned_weight: number;
  /** Planned weight of the order's waybills that are not cancelled. */
  dispatched_weight: number;
  /** Fen per tonne. */
  unit_price: number;
  contract_no: string;
  // domain 3.1 (migration 0012)
  owner_user_id: number | null;
  external_no: string | null;
  business_mode: Generated<string>;
  shipper_id: number | null;
  project_id: number | null;
  cargo_id: number | null;
  cargo_name: string | null;
  business_type_code: Generated<string>;
  consignee_name: string | null;
  loading_contact_name: string | null;
  loading_contact_mobile: string | null;
  unloading_contact_name: string | null;
  unloading_contact_mobile: string | null;
  distance_km: number | null;
  loading_from: string | null;
  loading_to: string | null;
  arrive_by: string | null;
  /** Sums over the order's non-cancelled waybills, kept by `refreshOrderProgress`. */
  loaded_weight: Generated<number>;
  unloaded_weight: Generated<number>;
  /** Settled weight of its completed waybills. */
  completed_weight: Generated<number>;
  shipper_unit_price: number | null;
  cargo_unit_price: number | null;
  loss_allowance_bp: Generated<number>;
  settle_basis: Generated<string>;
  source: Generated<string>;
  remark: string | null;
  closed_reason: string | null;
  closed_at: string | null;
  cancel_reason: string | null;
  cancelled_at: string | null;
}

export interface FreightDriversTable extends Scoped, WriteColumns {
  id: Generated<number>;
  /** The driver's own login, when they have one (the INDIVIDUAL_USER demo account does). */
  user_id: number | null;
  name: string;
  mobile: string;
  license_no: string;
  // roster (migration 0008, domain 1.2)
  profile_id: number | null;
  id_card_no: string | null;
  vehicle_class: string | null;
  license_valid_to: string | null;
  qualification_cert_no: string | null;
  qualification_valid_to: string | null;
  driver_type: Generated<string>;
  fleet_leader_id: number | null;
  status: Generated<string>;
  profile_status: Generated<string>;
  remark: string | null;
  owner_user_id: number | null;
}

export interface FreightVehiclesTable extends Scoped, WriteColumns {
  id: Generated<number>;
  plate_no: string;
  vehicle_type: string;
  load_capacity: number;
  /** The driver who usually drives it. */
  driver_id: number | null;
  // master data (migration 0006, domain 2.2)
  plate_color_code: Generated<string>;
  owner_name: string | null;
  use_character: string | null;
  vin: string | null;
  energy_type: Generated<string>;
  gross_mass: number | null;
  road_cert_no: string | null;
  trailer_plate_no: string | null;
  ownership_type: Generated<string>;
  license_valid_to: string | null;
  road_cert_valid_to: string | null;
  operation_status: Generated<string>;
  audit_status: Generated<string>;
  audit_remark: string | null;
  enabled: Generated<string>;
  owner_user_id: number | null;
}

export interface FreightCaptainsTable extends Scoped, WriteColumns {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  mobile: string;
  certificate_no: string;
  // roster over captain_profiles (migration 0009, domain 1.3)
  profile_id: number | null;
  id_card_no: string | null;
  crew_position: Generated<string>;
  nav_area: string | null;
  service_book_no: string | null;
  cert_valid_to: string | null;
  profile_audit_status: Generated<string>;
  status: Generated<string>;
  remark: string | null;
  owner_user_id: number | null;
}

export interface FreightShipsTable extends Scoped, WriteColumns {
  id: Generated<number>;
  ship_name: string;
  mmsi: string;
  load_capacity: number;
  captain_id: number | null;
  // master data (migration 0009, domain 2.6)
  ship_identity_no: string | null;
  ship_type: Generated<string>;
  registry_port: string | null;
  nav_area: string | null;
  gross_tonnage: number | null;
  net_tonnage: number | null;
  build_date: string | null;
  imo: string | null;
  call_sign: string | null;
  shipowner_id: number | null;
  self_owned: Generated<number>;
  operation_status: Generated<string>;
  audit_status: Generated<string>;
  audit_remark: string | null;
  enabled: Generated<string>;
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
