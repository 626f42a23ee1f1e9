/** Tables of drivers, fleet leaders and 人车关系 (migration 0008, domain 1.1, 2.4, 2.5), typed from their definitions (`tableOf`). */
import type { RetentionColumns, SealedColumns } from "../db/personal.js";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { driverProfile } from "../../contract/resources/driver.js";
import { fleetLeader, fleetLeaderMember } from "../../contract/resources/fleet-leader.js";
import { vehicleRelation } from "../../contract/resources/vehicle-relation.js";

export const DRIVER_PROFILE_TABLE = tableOf(driverProfile, { status: "auditStatus", generated: ["enabled", "auditStatus"], notNull: ["source", "idCardNo", "drivingLicenseNo"] });

export interface DriverProfilesTable extends TableOf<typeof DRIVER_PROFILE_TABLE>, EngineColumns, SealedColumns<"id_card_no" | "driving_license_no" | "qualification_cert_no">, RetentionColumns {
  user_id: number | null;
  registered_tenant_id: number | null;
}

export const FLEET_LEADER_TABLE = tableOf(fleetLeader, { status: "auditStatus", generated: ["collectEnabled", "distributionRule", "enabled", "auditStatus"], notNull: ["idCardNo"] });

export interface FleetLeadersTable extends TableOf<typeof FLEET_LEADER_TABLE>, EngineColumns, SealedColumns<"id_card_no">, RetentionColumns {
  user_id: number | null;
  registered_tenant_id: number | null;
}

export const FLEET_LEADER_MEMBER_TABLE = tableOf(fleetLeaderMember, { status: "status", generated: ["collectAuthorized", "status"], notNull: ["joinedAt"] });

export interface FleetLeaderMembersTable extends TableOf<typeof FLEET_LEADER_MEMBER_TABLE>, EngineColumns {}

/** `pair_name` (司机 / 车牌) is written from the pair on create. */
export const VEHICLE_RELATION_TABLE = tableOf(vehicleRelation, { status: "auditStatus", generated: ["status", "auditStatus"], notNull: ["pairName"] });

export interface VehicleRelationsTable extends TableOf<typeof VEHICLE_RELATION_TABLE>, EngineColumns {}

export interface DriverTables {
  driver_profiles: DriverProfilesTable;
  fleet_leaders: FleetLeadersTable;
  fleet_leader_members: FleetLeaderMembersTable;
  vehicle_relations: VehicleRelationsTable;
}
