import type { Kysely, Migration } from "kysely";
import { bigintType, engineTable, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * The rest of 自有车辆管理 (domain 7.2): 车源 (vehicle_availabilities, published by owners and found by
 * 找车) with the contacts made on them, and 短信模板 (sms_templates) with every message handed to the
 * SMS gateway (sms_send_logs: the request and the gateway's answer).
 */
export function fleetRestMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const time = "varchar(32)";
  return {
    async up(db: Kysely<unknown>) {
      await engineTable(db.schema.createTable("vehicle_availabilities"), dialect)
        .addColumn("vehicle_id", big, (c) => c.notNull().references("freight_vehicles.id"))
        .addColumn("driver_id", big, (c) => c.references("freight_drivers.id"))
        .addColumn("plate_no", "varchar(16)", (c) => c.notNull())
        .addColumn("vehicle_type", "varchar(32)", (c) => c.notNull())
        .addColumn("vehicle_length", "varchar(8)", (c) => c.notNull())
        .addColumn("current_region_code", "varchar(6)", (c) => c.notNull())
        .addColumn("current_place", "varchar(64)", (c) => c.notNull())
        .addColumn("lat", "double precision")
        .addColumn("lng", "double precision")
        .addColumn("to_places", "varchar(100)")
        .addColumn("available_from", time, (c) => c.notNull())
        .addColumn("available_to", time, (c) => c.notNull())
        .addColumn("available_load", big, (c) => c.notNull())
        .addColumn("expected_price", big)
        .addColumn("contact_mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("remark", "varchar(200)")
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("off_reason", "varchar(100)")
        .addColumn("contact_count", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("vehicle_availabilities_find").on("vehicle_availabilities").columns(["platform_id", "status", "available_to"]).execute();
      await db.schema.createIndex("vehicle_availabilities_org").on("vehicle_availabilities").columns(["platform_id", "org_id", "created_at"]).execute();
      await db.schema.createIndex("vehicle_availabilities_vehicle").on("vehicle_availabilities").columns(["vehicle_id", "status"]).execute();

      await withId(db.schema.createTable("vehicle_contact_logs"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("availability_id", big, (c) => c.notNull().references("vehicle_availabilities.id"))
        .addColumn("org_id", big, (c) => c.references("organisations.id"))
        .addColumn("user_id", big, (c) => c.notNull().references("users.id"))
        .addColumn("user_name", "varchar(32)", (c) => c.notNull())
        .addColumn("channel", "varchar(8)", (c) => c.notNull())
        .addColumn("sms_log_id", big)
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("vehicle_contact_logs_availability").on("vehicle_contact_logs").columns(["availability_id", "created_at"]).execute();

      await engineTable(db.schema.createTable("sms_templates"), dialect, { platformLevel: true })
        .addColumn("code", "varchar(32)", (c) => c.notNull())
        .addColumn("name", "varchar(32)", (c) => c.notNull())
        .addColumn("content", "varchar(500)", (c) => c.notNull())
        .addColumn("sign_name", "varchar(16)", (c) => c.notNull())
        .addColumn("provider_template_id", "varchar(40)")
        .addColumn("status", "varchar(20)", (c) => c.notNull())
        .addColumn("reject_reason", "varchar(200)")
        .addColumn("last_test_result", "varchar(120)")
        .execute();
      await db.schema.createIndex("sms_templates_code").on("sms_templates").columns(["platform_id", "org_id", "code"]).execute();

      await withId(db.schema.createTable("sms_send_logs"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("org_id", big, (c) => c.references("organisations.id"))
        .addColumn("user_id", big, (c) => c.references("users.id"))
        .addColumn("template_id", big, (c) => c.references("sms_templates.id"))
        .addColumn("template_code", "varchar(32)", (c) => c.notNull())
        .addColumn("purpose", "varchar(8)", (c) => c.notNull())
        .addColumn("mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("content", "varchar(600)", (c) => c.notNull())
        .addColumn("status", "varchar(8)", (c) => c.notNull())
        .addColumn("provider_message_id", "varchar(40)")
        .addColumn("request_excerpt", "text", (c) => c.notNull())
        .addColumn("response_excerpt", "text")
        .addColumn("error", "varchar(200)")
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sms_send_logs_org").on("sms_send_logs").columns(["platform_id", "org_id", "created_at"]).execute();
    },
  };
}
