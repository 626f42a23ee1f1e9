import type { Kysely, Migration } from "kysely";
import { ENTERPRISE_ADMIN_CODES, ENTERPRISE_ADMIN_ROLE } from "../../../contract/role-templates.js";
import { grantMissingCodes } from "../../iam/role-templates.js";
import { bigintType, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * Notifications and 付款须审核 (docs/design/notifications.md, docs/design/money.md):
 * - every notification carries the console path of the page where its thing is (`target_path`) and the
 *   event it tells of (`event_key`); one event reaches one user once (unique user + event), so a
 *   repeated request never notifies twice;
 * - 付款须审核: a payment waits for audit (`audited_*`, `audit_remark`) and keeps its history
 *   (`payment_events`, the detail page's 操作记录);
 * - 企业管理员 roles gain 支付审核 (PAY_PAYMENT_AUDIT) from their template.
 */
export function moneyNotificationsMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("notifications").addColumn("target_path", "varchar(300)").execute();
      await db.schema.alterTable("notifications").addColumn("event_key", "varchar(120)").execute();
      await db.schema.createIndex("notifications_user_event").on("notifications").columns(["user_id", "event_key"]).unique().execute();

      await db.schema.alterTable("payments").addColumn("audited_by", big).execute();
      await db.schema.alterTable("payments").addColumn("audited_name", "varchar(64)").execute();
      await db.schema.alterTable("payments").addColumn("audited_at", "varchar(32)").execute();
      await db.schema.alterTable("payments").addColumn("audit_remark", "varchar(500)").execute();

      await withId(db.schema.createTable("payment_events"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("payment_id", big, (c) => c.notNull().references("payments.id"))
        .addColumn("action", "varchar(16)", (c) => c.notNull())
        .addColumn("label", "varchar(32)", (c) => c.notNull())
        .addColumn("from_status", "varchar(16)")
        .addColumn("to_status", "varchar(16)", (c) => c.notNull())
        .addColumn("operator_id", big, (c) => c.notNull())
        .addColumn("operator_name", "varchar(64)", (c) => c.notNull())
        .addColumn("remark", "varchar(500)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("payment_events_payment_idx").on("payment_events").columns(["payment_id", "id"]).execute();

      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const k = db as Kysely<any>;
      const roles = await k.selectFrom("roles").select("id").where("name", "=", ENTERPRISE_ADMIN_ROLE).where("user_type", "=", "ORG_USER").execute();
      for (const role of roles) await grantMissingCodes(k, Number(role.id), ENTERPRISE_ADMIN_CODES);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("payment_events").execute();
      for (const column of ["audited_by", "audited_name", "audited_at", "audit_remark"]) await db.schema.alterTable("payments").dropColumn(column).execute();
      await db.schema.dropIndex("notifications_user_event").execute();
      await db.schema.alterTable("notifications").dropColumn("event_key").execute();
      await db.schema.alterTable("notifications").dropColumn("target_path").execute();
    },
  };
}
