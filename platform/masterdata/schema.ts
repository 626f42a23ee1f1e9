/**
 * Master data's tables, typed from their definitions (`tableOf`, platform/resources/table-of.ts): enterprises
 * and invitations, drivers, fleet leaders and 人车关系, an organisation's own resources, and the water side.
 */
import type { SealedColumns, RetentionColumns } from "../db/personal.js";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { enterprise } from "../../contract/resources/enterprise.js";
import { invitation } from "../../contract/resources/invitation.js";
import { driverProfile } from "../../contract/resources/driver.js";
import { fleetLeader, fleetLeaderMember } from "../../contract/resources/fleet-leader.js";
import { vehicleRelation } from "../../contract/resources/vehicle-relation.js";
import { cargo } from "../../contract/resources/cargo.js";
import { contact } from "../../contract/resources/contact.js";
import { project } from "../../contract/resources/project.js";
import { settlementUnit } from "../../contract/resources/settlement-unit.js";
import { shipper } from "../../contract/resources/shipper.js";
import { captainProfile } from "../../contract/resources/captain.js";
import { shipowner } from "../../contract/resources/shipowner.js";
import { shipRelation } from "../../contract/resources/ship-relation.js";

// Enterprises and their invitations (migration 0007).
export const ENTERPRISE_TABLE = tableOf(enterprise, { status: "auditStatus", generated: ["businessMode", "enabled", "auditStatus"], notNull: ["tenantId", "registeredAt"] });

/** 企业资料 (domain 2.1): `id` = organisations.id = org_id. */
export interface EnterpriseProfilesTable extends TableOf<typeof ENTERPRISE_TABLE>, Omit<EngineColumns, "tenant_id">, SealedColumns<"legal_person_id_no"> {
  admin_user_id: number | null;
}

export const INVITATION_TABLE = tableOf(invitation, { status: "status", generated: ["sendCountDay"], notNull: ["inviteNo", "inviteCode", "inviterName", "invitedAt", "expiresAt"] });

/** 注册邀请 (domain 2.9). */
export interface RegistrationInvitationsTable extends TableOf<typeof INVITATION_TABLE>, EngineColumns {
  /** The keyed hash of the invitation's code (invite-codes.ts); `invite_code` keeps only its last two characters. */
  invite_code_hash: string;
  inviter_user_id: number | null;
  registered_user_id: number | null;
}

export interface EnterpriseTables {
  enterprise_profiles: EnterpriseProfilesTable;
  registration_invitations: RegistrationInvitationsTable;
}

// Drivers, fleet leaders and 人车关系 (migration 0008, domain 1.1, 2.4, 2.5).

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

// An organisation's own resources (migration 0010): shippers, cargos, contacts, projects, settlement units.

/** `tax_complete` (0/1) is kept by the binding's hooks: the tax block is complete enough to invoice. */
export const SHIPPER_TABLE = tableOf(shipper, { status: "auditStatus", generated: ["taxComplete", "enabled"], notNull: ["shipperNo"] });

export interface ShippersTable extends TableOf<typeof SHIPPER_TABLE>, EngineColumns, SealedColumns<"id_card_no"> {}

/** The category's name and ministry code are copied from the chosen category. */
export const CARGO_TABLE = tableOf(cargo, { status: "enabled", generated: ["enabled"], notNull: ["categoryName", "ministryCode"], nullable: ["unitPrice", "lossAllowanceBp"] });

export interface CargosTable extends TableOf<typeof CARGO_TABLE>, EngineColumns {}

export const CONTACT_TABLE = tableOf(contact, { generated: ["isDefault"] });

export interface ContactsTable extends TableOf<typeof CONTACT_TABLE>, EngineColumns {}

export const PROJECT_TABLE = tableOf(project, { status: "auditStatus", generated: ["status"], notNull: ["projectNo"] });

export interface ProjectsTable extends TableOf<typeof PROJECT_TABLE>, EngineColumns {}

export const SETTLEMENT_UNIT_TABLE = tableOf(settlementUnit, { status: "enabled", generated: ["enabled"] });

export interface SettlementUnitsTable extends TableOf<typeof SETTLEMENT_UNIT_TABLE>, EngineColumns {}

export interface OrgResourceTables {
  shippers: ShippersTable;
  cargos: CargosTable;
  contacts: ContactsTable;
  projects: ProjectsTable;
  settlement_units: SettlementUnitsTable;
}

// The water side (migration 0009): captain profiles, shipowners, ship relations.

export const CAPTAIN_PROFILE_TABLE = tableOf(captainProfile, { status: "auditStatus", generated: ["source", "enabled", "auditStatus"], nullable: ["certValidTo"], notNull: ["idCardNo"] });

export interface CaptainProfilesTable extends TableOf<typeof CAPTAIN_PROFILE_TABLE>, EngineColumns, SealedColumns<"id_card_no">, RetentionColumns {
  user_id: number | null;
}

export const SHIPOWNER_TABLE = tableOf(shipowner, { status: "auditStatus", generated: ["enabled", "auditStatus"] });

export interface ShipownersTable extends TableOf<typeof SHIPOWNER_TABLE>, EngineColumns, SealedColumns<"id_card_no">, RetentionColumns {
  user_id: number | null;
}

/** `party_name` is copied from the captain or shipowner the relation names. */
export const SHIP_RELATION_TABLE = tableOf(shipRelation, { status: "auditStatus", generated: ["relationStatus", "auditStatus"], notNull: ["partyName"] });

export interface ShipRelationsTable extends TableOf<typeof SHIP_RELATION_TABLE>, EngineColumns {
  party_id: number;
}

export interface WaterTables {
  captain_profiles: CaptainProfilesTable;
  shipowners: ShipownersTable;
  ship_relations: ShipRelationsTable;
}
