import type { CreateTableBuilder, Kysely, Migration } from "kysely";
import { bigintType, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/** The freight service: orders, carriers and their conveyances, waybills and what hangs off them. */
export function freightMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const time = "varchar(32)";
  const scoped = <T extends string>(table: CreateTableBuilder<T, never>) =>
    withId(table, dialect)
      .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
      .addColumn("tenant_id", big, (c) => c.notNull().references("tenants.id"))
      .addColumn("org_id", big, (c) => c.notNull().references("organisations.id"));

  return {
    async up(db: Kysely<unknown>) {
      await scoped(db.schema.createTable("freight_orders"))
        .addColumn("order_no", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("freight_way", "varchar(8)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("shipper_name", "varchar(128)", (c) => c.notNull())
        .addColumn("cargo_category", "varchar(16)", (c) => c.notNull())
        .addColumn("loading_place", "varchar(64)", (c) => c.notNull())
        .addColumn("loading_address", "varchar(200)", (c) => c.notNull())
        .addColumn("unloading_place", "varchar(64)", (c) => c.notNull())
        .addColumn("unloading_address", "varchar(200)", (c) => c.notNull())
        .addColumn("planned_weight", big, (c) => c.notNull())
        .addColumn("dispatched_weight", big, (c) => c.notNull().defaultTo(0))
        .addColumn("unit_price", big, (c) => c.notNull())
        .addColumn("contract_no", "varchar(32)", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("freight_orders_org_status").on("freight_orders").columns(["platform_id", "org_id", "status", "created_at"]).execute();
      await db.schema.createIndex("freight_orders_tenant_status").on("freight_orders").columns(["platform_id", "tenant_id", "status", "created_at"]).execute();

      await scoped(db.schema.createTable("freight_drivers"))
        .addColumn("user_id", big, (c) => c.references("users.id"))
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("license_no", "varchar(32)", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("freight_drivers_org").on("freight_drivers").columns(["platform_id", "org_id"]).execute();
      await db.schema.createIndex("freight_drivers_user").on("freight_drivers").column("user_id").execute();

      await scoped(db.schema.createTable("freight_vehicles"))
        .addColumn("plate_no", "varchar(16)", (c) => c.notNull().unique())
        .addColumn("vehicle_type", "varchar(32)", (c) => c.notNull())
        .addColumn("load_capacity", big, (c) => c.notNull())
        .addColumn("driver_id", big, (c) => c.references("freight_drivers.id"))
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("freight_vehicles_org").on("freight_vehicles").columns(["platform_id", "org_id"]).execute();
      await db.schema.createIndex("freight_vehicles_driver").on("freight_vehicles").column("driver_id").execute();

      await scoped(db.schema.createTable("freight_captains"))
        .addColumn("user_id", big, (c) => c.references("users.id"))
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("certificate_no", "varchar(32)", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("freight_captains_org").on("freight_captains").columns(["platform_id", "org_id"]).execute();
      await db.schema.createIndex("freight_captains_user").on("freight_captains").column("user_id").execute();

      await scoped(db.schema.createTable("freight_ships"))
        .addColumn("ship_name", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("mmsi", "varchar(16)", (c) => c.notNull())
        .addColumn("load_capacity", big, (c) => c.notNull())
        .addColumn("captain_id", big, (c) => c.references("freight_captains.id"))
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("freight_ships_org").on("freight_ships").columns(["platform_id", "org_id"]).execute();

      await scoped(db.schema.createTable("gps_devices"))
        .addColumn("device_no", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("model", "varchar(32)", (c) => c.notNull())
        .addColumn("sim_no", "varchar(20)", (c) => c.notNull())
        .addColumn("online", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("vehicle_id", big, (c) => c.unique().references("freight_vehicles.id"))
        .addColumn("bound_at", time)
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("gps_devices_org").on("gps_devices").columns(["platform_id", "org_id"]).execute();

      await scoped(db.schema.createTable("freights"))
        .addColumn("freight_no", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("freight_way", "varchar(8)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("order_id", big, (c) => c.notNull().references("freight_orders.id"))
        .addColumn("order_no", "varchar(32)", (c) => c.notNull())
        .addColumn("shipper_name", "varchar(128)", (c) => c.notNull())
        .addColumn("cargo_category", "varchar(16)", (c) => c.notNull())
        .addColumn("driver_id", big, (c) => c.references("freight_drivers.id"))
        .addColumn("vehicle_id", big, (c) => c.references("freight_vehicles.id"))
        .addColumn("captain_id", big, (c) => c.references("freight_captains.id"))
        .addColumn("ship_id", big, (c) => c.references("freight_ships.id"))
        .addColumn("carrier_user_id", big, (c) => c.references("users.id"))
        .addColumn("carrier_name", "varchar(32)", (c) => c.notNull())
        .addColumn("carrier_mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("conveyance_name", "varchar(32)", (c) => c.notNull())
        .addColumn("loading_place", "varchar(64)", (c) => c.notNull())
        .addColumn("loading_address", "varchar(200)", (c) => c.notNull())
        .addColumn("unloading_place", "varchar(64)", (c) => c.notNull())
        .addColumn("unloading_address", "varchar(200)", (c) => c.notNull())
        .addColumn("planned_weight", big, (c) => c.notNull())
        .addColumn("loaded_weight", big)
        .addColumn("pickup_weight", big)
        .addColumn("unloaded_weight", big)
        .addColumn("unit_price", big, (c) => c.notNull())
        .addColumn("freight_amount", big, (c) => c.notNull())
        .addColumn("loading_ticket_url", "varchar(512)")
        .addColumn("unloading_ticket_url", "varchar(512)")
        .addColumn("abnormal", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("abnormal_reason", "varchar(200)")
        .addColumn("contract_no", "varchar(32)", (c) => c.notNull())
        .addColumn("dispatcher_user_id", big, (c) => c.references("users.id"))
        .addColumn("dispatcher_name", "varchar(32)", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("loading_time", time)
        .addColumn("unloading_time", time)
        .addColumn("sign_time", time)
        .addColumn("confirm_time", time)
        .addColumn("complete_time", time)
        .addColumn("cancel_time", time)
        .addColumn("cancel_reason", "varchar(200)")
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      // The list queries: each scope (organisation, tenant, platform, own waybills as carrier) filtered
      // by status and a creation date range, newest first; plus newest-first without a status.
      const freightIndexes: Array<[string, string[]]> = [
        ["freights_org_status_created", ["platform_id", "org_id", "status", "created_at"]],
        ["freights_tenant_status_created", ["platform_id", "tenant_id", "status", "created_at"]],
        ["freights_platform_status_created", ["platform_id", "status", "created_at"]],
        ["freights_carrier_status_created", ["carrier_user_id", "status", "created_at"]],
        ["freights_org_created", ["platform_id", "org_id", "created_at"]],
        ["freights_platform_created", ["platform_id", "created_at"]],
        ["freights_order", ["order_id"]],
        ["freights_loading_time", ["loading_time"]],
        ["freights_complete_time", ["complete_time"]],
      ];
      for (const [name, columns] of freightIndexes) await db.schema.createIndex(name).on("freights").columns(columns).execute();

      await withId(db.schema.createTable("freight_events"), dialect)
        .addColumn("freight_id", big, (c) => c.notNull().references("freights.id").onDelete("cascade"))
        .addColumn("action", "varchar(16)", (c) => c.notNull())
        .addColumn("from_status", "varchar(16)")
        .addColumn("to_status", "varchar(16)", (c) => c.notNull())
        .addColumn("operator_user_id", big, (c) => c.references("users.id"))
        .addColumn("operator_name", "varchar(32)", (c) => c.notNull())
        .addColumn("remark", "varchar(500)")
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("freight_events_freight").on("freight_events").columns(["freight_id", "id"]).execute();

      await withId(db.schema.createTable("freight_comments"), dialect)
        .addColumn("freight_id", big, (c) => c.notNull().references("freights.id").onDelete("cascade"))
        .addColumn("author_user_id", big, (c) => c.notNull().references("users.id"))
        .addColumn("author_name", "varchar(32)", (c) => c.notNull())
        .addColumn("score", "integer", (c) => c.notNull())
        .addColumn("content", "varchar(500)", (c) => c.notNull())
        .addColumn("reply_content", "varchar(500)")
        .addColumn("reply_user_id", big, (c) => c.references("users.id"))
        .addColumn("reply_name", "varchar(32)")
        .addColumn("replied_at", time)
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("freight_comments_freight").on("freight_comments").column("freight_id").execute();

      await withId(db.schema.createTable("freight_track_points"), dialect)
        .addColumn("freight_id", big, (c) => c.notNull().references("freights.id").onDelete("cascade"))
        .addColumn("lat", "double precision", (c) => c.notNull())
        .addColumn("lng", "double precision", (c) => c.notNull())
        .addColumn("speed", "integer", (c) => c.notNull())
        .addColumn("recorded_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("freight_track_points_freight").on("freight_track_points").columns(["freight_id", "recorded_at"]).execute();

      await scoped(db.schema.createTable("freight_contracts"))
        .addColumn("contract_no", "varchar(32)", (c) => c.notNull().unique())
        .addColumn("kind", "varchar(8)", (c) => c.notNull())
        .addColumn("order_id", big, (c) => c.references("freight_orders.id"))
        .addColumn("driver_id", big, (c) => c.references("freight_drivers.id"))
        .addColumn("captain_id", big, (c) => c.references("freight_captains.id"))
        .addColumn("title", "varchar(128)", (c) => c.notNull())
        .addColumn("party_a", "varchar(128)", (c) => c.notNull())
        .addColumn("party_b", "varchar(128)", (c) => c.notNull())
        .addColumn("terms", "text", (c) => c.notNull())
        .addColumn("signed_at", time, (c) => c.notNull())
        .addColumn("valid_from", time)
        .addColumn("valid_to", time)
        .execute();
      for (const column of ["order_id", "driver_id", "captain_id"]) {
        await db.schema.createIndex(`freight_contracts_${column}`).on("freight_contracts").column(column).execute();
      }
    },
  };
}
