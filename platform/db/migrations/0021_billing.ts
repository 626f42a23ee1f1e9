import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, engineTable } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * Invoicing and tax (domain 5.7, 5.8, 6.9): invoicing companies, invoice applications with their
 * waybill lines (合并明细), invoices, input tax tickets, VAT declarations and the per-person declaration
 * log, all engine tables; settlements learn which application holds them. A waybill is in at most one
 * live line (a partial unique index), so it can never be invoiced twice even by concurrent requests.
 */
export function billingMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const text = (n: number) => `varchar(${n})` as const;
  const time = text(32);
  const money = (c: import("kysely").ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  return {
    async up(db: Kysely<unknown>) {
      await engineTable(db.schema.createTable("invoice_companies"), dialect, { platformLevel: true })
        .addColumn("name", text(128), (c) => c.notNull())
        .addColumn("credit_code", text(18), (c) => c.notNull())
        .addColumn("road_permit_no", text(50), (c) => c.notNull())
        .addColumn("water_permit_no", text(50))
        .addColumn("tax_address", text(200), (c) => c.notNull())
        .addColumn("tax_phone", text(20), (c) => c.notNull())
        .addColumn("tax_bank_name", text(64), (c) => c.notNull())
        .addColumn("tax_bank_account", text(32), (c) => c.notNull())
        .addColumn("freight_tax_rate_bp", "integer", (c) => c.notNull())
        .addColumn("service_tax_rate_bp", "integer", (c) => c.notNull())
        .addColumn("agent_levy_rate_bp", "integer", (c) => c.notNull())
        .addColumn("max_invoice_amount", big, (c) => c.notNull())
        .addColumn("limit_basis", text(16), (c) => c.notNull())
        .addColumn("drawer", text(16), (c) => c.notNull())
        .addColumn("reviewer", text(16))
        .addColumn("payee", text(16))
        .addColumn("goods_name_road", text(64), (c) => c.notNull())
        .addColumn("goods_name_water", text(64), (c) => c.notNull())
        .addColumn("goods_name_service", text(64), (c) => c.notNull())
        .addColumn("collect_account_name", text(128), (c) => c.notNull())
        .addColumn("collect_account_no", text(32), (c) => c.notNull())
        .addColumn("collect_bank", text(64), (c) => c.notNull())
        .addColumn("enabled", text(16), (c) => c.notNull().defaultTo("ENABLED"))
        .execute();
      await sql`create unique index invoice_companies_credit on invoice_companies (platform_id, credit_code) where deleted_at is null`.execute(db);

      await engineTable(db.schema.createTable("invoice_applications"), dialect)
        .addColumn("application_no", text(24), (c) => c.notNull().unique())
        .addColumn("request_no", text(64), (c) => c.notNull())
        .addColumn("request_hash", text(64), (c) => c.notNull())
        .addColumn("business_mode", text(16), (c) => c.notNull())
        .addColumn("invoice_kind", text(16), (c) => c.notNull())
        .addColumn("invoice_type", text(16), (c) => c.notNull())
        .addColumn("invoice_company_id", big, (c) => c.notNull().references("invoice_companies.id"))
        .addColumn("shipper_name", text(128), (c) => c.notNull())
        .addColumn("buyer_tax_no", text(20))
        .addColumn("buyer_address_phone", text(200))
        .addColumn("buyer_bank_account", text(200))
        .addColumn("waybill_count", "integer", (c) => c.notNull())
        .addColumn("total_weight", big, (c) => c.notNull())
        .addColumn("amount_incl_tax", big, (c) => c.notNull())
        .addColumn("tax_rate_bp", "integer", (c) => c.notNull())
        .addColumn("tax_amount", big, (c) => c.notNull())
        .addColumn("amount_excl_tax", big, (c) => c.notNull())
        .addColumn("delivery_method", text(8), (c) => c.notNull())
        .addColumn("remark_text", text(230))
        .addColumn("applicant_name", text(32), (c) => c.notNull())
        .addColumn("submitted_at", time)
        .addColumn("audited_by_name", text(32))
        .addColumn("audited_at", time)
        .addColumn("audit_remark", text(500))
        .addColumn("invoice_count", "integer", money)
        .addColumn("issued_at", time)
        .addColumn("express_company", text(32))
        .addColumn("express_no", text(32))
        .addColumn("status", text(16), (c) => c.notNull())
        .execute();
      await sql`create unique index invoice_applications_request on invoice_applications (platform_id, request_no)`.execute(db);
      await db.schema.createIndex("invoice_applications_list").on("invoice_applications").columns(["platform_id", "status", "created_at"]).execute();
      await db.schema.createIndex("invoice_applications_org").on("invoice_applications").columns(["org_id", "created_at"]).execute();

      await engineTable(db.schema.createTable("invoices"), dialect)
        .addColumn("application_id", big, (c) => c.notNull().references("invoice_applications.id"))
        .addColumn("application_no", text(24), (c) => c.notNull())
        .addColumn("invoice_no", text(20), (c) => c.notNull())
        .addColumn("invoice_code", text(12))
        .addColumn("invoice_kind", text(16), (c) => c.notNull())
        .addColumn("invoice_type", text(16), (c) => c.notNull())
        .addColumn("invoice_company_id", big, (c) => c.notNull().references("invoice_companies.id"))
        .addColumn("seller_name", text(128), (c) => c.notNull())
        .addColumn("seller_tax_no", text(20), (c) => c.notNull())
        .addColumn("buyer_name", text(128), (c) => c.notNull())
        .addColumn("buyer_tax_no", text(20))
        .addColumn("goods_name", text(64), (c) => c.notNull())
        .addColumn("amount_excl_tax", big, (c) => c.notNull())
        .addColumn("tax_rate_bp", "integer", (c) => c.notNull())
        .addColumn("tax_amount", big, (c) => c.notNull())
        .addColumn("amount_incl_tax", big, (c) => c.notNull())
        .addColumn("issue_date", text(10), (c) => c.notNull())
        .addColumn("waybill_count", "integer", (c) => c.notNull())
        .addColumn("weight", big, (c) => c.notNull())
        .addColumn("remark_text", text(230))
        .addColumn("drawer", text(16), (c) => c.notNull())
        .addColumn("reviewer", text(16))
        .addColumn("payee", text(16))
        .addColumn("flush_reason", text(200))
        .addColumn("red_info_no", text(20))
        .addColumn("red_at", time)
        .addColumn("status", text(16), (c) => c.notNull())
        .execute();
      await sql`create unique index invoices_number on invoices (invoice_no, coalesce(invoice_code, ''))`.execute(db);
      await db.schema.createIndex("invoices_application").on("invoices").columns(["application_id"]).execute();
      await db.schema.createIndex("invoices_list").on("invoices").columns(["platform_id", "issue_date"]).execute();

      await engineTable(db.schema.createTable("invoice_application_items"), dialect)
        .addColumn("application_id", big, (c) => c.notNull().references("invoice_applications.id"))
        .addColumn("invoice_id", big, (c) => c.references("invoices.id"))
        .addColumn("invoice_no", text(20))
        .addColumn("freight_id", big, (c) => c.notNull().references("freights.id"))
        .addColumn("settlement_id", big, (c) => c.notNull().references("waybill_settlements.id"))
        .addColumn("freight_no", text(32), (c) => c.notNull())
        .addColumn("order_no", text(32), (c) => c.notNull())
        .addColumn("cargo_name", text(64), (c) => c.notNull())
        .addColumn("loading_place", text(64), (c) => c.notNull())
        .addColumn("unloading_place", text(64), (c) => c.notNull())
        .addColumn("conveyance_name", text(32), (c) => c.notNull())
        .addColumn("weight", big, (c) => c.notNull())
        .addColumn("amount_incl_tax", big, (c) => c.notNull())
        .addColumn("line_status", text(16), (c) => c.notNull())
        .execute();
      await sql`create unique index invoice_items_live_freight on invoice_application_items (freight_id) where line_status = 'ACTIVE'`.execute(db);
      await db.schema.createIndex("invoice_items_application").on("invoice_application_items").columns(["application_id"]).execute();
      await db.schema.createIndex("invoice_items_invoice").on("invoice_application_items").columns(["invoice_id"]).execute();

      await engineTable(db.schema.createTable("input_tax_tickets"), dialect, { platformLevel: true })
        .addColumn("ticket_no", text(20), (c) => c.notNull().unique())
        .addColumn("invoice_company_id", big, (c) => c.notNull().references("invoice_companies.id"))
        .addColumn("category", text(16), (c) => c.notNull())
        .addColumn("ticket_type", text(16), (c) => c.notNull())
        .addColumn("invoice_code", text(12))
        .addColumn("invoice_no", text(20), (c) => c.notNull())
        .addColumn("issue_date", text(10), (c) => c.notNull())
        .addColumn("seller_name", text(128), (c) => c.notNull())
        .addColumn("seller_tax_no", text(20), (c) => c.notNull())
        .addColumn("amount_excl_tax", big, (c) => c.notNull())
        .addColumn("tax_rate_bp", "integer", (c) => c.notNull())
        .addColumn("tax_amount", big, (c) => c.notNull())
        .addColumn("amount_incl_tax", big, (c) => c.notNull())
        .addColumn("certified_period", text(7))
        .addColumn("handle_remark", text(200))
        .addColumn("remark", text(200))
        .addColumn("certify_status", text(16), (c) => c.notNull())
        .execute();
      await sql`create unique index input_tax_tickets_number on input_tax_tickets (invoice_no, coalesce(invoice_code, '')) where deleted_at is null`.execute(db);
      await db.schema.createIndex("input_tax_tickets_period").on("input_tax_tickets").columns(["invoice_company_id", "certified_period"]).execute();

      await engineTable(db.schema.createTable("vat_declarations"), dialect, { platformLevel: true })
        .addColumn("declaration_no", text(20), (c) => c.notNull().unique())
        .addColumn("invoice_company_id", big, (c) => c.notNull().references("invoice_companies.id"))
        .addColumn("period", text(7), (c) => c.notNull())
        .addColumn("output_sales", big, money)
        .addColumn("output_tax", big, money)
        .addColumn("output_invoice_count", "integer", money)
        .addColumn("input_tax", big, money)
        .addColumn("input_ticket_count", "integer", money)
        .addColumn("input_transfer_out", big, money)
        .addColumn("previous_credit", big, money)
        .addColumn("payable_tax", big, money)
        .addColumn("carried_credit", big, money)
        .addColumn("rate_breakdown", text(1000))
        .addColumn("declared_on", text(10))
        .addColumn("voucher_no", text(32))
        .addColumn("remark", text(200))
        .addColumn("status", text(16), (c) => c.notNull())
        .execute();
      await sql`create unique index vat_declarations_period on vat_declarations (invoice_company_id, period) where deleted_at is null`.execute(db);

      await engineTable(db.schema.createTable("declare_logs"), dialect, { platformLevel: true })
        .addColumn("period", text(7), (c) => c.notNull())
        .addColumn("invoice_company_id", big, (c) => c.notNull().references("invoice_companies.id"))
        .addColumn("person_name", text(32), (c) => c.notNull())
        .addColumn("id_card_no", text(18), (c) => c.notNull())
        .addColumn("tax_type", text(8), (c) => c.notNull())
        .addColumn("income_amount", big, (c) => c.notNull())
        .addColumn("tax_amount", big, (c) => c.notNull())
        .addColumn("withheld_amount", big)
        .addColumn("declared_at", time, (c) => c.notNull())
        .addColumn("result", text(16), (c) => c.notNull())
        .addColumn("tax_voucher_no", text(32))
        .addColumn("response_message", text(200))
        .addColumn("operator_name", text(32))
        .execute();
      await db.schema.createIndex("declare_logs_period").on("declare_logs").columns(["platform_id", "period", "created_at"]).execute();

      await db.schema.alterTable("waybill_settlements").addColumn("invoice_application_id", big).execute();
      await db.schema.alterTable("waybill_settlements").addColumn("invoiced_at", time).execute();
    },
  };
}
