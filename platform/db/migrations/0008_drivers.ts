import { sql, type Kysely, type Migration } from "kysely";
import { addEngineColumns, bigintType, engineTable } from "../columns.js";
import type { DialectName } from "../index.js";
import { backfillDriverProfiles } from "../../masterdata/driver-backfill.js";

/**
 * Drivers on the resource engine (domain 1.1, 1.2, 2.4, 2.5): the platform-level 司机档案
 * (`driver_profiles`, one certified person per platform), the organisations' rosters (`freight_drivers`,
 * extended: profile, type, fleet leader, 在册状态), 车队长 with their members, and 人车关系. Existing roster
 * rows get an approved profile each, so dispatch keeps working.
 */
export function driversMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const date = "varchar(10)";
  return {
    async up(db: Kysely<unknown>) {
      await engineTable(db.schema.createTable("driver_profiles"), dialect, { platformLevel: true })
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("id_card_no", "varchar(18)", (c) => c.notNull())
        .addColumn("user_id", big, (c) => c.references("users.id"))
        .addColumn("registered_tenant_id", big, (c) => c.references("tenants.id"))
        .addColumn("source", "varchar(16)", (c) => c.notNull())
        .addColumn("driving_license_no", "varchar(18)", (c) => c.notNull())
        .addColumn("vehicle_class", "varchar(8)", (c) => c.notNull())
        .addColumn("license_valid_to", date, (c) => c.notNull())
        .addColumn("qualification_cert_no", "varchar(18)")
        .addColumn("qualification_valid_to", date)
        .addColumn("audit_status", "varchar(16)", (c) => c.notNull().defaultTo("PENDING"))
        .addColumn("audit_remark", "varchar(500)")
        .addColumn("enabled", "varchar(16)", (c) => c.notNull().defaultTo("ENABLED"))
        .addColumn("remark", "varchar(200)")
        .execute();
      await sql`create unique index driver_profiles_id_card on driver_profiles (platform_id, id_card_no) where deleted_at is null`.execute(db);
      await db.schema.createIndex("driver_profiles_platform_audit").on("driver_profiles").columns(["platform_id", "audit_status", "created_at"]).execute();
      await db.schema.createIndex("driver_profiles_platform_created").on("driver_profiles").columns(["platform_id", "created_at"]).execute();
      await db.schema.createIndex("driver_profiles_tenant").on("driver_profiles").columns(["registered_tenant_id", "created_at"]).execute();
      await db.schema.createIndex("driver_profiles_user").on("driver_profiles").column("user_id").execute();

      await engineTable(db.schema.createTable("fleet_leaders"), dialect, { platformLevel: true })
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("id_card_no", "varchar(18)", (c) => c.notNull())
        .addColumn("user_id", big, (c) => c.references("users.id"))
        .addColumn("registered_tenant_id", big, (c) => c.references("tenants.id"))
        .addColumn("fleet_name", "varchar(64)", (c) => c.notNull())
        .addColumn("collect_enabled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("distribution_rule", "varchar(16)", (c) => c.notNull().defaultTo("NONE"))
        .addColumn("distribution_value", "integer")
        .addColumn("audit_status", "varchar(16)", (c) => c.notNull().defaultTo("PENDING"))
        .addColumn("audit_remark", "varchar(500)")
        .addColumn("enabled", "varchar(16)", (c) => c.notNull().defaultTo("ENABLED"))
        .addColumn("remark", "varchar(200)")
        .execute();
      await sql`create unique index fleet_leaders_id_card on fleet_leaders (platform_id, id_card_no) where deleted_at is null`.execute(db);
      await db.schema.createIndex("fleet_leaders_platform_created").on("fleet_leaders").columns(["platform_id", "created_at"]).execute();
      await db.schema.createIndex("fleet_leaders_tenant").on("fleet_leaders").columns(["registered_tenant_id", "created_at"]).execute();

      await engineTable(db.schema.createTable("fleet_leader_members"), dialect, { platformLevel: true })
        .addColumn("fleet_leader_id", big, (c) => c.notNull().references("fleet_leaders.id"))
        .addColumn("driver_profile_id", big, (c) => c.notNull().references("driver_profiles.id"))
        .addColumn("vehicle_id", big, (c) => c.references("freight_vehicles.id"))
        .addColumn("joined_at", date, (c) => c.notNull())
        .addColumn("quit_at", date)
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("ACTIVE"))
        .addColumn("collect_authorized", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("remark", "varchar(200)")
        .execute();
      await db.schema.createIndex("fleet_leader_members_leader").on("fleet_leader_members").columns(["fleet_leader_id", "created_at"]).execute();
      await db.schema.createIndex("fleet_leader_members_profile").on("fleet_leader_members").columns(["driver_profile_id", "status"]).execute();

      await engineTable(db.schema.createTable("vehicle_relations"), dialect)
        .addColumn("driver_profile_id", big, (c) => c.notNull().references("driver_profiles.id"))
        .addColumn("vehicle_id", big, (c) => c.notNull().references("freight_vehicles.id"))
        .addColumn("pair_name", "varchar(64)", (c) => c.notNull())
        .addColumn("relation_type", "varchar(16)", (c) => c.notNull())
        .addColumn("valid_from", date)
        .addColumn("valid_to", date)
        .addColumn("auth_images", "text")
        .addColumn("audit_status", "varchar(16)", (c) => c.notNull().defaultTo("PENDING"))
        .addColumn("audit_remark", "varchar(500)")
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("ACTIVE"))
        .addColumn("dissolve_reason", "varchar(50)")
        .addColumn("remark", "varchar(200)")
        .execute();
      await db.schema.createIndex("vehicle_relations_pair").on("vehicle_relations").columns(["driver_profile_id", "vehicle_id", "status"]).execute();
      await db.schema.createIndex("vehicle_relations_org").on("vehicle_relations").columns(["platform_id", "org_id", "created_at"]).execute();
      await db.schema.createIndex("vehicle_relations_tenant").on("vehicle_relations").columns(["platform_id", "tenant_id", "created_at"]).execute();
      await db.schema.createIndex("vehicle_relations_platform").on("vehicle_relations").columns(["platform_id", "created_at"]).execute();

      // 企业司机 (domain 1.2): the roster row points at its profile; name and mobile stay copies.
      const roster: Array<[string, string, string | null]> = [
        ["profile_id", big, null],
        ["id_card_no", "varchar(18)", null],
        ["vehicle_class", "varchar(8)", null],
        ["license_valid_to", date, null],
        ["qualification_cert_no", "varchar(18)", null],
        ["qualification_valid_to", date, null],
        ["driver_type", "varchar(16)", "OWN"],
        ["fleet_leader_id", big, null],
        ["status", "varchar(16)", "ACTIVE"],
        ["profile_status", "varchar(16)", "PENDING"],
        ["remark", "varchar(200)", null],
      ];
      for (const [name, type, fallback] of roster) {
        await db.schema
          .alterTable("freight_drivers")
          .addColumn(name, type as never, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
          .execute();
      }
      await addEngineColumns(db, "freight_drivers", dialect, { owner: true });
      await db.schema.createIndex("freight_drivers_profile").on("freight_drivers").columns(["profile_id", "org_id"]).execute();
      await db.schema.createIndex("freight_drivers_org_created").on("freight_drivers").columns(["platform_id", "org_id", "created_at"]).execute();
      await db.schema.createIndex("freight_drivers_tenant_created").on("freight_drivers").columns(["platform_id", "tenant_id", "created_at"]).execute();
      await db.schema.createIndex("freight_drivers_fleet_leader").on("freight_drivers").column("fleet_leader_id").execute();
      await backfillDriverProfiles(db);
    },
  };
}
