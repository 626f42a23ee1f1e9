import type { Kysely, Migration } from "kysely";
import { bigintType, withId } from "../columns.js";
import type { DialectName } from "../index.js";

export function notificationsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("notifications"), dialect)
        .addColumn("user_id", bigintType(dialect), (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_time", "varchar(32)", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("PENDING"))
        .addColumn("target_type", "varchar(32)", (c) => c.notNull())
        .addColumn("target_id", "varchar(64)", (c) => c.notNull())
        .addColumn("tags", "varchar(512)", (c) => c.notNull().defaultTo(""))
        .addColumn("freight_no", "varchar(64)")
        .addColumn("freight_way", "varchar(16)")
        .execute();
      await db.schema.createIndex("notifications_user_status_time").on("notifications").columns(["user_id", "status", "created_time"]).execute();
    },
  };
}
