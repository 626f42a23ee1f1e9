/** Tables of 找船 (domain 7.4–7.6): see migration 0023_find_ship. */
import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { shipAvailability, shipCommunication, shipFine, shipFineLog, shipInfoSubmission, wharf } from "../../contract/resources/findship.js";

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

export const WHARF_TABLE = tableOf(wharf, { status: "auditStatus", generated: ["enabled"], notNull: ["source"] });

/** 经度/纬度 are decimal text in the definition (the form's input) and REAL columns, read back as numbers. */
export interface WharvesTable extends Omit<TableOf<typeof WHARF_TABLE>, "lng" | "lat">, EngineColumns {
  lng: number;
  lat: number;
}

export const SHIP_AVAILABILITY_TABLE = tableOf(shipAvailability, { status: "status", generated: ["viewCount", "callCount"], notNull: ["shipName", "mmsi", "shipType", "deadweight", "emptyPort", "emptyFrom", "emptyTo", "availableLoad", "contactName", "contactMobile", "shipId"] });

export interface ShipAvailabilitiesTable extends TableOf<typeof SHIP_AVAILABILITY_TABLE>, EngineColumns {
  audit_status: string;
}

export const SHIP_INFO_SUBMISSION_TABLE = tableOf(shipInfoSubmission, { status: "auditStatus", notNull: ["submissionNo", "changeSummary"] });

export interface ShipInfoSubmissionsTable extends TableOf<typeof SHIP_INFO_SUBMISSION_TABLE>, EngineColumns {
  availability_id: number | null;
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

export const SHIP_COMMUNICATION_TABLE = tableOf(shipCommunication, { notNull: ["operatorName"] });

export interface ShipCommunicationsTable extends TableOf<typeof SHIP_COMMUNICATION_TABLE>, EngineColumns {
  ship_id: number | null;
  availability_id: number | null;
  inquiry_id: number | null;
}

export const SHIP_FINE_TABLE = tableOf(shipFine, { status: "status", notNull: ["fineNo"] });

export interface ShipFinesTable extends TableOf<typeof SHIP_FINE_TABLE>, EngineColumns {}

export const SHIP_FINE_LOG_TABLE = tableOf(shipFineLog, { notNull: ["fineNo", "shipName", "action", "amount", "operatorName"] });

export interface ShipFineLogsTable extends TableOf<typeof SHIP_FINE_LOG_TABLE>, EngineColumns {}

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
