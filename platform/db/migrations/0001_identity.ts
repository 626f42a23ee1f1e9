import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../index.js";
import { withId } from "../columns.js";

export function identityMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("platforms")
        .addColumn("id", "varchar(8)", (c) => c.primaryKey())
        .addColumn("name", "varchar(64)", (c) => c.notNull())
        .addColumn("title", "varchar(64)", (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable("tenants"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("name", "varchar(128)", (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable("organisations"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("tenant_id", "integer", (c) => c.notNull().references("tenants.id"))
        .addColumn("name", "varchar(128)", (c) => c.notNull())
        .addColumn("credit_code", "varchar(32)")
        .execute();
      await db.schema
        .createTable("permissions")
        .addColumn("code", "varchar(64)", (c) => c.primaryKey())
        .addColumn("name", "varchar(128)", (c) => c.notNull())
        .addColumn("category", "varchar(32)", (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable("roles"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("name", "varchar(64)", (c) => c.notNull())
        .addColumn("user_type", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("role_permissions")
        .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
        .addColumn("permission_code", "varchar(64)", (c) => c.notNull().references("permissions.code"))
        .addPrimaryKeyConstraint("role_permissions_pk", ["role_id", "permission_code"])
        .execute();
      await withId(db.schema.createTable("users"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("tenant_id", "integer", (c) => c.references("tenants.id"))
        .addColumn("org_id", "integer", (c) => c.references("organisations.id"))
        .addColumn("type", "varchar(32)", (c) => c.notNull())
        .addColumn("mobile", "varchar(16)", (c) => c.notNull().unique())
        .addColumn("name", "varchar(64)", (c) => c.notNull())
        .addColumn("password_hash", "varchar(256)", (c) => c.notNull())
        .addColumn("headshot_url", "varchar(512)")
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("ACTIVE"))
        .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("locked_until", "varchar(32)")
        .addColumn("pw_expiration", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("user_roles")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role_id"])
        .execute();

      await db.schema
        .createTable("key_pairs")
        .addColumn("id", "varchar(32)", (c) => c.primaryKey())
        .addColumn("public_key", "text", (c) => c.notNull())
        .addColumn("private_key", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("csrf_tokens")
        .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
        .addColumn("client_id", "varchar(64)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .execute();
      await withId(db.schema.createTable("auth_tokens"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("parent_id", "integer")
        .addColumn("client_id", "varchar(64)", (c) => c.notNull())
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("access_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("refresh_hash", "varchar(64)", (c) => c.notNull().unique())
        .addColumn("access_expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("refresh_expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("rotated_at", "varchar(32)")
        .addColumn("revoked_at", "varchar(32)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("auth_tokens_parent").on("auth_tokens").column("parent_id").execute();
      await withId(db.schema.createTable("sms_codes"), dialect)
        .addColumn("mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .execute();
      await db.schema.createIndex("sms_codes_mobile").on("sms_codes").columns(["mobile", "created_at"]).execute();
      await db.schema
        .createTable("captchas")
        .addColumn("mobile", "varchar(16)", (c) => c.primaryKey())
        .addColumn("answer", "varchar(16)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable("dev_outbox"), dialect)
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await sql`select 1`.execute(db);
    },
  };
}
