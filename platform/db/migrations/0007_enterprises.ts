import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, engineTable } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * 企业资料 (domain 2.1) and 注册邀请 (domain 2.9). `enterprise_profiles.id` is the organisation's id
 * (org_id holds it too, so the engine's organisation scope applies); `registration_invitations` is
 * platform-level (no organisation needed) with a per-platform unique invite code and the per-day
 * send counter of 重发.
 */
export function enterprisesMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const time = "varchar(32)";
  return {
    async up(db: Kysely<unknown>) {
      await engineTable(db.schema.createTable("enterprise_profiles"), dialect)
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("short_name", "varchar(32)")
        .addColumn("name", "varchar(128)", (c) => c.notNull())
        .addColumn("credit_code", "varchar(18)", (c) => c.notNull())
        .addColumn("legal_person", "varchar(32)")
        .addColumn("legal_person_id_no", "varchar(18)")
        .addColumn("registered_address", "varchar(200)")
        .addColumn("region_code", "varchar(6)")
        .addColumn("contact_name", "varchar(32)", (c) => c.notNull())
        .addColumn("contact_mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("business_scope", "varchar(500)")
        .addColumn("road_permit_no", "varchar(50)")
        .addColumn("water_permit_no", "varchar(50)")
        .addColumn("admin_user_id", big, (c) => c.references("users.id"))
        .addColumn("admin_name", "varchar(32)", (c) => c.notNull())
        .addColumn("admin_mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("business_mode", "varchar(16)", (c) => c.notNull().defaultTo("SELF_OPERATED"))
        .addColumn("remark", "varchar(200)")
        .addColumn("audit_status", "varchar(16)", (c) => c.notNull().defaultTo("PENDING"))
        .addColumn("audit_remark", "varchar(500)")
        .addColumn("enabled", "varchar(16)", (c) => c.notNull().defaultTo("ENABLED"))
        .execute();
      await db.schema.createIndex("enterprise_profiles_platform_created").on("enterprise_profiles").columns(["platform_id", "created_at"]).execute();
      await db.schema.createIndex("enterprise_profiles_tenant_created").on("enterprise_profiles").columns(["platform_id", "tenant_id", "created_at"]).execute();
      await sql`create unique index enterprise_profiles_credit_code on enterprise_profiles (platform_id, credit_code) where deleted_at is null`.execute(db);

      await engineTable(db.schema.createTable("registration_invitations"), dialect, { platformLevel: true })
        .addColumn("invite_no", "varchar(20)", (c) => c.notNull())
        .addColumn("invitee_mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("invitee_name", "varchar(32)")
        .addColumn("role", "varchar(16)", (c) => c.notNull())
        .addColumn("invite_code", "varchar(8)", (c) => c.notNull())
        .addColumn("channel", "varchar(16)", (c) => c.notNull())
        .addColumn("inviter_user_id", big, (c) => c.references("users.id"))
        .addColumn("inviter_name", "varchar(32)", (c) => c.notNull())
        .addColumn("expires_at", time, (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("registered_user_id", big, (c) => c.references("users.id"))
        .addColumn("registered_at", time)
        .addColumn("certified_at", time)
        .addColumn("send_count_day", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("last_sent_day", "varchar(10)")
        .execute();
      await db.schema.createIndex("registration_invitations_code").on("registration_invitations").columns(["platform_id", "invite_code"]).unique().execute();
      await db.schema.createIndex("registration_invitations_platform_created").on("registration_invitations").columns(["platform_id", "created_at"]).execute();
      await db.schema.createIndex("registration_invitations_tenant_created").on("registration_invitations").columns(["platform_id", "tenant_id", "created_at"]).execute();
      await db.schema.createIndex("registration_invitations_open").on("registration_invitations").columns(["platform_id", "status", "expires_at"]).execute();
      await db.schema.createIndex("registration_invitations_mobile").on("registration_invitations").columns(["platform_id", "invitee_mobile", "role", "status"]).execute();
    },
  };
}
