import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import { addEngineColumns, bigintType, engineTable, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * Orders on the resource engine (domain 3.1): the engine's columns and the order's new fields on
 * `freight_orders`, all nullable or defaulted so existing rows and the dispatch service keep working.
 * Existing rows are backfilled: updated_at from created_at, cargo name and consignee from what they
 * carry, the shipper linked by name within the organisation, progress from their waybills.
 * Import batches (domain 3.5): one row per uploaded file, and its refused rows with their errors.
 */
export function ordersMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const time = "varchar(32)";
  const def = (value: string | number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);
  const columns: Array<[string, string, ((c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder)?]> = [
    ["external_no", "varchar(35)"],
    ["business_mode", "varchar(16)", def("SELF_OPERATED")],
    ["shipper_id", big],
    ["project_id", big],
    ["cargo_id", big],
    ["cargo_name", "varchar(64)"],
    ["business_type_code", "varchar(8)", def("1002996")],
    ["consignee_name", "varchar(128)"],
    ["loading_contact_name", "varchar(32)"],
    ["loading_contact_mobile", "varchar(16)"],
    ["unloading_contact_name", "varchar(32)"],
    ["unloading_contact_mobile", "varchar(16)"],
    ["distance_km", "integer"],
    ["loading_from", time],
    ["loading_to", time],
    ["arrive_by", time],
    ["loaded_weight", big, def(0)],
    ["unloaded_weight", big, def(0)],
    ["completed_weight", big, def(0)],
    ["shipper_unit_price", big],
    ["cargo_unit_price", big],
    ["loss_allowance_bp", "integer", def(30)],
    ["settle_basis", "varchar(8)", def("MIN")],
    ["source", "varchar(8)", def("MANUAL")],
    ["remark", "varchar(500)"],
    ["closed_reason", "varchar(200)"],
    ["closed_at", time],
    ["cancel_reason", "varchar(200)"],
    ["cancelled_at", time],
  ];
  return {
    async up(db: Kysely<unknown>) {
      await addEngineColumns(db, "freight_orders", dialect, { owner: true });
      for (const [name, type, build] of columns) await db.schema.alterTable("freight_orders").addColumn(name, type as never, build ?? ((c) => c)).execute();
      await sql`update freight_orders set updated_at = created_at, cargo_name = cargo_category, consignee_name = unloading_place`.execute(db);
      await sql`update freight_orders set shipper_id = (select min(s.id) from shippers s where s.org_id = freight_orders.org_id and s.name = freight_orders.shipper_name and s.deleted_at is null)`.execute(db);
      await sql`update freight_orders set
        loaded_weight = coalesce((select sum(f.loaded_weight) from freights f where f.order_id = freight_orders.id and f.status <> 'CANCELLED'), 0),
        unloaded_weight = coalesce((select sum(f.unloaded_weight) from freights f where f.order_id = freight_orders.id and f.status <> 'CANCELLED'), 0),
        completed_weight = coalesce((select sum(case when f.unloaded_weight is not null and f.loaded_weight is not null and f.unloaded_weight < f.loaded_weight then f.unloaded_weight else coalesce(f.loaded_weight, f.planned_weight) end) from freights f where f.order_id = freight_orders.id and f.status = 'COMPLETED'), 0)`.execute(db);
      await db.schema.createIndex("freight_orders_owner").on("freight_orders").columns(["owner_user_id", "created_at"]).execute();
      await db.schema.createIndex("freight_orders_external_no").on("freight_orders").columns(["org_id", "external_no"]).execute();
      await engineTable(db.schema.createTable("import_batches"), dialect)
        .addColumn("batch_no", "varchar(24)", (c) => c.notNull().unique())
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("file_name", "varchar(200)", (c) => c.notNull())
        .addColumn("file_sha256", "varchar(64)", (c) => c.notNull())
        .addColumn("total_rows", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("valid_rows", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("invalid_rows", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("imported_rows", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("message", "varchar(500)")
        .addColumn("headers", "text")
        .execute();
      await db.schema.createIndex("import_batches_org").on("import_batches").columns(["platform_id", "org_id", "created_at"]).execute();
      await withId(db.schema.createTable("import_rows"), dialect)
        .addColumn("batch_id", big, (c) => c.notNull().references("import_batches.id"))
        .addColumn("row_no", "integer", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("errors", "text", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("entity_id", big)
        .execute();
      await db.schema.createIndex("import_rows_batch").on("import_rows").columns(["batch_id", "row_no"]).execute();
      await db.schema.createIndex("freight_orders_platform_created").on("freight_orders").columns(["platform_id", "created_at"]).execute();
    },
  };
}
