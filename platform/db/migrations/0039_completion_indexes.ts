import type { Kysely, Migration } from "kysely";

/**
 * The dashboard's completions per day over the last 30 days, per caller: by organisation, tenant or
 * platform and completion time, so the count reads one index range instead of every waybill completed
 * since then in all organisations, row by row (docs/design/performance.md).
 */
const INDEXES = [
  ["freights_org_completed", ["platform_id", "org_id", "complete_time"]],
  ["freights_tenant_completed", ["platform_id", "tenant_id", "complete_time"]],
  ["freights_platform_completed", ["platform_id", "complete_time"]],
] as const;

export function completionIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on("freights").columns([...columns]).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
    },
  };
}
