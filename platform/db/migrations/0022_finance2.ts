import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, engineTable, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * Finance, second part (domain 5.7–5.9, 6.12): payee settings (提现分配), temporary tax registrations,
 * matchmaking invoices with their waybills (合并明细), and red-envelope campaigns with their grants.
 * The first four are engine tables; red envelopes move money through the ledger (0016) and keep a
 * request number per create so a repeated request answers the first result.
 */
export function finance2Migration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const text = (n: number) => `varchar(${n})` as const;
  const time = text(32);
  return {
    async up(db: Kysely<unknown>) {
      await engineTable(db.schema.createTable("payee_settings"), dialect, { platformLevel: true })
        .addColumn("carrier_user_id", big, (c) => c.notNull().references("users.id"))
        .addColumn("carrier_mobile", text(16), (c) => c.notNull())
        .addColumn("carrier_name", text(32), (c) => c.notNull())
        .addColumn("payee_role", text(16), (c) => c.notNull())
        .addColumn("payee_user_id", big, (c) => c.notNull().references("users.id"))
        .addColumn("payee_mobile", text(16), (c) => c.notNull())
        .addColumn("payee_name", text(32), (c) => c.notNull())
        .addColumn("payee_share_bp", "integer", (c) => c.notNull())
        .addColumn("agreement_no", text(64), (c) => c.notNull())
        .addColumn("valid_from", text(10), (c) => c.notNull())
        .addColumn("valid_to", text(10))
        .addColumn("audit_remark", text(200))
        .addColumn("status", text(16), (c) => c.notNull())
        .execute();
      await db.schema.createIndex("payee_settings_carrier").on("payee_settings").columns(["platform_id", "carrier_user_id", "status"]).execute();

      await engineTable(db.schema.createTable("tax_registrations"), dialect, { platformLevel: true })
        .addColumn("driver_profile_id", big, (c) => c.notNull().references("driver_profiles.id"))
        .addColumn("name", text(32), (c) => c.notNull())
        .addColumn("id_card_no", text(18), (c) => c.notNull())
        .addColumn("mobile", text(16), (c) => c.notNull())
        .addColumn("tax_authority", text(64), (c) => c.notNull())
        .addColumn("taxpayer_no", text(20), (c) => c.notNull())
        .addColumn("registered_at", text(10))
        .addColumn("valid_to", text(10))
        .addColumn("authorization_file", text(2000), (c) => c.notNull())
        .addColumn("fail_reason", text(200))
        .addColumn("status", text(16), (c) => c.notNull())
        .execute();
      await db.schema.createIndex("tax_registrations_profile").on("tax_registrations").columns(["driver_profile_id", "status"]).execute();

      await engineTable(db.schema.createTable("match_invoices"), dialect)
        .addColumn("apply_no", text(20), (c) => c.notNull().unique())
        .addColumn("request_no", text(64))
        .addColumn("order_no", text(32))
        .addColumn("invoice_kind", text(16), (c) => c.notNull())
        .addColumn("invoice_type", text(16), (c) => c.notNull())
        .addColumn("buyer_name", text(128), (c) => c.notNull())
        .addColumn("seller_name", text(128), (c) => c.notNull())
        .addColumn("driver_user_id", big)
        .addColumn("driver_name", text(32))
        .addColumn("driver_tax_no", text(20))
        .addColumn("goods_name", text(64), (c) => c.notNull())
        .addColumn("amount", big, (c) => c.notNull())
        .addColumn("tax_amount", big, (c) => c.notNull())
        .addColumn("items_amount", big, (c) => c.notNull())
        .addColumn("waybill_count", "integer", (c) => c.notNull())
        .addColumn("invoice_code", text(12))
        .addColumn("invoice_no", text(20))
        .addColumn("issue_date", text(10))
        .addColumn("express_company", text(32))
        .addColumn("express_no", text(32))
        .addColumn("finished_at", time)
        .addColumn("status", text(16), (c) => c.notNull())
        .execute();
      await sql`create unique index match_invoices_request on match_invoices (platform_id, request_no) where request_no is not null`.execute(db);
      await db.schema.createIndex("match_invoices_org").on("match_invoices").columns(["org_id", "created_at"]).execute();

      await engineTable(db.schema.createTable("match_invoice_items"), dialect)
        .addColumn("invoice_id", big, (c) => c.notNull().references("match_invoices.id"))
        .addColumn("invoice_kind", text(16), (c) => c.notNull())
        .addColumn("freight_id", big, (c) => c.notNull().references("freights.id"))
        .addColumn("freight_no", text(32), (c) => c.notNull())
        .addColumn("carrier_name", text(32), (c) => c.notNull())
        .addColumn("conveyance_name", text(32), (c) => c.notNull())
        .addColumn("cargo_name", text(64), (c) => c.notNull())
        .addColumn("loading_place", text(64), (c) => c.notNull())
        .addColumn("unloading_place", text(64), (c) => c.notNull())
        .addColumn("weight", big, (c) => c.notNull())
        .addColumn("amount", big, (c) => c.notNull())
        .execute();
      // A waybill is invoiced once per kind: items of a cancelled invoice are soft-deleted (released).
      await sql`create unique index match_invoice_items_once on match_invoice_items (freight_id, invoice_kind) where deleted_at is null`.execute(db);
      await db.schema.createIndex("match_invoice_items_invoice").on("match_invoice_items").columns(["invoice_id"]).execute();

      await withId(db.schema.createTable("red_envelope_campaigns"), dialect)
        .addColumn("platform_id", text(8), (c) => c.notNull().references("platforms.id"))
        .addColumn("campaign_no", text(20), (c) => c.notNull().unique())
        .addColumn("request_no", text(64), (c) => c.notNull())
        .addColumn("request_hash", text(64), (c) => c.notNull())
        .addColumn("name", text(64), (c) => c.notNull())
        .addColumn("type", text(16), (c) => c.notNull())
        .addColumn("audience", text(16), (c) => c.notNull())
        .addColumn("amount_mode", text(16), (c) => c.notNull())
        .addColumn("amount_min", big, (c) => c.notNull())
        .addColumn("amount_max", big, (c) => c.notNull())
        .addColumn("budget", big, (c) => c.notNull())
        .addColumn("granted_amount", big, (c) => c.notNull().defaultTo(0))
        .addColumn("received_amount", big, (c) => c.notNull().defaultTo(0))
        .addColumn("per_user_limit", "integer", (c) => c.notNull())
        .addColumn("receive_days", "integer", (c) => c.notNull())
        .addColumn("valid_from", text(10), (c) => c.notNull())
        .addColumn("valid_to", text(10), (c) => c.notNull())
        .addColumn("status", text(16), (c) => c.notNull())
        .addColumn("created_by", big, (c) => c.notNull())
        .addColumn("created_name", text(32), (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint("red_envelope_campaigns_request", ["platform_id", "request_no"])
        .execute();

      await withId(db.schema.createTable("red_envelope_grants"), dialect)
        .addColumn("platform_id", text(8), (c) => c.notNull().references("platforms.id"))
        .addColumn("campaign_id", big, (c) => c.notNull().references("red_envelope_campaigns.id"))
        .addColumn("user_id", big, (c) => c.notNull().references("users.id"))
        .addColumn("user_name", text(32), (c) => c.notNull())
        .addColumn("user_mobile", text(16), (c) => c.notNull())
        .addColumn("amount", big, (c) => c.notNull())
        .addColumn("biz_ref", text(80), (c) => c.notNull())
        .addColumn("status", text(16), (c) => c.notNull())
        .addColumn("granted_at", time, (c) => c.notNull())
        .addColumn("expire_at", time, (c) => c.notNull())
        .addColumn("received_at", time)
        .addColumn("revoked_at", time)
        .addColumn("ledger_txn_id", big)
        .addColumn("operator_name", text(32), (c) => c.notNull())
        .addUniqueConstraint("red_envelope_grants_once", ["campaign_id", "user_id", "biz_ref"])
        .execute();
      await db.schema.createIndex("red_envelope_grants_user").on("red_envelope_grants").columns(["user_id", "status"]).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["red_envelope_grants", "red_envelope_campaigns", "match_invoice_items", "match_invoices", "tax_registrations", "payee_settings"]) await db.schema.dropTable(table).execute();
    },
  };
}
