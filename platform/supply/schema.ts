/** Tables of 货源管理 (migration 0013, domain 4). Weights in kg, prices in fen per tonne, times ISO UTC. */
import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";

export interface SuppliesTable extends EngineColumns {
  supply_no: string;
  order_id: number | null;
  order_no: string | null;
  business_mode: string;
  freight_way: string;
  shipper_id: number;
  project_id: number | null;
  cargo_id: number;
  cargo_name: string;
  category_name: string;
  loading_place: string;
  loading_region_code: string;
  loading_address: string;
  loading_contact_name: string;
  loading_contact_mobile: string;
  unloading_place: string;
  unloading_region_code: string;
  unloading_address: string;
  unloading_contact_name: string;
  unloading_contact_mobile: string;
  distance_km: number;
  stowage_mode: string;
  total_weight: number | null;
  total_vehicles: number | null;
  per_vehicle_weight: number | null;
  taken_weight: Generated<number>;
  taken_vehicles: Generated<number>;
  price_mode: string;
  carrier_unit_price: number;
  shipper_unit_price: number | null;
  cargo_unit_price: number | null;
  loss_allowance_bp: number;
  prepay_enabled: number;
  prepay_type: string | null;
  prepay_amount: number | null;
  prepay_rate_pct: number | null;
  vehicle_requirement: string | null;
  loading_from: string;
  loading_to: string;
  valid_until: string;
  publish_scope: string;
  assigned_mobiles: string | null;
  contact_name: string;
  contact_mobile: string;
  require_loading_proof: number;
  require_unloading_proof: number;
  scan_to_accept: number;
  remark: string | null;
  status: string;
  audit_remark: string | null;
  off_reason: string | null;
  view_count: Generated<number>;
  call_count: Generated<number>;
  favorite_count: Generated<number>;
  published_at: string | null;
}

export interface SupplyPriceChangesTable extends EngineColumns {
  supply_id: number;
  old_carrier_price: number;
  new_carrier_price: number;
  old_shipper_price: number | null;
  new_shipper_price: number | null;
  reason: string;
  operator_name: string;
}

export interface SupplySubscriptionsTable extends EngineColumns {
  /** The subscriber's login, when they have one; drivers without one are known by their roster row. */
  user_id: number | null;
  driver_id: number | null;
  subscriber_name: string;
  subscriber_mobile: string;
  from_region_code: string;
  from_region_name: string;
  to_region_code: string | null;
  to_region_name: string | null;
  cargo_category_id: number | null;
  category_name: string | null;
  freight_way: string;
  vehicle_type: string | null;
  /** Comma-separated channels (APP_PUSH, SMS). */
  push_channels: string;
  enabled: string;
  matched_count: number;
  last_pushed_at: string | null;
}

export interface SupplyCallLogsTable extends EngineColumns {
  supply_id: number;
  supply_no: string;
  route: string;
  caller_user_id: number | null;
  caller_name: string;
  caller_mobile: string;
  callee_mobile: string;
  call_type: string;
  started_at: string;
  duration_s: number;
  result: string;
  grabbed: number;
}

export interface SupplyFavoritesTable extends EngineColumns {
  supply_id: number;
  supply_no: string;
  route: string;
  cargo_name: string;
  carrier_unit_price: number;
  user_id: number | null;
  user_name: string;
  user_mobile: string;
  supply_status: string;
  grabbed: number;
  cancelled_at: string | null;
}

export interface SupplyViewsTable {
  id: Generated<number>;
  supply_id: number;
  user_id: number | null;
  viewed_at: string;
  source: string;
}

export interface SupplyDisputesTable extends EngineColumns {
  dispute_no: string;
  supply_id: number;
  supply_no: string;
  freight_id: number | null;
  freight_no: string | null;
  type: string;
  raised_by_role: string;
  raised_by_user_id: number | null;
  raised_by_name: string;
  raised_by_mobile: string;
  description: string;
  evidence: string | null;
  claim_amount: number | null;
  status: string;
  handler_user_id: number | null;
  handler_name: string | null;
  resolution: string | null;
  compensation_amount: number | null;
  compensation_payer: string | null;
  resolved_at: string | null;
  closed_at: string | null;
}

export interface SupplyTables {
  supplies: SuppliesTable;
  supply_price_changes: SupplyPriceChangesTable;
  supply_subscriptions: SupplySubscriptionsTable;
  supply_call_logs: SupplyCallLogsTable;
  supply_favorites: SupplyFavoritesTable;
  supply_views: SupplyViewsTable;
  supply_disputes: SupplyDisputesTable;
}
