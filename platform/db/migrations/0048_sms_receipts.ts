import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.js";

/**
 * Delivery receipts: a row may become 成功 (DELIVERED, longer than the status column allowed on
 * PostgreSQL; SQLite does not hold varchar lengths), and the receipts job looks up 已提交 rows by age.
 */
export function smsReceiptsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "postgres") await db.schema.alterTable("sms_send_logs").alterColumn("status", (c) => c.setDataType("varchar(12)")).execute();
      await db.schema.createIndex("sms_send_logs_status").on("sms_send_logs").columns(["status", "created_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("sms_send_logs_status").execute();
      if (dialect === "postgres") await db.schema.alterTable("sms_send_logs").alterColumn("status", (c) => c.setDataType("varchar(8)")).execute();
    },
  };
}
