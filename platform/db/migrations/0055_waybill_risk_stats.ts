import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../index.js";
import { anyChanged, chinaDay, createSummaryTable, createSummaryTriggers, dropSummaryTriggers, refillSummaries, summaryUpsert } from "./0041_waybill_daily_stats.js";

/**
 * 运单风险 from a per-day summary (docs/design/reports.md, "The risk summary"). Three of its rules read
 * the vehicle and the driver (capacity, licence dates, the vehicle's own driver), which change after the
 * waybill and which no trigger on `freights` sees. So what those rules need is frozen on the waybill
 * when it is dispatched (its driver or vehicle set or changed): the vehicle's capacity, whether a
 * licence had expired by the waybill's creation day, whether the vehicle belonged to another driver.
 * Every rule is then a condition on the waybill alone (`RISK_RULES`), and `waybill_risk_stats` holds,
 * per platform, tenant, organisation, statistics day and way, the waybills and how many break each rule:
 * 31 rows a month per organisation and way instead of the month's waybills.
 *
 * Kept like the other summaries (0041): triggers on `freights`, the same progress row, the same backfill;
 * the migration empties the others so all are refilled together.
 */

/** What is frozen at dispatch, each from the vehicle and driver as they are at that moment (alias r: the waybill). */
const DISPATCH_FACTS = {
  dispatch_capacity: (r: string) => `(select v.load_capacity from freight_vehicles v where v.id = ${r}.vehicle_id)`,
  dispatch_expired: (r: string) =>
    `case when exists (select 1 from freight_drivers d where d.id = ${r}.driver_id and d.license_valid_to < substr(${r}.created_at, 1, 10))` +
    ` or exists (select 1 from freight_vehicles v where v.id = ${r}.vehicle_id and v.license_valid_to < substr(${r}.created_at, 1, 10)) then 1 else 0 end`,
  dispatch_mismatch: (r: string) => `case when exists (select 1 from freight_vehicles v where v.id = ${r}.vehicle_id and v.driver_id <> ${r}.driver_id) then 1 else 0 end`,
} as const;
export type DispatchFact = keyof typeof DISPATCH_FACTS;
/** A waybill's driver and vehicle: setting or changing either decides the facts again. */
const DISPATCHED_BY = ["driver_id", "vehicle_id"];
/** A waybill inserted without either has nothing to decide (its facts are the columns' defaults). */
const dispatched = (r: string) => DISPATCHED_BY.map((c) => `${r}.${c} is not null`).join(" or ");

/** The risk rules of domain 7.1, each a condition on the waybill `r` alone: the one home of what counts as each risk. */
export const RISK_RULES = {
  loss_over: (r: string) => `${r}.abnormal = 1`,
  unload_over: (r: string) => `${r}.unloaded_weight is not null and ${r}.loaded_weight is not null and ${r}.unloaded_weight * 100 > ${r}.loaded_weight * 101`,
  track_missing: (r: string) => `${r}.loading_time is not null and ${r}.track_points < 10`,
  overload: (r: string) => `${r}.loaded_weight is not null and ${r}.dispatch_capacity is not null and ${r}.loaded_weight > ${r}.dispatch_capacity`,
  expired: (r: string) => `${r}.dispatch_expired = 1`,
  mismatch: (r: string) => `${r}.dispatch_mismatch = 1`,
  appealed: (r: string) => `${r}.appeals > 0`,
} as const;
export type RiskKey = keyof typeof RISK_RULES;
export const RISK_KEYS = Object.keys(RISK_RULES) as RiskKey[];
/** A waybill breaking any rule. */
export const anyRisk = (r: string) => RISK_KEYS.map((k) => `(${RISK_RULES[k](r)})`).join(" or ");

export const RISK_STATS_KEYS = ["platform_id", "tenant_id", "org_id", "day", "freight_way"] as const;
export const RISK_STATS_MEASURES = ["waybills", "risky", ...RISK_KEYS] as const;
export type RiskStatsMeasure = (typeof RISK_STATS_MEASURES)[number];

/** The columns the rules and the keys read; the counters only where they cross a rule's threshold (one track point more is no change). */
const WATCHED = ["platform_id", "tenant_id", "org_id", "freight_way", "status", "created_at", "loading_time", "abnormal", "loaded_weight", "unloaded_weight", ...Object.keys(DISPATCH_FACTS)];
const THRESHOLDS = (r: string) => [`(${r}.track_points < 10)`, `(${r}.appeals > 0)`];
/**
 * Which updates fire the summary's trigger: PostgreSQL fires an `update of` trigger only for columns the
 * statement sets, not those a BEFORE trigger sets, so a dispatch (driver or vehicle) is named too.
 */
const TRIGGERED_BY = [...WATCHED, "track_points", "appeals", ...DISPATCHED_BY];

