import type { Kysely, Migration } from "kysely";
import { bigintType, engineTable, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * 找船 (domain 7.4–7.6): ship positions and tracks, 空船动态 (availabilities), 船舶信息审核 (submissions),
 * 码头, 沟通记录, 选船意向 (inquiries from the public H5 page), and the self-owned ship fines with their log.
 */
export function findShipMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const time = "varchar(32)";
  const real = "double precision";
  return {
    async up(db: Kysely<unknown>) {
      // Latest position per ship: the row's id is the ship's id (one row per ship).
      await db.schema
        .createTable("ship_positions")
        .addColumn("id", big, (c) => c.primaryKey().references("freight_ships.id"))
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("lat", real, (c) => c.notNull())
        .addColumn("lng", real, (c) => c.notNull())
        .addColumn("sog", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("cog", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("nav_status", "varchar(16)", (c) => c.notNull())
        .addColumn("destination", "varchar(32)")
        .addColumn("eta", time)
        .addColumn("recorded_at", time, (c) => c.notNull())
        .addColumn("source", "varchar(8)", (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable("ship_track_points"), dialect)
        .addColumn("ship_id", big, (c) => c.notNull().references("freight_ships.id"))
        .addColumn("lat", real, (c) => c.notNull())
        .addColumn("lng", real, (c) => c.notNull())
        .addColumn("sog", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("cog", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("nav_status", "varchar(16)", (c) => c.notNull())
        .addColumn("recorded_at", time, (c) => c.notNull())
        .addColumn("source", "varchar(8)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("ship_track_points_ship").on("ship_track_points").columns(["ship_id", "recorded_at"]).execute();

      await engineTable(db.schema.createTable("wharves"), dialect, { platformLevel: true })
        .addColumn("name", "varchar(64)", (c) => c.notNull())
        .addColumn("port_name", "varchar(32)", (c) => c.notNull())
        .addColumn("waterway", "varchar(32)")
        .addColumn("address", "varchar(128)", (c) => c.notNull())
        .addColumn("region_code", "varchar(6)")
        .addColumn("lat", real, (c) => c.notNull())
        .addColumn("lng", real, (c) => c.notNull())
        .addColumn("berth_count", "integer")
        .addColumn("max_berth_tonnage", "integer")
        .addColumn("depth_mm", "integer")
        .addColumn("has_grain_facility", "integer")
        .addColumn("contact_name", "varchar(32)")
        .addColumn("contact_mobile", "varchar(11)")
        .addColumn("source", "varchar(16)", (c) => c.notNull())
        .addColumn("audit_status", "varchar(16)", (c) => c.notNull())
        .addColumn("audit_remark", "varchar(500)")
        .addColumn("enabled", "varchar(16)", (c) => c.notNull().defaultTo("ENABLED"))
        .execute();
      await db.schema.createIndex("wharves_port").on("wharves").columns(["platform_id", "port_name", "name"]).execute();

      await engineTable(db.schema.createTable("ship_availabilities"), dialect)
        .addColumn("ship_id", big, (c) => c.notNull().references("freight_ships.id"))
        // Copies of the ship's name, MMSI, type and deadweight, so the directory filters need no joins.
        .addColumn("ship_name", "varchar(32)", (c) => c.notNull())
        .addColumn("mmsi", "varchar(9)", (c) => c.notNull())
        .addColumn("ship_type", "varchar(16)", (c) => c.notNull())
        .addColumn("deadweight", big, (c) => c.notNull())
        .addColumn("empty_wharf_id", big, (c) => c.references("wharves.id"))
        .addColumn("empty_port", "varchar(64)", (c) => c.notNull())
        .addColumn("empty_from", "varchar(10)", (c) => c.notNull())
        .addColumn("empty_to", "varchar(10)", (c) => c.notNull())
        .addColumn("to_ports", "varchar(200)")
        .addColumn("available_load", big, (c) => c.notNull())
        .addColumn("expected_price", big)
        .addColumn("contact_name", "varchar(32)", (c) => c.notNull())
        .addColumn("contact_mobile", "varchar(11)", (c) => c.notNull())
        .addColumn("audit_status", "varchar(16)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("call_count", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("ship_availabilities_open").on("ship_availabilities").columns(["platform_id", "status", "audit_status", "empty_from"]).execute();
      await db.schema.createIndex("ship_availabilities_ship").on("ship_availabilities").column("ship_id").execute();

      await engineTable(db.schema.createTable("ship_info_submissions"), dialect)
        .addColumn("submission_no", "varchar(24)", (c) => c.notNull().unique())
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("ship_id", big, (c) => c.notNull().references("freight_ships.id"))
        .addColumn("submitter_name", "varchar(32)")
        .addColumn("empty_wharf_id", big, (c) => c.references("wharves.id"))
        .addColumn("empty_port", "varchar(64)")
        .addColumn("empty_from", "varchar(10)")
        .addColumn("empty_to", "varchar(10)")
        .addColumn("to_ports", "varchar(200)")
        .addColumn("available_load", big)
        .addColumn("expected_price", big)
        .addColumn("contact_name", "varchar(32)")
        .addColumn("contact_mobile", "varchar(11)")
        .addColumn("new_registry_port", "varchar(32)")
        .addColumn("new_nav_area", "varchar(16)")
        .addColumn("new_load_capacity", big)
        .addColumn("change_summary", "varchar(500)", (c) => c.notNull())
        .addColumn("audit_status", "varchar(16)", (c) => c.notNull())
        .addColumn("audit_remark", "varchar(500)")
        .addColumn("availability_id", big, (c) => c.references("ship_availabilities.id"))
        .addColumn("applied_at", time)
        .execute();
      await db.schema.createIndex("ship_info_submissions_org").on("ship_info_submissions").columns(["platform_id", "org_id", "audit_status"]).execute();

      await withId(db.schema.createTable("ship_inquiries"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("tenant_id", big, (c) => c.notNull().references("tenants.id"))
        .addColumn("org_id", big, (c) => c.notNull().references("organisations.id"))
        .addColumn("inquiry_no", "varchar(24)", (c) => c.notNull().unique())
        .addColumn("supply_id", big, (c) => c.notNull().references("supplies.id"))
        .addColumn("ship_id", big, (c) => c.notNull().references("freight_ships.id"))
        .addColumn("availability_id", big, (c) => c.notNull().references("ship_availabilities.id"))
        .addColumn("visitor_mobile", "varchar(11)", (c) => c.notNull())
        .addColumn("visitor_name", "varchar(32)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("ship_inquiries_once").on("ship_inquiries").columns(["supply_id", "availability_id", "visitor_mobile"]).unique().execute();

      await engineTable(db.schema.createTable("ship_communications"), dialect)
        .addColumn("ship_id", big, (c) => c.references("freight_ships.id"))
        .addColumn("ship_name", "varchar(32)", (c) => c.notNull())
        .addColumn("mmsi", "varchar(9)")
        .addColumn("contact_name", "varchar(32)", (c) => c.notNull())
        .addColumn("contact_mobile", "varchar(11)", (c) => c.notNull())
        .addColumn("channel", "varchar(16)", (c) => c.notNull())
        .addColumn("availability_id", big, (c) => c.references("ship_availabilities.id"))
        .addColumn("inquiry_id", big, (c) => c.references("ship_inquiries.id"))
        .addColumn("content", "varchar(500)", (c) => c.notNull())
        .addColumn("result", "varchar(16)", (c) => c.notNull())
        .addColumn("next_follow_at", time)
        .addColumn("operator_name", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("ship_communications_org").on("ship_communications").columns(["platform_id", "org_id", "created_at"]).execute();

      await engineTable(db.schema.createTable("ship_fines"), dialect)
        .addColumn("fine_no", "varchar(24)", (c) => c.notNull().unique())
        .addColumn("ship_id", big, (c) => c.notNull().references("freight_ships.id"))
        .addColumn("captain_id", big, (c) => c.references("freight_captains.id"))
        .addColumn("freight_no", "varchar(32)")
        .addColumn("reason_type", "varchar(16)", (c) => c.notNull())
        .addColumn("description", "varchar(500)", (c) => c.notNull())
        .addColumn("amount", big, (c) => c.notNull())
        .addColumn("occurred_at", time, (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("handle_remark", "varchar(500)")
        .execute();
      await db.schema.createIndex("ship_fines_org").on("ship_fines").columns(["platform_id", "org_id", "status"]).execute();

      await engineTable(db.schema.createTable("ship_fine_logs"), dialect)
        .addColumn("fine_no", "varchar(24)", (c) => c.notNull())
        .addColumn("ship_name", "varchar(32)", (c) => c.notNull())
        .addColumn("captain_name", "varchar(32)")
        .addColumn("action", "varchar(16)", (c) => c.notNull())
        .addColumn("amount", big, (c) => c.notNull())
        .addColumn("operator_name", "varchar(32)", (c) => c.notNull())
        .addColumn("remark", "varchar(500)")
        .execute();
      await db.schema.createIndex("ship_fine_logs_org").on("ship_fine_logs").columns(["platform_id", "org_id", "created_at"]).execute();
    },
  };
}
