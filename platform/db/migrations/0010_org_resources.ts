import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, engineTable } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * An organisation's own business resources (domain 1.4–1.6, 1.8, 1.9): shippers (托运人), cargos (货物),
 * contacts (联系人/常用地址), projects (项目) and settlement units (核算单位), each an engine table scoped
 * to its organisation. Uniqueness the hooks check is also held by partial unique indexes (non-deleted rows).
 */
export function orgResourcesMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const text = (n: number) => `varchar(${n})` as const;
  /** The list paths of every org-scoped table: platform, tenant and organisation by creation time. */
  const listIndexes = async (db: Kysely<unknown>, table: string) => {
    await db.schema.createIndex(`${table}_platform_created`).on(table).columns(["platform_id", "created_at"]).execute();
    await db.schema.createIndex(`${table}_tenant_created`).on(table).columns(["platform_id", "tenant_id", "created_at"]).execute();
    await db.schema.createIndex(`${table}_org_created`).on(table).columns(["platform_id", "org_id", "created_at"]).execute();
    await db.schema.createIndex(`${table}_owner`).on(table).columns(["owner_user_id"]).execute();
  };
  return {
    async up(db: Kysely<unknown>) {
      await engineTable(db.schema.createTable("shippers"), dialect)
        .addColumn("shipper_no", text(32), (c) => c.notNull())
        .addColumn("kind", text(16), (c) => c.notNull())
        .addColumn("name", text(128), (c) => c.notNull())
        .addColumn("credit_code", text(18))
        .addColumn("id_card_no", text(18))
        .addColumn("legal_person", text(32))
        .addColumn("address", text(200))
        .addColumn("contact_name", text(32), (c) => c.notNull())
        .addColumn("contact_mobile", text(16), (c) => c.notNull())
        .addColumn("tax_title", text(128))
        .addColumn("tax_no", text(20))
        .addColumn("tax_address", text(200))
        .addColumn("tax_phone", text(32))
        .addColumn("tax_bank_name", text(64))
        .addColumn("tax_bank_account", text(32))
        .addColumn("tax_complete", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("receive_name", text(32))
        .addColumn("receive_mobile", text(16))
        .addColumn("receive_address", text(200))
        .addColumn("receive_email", text(64))
        .addColumn("settle_mode", text(16), (c) => c.notNull())
        .addColumn("credit_limit", big)
        .addColumn("audit_status", text(16), (c) => c.notNull())
        .addColumn("audit_remark", text(500))
        .addColumn("enabled", text(16), (c) => c.notNull().defaultTo("ENABLED"))
        .addColumn("remark", text(200))
        .execute();
      await listIndexes(db, "shippers");
      await db.schema.createIndex("shippers_audit").on("shippers").columns(["platform_id", "audit_status", "created_at"]).execute();
      await sql`create unique index shippers_no on shippers (platform_id, shipper_no)`.execute(db);
      await sql`create unique index shippers_org_credit_code on shippers (org_id, credit_code) where deleted_at is null and credit_code is not null`.execute(db);
      await sql`create unique index shippers_org_id_card on shippers (org_id, id_card_no) where deleted_at is null and id_card_no is not null`.execute(db);

      await engineTable(db.schema.createTable("cargos"), dialect)
        .addColumn("name", text(64), (c) => c.notNull())
        .addColumn("category_id", big, (c) => c.notNull().references("cargo_categories.id"))
        .addColumn("category_name", text(16), (c) => c.notNull())
        .addColumn("ministry_code", text(4), (c) => c.notNull())
        .addColumn("packaging", text(16), (c) => c.notNull())
        .addColumn("unit_price", big)
        .addColumn("loss_allowance_bp", "integer")
        .addColumn("remark", text(200))
        .addColumn("enabled", text(16), (c) => c.notNull().defaultTo("ENABLED"))
        .execute();
      await listIndexes(db, "cargos");
      await sql`create unique index cargos_org_name on cargos (org_id, name) where deleted_at is null`.execute(db);

      await engineTable(db.schema.createTable("contacts"), dialect)
        .addColumn("kind", text(16), (c) => c.notNull())
        .addColumn("contact_name", text(32), (c) => c.notNull())
        .addColumn("contact_mobile", text(16), (c) => c.notNull())
        .addColumn("place", text(64), (c) => c.notNull())
        .addColumn("region_code", text(6), (c) => c.notNull())
        .addColumn("address", text(200), (c) => c.notNull())
        .addColumn("company_name", text(128))
        .addColumn("fence_radius_m", "integer")
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await listIndexes(db, "contacts");
      await sql`create unique index contacts_one_default on contacts (org_id, kind) where deleted_at is null and is_default = 1`.execute(db);

      await engineTable(db.schema.createTable("projects"), dialect)
        .addColumn("project_no", text(32), (c) => c.notNull())
        .addColumn("name", text(64), (c) => c.notNull())
        .addColumn("shipper_id", big, (c) => c.notNull().references("shippers.id"))
        .addColumn("contract_no", text(32))
        .addColumn("loading_contact_id", big, (c) => c.references("contacts.id"))
        .addColumn("unloading_contact_id", big, (c) => c.references("contacts.id"))
        .addColumn("period_from", text(10))
        .addColumn("period_to", text(10))
        .addColumn("planned_weight", big)
        .addColumn("status", text(16), (c) => c.notNull().defaultTo("ACTIVE"))
        .addColumn("audit_status", text(16), (c) => c.notNull())
        .addColumn("audit_remark", text(500))
        .addColumn("remark", text(200))
        .execute();
      await listIndexes(db, "projects");
      await db.schema.createIndex("projects_audit").on("projects").columns(["platform_id", "audit_status", "created_at"]).execute();
      await db.schema.createIndex("projects_shipper").on("projects").columns(["shipper_id"]).execute();
      await sql`create unique index projects_no on projects (platform_id, project_no)`.execute(db);

      await engineTable(db.schema.createTable("settlement_units"), dialect)
        .addColumn("shipper_id", big, (c) => c.notNull().references("shippers.id"))
        .addColumn("code", text(32), (c) => c.notNull())
        .addColumn("name", text(128), (c) => c.notNull())
        .addColumn("budget", big)
        .addColumn("tax_title", text(128))
        .addColumn("tax_no", text(20))
        .addColumn("tax_address", text(200))
        .addColumn("tax_phone", text(32))
        .addColumn("tax_bank_name", text(64))
        .addColumn("tax_bank_account", text(32))
        .addColumn("enabled", text(16), (c) => c.notNull().defaultTo("ENABLED"))
        .execute();
      await listIndexes(db, "settlement_units");
      await sql`create unique index settlement_units_shipper_code on settlement_units (shipper_id, code) where deleted_at is null`.execute(db);
    },
  };
}
