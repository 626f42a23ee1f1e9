import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/** Risk appeals (风险申诉) of abnormal waybills: platform/appeal. */
export function riskAppealsMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const time = "varchar(32)";
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("risk_appeals"), dialect)
        .addColumn("appeal_no", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("tenant_id", big, (c) => c.notNull().references("tenants.id"))
        .addColumn("org_id", big, (c) => c.notNull().references("organisations.id"))
        .addColumn("freight_id", big, (c) => c.notNull().references("freights.id").onDelete("cascade"))
        .addColumn("freight_no", "varchar(32)", (c) => c.notNull())
        .addColumn("freight_way", "varchar(8)", (c) => c.notNull())
        .addColumn("carrier_user_id", big, (c) => c.references("users.id"))
        .addColumn("risk_reason", "varchar(200)", (c) => c.notNull())
        .addColumn("reason", "varchar(500)", (c) => c.notNull())
        .addColumn("evidence", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("submitted_by", big, (c) => c.notNull().references("users.id"))
        .addColumn("submitted_by_name", "varchar(32)", (c) => c.notNull())
        .addColumn("submitted_at", time, (c) => c.notNull())
        .addColumn("audited_by", big, (c) => c.references("users.id"))
        .addColumn("audited_by_name", "varchar(32)")
        .addColumn("audited_at", time)
        .addColumn("audit_remark", "varchar(500)")
        .execute();
      // The list: each scope (organisation, tenant, platform, own waybills as carrier), optionally by
      // status, newest first; and one waybill's appeals (history, the pending check).
      const indexes: Array<[string, string[]]> = [
        ["risk_appeals_org_status_submitted", ["platform_id", "org_id", "status", "submitted_at"]],
        ["risk_appeals_tenant_status_submitted", ["platform_id", "tenant_id", "status", "submitted_at"]],
        ["risk_appeals_platform_status_submitted", ["platform_id", "status", "submitted_at"]],
        ["risk_appeals_platform_submitted", ["platform_id", "submitted_at"]],
        ["risk_appeals_carrier_submitted", ["carrier_user_id", "submitted_at"]],
        ["risk_appeals_freight", ["freight_id", "id"]],
      ];
      for (const [name, columns] of indexes) await db.schema.createIndex(name).on("risk_appeals").columns(columns).execute();
      // At most one pending appeal per waybill, whatever two submissions race.
      await sql`create unique index risk_appeals_one_pending on risk_appeals (freight_id) where status = 'PENDING'`.execute(db);
    },
  };
}
