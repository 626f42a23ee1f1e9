import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../index.js";
import { createStatIndex, STAT_INDEXES } from "./0017_reports.js";
import { createDailyStatsTriggers, dropSummaryTriggers } from "./0041_waybill_daily_stats.js";
import { createListStatsTriggers } from "./0042_waybill_list_stats.js";
import { createKeyStatsTriggers } from "./0044_waybill_key_stats.js";
import { createRiskAndSupplierTriggers } from "./0055_dispatch_facts.js";

/**
 * Less written per waybill step (docs/design/performance.md, "What a write pays"):
 *  - the summaries' triggers again, now leaving alone a key whose figures a write does not move
 *    (`summaryUpsert`): 签收, 车队确认 and 完成 change the status and a time, so the key, risk and supplier
 *    summaries and the creation day of the daily one, which all fired on the status, no longer write
 *    the same figures back (up to ten summary rows a step before, two or three now);
 *  - 重新发货's index holds the cancelled waybills only (every read of it asks for status 'CANCELLED'),
 *    instead of an entry for every waybill that every status change moves;
 *  - the individual carrier's report index goes: his reports and his list both start from his own
 *    waybills (`carrier_user_id = …`, a few hundred), which the carrier + status + creation index
 *    finds as well.
 */
const SUMMARIES = ["waybill_daily_stats", "waybill_list_stats", "waybill_key_stats", "waybill_risk_stats", "waybill_supplier_stats"];
const REPORT_CARRIER = STAT_INDEXES.find(([name]) => name === "freights_report_carrier")!;

export async function recreateSummaryTriggers(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const table of SUMMARIES) await dropSummaryTriggers(db, dialect, table);
  await createDailyStatsTriggers(db, dialect);
  await createListStatsTriggers(db, dialect);
  await createKeyStatsTriggers(db, dialect);
  await createRiskAndSupplierTriggers(db, dialect);
}

export function quieterWritesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await recreateSummaryTriggers(db, dialect);
      await sql`drop index freights_redelivery`.execute(db);
      await sql`create index freights_redelivery on freights (platform_id, redelivery_status, cancel_time) where status = 'CANCELLED'`.execute(db);
      await sql.raw(`drop index ${REPORT_CARRIER[0]}`).execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql.raw(createStatIndex(dialect, REPORT_CARRIER)).execute(db);
      await sql`drop index freights_redelivery`.execute(db);
      await sql`create index freights_redelivery on freights (platform_id, status, redelivery_status, cancel_time)`.execute(db);
      // The triggers stay as they are: the same figures, only fewer writes of unchanged ones.
    },
  };
}
