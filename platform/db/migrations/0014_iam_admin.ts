import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, engineTable, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * IAM administration (domain 6.1, 6.2, 6.4, 6.5, 6.15, 7.6): roles owned by a tenant or an organisation,
 * users' login facts, the platform's file store, app versions, system parameters, the operation log and
 * WeChat bindings with their one-time states.
 */
export function iamAdminMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const text = (n: number) => `varchar(${n})` as const;
  const time = text(32);
  return {
    async up(db: Kysely<unknown>) {
      const roles = () => db.schema.alterTable("roles");
      await roles().addColumn("tenant_id", big).execute();
      await roles().addColumn("org_id", big).execute();
      await roles().addColumn("description", text(200)).execute();
      await roles().addColumn("built_in", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await roles().addColumn("status", text(16), (c) => c.notNull().defaultTo("ENABLED")).execute();
      await roles().addColumn("created_at", time).execute();
      await roles().addColumn("updated_at", time).execute();
      for (const [name, type] of [["email", text(64)], ["password_changed_at", time], ["last_login_at", time], ["last_login_ip", text(45)], ["remark", text(200)]] as const) {
        await db.schema.alterTable("users").addColumn(name, type).execute();
      }
      // Seed roles are built in (not deletable).
      await sql`update roles set built_in = 1`.execute(db);

      await withId(db.schema.createTable("system_files"), dialect)
        .addColumn("platform_id", text(8), (c) => c.notNull())
        .addColumn("file_code", text(48))
        .addColumn("category", text(24), (c) => c.notNull())
        .addColumn("original_name", text(128), (c) => c.notNull())
        .addColumn("storage_key", text(256), (c) => c.notNull())
        .addColumn("mime", text(128), (c) => c.notNull())
        .addColumn("size_bytes", big, (c) => c.notNull())
        .addColumn("sha256", text(64), (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("visibility", text(16), (c) => c.notNull())
        .addColumn("biz_type", text(32))
        .addColumn("biz_id", big)
        .addColumn("uploaded_by", big)
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("deleted_at", time)
        .execute();
      await db.schema.createIndex("system_files_list").on("system_files").columns(["platform_id", "category", "created_at"]).execute();
      await db.schema.createIndex("system_files_code").on("system_files").columns(["platform_id", "file_code"]).execute();

      await engineTable(db.schema.createTable("app_versions"), dialect, { platformLevel: true })
        .addColumn("app_code", text(16), (c) => c.notNull())
        .addColumn("os", text(16), (c) => c.notNull())
        .addColumn("version_name", text(16), (c) => c.notNull())
        .addColumn("version_code", "integer", (c) => c.notNull())
        .addColumn("package_file_id", big)
        .addColumn("download_url", text(512))
        .addColumn("file_size", big)
        .addColumn("file_md5", text(64))
        .addColumn("update_notes", text(1000), (c) => c.notNull())
        .addColumn("is_force", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", text(16), (c) => c.notNull())
        .addColumn("published_at", time)
        .execute();
      await db.schema.createIndex("app_versions_app").on("app_versions").columns(["platform_id", "app_code", "os", "version_code"]).execute();

      await withId(db.schema.createTable("sys_configs"), dialect)
        .addColumn("platform_id", text(8), (c) => c.notNull())
        .addColumn("config_key", text(64), (c) => c.notNull())
        .addColumn("config_value", "text", (c) => c.notNull())
        .addColumn("value_type", text(8), (c) => c.notNull())
        .addColumn("description", text(200))
        .addColumn("updated_by", big)
        .addColumn("updated_at", time, (c) => c.notNull())
        .addUniqueConstraint("sys_configs_key", ["platform_id", "config_key"])
        .execute();

      await withId(db.schema.createTable("sys_operation_logs"), dialect)
        .addColumn("platform_id", text(8), (c) => c.notNull())
        .addColumn("user_id", big)
        .addColumn("user_name", text(64))
        .addColumn("mobile", text(16))
        .addColumn("user_type", text(32))
        .addColumn("module", text(32), (c) => c.notNull())
        .addColumn("content", text(500), (c) => c.notNull())
        .addColumn("system", text(16), (c) => c.notNull())
        .addColumn("kind", text(16), (c) => c.notNull())
        .addColumn("method", text(8))
        .addColumn("path", text(256))
        .addColumn("result", text(8))
        .addColumn("error_msg", text(500))
        .addColumn("duration_ms", "integer")
        .addColumn("ip", text(45), (c) => c.notNull())
        .addColumn("user_agent", text(256), (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sys_operation_logs_time").on("sys_operation_logs").columns(["platform_id", "created_at"]).execute();
      await db.schema.createIndex("sys_operation_logs_user").on("sys_operation_logs").columns(["user_id", "created_at"]).execute();

      await withId(db.schema.createTable("user_wechat_bindings"), dialect)
        .addColumn("platform_id", text(8), (c) => c.notNull())
        .addColumn("user_id", big, (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("openid", text(64), (c) => c.notNull().unique())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("wechat_binding_states")
        .addColumn("nonce", text(64), (c) => c.primaryKey())
        .addColumn("used_at", time, (c) => c.notNull())
        .execute();
    },
  };
}
