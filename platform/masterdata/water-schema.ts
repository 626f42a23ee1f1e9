import type { EngineColumns } from "../resources/schema.js";

/** The water side of master data (migration 0009): captain profiles, shipowners, ship relations. */

export interface CaptainProfilesTable extends EngineColumns {
  user_id: number | null;
  name: string;
  mobile: string;
  id_card_no: string;
  gender: string | null;
  address: string | null;
  source: string;
  crew_cert_no: string;
  crew_position: string;
  nav_area: string | null;
  service_book_no: string | null;
  cert_valid_to: string | null;
  audit_status: string;
  audit_remark: string | null;
  enabled: string;
  remark: string | null;
}

export interface ShipownersTable extends EngineColumns {
  user_id: number | null;
  kind: string;
  name: string;
  id_card_no: string | null;
  mobile: string | null;
  address: string | null;
  credit_code: string | null;
  legal_person: string | null;
  registered_address: string | null;
  contact_name: string | null;
  contact_mobile: string | null;
  water_permit_no: string | null;
  audit_status: string;
  audit_remark: string | null;
  enabled: string;
  remark: string | null;
}

export interface ShipRelationsTable extends EngineColumns {
  ship_id: number;
  party_type: string;
  party_id: number;
  party_name: string;
  captain_profile_id: number | null;
  shipowner_id: number | null;
  relation_type: string;
  valid_from: string | null;
  valid_to: string | null;
  /** JSON array of image references. */
  materials: string | null;
  audit_status: string;
  audit_remark: string | null;
  relation_status: string;
  dissolve_reason: string | null;
}

export interface WaterTables {
  captain_profiles: CaptainProfilesTable;
  shipowners: ShipownersTable;
  ship_relations: ShipRelationsTable;
}
