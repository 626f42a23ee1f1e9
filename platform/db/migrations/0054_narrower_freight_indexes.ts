import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../index.js";
import { WAYBILL_COUNTERS } from "./0045_waybill_counters.js";

/**
 * Fewer bytes per waybill, written on every dispatch and step (docs/design/performance.md, "What a write
 * pays"). At 1,000,000 waybills the indexes of `freights` were 2.5 × the table; the summaries the
 * triggers keep (0041, 0042, 0044) now answer what several covering indexes were widened for:
 *  - the list's count and footer sums: `waybill_list_stats` answers them; the four scope + status +
 *    creation indexes keep their keys (the pages of rows, newest first) without the five summed columns
 *    (0004). An individual carrier (no summary key) sums his few hundred waybills from the rows.
 *  - the dashboard: `waybill_daily_stats` answers it; the loading-time index keeps its time without
 *    the dashboard's eight columns (0040), and the completion-time one is dropped: every reader of a
 *    completion range has a scope, which the completions per scope (0039) lead with (撮合统计 and its
 *    detail on SQLite, the 数据报送 list's completion dates).
 *  - the reports' covering indexes (0017, 0045) drop `complete_time`, which no report reads from them
 *    (the finance reports range on the completion indexes), and the copy of their own key column
 *    (tenant_id, org_id) they stored twice. They keep the places and the cargo: 装货单位 / 卸货单位 /
 *    货物统计 read `waybill_key_stats`, but with a 托运人 filter (no summary key) they group the range's
 *    waybills, and without those columns PostgreSQL read the whole table for the platform and a tenant
 *    at 1,000,000 waybills (0.3 → 1.4–2.3 s).
 *  - the delivery, task, captain and ship indexes hold only waybills that have one: most have none (a
 *    road waybill has no captain or ship), and every lookup is by a value (`=`, `in`), which a partial
 *    index `where … is not null` answers on both databases.
 */
const STAT_TIME = "(coalesce(loading_time, created_at))";
const COUNTERS = Object.values(WAYBILL_COUNTERS).flatMap((counters) => Object.keys(counters));
/** What the reports that read waybills (not a summary) take of each from the index, besides its scope and statistics time. */
const REPORT_COLUMNS = [
  "freight_way", "status", "tenant_id", "org_id", "shipper_name", "cargo_category", "loading_place", "unloading_place", "driver_id", "vehicle_id", "ship_id",
  "loaded_weight", "unloaded_weight", "freight_amount", "abnormal", "loading_time", "unloading_time", "created_at", "carrier_name", ...COUNTERS,
];
/** Before: 0017 with 0045's counters. */
const OLD_REPORT_COLUMNS = [
  "freight_way", "status", "tenant_id", "org_id", "shipper_name", "cargo_category", "loading_place", "unloading_place", "driver_id", "vehicle_id",
  "ship_id", "loaded_weight", "unloaded_weight", "freight_amount", "abnormal", "loading_time", "unloading_time", "complete_time", "created_at", "carrier_name", ...COUNTERS,
];
const REPORT_INDEXES: Array<[name: string, keys: string[]]> = [
  ["freights_report_platform", ["platform_id"]],
  ["freights_report_tenant", ["platform_id", "tenant_id"]],
  ["freights_report_org", ["platform_id", "org_id"]],
];

function reportIndex(dialect: DialectName, [name, keys]: (typeof REPORT_INDEXES)[number], columns: string[], dropKeys: boolean): string {
  const carried = dropKeys ? columns.filter((c) => !keys.includes(c)) : columns;
  return dialect === "postgres"
    ? `create index ${name} on freights (${keys.join(", ")}, ${STAT_TIME}) include (id, ${carried.join(", ")})`
    : `create index ${name} on freights (${keys.join(", ")}, ${STAT_TIME}, ${carried.join(", ")})`;
}

const SUM_COLUMNS = ["planned_weight", "loaded_weight", "pickup_weight", "unloaded_weight", "freight_amount"];
const STATUS_INDEXES: Array<[string, string[]]> = [
  ["freights_org_status_created", ["platform_id", "org_id", "status", "created_at"]],
  ["freights_tenant_status_created", ["platform_id", "tenant_id", "status", "created_at"]],
  ["freights_platform_status_created", ["platform_id", "status", "created_at"]],
  ["freights_carrier_status_created", ["carrier_user_id", "status", "created_at"]],
];

const DASHBOARD_COLUMNS = "platform_id, tenant_id, org_id, carrier_user_id, freight_way, status, loaded_weight, freight_amount";
const TIME_INDEXES: Array<[string, string]> = [
  ["freights_loading_time", "loading_time"],
  ["freights_complete_time", "complete_time"],
];
const [LOADING_TIME, COMPLETE_TIME] = TIME_INDEXES as [[string, string], [string, string]];

/** [name, columns, the column most waybills leave null]. */
const SPARSE_INDEXES: Array<[string, string[], string]> = [
  ["freights_delivery", ["delivery_id"], "delivery_id"],
  ["freights_task", ["task_id"], "task_id"],
  ["freights_captain_status", ["captain_id", "status"], "captain_id"],
  ["freights_ship_status", ["ship_id", "status"], "ship_id"],
];

async function run(db: Kysely<unknown>, statement: string) {
  await sql.raw(statement).execute(db);
}

export function narrowerFreightIndexesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const index of REPORT_INDEXES) {
        await run(db, `drop index ${index[0]}`);
        await run(db, reportIndex(dialect, index, REPORT_COLUMNS, true));
      }
      for (const [name, columns] of STATUS_INDEXES) {
        await run(db, `drop index ${name}`);
        await run(db, `create index ${name} on freights (${columns.join(", ")})`);
      }
      await run(db, `drop index ${LOADING_TIME[0]}`);
      await run(db, `create index ${LOADING_TIME[0]} on freights (${LOADING_TIME[1]})`);
      await run(db, `drop index ${COMPLETE_TIME[0]}`);
      for (const [name, columns, sparse] of SPARSE_INDEXES) {
        await run(db, `drop index ${name}`);
        await run(db, `create index ${name} on freights (${columns.join(", ")}) where ${sparse} is not null`);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const index of REPORT_INDEXES) {
        await run(db, `drop index ${index[0]}`);
        await run(db, reportIndex(dialect, index, OLD_REPORT_COLUMNS, false));
      }
      for (const [name, columns] of STATUS_INDEXES) {
        await run(db, `drop index ${name}`);
        await run(db, `create index ${name} on freights (${[...columns, ...SUM_COLUMNS].join(", ")})`);
      }
      await run(db, `drop index ${LOADING_TIME[0]}`);
      for (const [name, column] of TIME_INDEXES) {
        await run(db, `create index ${name} on freights ${dialect === "postgres" ? `(${column}) include (${DASHBOARD_COLUMNS})` : `(${column}, ${DASHBOARD_COLUMNS})`}`);
      }
      for (const [name, columns] of SPARSE_INDEXES) {
        await run(db, `drop index ${name}`);
        await run(db, `create index ${name} on freights (${columns.join(", ")})`);
      }
    },
  };
}
