import type { SealedColumns } from "../db/personal.js";
import type { Generated } from "kysely";
import { tableOf, type TableOf } from "./table-of.js";
import { cargoCategory } from "../../contract/resources/cargo-category.js";
import { credential } from "../../contract/resources/credential.js";
import { dictItem } from "../../contract/resources/dict-item.js";

/** Whose a row is: the caller scoping (platform/scope.ts `rowsFor`) filters on these. */
export interface OwnerColumns {
  platform_id: string;
  tenant_id: number | null;
  org_id: number | null;
  owner_user_id: number | null;
}

/** Who wrote a row and when, the version a write must still find (optimistic locking) and its soft deletion. */
export interface WriteColumns {
  created_at: string;
  created_by: number | null;
  updated_by: number | null;
  updated_at: string | null;
  version: Generated<number>;
  deleted_at: string | null;
}

/**
 * Columns every resource-engine table carries (platform/db/columns.ts engineTable), written once: a table
 * type extends this (or its parts, narrowing a column its table makes stricter) rather than retyping them.
 */
export interface EngineColumns extends OwnerColumns, WriteColumns {
  id: Generated<number>;
}

/** The audit trail of every resource (docs/architecture.md: `resource_events` = domain 0.4.3 audit_records). */
export interface ResourceEventsTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  action: string;
  action_label: string;
  from_status: string | null;
  to_status: string | null;
  remark: string | null;
  /** JSON: changed fields { field: [before, after] } or per-credential decisions. */
  detail: string | null;
  operator_user_id: number | null;
  operator_name: string;
  platform_id: string;
  tenant_id: number | null;
  org_id: number | null;
  created_at: string;
}

export interface SerialCountersTable {
  prefix: string;
  day: string;
  last: number;
}

/** 证照 (contract/resources/credential.ts); `images` is a JSON array of image references. */
export const CREDENTIAL_TABLE = tableOf(credential, { status: "status", generated: ["longTerm", "images", "rejectCount"] });

export interface CredentialsTable extends TableOf<typeof CREDENTIAL_TABLE>, EngineColumns, SealedColumns<"cert_no"> {
  /** The 有效期至 the nightly expiry job last told the owner about (migration 0035). */
  expiry_flagged_to?: string | null;
}

export const DICT_ITEM_TABLE = tableOf(dictItem, { status: "enabled", generated: ["sort", "enabled"] });

export interface DictItemsTable extends TableOf<typeof DICT_ITEM_TABLE>, EngineColumns {}

export const CARGO_CATEGORY_TABLE = tableOf(cargoCategory, { status: "enabled", generated: ["sort", "enabled"] });

export interface CargoCategoriesTable extends TableOf<typeof CARGO_CATEGORY_TABLE>, EngineColumns {}

export interface ResourceTables {
  resource_events: ResourceEventsTable;
  serial_counters: SerialCountersTable;
  credentials: CredentialsTable;
  dict_items: DictItemsTable;
  cargo_categories: CargoCategoriesTable;
}
