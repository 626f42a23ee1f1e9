import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";
import { bigintType, engineTable, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * 数据报送 (domain 8): targets, one record per message to send, and every attempt to send it; and the own
 * fleet's timeout rules (domain 7.2): 超时配置 and the alerts they raise (超时记录 / 实时提醒).
 */
export function fleetSubmissionMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const time = "varchar(32)";
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("report_targets"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("code", "varchar(16)", (c) => c.notNull())
        .addColumn("name", "varchar(64)", (c) => c.notNull())
        .addColumn("base_url", "varchar(256)", (c) => c.notNull())
        .addColumn("carrier_name", "varchar(128)", (c) => c.notNull())
        .addColumn("credit_code", "varchar(18)", (c) => c.notNull())
        .addColumn("permit_number", "varchar(32)", (c) => c.notNull())
        .addColumn("sender_code", "varchar(32)", (c) => c.notNull())
        .addColumn("message_types", "varchar(256)", (c) => c.notNull())
        .addColumn("auto_report", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("report_delay_min", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("max_attempts", "integer", (c) => c.notNull().defaultTo(8))
        .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("paused", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("paused_reason", "varchar(200)")
        .addColumn("credentials_env", "varchar(32)", (c) => c.notNull())
        .addColumn("token", "varchar(256)")
        .addColumn("token_at", time)
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("report_targets_code").on("report_targets").columns(["platform_id", "code"]).unique().execute();

      await withId(db.schema.createTable("report_records"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
        .addColumn("tenant_id", big, (c) => c.references("tenants.id"))
        .addColumn("org_id", big, (c) => c.references("organisations.id"))
        .addColumn("record_no", "varchar(20)", (c) => c.notNull().unique())
        .addColumn("target", "varchar(16)", (c) => c.notNull())
        .addColumn("message_type", "varchar(24)", (c) => c.notNull())
        .addColumn("subject_type", "varchar(16)", (c) => c.notNull())
        .addColumn("subject_id", big, (c) => c.notNull())
        .addColumn("biz_no", "varchar(35)", (c) => c.notNull())
        .addColumn("freight_id", big, (c) => c.references("freights.id"))
        .addColumn("freight_no", "varchar(32)")
        .addColumn("depends_on", "varchar(200)", (c) => c.notNull().defaultTo("[]"))
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("payload_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("check_result", "text", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("attempt_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", time)
        .addColumn("last_result_code", "varchar(16)")
        .addColumn("last_result_message", "varchar(500)")
        .addColumn("last_outcome", "varchar(16)")
        .addColumn("last_reference", "varchar(40)")
        .addColumn("success_at", time)
        .addColumn("marked_abnormal", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("mark_remark", "varchar(200)")
        .addColumn("superseded_by", big)
        .addColumn("trigger_at", time, (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .execute();
      const recordIndexes: Array<[string, string[]]> = [
        ["report_records_queue", ["target", "status", "next_attempt_at"]],
        ["report_records_freight", ["freight_id"]],
        ["report_records_subject", ["subject_type", "subject_id"]],
        ["report_records_type_status", ["message_type", "status", "created_at"]],
      ];
      for (const [name, columns] of recordIndexes) await db.schema.createIndex(name).on("report_records").columns(columns).execute();

      await withId(db.schema.createTable("report_attempts"), dialect)
        .addColumn("record_id", big, (c) => c.notNull().references("report_records.id"))
        .addColumn("attempt_no", "integer", (c) => c.notNull())
        .addColumn("message_reference_number", "varchar(40)", (c) => c.notNull())
        .addColumn("sent_at", time, (c) => c.notNull())
        .addColumn("duration_ms", "integer", (c) => c.notNull())
        .addColumn("http_status", "integer")
        .addColumn("result_code", "varchar(16)")
        .addColumn("result_message", "varchar(500)")
        .addColumn("outcome", "varchar(16)", (c) => c.notNull())
        .addColumn("operator_user_id", big, (c) => c.references("users.id"))
        .addColumn("operator_name", "varchar(32)")
        .addColumn("request_excerpt", "text", (c) => c.notNull())
        .addColumn("response_excerpt", "text")
        .execute();
      await db.schema.createIndex("report_attempts_record").on("report_attempts").columns(["record_id", "attempt_no"]).execute();

      await engineTable(db.schema.createTable("timeout_configs"), dialect)
        .addColumn("scope", "varchar(8)", (c) => c.notNull())
        .addColumn("loading_region_code", "varchar(6)")
        .addColumn("unloading_region_code", "varchar(6)")
        .addColumn("loading_timeout_h", "integer")
        .addColumn("transit_timeout_h", "integer")
        .addColumn("stop_timeout_min", "integer")
        .addColumn("offline_timeout_min", "integer")
        .addColumn("notify_mobiles", "varchar(200)")
        .addColumn("enabled", "varchar(16)", (c) => c.notNull().defaultTo("ENABLED"))
        .execute();
      await db.schema.createIndex("timeout_configs_org").on("timeout_configs").columns(["org_id", "scope", "loading_region_code", "unloading_region_code"]).execute();

      await engineTable(db.schema.createTable("vehicle_alerts"), dialect)
        .addColumn("alert_type", "varchar(24)", (c) => c.notNull())
        .addColumn("vehicle_id", big, (c) => c.references("freight_vehicles.id"))
        .addColumn("freight_id", big, (c) => c.notNull().references("freights.id"))
        .addColumn("freight_no", "varchar(32)", (c) => c.notNull())
        .addColumn("plate_no", "varchar(16)", (c) => c.notNull())
        .addColumn("driver_name", "varchar(32)", (c) => c.notNull())
        .addColumn("threshold", "varchar(32)", (c) => c.notNull())
        .addColumn("actual", "varchar(32)", (c) => c.notNull())
        .addColumn("lat", "double precision")
        .addColumn("lng", "double precision")
        .addColumn("level", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("started_at", time, (c) => c.notNull())
        .addColumn("detected_at", time, (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("closed_at", time)
        .addColumn("handled_by", big, (c) => c.references("users.id"))
        .addColumn("handled_name", "varchar(32)")
        .addColumn("handled_at", time)
        .addColumn("handle_remark", "varchar(200)")
        .execute();
      // One breach, one alert: at most one OPEN alert per waybill and type.
      await sql`create unique index vehicle_alerts_open on vehicle_alerts (freight_id, alert_type) where status = 'OPEN'`.execute(db);
      await db.schema.createIndex("vehicle_alerts_org").on("vehicle_alerts").columns(["platform_id", "org_id", "detected_at"]).execute();
    },
  };
}
