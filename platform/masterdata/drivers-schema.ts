/** Tables of drivers, fleet leaders and 人车关系 (migration 0008, domain 1.1, 2.4, 2.5). */
import type { EngineColumns } from "../resources/schema.js";

export interface DriverProfilesTable extends EngineColumns {
  name: string;
  mobile: string;
  id_card_no: string;
  user_id: number | null;
  registered_tenant_id: number | null;
  source: string;
  driving_license_no: string;
  vehicle_class: string;
  license_valid_to: string;
  qualification_cert_no: string | null;
  qualification_valid_to: string | null;
  audit_status: string;
  audit_remark: string | null;
  enabled: string;
  remark: string | null;
}

export interface FleetLeadersTable extends EngineColumns {
  name: string;
  mobile: string;
  id_card_no: string;
  user_id: number | null;
  registered_tenant_id: number | null;
  fleet_name: string;
  collect_enabled: number;
  distribution_rule: string;
  distribution_value: number | null;
  audit_status: string;
  audit_remark: string | null;
  enabled: string;
  remark: string | null;
}

export interface FleetLeaderMembersTable extends EngineColumns {
  fleet_leader_id: number;
  driver_profile_id: number;
  vehicle_id: number | null;
  joined_at: string;
  quit_at: string | null;
  status: string;
  collect_authorized: number;
  remark: string | null;
}

export interface VehicleRelationsTable extends EngineColumns {
  pair_name: string;
  driver_profile_id: number;
  vehicle_id: number;
  relation_type: string;
  valid_from: string | null;
  valid_to: string | null;
  auth_images: string | null;
  audit_status: string;
  audit_remark: string | null;
  status: string;
  dissolve_reason: string | null;
  remark: string | null;
}

export interface DriverTables {
  driver_profiles: DriverProfilesTable;
  fleet_leaders: FleetLeadersTable;
  fleet_leader_members: FleetLeaderMembersTable;
  vehicle_relations: VehicleRelationsTable;
}
