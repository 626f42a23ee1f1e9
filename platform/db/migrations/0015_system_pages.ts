import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, engineTable } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * The other /system pages (domain 6.3, 6.7, 6.8, 6.13, 6.14, 6.17, 6.19, 6.20): app device reports,
 * enterprise configs (1:1 with an organisation: the row's id is the organisation's id), the outbound
 * message log, no-push rules, sensitive words, complaints and their replies, WeChat groups and safety
 * notices. Every table is an engine table; platform-level ones have nullable tenant and organisation.
 */
export function systemPagesMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const text = (n: number) => `varchar(${n})` as const;
  const time = text(32);
  return {
    async up(db: Kysely<unknown>) {
      await engineTable(db.schema.createTable("app_device_reports"), dialect, { platformLevel: true })
        .addColumn("user_id", big, (c) => c.notNull().references("users.id"))
        .addColumn("user_name", text(32), (c) => c.notNull())
        .addColumn("mobile", text(16), (c) => c.notNull())
        .addColumn("app_code", text(16), (c) => c.notNull())
        .addColumn("app_version", text(32), (c) => c.notNull())
        .addColumn("os", text(16), (c) => c.notNull())
        .addColumn("os_version", text(32), (c) => c.notNull())
        .addColumn("device_brand", text(32), (c) => c.notNull())
        .addColumn("device_model", text(64), (c) => c.notNull())
        .addColumn("device_id_hash", text(64), (c) => c.notNull())
        .addColumn("network", text(16), (c) => c.notNull())
        .addColumn("location_permission", text(16), (c) => c.notNull())
        .addColumn("background_location", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("push_enabled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_lat", "double precision")
        .addColumn("last_lng", "double precision")
        .addColumn("reported_at", time, (c) => c.notNull())
        .execute();
      await sql`create unique index app_device_reports_device on app_device_reports (user_id, device_id_hash)`.execute(db);
      await db.schema.createIndex("app_device_reports_reported").on("app_device_reports").columns(["platform_id", "reported_at"]).execute();

      await engineTable(db.schema.createTable("enterprise_configs"), dialect)
        .addColumn("enterprise_name", text(128), (c) => c.notNull())
        .addColumn("business_modes", text(16), (c) => c.notNull())
        .addColumn("default_business_mode", text(16), (c) => c.notNull())
        .addColumn("ticket_type", text(16), (c) => c.notNull())
        .addColumn("service_fee_bp", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("tax_reserve_bp", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("withhold_bp", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("invoice_requires_report", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("settle_basis", text(16), (c) => c.notNull())
        .addColumn("wipe_mode", text(16), (c) => c.notNull())
        .addColumn("loss_allowance_bp", "integer", (c) => c.notNull().defaultTo(30))
        .addColumn("allow_edit_carrier_payable", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("payment_requires_audit", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("single_payment_max", big, (c) => c.notNull().defaultTo(0))
        .addColumn("allow_uncertified_dispatch", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("supply_requires_audit", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("require_loading_proof", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("require_unloading_proof", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("driver_must_bind_card", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("settle_cycle", text(16), (c) => c.notNull())
        .addColumn("credit_limit", big, (c) => c.notNull().defaultTo(0))
        .addColumn("prepay_allowed", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`create unique index enterprise_configs_org on enterprise_configs (org_id) where deleted_at is null`.execute(db);

      await engineTable(db.schema.createTable("push_logs"), dialect, { platformLevel: true })
        .addColumn("channel", text(16), (c) => c.notNull())
        .addColumn("template_code", text(32))
        .addColumn("target_user_id", big)
        .addColumn("target_name", text(32))
        .addColumn("target", text(64))
        .addColumn("title", text(64))
        .addColumn("content", text(500), (c) => c.notNull())
        .addColumn("biz_type", text(32))
        .addColumn("biz_no", text(64))
        .addColumn("status", text(16), (c) => c.notNull())
        .addColumn("rule_id", big)
        .addColumn("error_msg", text(200))
        .addColumn("sent_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("push_logs_sent").on("push_logs").columns(["platform_id", "sent_at"]).execute();
      await db.schema.createIndex("push_logs_biz").on("push_logs").columns(["platform_id", "biz_no"]).execute();

      await engineTable(db.schema.createTable("no_push_rules"), dialect, { platformLevel: true })
        .addColumn("subject_type", text(16), (c) => c.notNull())
        .addColumn("subject_id", big, (c) => c.notNull())
        .addColumn("subject_name", text(128), (c) => c.notNull())
        .addColumn("target", text(16), (c) => c.notNull())
        .addColumn("reason", text(200), (c) => c.notNull())
        .addColumn("valid_from", text(10))
        .addColumn("valid_to", text(10))
        .addColumn("status", text(16), (c) => c.notNull())
        .execute();
      await db.schema.createIndex("no_push_rules_subject").on("no_push_rules").columns(["platform_id", "subject_type", "subject_id", "status"]).execute();

      await engineTable(db.schema.createTable("sensitive_words"), dialect, { platformLevel: true })
        .addColumn("word", text(32), (c) => c.notNull())
        .addColumn("word_key", text(32), (c) => c.notNull())
        .addColumn("category", text(16), (c) => c.notNull())
        .addColumn("match_mode", text(16), (c) => c.notNull())
        .addColumn("action", text(16), (c) => c.notNull())
        .addColumn("enabled", text(16), (c) => c.notNull())
        .execute();
      await sql`create unique index sensitive_words_word on sensitive_words (platform_id, word_key) where deleted_at is null`.execute(db);

      await engineTable(db.schema.createTable("complaints"), dialect, { platformLevel: true })
        .addColumn("complaint_no", text(20), (c) => c.notNull())
        .addColumn("kind", text(16), (c) => c.notNull())
        .addColumn("source", text(16), (c) => c.notNull())
        .addColumn("complainant_user_id", big)
        .addColumn("complainant_name", text(32), (c) => c.notNull())
        .addColumn("complainant_mobile", text(16), (c) => c.notNull())
        .addColumn("target_type", text(16))
        .addColumn("target_name", text(64))
        .addColumn("freight_no", text(32))
        .addColumn("category", text(16), (c) => c.notNull())
        .addColumn("content", text(1000), (c) => c.notNull())
        .addColumn("attachments", text(4000))
        .addColumn("status", text(16), (c) => c.notNull())
        .addColumn("stage", text(16), (c) => c.notNull())
        .addColumn("handler_user_id", big)
        .addColumn("handler_name", text(32))
        .addColumn("accepted_at", time)
        .addColumn("handle_result", text(1000))
        .addColumn("penalty_amount", big)
        .addColumn("reply_content", text(1000))
        .addColumn("replied_at", time)
        .addColumn("deadline_at", time, (c) => c.notNull())
        .addColumn("closed_at", time)
        .execute();
      await sql`create unique index complaints_no on complaints (platform_id, complaint_no)`.execute(db);
      await db.schema.createIndex("complaints_stage").on("complaints").columns(["platform_id", "stage", "created_at"]).execute();
      await db.schema.createIndex("complaints_tenant").on("complaints").columns(["platform_id", "tenant_id", "created_at"]).execute();
      await db.schema.createIndex("complaints_org").on("complaints").columns(["platform_id", "org_id", "created_at"]).execute();

      await engineTable(db.schema.createTable("complaint_replies"), dialect, { platformLevel: true })
        .addColumn("complaint_id", big, (c) => c.notNull().references("complaints.id"))
        .addColumn("author_type", text(16), (c) => c.notNull())
        .addColumn("author_name", text(32), (c) => c.notNull())
        .addColumn("content", text(1000), (c) => c.notNull())
        .execute();
      await db.schema.createIndex("complaint_replies_complaint").on("complaint_replies").columns(["complaint_id", "created_at"]).execute();

      await engineTable(db.schema.createTable("wx_groups"), dialect, { platformLevel: true })
        .addColumn("name", text(32), (c) => c.notNull())
        .addColumn("purpose", text(16), (c) => c.notNull())
        .addColumn("route_text", text(64))
        .addColumn("qr_code", text(600))
        .addColumn("qr_expires_at", text(10))
        .addColumn("owner_name", text(32), (c) => c.notNull())
        .addColumn("owner_mobile", text(16))
        .addColumn("member_count", "integer")
        .addColumn("show_in_app", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sort", "integer")
        .addColumn("enabled", text(16), (c) => c.notNull())
        .addColumn("remark", text(200))
        .execute();

      await engineTable(db.schema.createTable("safety_notices"), dialect, { platformLevel: true })
        .addColumn("title", text(64), (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("audience", text(16), (c) => c.notNull())
        .addColumn("freight_way", text(16))
        .addColumn("must_confirm", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("min_read_seconds", "integer")
        .addColumn("notice_version", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", text(16), (c) => c.notNull())
        .addColumn("published_at", time)
        .execute();
      await db.schema.createIndex("safety_notices_status").on("safety_notices").columns(["platform_id", "status", "created_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["safety_notices", "wx_groups", "complaint_replies", "complaints", "sensitive_words", "no_push_rules", "push_logs", "enterprise_configs", "app_device_reports"]) await db.schema.dropTable(table).execute();
    },
  };
}
