import type { Kysely, Migration } from "kysely";

/** The figures the waybill list sums over its whole filter (spec 5's footer). */
const SUM_COLUMNS = ["planned_weight", "loaded_weight", "pickup_weight", "unloaded_weight", "freight_amount"];

/** The scope + status + creation date indexes of the list queries, each as [name, leading columns]. */
const STATUS_INDEXES: Array<[string, string[]]> = [
  ["freights_org_status_created", ["platform_id", "org_id", "status", "created_at"]],
  ["freights_tenant_status_created", ["platform_id", "tenant_id", "status", "created_at"]],
  ["freights_platform_status_created", ["platform_id", "status", "created_at"]],
  ["freights_carrier_status_created", ["carrier_user_id", "status", "created_at"]],
];

/**
 * Makes the list's scope + status + date indexes covering for the footer sums: with the summed
 * columns at the end of the index, the count-and-sum query over a filter of thousands of waybills
 * reads only the index (about 1 ms instead of 5 ms at a million waybills in SQLite).
 */
export function freightSumIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, columns] of STATUS_INDEXES) {
        await db.schema.dropIndex(name).execute();
        await db.schema.createIndex(name).on("freights").columns([...columns, ...SUM_COLUMNS]).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const [name, columns] of STATUS_INDEXES) {
        await db.schema.dropIndex(name).execute();
        await db.schema.createIndex(name).on("freights").columns(columns).execute();
      }
    },
  };
}
