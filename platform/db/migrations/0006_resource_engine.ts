import { sql, type Kysely, type Migration } from "kysely";
import { addEngineColumns, bigintType, engineTable, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * The resource engine's shared tables (docs/architecture.md, the resource engine, domain 0.2–0.4): the audit trail of every
 * resource, business-number counters, credentials (证照) with their own audit, dictionaries and cargo
 * categories; and the vehicle's master-data columns (domain 2.2). Existing vehicles are backfilled as
 * approved and enabled so dispatch keeps working.
 */
export function resourceEngineMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const time = "varchar(32)";
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("resource_events"), dialect)
        .addColumn("resource", "varchar(32)", (c) => c.notNull())
        .addColumn("record_id", big, (c) => c.notNull())
        .addColumn("action", "varchar(32)", (c) => c.notNull())
        .addColumn("action_label", "varchar(32)", (c) => c.notNull())
        .addColumn("from_status", "varchar(32)")
        .addColumn("to_status", "varchar(32)")
        .addColumn("remark", "varchar(500)")
        .addColumn("detail", "text")
        .addColumn("operator_user_id", big)
        .addColumn("operator_name", "varchar(32)", (c) => c.notNull())
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("tenant_id", big)
        .addColumn("org_id", big)
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("resource_events_record").on("resource_events").columns(["resource", "record_id", "id"]).execute();

      await db.schema
        .createTable("serial_counters")
        .addColumn("prefix", "varchar(8)", (c) => c.notNull())
        .addColumn("day", "varchar(8)", (c) => c.notNull())
        .addColumn("last", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("serial_counters_pk", ["prefix", "day"])
        .execute();

      await engineTable(db.schema.createTable("credentials"), dialect, { platformLevel: true })
        .addColumn("subject_type", "varchar(24)", (c) => c.notNull())
        .addColumn("subject_id", big, (c) => c.notNull())
        .addColumn("cred_type", "varchar(32)", (c) => c.notNull())
        .addColumn("cert_no", "varchar(64)")
        .addColumn("holder_name", "varchar(128)")
        .addColumn("issuing_authority", "varchar(128)")
        .addColumn("valid_from", "varchar(10)")
        .addColumn("valid_to", "varchar(10)")
        .addColumn("long_term", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("images", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("reject_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("reject_reason", "varchar(200)")
        .addColumn("audit_remark", "varchar(500)")
        .execute();
      await db.schema.createIndex("credentials_subject").on("credentials").columns(["subject_type", "subject_id", "cred_type"]).execute();
      await db.schema.createIndex("credentials_platform_status").on("credentials").columns(["platform_id", "status", "created_at"]).execute();
      await db.schema.createIndex("credentials_valid_to").on("credentials").columns(["platform_id", "valid_to"]).execute();
      await sql`create unique index credentials_one_per_type on credentials (subject_type, subject_id, cred_type) where deleted_at is null`.execute(db);

      await engineTable(db.schema.createTable("dict_items"), dialect, { platformLevel: true })
        .addColumn("dict_type", "varchar(32)", (c) => c.notNull())
        .addColumn("code", "varchar(32)", (c) => c.notNull())
        .addColumn("label", "varchar(64)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("enabled", "varchar(16)", (c) => c.notNull().defaultTo("ENABLED"))
        .addColumn("remark", "varchar(200)")
        .execute();
      await db.schema.createIndex("dict_items_type_code").on("dict_items").columns(["platform_id", "dict_type", "code"]).unique().execute();

      await engineTable(db.schema.createTable("cargo_categories"), dialect, { platformLevel: true })
        .addColumn("parent_id", big, (c) => c.references("cargo_categories.id"))
        .addColumn("name", "varchar(16)", (c) => c.notNull())
        .addColumn("ministry_code", "varchar(4)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("enabled", "varchar(16)", (c) => c.notNull().defaultTo("ENABLED"))
        .addColumn("remark", "varchar(200)")
        .execute();
      await db.schema.createIndex("cargo_categories_platform").on("cargo_categories").columns(["platform_id", "parent_id", "sort"]).execute();

      // 车辆 (domain 2.2): the ministry's vehicle fields and the audit, enable and operation states.
      const vehicle: Array<[string, string, string | number | null]> = [
        ["plate_color_code", "varchar(4)", "2"],
        ["owner_name", "varchar(128)", null],
        ["use_character", "varchar(20)", null],
        ["vin", "varchar(32)", null],
        ["energy_type", "varchar(2)", "B"],
        ["gross_mass", big, null],
        ["road_cert_no", "varchar(20)", null],
        ["trailer_plate_no", "varchar(16)", null],
        ["ownership_type", "varchar(16)", "OWN"],
        ["license_valid_to", "varchar(10)", null],
        ["road_cert_valid_to", "varchar(10)", null],
        ["operation_status", "varchar(16)", "IDLE"],
        ["audit_status", "varchar(16)", "APPROVED"],
        ["audit_remark", "varchar(500)", null],
        ["enabled", "varchar(16)", "ENABLED"],
      ];
      for (const [name, type, fallback] of vehicle) {
        await db.schema
          .alterTable("freight_vehicles")
          .addColumn(name, type as never, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
          .execute();
      }
      await addEngineColumns(db, "freight_vehicles", dialect, { owner: true });
      // The list's scopes (organisation, tenant, platform), by audit state or not, newest first; partial on
      // live rows so the engine's `deleted_at is null` is answered by the index, counts included.
      const vehicleIndexes: Array<[string, string[]]> = [
        ["freight_vehicles_org_audit", ["platform_id", "org_id", "audit_status", "created_at"]],
        ["freight_vehicles_tenant_audit", ["platform_id", "tenant_id", "audit_status", "created_at"]],
        ["freight_vehicles_platform_audit", ["platform_id", "audit_status", "created_at"]],
        ["freight_vehicles_org_created", ["platform_id", "org_id", "created_at"]],
        ["freight_vehicles_tenant_created", ["platform_id", "tenant_id", "created_at"]],
        ["freight_vehicles_platform_created", ["platform_id", "created_at"]],
      ];
      for (const [name, columns] of vehicleIndexes) await db.schema.createIndex(name).on("freight_vehicles").columns(columns).where(sql.ref("deleted_at"), "is", null).execute();
    },
  };
}
