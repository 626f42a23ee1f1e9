import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, engineTable, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * 货源管理 (domain 4): supplies with their price changes, and what the driver app records about them:
 * subscriptions, calls, favourites, views and disputes. Child rows copy their supply's platform, tenant
 * and organisation so the organisation scope applies without a join.
 */
export function supplyMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const text = (n: number) => `varchar(${n})` as const;
  const time = "varchar(32)";
  const listIndexes = async (db: Kysely<unknown>, table: string) => {
    await db.schema.createIndex(`${table}_platform_created`).on(table).columns(["platform_id", "created_at"]).execute();
    await db.schema.createIndex(`${table}_tenant_created`).on(table).columns(["platform_id", "tenant_id", "created_at"]).execute();
    await db.schema.createIndex(`${table}_org_created`).on(table).columns(["platform_id", "org_id", "created_at"]).execute();
  };
  return {
    async up(db: Kysely<unknown>) {
      await engineTable(db.schema.createTable("supplies"), dialect)
        .addColumn("supply_no", text(20), (c) => c.notNull())
        .addColumn("order_id", big)
        .addColumn("order_no", text(32))
        .addColumn("business_mode", text(16), (c) => c.notNull())
        .addColumn("freight_way", text(8), (c) => c.notNull())
        .addColumn("shipper_id", big, (c) => c.notNull().references("shippers.id"))
        .addColumn("project_id", big, (c) => c.references("projects.id"))
        .addColumn("cargo_id", big, (c) => c.notNull().references("cargos.id"))
        .addColumn("cargo_name", text(64), (c) => c.notNull())
        .addColumn("category_name", text(16), (c) => c.notNull())
        .addColumn("loading_place", text(64), (c) => c.notNull())
        .addColumn("loading_region_code", text(6), (c) => c.notNull())
        .addColumn("loading_address", text(200), (c) => c.notNull())
        .addColumn("loading_contact_name", text(32), (c) => c.notNull())
        .addColumn("loading_contact_mobile", text(16), (c) => c.notNull())
        .addColumn("unloading_place", text(64), (c) => c.notNull())
        .addColumn("unloading_region_code", text(6), (c) => c.notNull())
        .addColumn("unloading_address", text(200), (c) => c.notNull())
        .addColumn("unloading_contact_name", text(32), (c) => c.notNull())
        .addColumn("unloading_contact_mobile", text(16), (c) => c.notNull())
        .addColumn("distance_km", "integer", (c) => c.notNull())
        .addColumn("stowage_mode", text(16), (c) => c.notNull())
        .addColumn("total_weight", big)
        .addColumn("total_vehicles", "integer")
        .addColumn("per_vehicle_weight", big)
        .addColumn("taken_weight", big, (c) => c.notNull().defaultTo(0))
        .addColumn("taken_vehicles", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("price_mode", text(16), (c) => c.notNull())
        .addColumn("carrier_unit_price", big, (c) => c.notNull())
        .addColumn("shipper_unit_price", big)
        .addColumn("cargo_unit_price", big)
        .addColumn("loss_allowance_bp", "integer", (c) => c.notNull())
        .addColumn("prepay_enabled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("prepay_type", text(8))
        .addColumn("prepay_amount", big)
        .addColumn("prepay_rate_pct", "integer")
        .addColumn("vehicle_requirement", text(100))
        .addColumn("loading_from", time, (c) => c.notNull())
        .addColumn("loading_to", time, (c) => c.notNull())
        .addColumn("valid_until", time, (c) => c.notNull())
        .addColumn("publish_scope", text(16), (c) => c.notNull())
        .addColumn("assigned_mobiles", text(200))
        .addColumn("contact_name", text(32), (c) => c.notNull())
        .addColumn("contact_mobile", text(16), (c) => c.notNull())
        .addColumn("require_loading_proof", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("require_unloading_proof", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("scan_to_accept", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("remark", text(500))
        .addColumn("status", text(16), (c) => c.notNull())
        .addColumn("audit_remark", text(500))
        .addColumn("off_reason", text(200))
        .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("call_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("favorite_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("published_at", time)
        .execute();
      await listIndexes(db, "supplies");
      await sql`create unique index supplies_no on supplies (platform_id, supply_no)`.execute(db);
      await db.schema.createIndex("supplies_status").on("supplies").columns(["platform_id", "status", "created_at"]).execute();
      await db.schema.createIndex("supplies_order").on("supplies").columns(["order_id"]).execute();

      await engineTable(db.schema.createTable("supply_price_changes"), dialect)
        .addColumn("supply_id", big, (c) => c.notNull().references("supplies.id"))
        .addColumn("old_carrier_price", big, (c) => c.notNull())
        .addColumn("new_carrier_price", big, (c) => c.notNull())
        .addColumn("old_shipper_price", big)
        .addColumn("new_shipper_price", big)
        .addColumn("reason", text(200), (c) => c.notNull())
        .addColumn("operator_name", text(32), (c) => c.notNull())
        .execute();
      await db.schema.createIndex("supply_price_changes_supply").on("supply_price_changes").columns(["supply_id", "created_at"]).execute();

      await engineTable(db.schema.createTable("supply_subscriptions"), dialect, { platformLevel: true })
        .addColumn("user_id", big, (c) => c.references("users.id"))
        .addColumn("driver_id", big, (c) => c.references("freight_drivers.id"))
        .addColumn("subscriber_name", text(32), (c) => c.notNull())
        .addColumn("subscriber_mobile", text(16), (c) => c.notNull())
        .addColumn("from_region_code", text(6), (c) => c.notNull())
        .addColumn("from_region_name", text(32), (c) => c.notNull())
        .addColumn("to_region_code", text(6))
        .addColumn("to_region_name", text(32))
        .addColumn("cargo_category_id", big, (c) => c.references("cargo_categories.id"))
        .addColumn("category_name", text(16))
        .addColumn("freight_way", text(8), (c) => c.notNull())
        .addColumn("vehicle_type", text(16))
        .addColumn("push_channels", text(64), (c) => c.notNull())
        .addColumn("enabled", text(16), (c) => c.notNull().defaultTo("ENABLED"))
        .addColumn("matched_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_pushed_at", time)
        .execute();
      await listIndexes(db, "supply_subscriptions");
      await db.schema.createIndex("supply_subscriptions_user").on("supply_subscriptions").columns(["user_id"]).execute();

      await engineTable(db.schema.createTable("supply_call_logs"), dialect)
        .addColumn("supply_id", big, (c) => c.notNull().references("supplies.id"))
        .addColumn("supply_no", text(20), (c) => c.notNull())
        .addColumn("route", text(140), (c) => c.notNull())
        .addColumn("caller_user_id", big, (c) => c.references("users.id"))
        .addColumn("caller_name", text(32), (c) => c.notNull())
        .addColumn("caller_mobile", text(16), (c) => c.notNull())
        .addColumn("callee_mobile", text(16), (c) => c.notNull())
        .addColumn("call_type", text(8), (c) => c.notNull())
        .addColumn("started_at", time, (c) => c.notNull())
        .addColumn("duration_s", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("result", text(16), (c) => c.notNull())
        .addColumn("grabbed", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await listIndexes(db, "supply_call_logs");
      await db.schema.createIndex("supply_call_logs_started").on("supply_call_logs").columns(["platform_id", "started_at"]).execute();

      await engineTable(db.schema.createTable("supply_favorites"), dialect)
        .addColumn("supply_id", big, (c) => c.notNull().references("supplies.id"))
        .addColumn("supply_no", text(20), (c) => c.notNull())
        .addColumn("route", text(140), (c) => c.notNull())
        .addColumn("cargo_name", text(64), (c) => c.notNull())
        .addColumn("carrier_unit_price", big, (c) => c.notNull())
        .addColumn("user_id", big, (c) => c.references("users.id"))
        .addColumn("user_name", text(32), (c) => c.notNull())
        .addColumn("user_mobile", text(16), (c) => c.notNull())
        .addColumn("supply_status", text(16), (c) => c.notNull())
        .addColumn("grabbed", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("cancelled_at", time)
        .execute();
      await listIndexes(db, "supply_favorites");
      await sql`create unique index supply_favorites_active on supply_favorites (supply_id, user_mobile) where cancelled_at is null and deleted_at is null`.execute(db);

      await withId(db.schema.createTable("supply_views"), dialect)
        .addColumn("supply_id", big, (c) => c.notNull().references("supplies.id"))
        .addColumn("user_id", big, (c) => c.references("users.id"))
        .addColumn("viewed_at", time, (c) => c.notNull())
        .addColumn("source", text(8), (c) => c.notNull())
        .execute();
      await db.schema.createIndex("supply_views_supply").on("supply_views").columns(["supply_id", "viewed_at"]).execute();

      await engineTable(db.schema.createTable("supply_disputes"), dialect)
        .addColumn("dispute_no", text(20), (c) => c.notNull())
        .addColumn("supply_id", big, (c) => c.notNull().references("supplies.id"))
        .addColumn("supply_no", text(20), (c) => c.notNull())
        .addColumn("freight_id", big)
        .addColumn("freight_no", text(32))
        .addColumn("type", text(16), (c) => c.notNull())
        .addColumn("raised_by_role", text(8), (c) => c.notNull())
        .addColumn("raised_by_user_id", big)
        .addColumn("raised_by_name", text(32), (c) => c.notNull())
        .addColumn("raised_by_mobile", text(16), (c) => c.notNull())
        .addColumn("description", text(1000), (c) => c.notNull())
        .addColumn("evidence", text(4000))
        .addColumn("claim_amount", big)
        .addColumn("status", text(16), (c) => c.notNull())
        .addColumn("handler_user_id", big)
        .addColumn("handler_name", text(32))
        .addColumn("resolution", text(1000))
        .addColumn("compensation_amount", big)
        .addColumn("compensation_payer", text(16))
        .addColumn("resolved_at", time)
        .addColumn("closed_at", time)
        .execute();
      await listIndexes(db, "supply_disputes");
      await sql`create unique index supply_disputes_no on supply_disputes (platform_id, dispute_no)`.execute(db);
    },
  };
}
