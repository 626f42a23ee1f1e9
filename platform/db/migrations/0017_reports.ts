import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * Reports (issue 13, domain 7.1):
 *  - `waybill_clicks`: clicks on waybill pages recorded from the console (运单点击分析), scoped like
 *    the caller who clicked;
 *  - the statistics time of a waybill (loading time, creation before loading) indexed per scope, so a
 *    report's date range reads only that range: a 31-day range at a million waybills is ~85,000 rows.
 */
const STAT_TIME = "(coalesce(loading_time, created_at))";
const STAT_INDEXES: Array<[string, string]> = [
  ["freights_stat_platform", "platform_id"],
  ["freights_stat_tenant", "platform_id, tenant_id"],
  ["freights_stat_org", "platform_id, org_id"],
  ["freights_stat_carrier", "carrier_user_id"],
];

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
      for (const [name, columns] of STAT_INDEXES) await sql.raw(`create index ${name} on freights (${columns}, ${STAT_TIME})`).execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of STAT_INDEXES) await db.schema.dropIndex(name).execute();
      await db.schema.dropTable("waybill_clicks").execute();
    },
  };
}
