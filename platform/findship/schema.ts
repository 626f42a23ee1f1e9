/** Tables of 找船 (domain 7.4–7.6): see migration 0023_find_ship. */
import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";

export interface ShipPositionsTable {
  /** The ship's id (one latest position per ship). */
  id: number;
  platform_id: string;
  lat: number;
  lng: number;
  /** 航速, 0.1 kn. */
  sog: number;
  /** 航向, 0.1°. */
  cog: number;
  nav_status: string;
  destination: string | null;
  eta: string | null;
  recorded_at: string;
  source: string;
}

export interface ShipTrackPointsTable {
  id: Generated<number>;
  ship_id: number;
  lat: number;
  lng: number;
  sog: number;
  cog: number;
  nav_status: string;
  recorded_at: string;
  source: string;
}

export interface WharvesTable extends EngineColumns {
  name: string;
  port_name: string;
  waterway: string | null;
  address: string;
  region_code: string | null;
  lat: number;
  lng: number;
  berth_count: number | null;
  max_berth_tonnage: number | null;
  depth_mm: number | null;
  has_grain_facility: number | null;
  contact_name: string | null;
  contact_mobile: string | null;
  source: string;
  audit_status: string;
  audit_remark: string | null;
  enabled: string;
}

export interface ShipAvailabilitiesTable extends EngineColumns {
  ship_id: number;
  ship_name: string;
  mmsi: string;
  ship_type: string;
  deadweight: number;
  empty_wharf_id: number | null;
  empty_port: string;
  empty_from: string;
  empty_to: string;
  to_ports: string | null;
  available_load: number;
  expected_price: number | null;
  contact_name: string;
  contact_mobile: string;
  audit_status: string;
  status: string;
  view_count: Generated<number>;
  call_count: Generated<number>;
}

export interface ShipInfoSubmissionsTable extends EngineColumns {
  submission_no: string;
  kind: string;
  ship_id: number;
  submitter_name: string | null;
  empty_wharf_id: number | null;
  empty_port: string | null;
  empty_from: string | null;
  empty_to: string | null;
  to_ports: string | null;
  available_load: number | null;
  expected_price: number | null;
  contact_name: string | null;
  contact_mobile: string | null;
  new_registry_port: string | null;
  new_nav_area: string | null;
  new_load_capacity: number | null;
  change_summary: string;
  audit_status: string;
  audit_remark: string | null;
  availability_id: number | null;
  applied_at: string | null;
}

export interface ShipInquiriesTable {
  id: Generated<number>;
  platform_id: string;
  tenant_id: number;
  org_id: number;
  inquiry_no: string;
  supply_id: number;
  ship_id: number;
  availability_id: number;
  visitor_mobile: string;
  visitor_name: string;
  status: string;
  created_at: string;
}

export interface ShipCommunicationsTable extends EngineColumns {
  ship_id: number | null;
  ship_name: string;
  mmsi: string | null;
  contact_name: string;
  contact_mobile: string;
  channel: string;
  availability_id: number | null;
  inquiry_id: number | null;
  content: string;
  result: string;
  next_follow_at: string | null;
  operator_name: string;
}

export interface ShipFinesTable extends EngineColumns {
  fine_no: string;
  ship_id: number;
  captain_id: number | null;
  freight_no: string | null;
  reason_type: string;
  description: string;
  amount: number;
  occurred_at: string;
  status: string;
  handle_remark: string | null;
}

export interface ShipFineLogsTable extends EngineColumns {
  fine_no: string;
  ship_name: string;
  captain_name: string | null;
  action: string;
  amount: number;
  operator_name: string;
  remark: string | null;
}

export interface FindShipTables {
  ship_positions: ShipPositionsTable;
  ship_track_points: ShipTrackPointsTable;
  wharves: WharvesTable;
  ship_availabilities: ShipAvailabilitiesTable;
  ship_info_submissions: ShipInfoSubmissionsTable;
  ship_inquiries: ShipInquiriesTable;
  ship_communications: ShipCommunicationsTable;
  ship_fines: ShipFinesTable;
  ship_fine_logs: ShipFineLogsTable;
}
