import type { RetentionColumns, SealedColumns } from "../db/personal.js";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { captainProfile } from "../../contract/resources/captain.js";
import { shipowner } from "../../contract/resources/shipowner.js";
import { shipRelation } from "../../contract/resources/ship-relation.js";

/** The water side of master data (migration 0009): captain profiles, shipowners, ship relations, typed from their definitions (`tableOf`). */

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
