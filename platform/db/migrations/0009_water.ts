import { sql, type Kysely, type Migration } from "kysely";
import { addEngineColumns, bigintType, engineTable } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * The water side of master data (domain 1.3, 1.7, 2.6, 2.8): captain profiles (platform-level, one per
 * person), shipowners (per organisation), ship relations, and the engine and master-data columns of
 * the existing captain roster and ships. Existing ships are backfilled as approved, enabled and
 * self-owned so water dispatch keeps working; existing roster rows stay ACTIVE and APPROVED, their
 * profile is linked by the demo seed (the old rows carry no ID number to build one from).
 */
export function waterMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  type Column = [name: string, type: string, fallback: string | number | null, references?: string];
  const addColumns = async (db: Kysely<unknown>, table: string, columns: Column[]) => {
    for (const [name, type, fallback, references] of columns) {
      await db.schema
        .alterTable(table)
        .addColumn(name, type as never, (c) => {
          const base = references ? c.references(references) : c;
          return fallback === null ? base : base.notNull().defaultTo(fallback);
        })
        .execute();
    }
  };
  const scopedIndexes = async (db: Kysely<unknown>, table: string, status: string) => {
    await db.schema.createIndex(`${table}_platform_created`).on(table).columns(["platform_id", "created_at"]).execute();
    await db.schema.createIndex(`${table}_tenant_created`).on(table).columns(["platform_id", "tenant_id", "created_at"]).execute();
    await db.schema.createIndex(`${table}_org_created`).on(table).columns(["platform_id", "org_id", "created_at"]).execute();
    await db.schema.createIndex(`${table}_platform_${status}`).on(table).columns(["platform_id", status, "created_at"]).execute();
    await db.schema.createIndex(`${table}_org_${status}`).on(table).columns(["platform_id", "org_id", status, "created_at"]).execute();
  };

  return {
    async up(db: Kysely<unknown>) {
      await engineTable(db.schema.createTable("captain_profiles"), dialect, { platformLevel: true })
        .addColumn("user_id", big, (c) => c.references("users.id"))
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("id_card_no", "varchar(18)", (c) => c.notNull())
        .addColumn("gender", "varchar(1)")
        .addColumn("address", "varchar(200)")
        .addColumn("source", "varchar(16)", (c) => c.notNull().defaultTo("ORG"))
        .addColumn("crew_cert_no", "varchar(32)", (c) => c.notNull())
        .addColumn("crew_position", "varchar(16)", (c) => c.notNull())
        .addColumn("nav_area", "varchar(16)")
        .addColumn("service_book_no", "varchar(32)")
        .addColumn("cert_valid_to", "varchar(10)")
        .addColumn("audit_status", "varchar(16)", (c) => c.notNull().defaultTo("PENDING"))
        .addColumn("audit_remark", "varchar(500)")
        .addColumn("enabled", "varchar(16)", (c) => c.notNull().defaultTo("ENABLED"))
        .addColumn("remark", "varchar(200)")
        .execute();
      await sql`create unique index captain_profiles_id_card on captain_profiles (platform_id, id_card_no) where deleted_at is null`.execute(db);
      await scopedIndexes(db, "captain_profiles", "audit_status");
      await db.schema.createIndex("captain_profiles_user").on("captain_profiles").column("user_id").execute();

      await engineTable(db.schema.createTable("shipowners"), dialect)
        .addColumn("user_id", big, (c) => c.references("users.id"))
        .addColumn("kind", "varchar(8)", (c) => c.notNull())
        .addColumn("name", "varchar(128)", (c) => c.notNull())
        .addColumn("id_card_no", "varchar(18)")
        .addColumn("mobile", "varchar(16)")
        .addColumn("address", "varchar(200)")
        .addColumn("credit_code", "varchar(18)")
        .addColumn("legal_person", "varchar(32)")
        .addColumn("registered_address", "varchar(200)")
        .addColumn("contact_name", "varchar(32)")
        .addColumn("contact_mobile", "varchar(16)")
        .addColumn("water_permit_no", "varchar(50)")
        .addColumn("audit_status", "varchar(16)", (c) => c.notNull().defaultTo("PENDING"))
        .addColumn("audit_remark", "varchar(500)")
        .addColumn("enabled", "varchar(16)", (c) => c.notNull().defaultTo("ENABLED"))
        .addColumn("remark", "varchar(200)")
        .execute();
      await scopedIndexes(db, "shipowners", "audit_status");

      // 企业船长 (domain 1.3): the roster row over a profile, with copies of the profile's fields.
      await addEngineColumns(db, "freight_captains", dialect, { owner: true });
      await addColumns(db, "freight_captains", [
        ["profile_id", big, null, "captain_profiles.id"],
        ["id_card_no", "varchar(18)", null],
        ["crew_position", "varchar(16)", "CAPTAIN"],
        ["nav_area", "varchar(16)", null],
        ["service_book_no", "varchar(32)", null],
        ["cert_valid_to", "varchar(10)", null],
        ["profile_audit_status", "varchar(16)", "APPROVED"],
        ["status", "varchar(16)", "ACTIVE"],
        ["remark", "varchar(200)", null],
      ]);
      await scopedIndexes(db, "freight_captains", "status");
      await db.schema.createIndex("freight_captains_profile").on("freight_captains").columns(["profile_id", "org_id"]).execute();

      // 船舶 (domain 2.6).
      await addEngineColumns(db, "freight_ships", dialect, { owner: true });
      await addColumns(db, "freight_ships", [
        ["ship_identity_no", "varchar(13)", null],
        ["ship_type", "varchar(16)", "BULK"],
        ["registry_port", "varchar(32)", null],
        ["nav_area", "varchar(16)", null],
        ["gross_tonnage", "integer", null],
        ["net_tonnage", "integer", null],
        ["build_date", "varchar(10)", null],
        ["imo", "varchar(10)", null],
        ["call_sign", "varchar(10)", null],
        ["shipowner_id", big, null, "shipowners.id"],
        ["self_owned", "integer", 1],
        ["operation_status", "varchar(16)", "IDLE"],
        ["audit_status", "varchar(16)", "APPROVED"],
        ["audit_remark", "varchar(500)", null],
        ["enabled", "varchar(16)", "ENABLED"],
      ]);
      await scopedIndexes(db, "freight_ships", "audit_status");
      await db.schema.createIndex("freight_ships_captain").on("freight_ships").column("captain_id").execute();
      await db.schema.createIndex("freight_ships_shipowner").on("freight_ships").column("shipowner_id").execute();

      // 人船关系 (domain 2.8).
      await engineTable(db.schema.createTable("ship_relations"), dialect)
        .addColumn("ship_id", big, (c) => c.notNull().references("freight_ships.id"))
        .addColumn("party_type", "varchar(16)", (c) => c.notNull())
        .addColumn("party_id", big, (c) => c.notNull())
        .addColumn("party_name", "varchar(128)", (c) => c.notNull())
        .addColumn("captain_profile_id", big, (c) => c.references("captain_profiles.id"))
        .addColumn("shipowner_id", big, (c) => c.references("shipowners.id"))
        .addColumn("relation_type", "varchar(16)", (c) => c.notNull())
        .addColumn("valid_from", "varchar(10)")
        .addColumn("valid_to", "varchar(10)")
        .addColumn("materials", "text")
        .addColumn("audit_status", "varchar(16)", (c) => c.notNull().defaultTo("PENDING"))
        .addColumn("audit_remark", "varchar(500)")
        .addColumn("relation_status", "varchar(16)", (c) => c.notNull().defaultTo("ACTIVE"))
        .addColumn("dissolve_reason", "varchar(200)")
        .execute();
      await scopedIndexes(db, "ship_relations", "audit_status");
      await db.schema.createIndex("ship_relations_ship").on("ship_relations").columns(["ship_id", "party_type", "party_id"]).execute();
      await db.schema.createIndex("ship_relations_party").on("ship_relations").columns(["party_type", "party_id"]).execute();
    },
  };
}
