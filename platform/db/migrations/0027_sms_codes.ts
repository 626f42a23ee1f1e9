import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.js";

/**
 * One SMS-code service for every consumer. A code is bound to its purpose (a login
 * code cannot bind WeChat), counts the guesses made at it (the fifth wrong one voids it), and a mobile
 * whose codes are guessed wrong too often is locked for a while (`sms_code_guards`).
 */
export function smsCodesMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("sms_codes").addColumn("purpose", "varchar(24)", (c) => c.notNull().defaultTo("LOGIN")).execute();
      await db.schema.alterTable("sms_codes").addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex("sms_codes_mobile_purpose").on("sms_codes").columns(["mobile", "purpose", "id"]).execute();
      await db.schema
        .createTable("sms_code_guards")
        .addColumn("mobile", "varchar(20)", (c) => c.primaryKey())
        .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("locked_until", "varchar(32)")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("sms_code_guards").execute();
      await db.schema.dropIndex("sms_codes_mobile_purpose").execute();
      await db.schema.alterTable("sms_codes").dropColumn("attempts").execute();
      await db.schema.alterTable("sms_codes").dropColumn("purpose").execute();
    },
  };
}
