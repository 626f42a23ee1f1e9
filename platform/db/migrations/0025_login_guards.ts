import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.js";

/**
 * The login counter and lock of a mobile that has no account, so a login for an
 * unregistered number meets the same captcha and lock as a registered one (registered accounts keep
 * theirs on `users`, where 用户管理 shows and clears it).
 */
export function loginGuardsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("login_guards")
        .addColumn("mobile", "varchar(20)", (c) => c.primaryKey())
        .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("locked_until", "varchar(32)")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("login_guards").execute();
    },
  };
}
