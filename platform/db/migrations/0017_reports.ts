import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * Reports (domain 7.1):
 *  - `waybill_clicks`: clicks on waybill pages recorded from the console (运单点击分析), scoped like
 *    the caller who clicked;
 *  - the statistics time of a waybill (loading time, creation before loading) indexed per scope, so a
 *    report's date range reads only that range: a 31-day range at a million waybills is ~85,000 rows.
 */
const STAT_TIME = "(coalesce(loading_time, created_at))";
/** What the reports read of a waybill besides its scope and statistics time. */
const REPORT_COLUMNS = [
  "freight_way", "status", "tenant_id", "org_id", "shipper_name", "cargo_category", "loading_place", "unloading_place", "driver_id", "vehicle_id",
  "ship_id", "loaded_weight", "unloaded_weight", "freight_amount", "abnormal", "loading_time", "unloading_time", "complete_time", "created_at", "carrier_name",
].join(", ");
/**
 * Covering per scope (platform, tenant, organisation): a report's range is read from the index alone,
 * never from the wide waybill rows (a 31-day range: ~12 ms instead of ~500 ms in SQLite). PostgreSQL
 * carries the columns as INCLUDE, with the id for the reports' per-waybill lookups.
 */
export const STAT_INDEXES: Array<[name: string, keys: string, covering: boolean]> = [
  ["freights_report_platform", "platform_id", true],
  ["freights_report_tenant", "platform_id, tenant_id", true],
  ["freights_report_org", "platform_id, org_id", true],
  ["freights_report_carrier", "carrier_user_id", false],
];

/** A statistics-time index; a covering one carries the reports' columns and `more` (later migrations' columns). */
export function createStatIndex(dialect: DialectName, [name, keys, covering]: (typeof STAT_INDEXES)[number], more: readonly string[] = []) {
  if (!covering) return `create index ${name} on freights (${keys}, ${STAT_TIME})`;
  const columns = [REPORT_COLUMNS, ...more].join(", ");
  return dialect === "postgres"
    ? `create index ${name} on freights (${keys}, ${STAT_TIME}) include (id, ${columns})`
    : `create index ${name} on freights (${keys}, ${STAT_TIME}, ${columns})`;
}

export function reportsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const big = bigintType(dialect);
      await withId(db.schema.createTable("waybill_clicks"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("tenant_id", big)
        .addColumn("org_id", big)
        .addColumn("user_id", big, (c) => c.notNull().references("users.id"))
        .addColumn("module", "varchar(16)", (c) => c.notNull())
        .addColumn("content", "varchar(32)", (c) => c.notNull())
        .addColumn("freight_no", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("waybill_clicks_platform_created").on("waybill_clicks").columns(["platform_id", "created_at"]).execute();
      for (const index of STAT_INDEXES) await sql.raw(createStatIndex(dialect, index)).execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of STAT_INDEXES) await db.schema.dropIndex(name).execute();
      await db.schema.dropTable("waybill_clicks").execute();
    },
  };
}
