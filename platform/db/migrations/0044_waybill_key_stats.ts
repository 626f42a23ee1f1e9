import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.js";
import { chinaDay, createSummaryTable, createSummaryTriggers, dropSummaryTriggers, refillSummaries, summaryUpsert } from "./0041_waybill_daily_stats.js";

/**
 * The per-day summary by place and cargo (docs/design/reports.md, "The summary by place and cargo"):
 * one row per platform, tenant, organisation, statistics day, transport way, kind (装货地 LOADING, 卸货地
 * UNLOADING, 货物 CARGO) and that kind's value, holding the traffic figures 装货单位, 卸货单位 and 货物统计
 * show. These group by a few dozen places and cargoes, so a 31-day range at 10,000,000 waybills is some
 * thousands of rows instead of the range's 875,000 waybills.
 *
 * Kept like the daily summary (0041): triggers on `freights` in the transaction of every write, gated by
 * the same progress row, filled by the same backfill. Over a non-empty `freights` the migration empties
 * the other summaries and sets the progress back, so the backfill refills all three together.
 */
/** In the primary key's order: an organisation's rows of one kind by day lead (its tenant follows from it). */
export const KEY_STATS_KEYS = ["platform_id", "org_id", "kind", "day", "freight_way", "key", "tenant_id"] as const;
export const KEY_STATS_MEASURES = ["waybills", "loaded", "unloaded", "loss", "loaded_of_unloaded", "freight"] as const;
export type KeyStatsMeasure = (typeof KEY_STATS_MEASURES)[number];

/** Which column of the waybill each kind groups by. */
export const KEY_STATS_KINDS = { LOADING: "loading_place", UNLOADING: "unloading_place", CARGO: "cargo_category" } as const;
export type KeyStatsKind = keyof typeof KEY_STATS_KINDS;

/** The columns of `freights` the summary reads: an update touching none of them changes nothing. */
const SOURCE_COLUMNS = ["platform_id", "tenant_id", "org_id", "freight_way", "status", "created_at", "loading_time", ...Object.values(KEY_STATS_KINDS), "loaded_weight", "unloaded_weight", "freight_amount"];

/** A waybill's (alias r) part of each traffic measure: weights kg, money fen, nulls as 0. */
export function trafficValues(r: string): Record<KeyStatsMeasure, string> {
  const both = `${r}.unloaded_weight is not null and ${r}.loaded_weight is not null`;
  return {
    waybills: "1",
    loaded: `coalesce(${r}.loaded_weight, 0)`,
    unloaded: `coalesce(${r}.unloaded_weight, 0)`,
    loss: `case when ${both} then ${r}.loaded_weight - ${r}.unloaded_weight else 0 end`,
    loaded_of_unloaded: `case when ${r}.unloaded_weight is not null then coalesce(${r}.loaded_weight, 0) else 0 end`,
    freight: `coalesce(${r}.freight_amount, 0)`,
  };
}

/**
 * The rows a waybill adds to (sign 1) or takes from (sign -1) the summary: one per kind, on its
 * statistics day (loading time, else creation), cancelled waybills left out, as the reports count.
 */
export function keyStatsContributions(dialect: DialectName, r: string, sign: 1 | -1, from = "", where = "true"): string {
  const s = (expr: string) => (sign === 1 ? `(${expr})` : `-(${expr})`);
  const values = trafficValues(r);
  const day = chinaDay(dialect, `coalesce(${r}.loading_time, ${r}.created_at)`);
  const measures = KEY_STATS_MEASURES.map((m) => `${s(values[m])} as ${m}`).join(", ");
  return Object.entries(KEY_STATS_KINDS)
    .map(
      ([kind, column]) =>
        `select ${r}.platform_id as platform_id, ${r}.tenant_id as tenant_id, ${r}.org_id as org_id, ${day} as day, ${r}.freight_way as freight_way, '${kind}' as kind, ${r}.${column} as key, ${measures} ${from} where ${where} and ${r}.status <> 'CANCELLED'`,
    )
    .join(" union all ");
}

export const keyStatsUpsert = (contributions: string) => summaryUpsert("waybill_key_stats", KEY_STATS_KEYS, KEY_STATS_MEASURES, contributions);

/** The key summary's triggers (also recreated by later migrations that change how every summary is written). */
export const createKeyStatsTriggers = (db: Kysely<unknown>, dialect: DialectName) =>
  createSummaryTriggers(db, dialect, "waybill_key_stats", (r, sign) => keyStatsContributions(dialect, r, sign), keyStatsUpsert, SOURCE_COLUMNS);

export function waybillKeyStatsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createSummaryTable(db, dialect, "waybill_key_stats", KEY_STATS_KEYS, KEY_STATS_MEASURES);
      // A kind over the platform's or a tenant's days; the primary key serves an organisation's.
      await db.schema.createIndex("waybill_key_stats_platform_day").on("waybill_key_stats").columns(["platform_id", "kind", "day"]).execute();
      await db.schema.createIndex("waybill_key_stats_tenant_day").on("waybill_key_stats").columns(["platform_id", "tenant_id", "kind", "day"]).execute();
      await refillSummaries(db, ["waybill_daily_stats", "waybill_list_stats"]);

      await createKeyStatsTriggers(db, dialect);
    },
    async down(db: Kysely<unknown>) {
      await dropSummaryTriggers(db, dialect, "waybill_key_stats");
      await db.schema.dropTable("waybill_key_stats").execute();
    },
  };
}