/** The row a waybill adds to (sign 1) or takes from (sign -1) the summary: on its statistics day, cancelled ones left out, as the report counts. */
export function riskStatsContributions(dialect: DialectName, r: string, sign: 1 | -1, from = "", where = "true"): string {
  const s = (expr: string) => (sign === 1 ? `(${expr})` : `-(${expr})`);
  const flag = (cond: string) => s(`case when ${cond} then 1 else 0 end`);
  const measures = [`${s("1")} as waybills`, `${flag(anyRisk(r))} as risky`, ...RISK_KEYS.map((k) => `${flag(RISK_RULES[k](r))} as ${k}`)].join(", ");
  const keys = `${r}.platform_id as platform_id, ${r}.tenant_id as tenant_id, ${r}.org_id as org_id, ${chinaDay(dialect, `coalesce(${r}.loading_time, ${r}.created_at)`)} as day, ${r}.freight_way as freight_way`;
  return `select ${keys}, ${measures} ${from} where ${where} and ${r}.status <> 'CANCELLED'`;
}

export const riskStatsUpsert = (contributions: string) => summaryUpsert("waybill_risk_stats", RISK_STATS_KEYS, RISK_STATS_MEASURES, contributions);

/**
 * Decides every dispatched waybill's facts from its vehicle and driver as they are now: for the waybills
 * that exist when the migration runs, and for the demo seed, whose fleet is fitted after its waybills.
 */
export async function decideDispatchFacts(db: Kysely<unknown>): Promise<void> {
  const facts = Object.entries(DISPATCH_FACTS).map(([c, fact]) => `${c} = ${fact("freights")}`);
  await sql.raw(`update freights set ${facts.join(", ")} where ${dispatched("freights")}`).execute(db);
}

/**
 * The facts decided again whenever a waybill gets or changes its driver or vehicle, from any code. On
 * PostgreSQL before the row is written; SQLite's triggers cannot set NEW, so it updates the row after,
 * and the summaries' update triggers move that change like any other.
 */
async function createDispatchTriggers(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const facts = Object.entries(DISPATCH_FACTS);
  if (dialect === "postgres") {
    await sql.raw(`create function freights_dispatch_facts() returns trigger language plpgsql as $$ begin ${facts.map(([c, fact]) => `NEW.${c} := ${fact("NEW")};`).join(" ")} return NEW; end $$`).execute(db);
    await sql.raw(`create trigger freights_dispatch_facts_insert before insert on freights for each row when (${dispatched("NEW")}) execute function freights_dispatch_facts()`).execute(db);
    await sql.raw(`create trigger freights_dispatch_facts_update before update of ${DISPATCHED_BY.join(", ")} on freights for each row when (${anyChanged(dialect, DISPATCHED_BY)}) execute function freights_dispatch_facts()`).execute(db);
  } else {
    const set = `update freights set ${facts.map(([c, fact]) => `${c} = ${fact("NEW")}`).join(", ")} where id = NEW.id;`;
    await sql.raw(`create trigger freights_dispatch_facts_insert after insert on freights when ${dispatched("NEW")} begin ${set} end`).execute(db);
    await sql.raw(`create trigger freights_dispatch_facts_update after update of ${DISPATCHED_BY.join(", ")} on freights when ${anyChanged(dialect, DISPATCHED_BY)} begin ${set} end`).execute(db);
  }
}

export function waybillRiskStatsMigration(dialect: DialectName): Migration {
  const big = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("freights").addColumn("dispatch_capacity", big).execute();
      for (const flag of ["dispatch_expired", "dispatch_mismatch"]) await db.schema.alterTable("freights").addColumn(flag, "integer", (c) => c.notNull().defaultTo(0)).execute();
      // The waybills that exist are decided from their vehicle and driver as they are now: what the report showed until today.
      await decideDispatchFacts(db);
      await createDispatchTriggers(db, dialect);

      await createSummaryTable(db, dialect, "waybill_risk_stats", RISK_STATS_KEYS, RISK_STATS_MEASURES);
      await db.schema.createIndex("waybill_risk_stats_platform_day").on("waybill_risk_stats").columns(["platform_id", "day"]).execute();
      await db.schema.createIndex("waybill_risk_stats_tenant_day").on("waybill_risk_stats").columns(["platform_id", "tenant_id", "day"]).execute();
      await refillSummaries(db, ["waybill_daily_stats", "waybill_list_stats", "waybill_key_stats"]);
      const changed = [anyChanged(dialect, WATCHED), ...THRESHOLDS("OLD").map((old, i) => `${old} <> ${THRESHOLDS("NEW")[i]}`)].join(" or ");
      await createSummaryTriggers(db, dialect, "waybill_risk_stats", (r, sign) => riskStatsContributions(dialect, r, sign), riskStatsUpsert, TRIGGERED_BY, changed);
    },
    async down(db: Kysely<unknown>) {
      await dropSummaryTriggers(db, dialect, "waybill_risk_stats");
      await db.schema.dropTable("waybill_risk_stats").execute();
      for (const t of ["insert", "update"]) await sql.raw(`drop trigger if exists freights_dispatch_facts_${t}${dialect === "postgres" ? " on freights" : ""}`).execute(db);
      if (dialect === "postgres") await sql.raw(`drop function if exists freights_dispatch_facts()`).execute(db);
      for (const c of Object.keys(DISPATCH_FACTS)) await db.schema.alterTable("freights").dropColumn(c).execute();
    },
  };
}
