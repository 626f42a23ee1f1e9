import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.js";
import { chinaDay, createSummaryTable, createSummaryTriggers, dropSummaryTriggers, refillSummaries, summaryUpsert } from "./0041_waybill_daily_stats.js";

/**
 * The waybill list's summary (docs/design/reports.md, "The list's count and sums"): one row per
 * platform, tenant, organisation, China day of creation, transport way and status, holding the number
 * of waybills and the five sums the list's footer shows. The list (platform/freight/search.ts) answers
 * its total and sums from it when the filter is only scope, status, way and a creation-date range.
 *
 * Kept like `waybill_daily_stats` (0041): triggers on `freights` in the transaction of every write,
 * gated by the same progress row, filled by the same backfill (`fillDailyStats` adds both summaries in
 * each id range). Over a non-empty `freights` the migration empties the daily summary and sets the
 * progress back to the first id, so the backfill refills both together and neither is half there.
 */
export const LIST_STATS_KEYS = ["platform_id", "tenant_id", "org_id", "day", "freight_way", "status"] as const;
export const LIST_STATS_MEASURES = ["waybills", "planned_weight", "loaded_weight", "pickup_weight", "unloaded_weight", "freight_amount"] as const;
export type ListStatsMeasure = (typeof LIST_STATS_MEASURES)[number];

/** The columns of `freights` the list summary reads: an update touching none of them changes nothing. */
const SOURCE_COLUMNS = [
  "platform_id",
  "tenant_id",
  "org_id",
  "freight_way",
  "status",
  "created_at",
  "planned_weight",
  "loaded_weight",
  "pickup_weight",
  "unloaded_weight",
  "freight_amount",
];

/**
 * The row a waybill adds to the list summary (sign 1) or takes from it (sign -1): the one home of
 * "which waybill counts where" for the list, used by the triggers, the backfill and the tests. Every
 * waybill counts, whatever its status (the list shows cancelled ones too), on its creation day.
 */
export function listStatsContributions(dialect: DialectName, r: string, sign: 1 | -1, from = "", where = "true"): string {
  const s = (expr: string) => (sign === 1 ? `(${expr})` : `-(${expr})`);
  const values: Record<ListStatsMeasure, string> = {
    waybills: "1",
    planned_weight: `coalesce(${r}.planned_weight, 0)`,
    loaded_weight: `coalesce(${r}.loaded_weight, 0)`,
    pickup_weight: `coalesce(${r}.pickup_weight, 0)`,
    unloaded_weight: `coalesce(${r}.unloaded_weight, 0)`,
    freight_amount: `coalesce(${r}.freight_amount, 0)`,
  };
  const keys = `${r}.platform_id as platform_id, ${r}.tenant_id as tenant_id, ${r}.org_id as org_id, ${chinaDay(dialect, `${r}.created_at`)} as day, ${r}.freight_way as freight_way, ${r}.status as status`;
  return `select ${keys}, ${LIST_STATS_MEASURES.map((m) => `${s(values[m])} as ${m}`).join(", ")} ${from} where ${where}`;
}

export const listStatsUpsert = (contributions: string) => summaryUpsert("waybill_list_stats", LIST_STATS_KEYS, LIST_STATS_MEASURES, contributions);

/** The list summary's triggers (also recreated by later migrations that change how every summary is written). */
export const createListStatsTriggers = (db: Kysely<unknown>, dialect: DialectName) =>
  createSummaryTriggers(db, dialect, "waybill_list_stats", (r, sign) => listStatsContributions(dialect, r, sign), listStatsUpsert, SOURCE_COLUMNS);

export function waybillListStatsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createSummaryTable(db, dialect, "waybill_list_stats", LIST_STATS_KEYS, LIST_STATS_MEASURES);
      // The platform's date ranges (the primary key serves a tenant's and an organisation's).
      await db.schema.createIndex("waybill_list_stats_platform_day").on("waybill_list_stats").columns(["platform_id", "day"]).execute();
      await refillSummaries(db, ["waybill_daily_stats"]);

      await createListStatsTriggers(db, dialect);
    },
    async down(db: Kysely<unknown>) {
      await dropSummaryTriggers(db, dialect, "waybill_list_stats");
      await db.schema.dropTable("waybill_list_stats").execute();
    },
  };
}
