import type { Kysely, Migration } from "kysely";
import { bigintType, engineTable } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * The rest of /orderManage (domain 3.2, 3.6–3.9): delivery notes (发货单), transport tasks (运输任务) and
 * containers (集装箱/还箱动态) as engine tables; on `freights` the links to a delivery, a task and the
 * waybill a re-delivery replaces, the re-delivery state of a cancelled waybill, and the engine's
 * version / soft-delete columns so the re-delivery list can run on the engine. Existing rows: every
 * waybill gets redelivery_status WAITING (only cancelled ones are ever listed), version 0.
 */
export function orderRestMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const time = "varchar(32)";
  return {
    async up(db: Kysely<unknown>) {
      await engineTable(db.schema.createTable("deliveries"), dialect)
        .addColumn("delivery_no", "varchar(20)", (c) => c.notNull().unique())
        .addColumn("order_id", big, (c) => c.notNull().references("freight_orders.id"))
        .addColumn("order_no", "varchar(32)", (c) => c.notNull())
        .addColumn("freight_way", "varchar(8)", (c) => c.notNull())
        .addColumn("shipper_name", "varchar(128)", (c) => c.notNull())
        .addColumn("cargo_name", "varchar(64)", (c) => c.notNull())
        .addColumn("pickup_no", "varchar(32)")
        .addColumn("loading_place", "varchar(64)", (c) => c.notNull())
        .addColumn("unloading_place", "varchar(64)", (c) => c.notNull())
        .addColumn("planned_weight", big, (c) => c.notNull())
        .addColumn("dispatched_weight", big, (c) => c.notNull().defaultTo(0))
        .addColumn("loading_from", time, (c) => c.notNull())
        .addColumn("loading_to", time, (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("remark", "varchar(200)")
        .addColumn("close_reason", "varchar(200)")
        .execute();
      await db.schema.createIndex("deliveries_scope").on("deliveries").columns(["platform_id", "org_id", "freight_way", "created_at"]).execute();
      await db.schema.createIndex("deliveries_order").on("deliveries").columns(["order_id", "status"]).execute();

      await engineTable(db.schema.createTable("transport_tasks"), dialect)
        .addColumn("task_no", "varchar(20)", (c) => c.notNull().unique())
        .addColumn("order_id", big, (c) => c.notNull().references("freight_orders.id"))
        .addColumn("order_no", "varchar(32)", (c) => c.notNull())
        .addColumn("freight_way", "varchar(8)", (c) => c.notNull())
        .addColumn("cargo_name", "varchar(64)", (c) => c.notNull())
        .addColumn("loading_place", "varchar(64)", (c) => c.notNull())
        .addColumn("unloading_place", "varchar(64)", (c) => c.notNull())
        .addColumn("assignee_type", "varchar(16)", (c) => c.notNull())
        .addColumn("carrier_org_id", big, (c) => c.references("organisations.id"))
        .addColumn("fleet_leader_id", big)
        .addColumn("shipowner_id", big)
        .addColumn("assignee_name", "varchar(128)", (c) => c.notNull())
        .addColumn("planned_weight", big, (c) => c.notNull())
        .addColumn("dispatched_weight", big, (c) => c.notNull().defaultTo(0))
        .addColumn("completed_weight", big, (c) => c.notNull().defaultTo(0))
        .addColumn("unit_price", big, (c) => c.notNull())
        .addColumn("period_from", "varchar(10)", (c) => c.notNull())
        .addColumn("period_to", "varchar(10)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("remark", "varchar(200)")
        .addColumn("reject_reason", "varchar(200)")
        .addColumn("cancel_reason", "varchar(200)")
        .execute();
      await db.schema.createIndex("transport_tasks_scope").on("transport_tasks").columns(["platform_id", "org_id", "created_at"]).execute();
      await db.schema.createIndex("transport_tasks_order").on("transport_tasks").columns(["order_id", "status"]).execute();
      await db.schema.createIndex("transport_tasks_carrier").on("transport_tasks").columns(["carrier_org_id"]).execute();

      await engineTable(db.schema.createTable("containers"), dialect)
        .addColumn("container_no", "varchar(11)", (c) => c.notNull())
        .addColumn("size_type", "varchar(8)", (c) => c.notNull())
        .addColumn("seal_no", "varchar(20)")
        .addColumn("carrier_line", "varchar(64)")
        .addColumn("order_id", big, (c) => c.notNull().references("freight_orders.id"))
        .addColumn("order_no", "varchar(32)", (c) => c.notNull())
        .addColumn("freight_id", big, (c) => c.references("freights.id"))
        .addColumn("freight_no", "varchar(32)")
        .addColumn("pickup_yard", "varchar(64)", (c) => c.notNull())
        .addColumn("picked_at", time, (c) => c.notNull())
        .addColumn("free_days", "integer", (c) => c.notNull())
        .addColumn("return_deadline", time, (c) => c.notNull())
        .addColumn("return_yard", "varchar(64)", (c) => c.notNull())
        .addColumn("returned_at", time)
        .addColumn("demurrage_per_day", big)
        .addColumn("demurrage_amount", big)
        .addColumn("overdue_days", "integer")
        .addColumn("last_event", "varchar(16)")
        .addColumn("last_event_place", "varchar(64)")
        .addColumn("last_event_at", time)
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("containers_scope").on("containers").columns(["platform_id", "org_id", "created_at"]).execute();
      await db.schema.createIndex("containers_open").on("containers").columns(["status", "return_deadline"]).execute();
      await db.schema.createIndex("containers_no").on("containers").columns(["container_no", "status"]).execute();

      const freightColumns: Array<[string, string]> = [
        ["delivery_id", big],
        ["task_id", big],
        ["redispatch_of_id", big],
        ["redispatched_at", time],
        ["redelivery_freight_no", "varchar(32)"],
        ["redelivery_remark", "varchar(200)"],
        ["created_by", big],
        ["updated_by", big],
        ["deleted_at", time],
      ];
      for (const [name, type] of freightColumns) await db.schema.alterTable("freights").addColumn(name, type as never).execute();
      await db.schema.alterTable("freights").addColumn("redelivery_status", "varchar(16)", (c) => c.notNull().defaultTo("WAITING")).execute();
      await db.schema.alterTable("freights").addColumn("version", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex("freights_delivery").on("freights").columns(["delivery_id"]).execute();
      await db.schema.createIndex("freights_task").on("freights").columns(["task_id"]).execute();
      await db.schema.createIndex("freights_redelivery").on("freights").columns(["platform_id", "status", "redelivery_status", "cancel_time"]).execute();
    },
  };
}
