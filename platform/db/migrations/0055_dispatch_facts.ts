import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../index.js";
import { trafficValues } from "./0044_waybill_key_stats.js";
import { anyChanged, chinaDay, createSummaryTable, createSummaryTriggers, dropSummaryTriggers, refillSummaries, summaryUpsert } from "./0041_waybill_daily_stats.js";

/**
 * 运单风险 and 供应商统计 from per-day summaries (docs/design/reports.md, "Facts decided at dispatch").
 * Both read the waybill's vehicle, driver, ship and their owners — capacity, licence dates, the vehicle's
 * own driver, the driver's fleet leader, the ship's shipowner — which change after the waybill and which
 * no trigger on `freights` sees. So what they need is decided on the waybill when it is dispatched (its
 * carrier set or changed): the vehicle's capacity, whether a licence had expired by the waybill's
 * creation day, whether the vehicle belonged to another driver, and its supplier (the fleet leader, the
 * shipowner, else the carrier himself). Every risk rule is then a condition on the waybill alone
 * (`RISK_RULES`) and the supplier a column of it, and two summaries hold the reports' figures:
 *  - `waybill_risk_stats` per platform, tenant, organisation, statistics day and way: the waybills and
 *    how many break each rule (31 rows a month per organisation and way instead of its waybills);
 *  - `waybill_supplier_stats` per platform, organisation, statistics day, way and supplier: 供应商统计's
 *    traffic and comment figures (thousands of suppliers a day instead of tens of thousands of waybills).
 *
 * Kept like the other summaries (0041): triggers on `freights`, the same progress row, the same backfill;
 * the migration empties the others so all are refilled together.
 */

/** Who supplies a waybill's transport, as 供应商统计 groups them. */
export const SUPPLIER_KINDS = ["FLEET", "SHIPOWNER", "CARRIER"] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];
const fleetOf = (r: string) => `from freight_drivers d join fleet_leaders fl on fl.id = d.fleet_leader_id where d.id = ${r}.driver_id`;
const shipownerOf = (r: string) => `from freight_ships s join shipowners so on so.id = s.shipowner_id where s.id = ${r}.ship_id`;

/** What is decided at dispatch, each from the carrier's records as they are at that moment (alias r: the waybill). */
const DISPATCH_FACTS = {
  dispatch_capacity: (r: string) => `(select v.load_capacity from freight_vehicles v where v.id = ${r}.vehicle_id)`,
  dispatch_expired: (r: string) =>
    `case when exists (select 1 from freight_drivers d where d.id = ${r}.driver_id and d.license_valid_to < substr(${r}.created_at, 1, 10))` +
    ` or exists (select 1 from freight_vehicles v where v.id = ${r}.vehicle_id and v.license_valid_to < substr(${r}.created_at, 1, 10)) then 1 else 0 end`,
  dispatch_mismatch: (r: string) => `case when exists (select 1 from freight_vehicles v where v.id = ${r}.vehicle_id and v.driver_id <> ${r}.driver_id) then 1 else 0 end`,
  supplier_kind: (r: string) => `case when exists (select 1 ${fleetOf(r)}) then 'FLEET' when exists (select 1 ${shipownerOf(r)}) then 'SHIPOWNER' else 'CARRIER' end`,
  supplier: (r: string) => `coalesce((select fl.fleet_name ${fleetOf(r)}), (select so.name ${shipownerOf(r)}), ${r}.carrier_name)`,
} as const;
/** The waybill's carrier: setting or changing any of these decides the facts again. */
const DISPATCHED_BY = ["driver_id", "vehicle_id", "ship_id", "carrier_name"];

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
const WATCHED = ["platform_id", "tenant_id", "org_id", "freight_way", "status", "created_at", "loading_time", "abnormal", "loaded_weight", "unloaded_weight", "dispatch_capacity", "dispatch_expired", "dispatch_mismatch"];
const THRESHOLDS = (r: string) => [`(${r}.track_points < 10)`, `(${r}.appeals > 0)`];
/**
 * Which updates fire the summary's trigger: PostgreSQL fires an `update of` trigger only for columns the
 * statement sets, not those a BEFORE trigger sets, so the carrier's columns (a dispatch) are named too.
 */
const TRIGGERED_BY = [...WATCHED, "track_points", "appeals", ...DISPATCHED_BY];

/** The China day of a waybill's statistics time (loading, else creation), which both summaries count it on. */
const statDay = (dialect: DialectName, r: string) => chinaDay(dialect, `coalesce(${r}.loading_time, ${r}.created_at)`);

/** The row a waybill adds to (sign 1) or takes from (sign -1) the risk summary: on its statistics day, cancelled ones left out, as the report counts. */
export function riskStatsContributions(dialect: DialectName, r: string, sign: 1 | -1, from = "", where = "true"): string {
  const s = (expr: string) => (sign === 1 ? `(${expr})` : `-(${expr})`);
  const flag = (cond: string) => s(`case when ${cond} then 1 else 0 end`);
  const measures = [`${s("1")} as waybills`, `${flag(anyRisk(r))} as risky`, ...RISK_KEYS.map((k) => `${flag(RISK_RULES[k](r))} as ${k}`)].join(", ");
  const keys = `${r}.platform_id as platform_id, ${r}.tenant_id as tenant_id, ${r}.org_id as org_id, ${statDay(dialect, r)} as day, ${r}.freight_way as freight_way`;
  return `select ${keys}, ${measures} ${from} where ${where} and ${r}.status <> 'CANCELLED'`;
}

export const riskStatsUpsert = (contributions: string) => summaryUpsert("waybill_risk_stats", RISK_STATS_KEYS, RISK_STATS_MEASURES, contributions);

/** In the primary key's order: an organisation's rows by day lead (its tenant follows from it). */
export const SUPPLIER_STATS_KEYS = ["platform_id", "org_id", "day", "freight_way", "supplier_kind", "supplier", "tenant_id"] as const;
export const SUPPLIER_STATS_MEASURES = ["waybills", "loaded", "freight", "loss", "loaded_of_unloaded", "score_sum", "scores"] as const;
export type SupplierStatsMeasure = (typeof SUPPLIER_STATS_MEASURES)[number];
const SUPPLIER_WATCHED = ["platform_id", "tenant_id", "org_id", "freight_way", "status", "created_at", "loading_time", "loaded_weight", "unloaded_weight", "freight_amount", "comments", "comment_score", "supplier_kind", "supplier"];

/** The row a waybill adds to (sign 1) or takes from (sign -1) the supplier summary: on its statistics day, cancelled ones left out. */
export function supplierStatsContributions(dialect: DialectName, r: string, sign: 1 | -1, from = "", where = "true"): string {
  const s = (expr: string) => (sign === 1 ? `(${expr})` : `-(${expr})`);
  const values: Record<SupplierStatsMeasure, string> = { ...trafficValues(r), score_sum: `${r}.comment_score`, scores: `${r}.comments` };
  const keys = `${r}.platform_id as platform_id, ${r}.tenant_id as tenant_id, ${r}.org_id as org_id, ${statDay(dialect, r)} as day, ${r}.freight_way as freight_way, ${r}.supplier_kind as supplier_kind, ${r}.supplier as supplier`;
  return `select ${keys}, ${SUPPLIER_STATS_MEASURES.map((m) => `${s(values[m])} as ${m}`).join(", ")} ${from} where ${where} and ${r}.status <> 'CANCELLED'`;
}

export const supplierStatsUpsert = (contributions: string) => summaryUpsert("waybill_supplier_stats", SUPPLIER_STATS_KEYS, SUPPLIER_STATS_MEASURES, contributions);

/**
 * Decides every waybill's facts from its carrier's records as they are now: for the waybills
 * that exist when the migration runs, and for the demo seed, whose fleet is fitted after its waybills.
 */
export async function decideDispatchFacts(db: Kysely<unknown>): Promise<void> {
  const facts = Object.entries(DISPATCH_FACTS).map(([c, fact]) => `${c} = ${fact("freights")}`);
  await sql.raw(`update freights set ${facts.join(", ")}`).execute(db);
}

/**
 * The facts decided on every new waybill and again whenever its carrier changes, from any code. On
 * PostgreSQL before the row is written; SQLite's triggers cannot set NEW, so it updates the row after,
 * and the summaries' update triggers move that change like any other.
 */
async function createDispatchTriggers(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const facts = Object.entries(DISPATCH_FACTS);
  if (dialect === "postgres") {
    await sql.raw(`create function freights_dispatch_facts() returns trigger language plpgsql as $$ begin ${facts.map(([c, fact]) => `NEW.${c} := ${fact("NEW")};`).join(" ")} return NEW; end $$`).execute(db);
    await sql.raw(`create trigger freights_dispatch_facts_insert before insert on freights for each row execute function freights_dispatch_facts()`).execute(db);
    await sql.raw(`create trigger freights_dispatch_facts_update before update of ${DISPATCHED_BY.join(", ")} on freights for each row when (${anyChanged(dialect, DISPATCHED_BY)}) execute function freights_dispatch_facts()`).execute(db);
  } else {
    const set = `update freights set ${facts.map(([c, fact]) => `${c} = ${fact("NEW")}`).join(", ")} where id = NEW.id;`;
    await sql.raw(`create trigger freights_dispatch_facts_insert after insert on freights begin ${set} end`).execute(db);
    await sql.raw(`create trigger freights_dispatch_facts_update after update of ${DISPATCHED_BY.join(", ")} on freights when ${anyChanged(dialect, DISPATCHED_BY)} begin ${set} end`).execute(db);
  }
}

/** The risk and supplier summaries' triggers (also recreated by later migrations that change how every summary is written). */
export async function createRiskAndSupplierTriggers(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const thresholdCrossed = THRESHOLDS("OLD").map((old, i) => `${old} <> ${THRESHOLDS("NEW")[i]}`);
  await createSummaryTriggers(db, dialect, "waybill_risk_stats", (r, sign) => riskStatsContributions(dialect, r, sign), riskStatsUpsert, TRIGGERED_BY, [anyChanged(dialect, WATCHED), ...thresholdCrossed].join(" or "));
  await createSummaryTriggers(db, dialect, "waybill_supplier_stats", (r, sign) => supplierStatsContributions(dialect, r, sign), supplierStatsUpsert, [...SUPPLIER_WATCHED, ...DISPATCHED_BY], anyChanged(dialect, SUPPLIER_WATCHED));
}

export function dispatchFactsMigration(dialect: DialectName): Migration {
  const big = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      const freights = () => db.schema.alterTable("freights");
      await freights().addColumn("dispatch_capacity", big).execute();
      for (const flag of ["dispatch_expired", "dispatch_mismatch"]) await freights().addColumn(flag, "integer", (c) => c.notNull().defaultTo(0)).execute();
      await freights().addColumn("supplier_kind", "varchar(10)", (c) => c.notNull().defaultTo("CARRIER")).execute();
      await freights().addColumn("supplier", "varchar(128)", (c) => c.notNull().defaultTo("")).execute();
      // The waybills that exist are decided from their carrier's records as they are now: what the reports showed until today.
      await decideDispatchFacts(db);
      await createDispatchTriggers(db, dialect);

      await createSummaryTable(db, dialect, "waybill_risk_stats", RISK_STATS_KEYS, RISK_STATS_MEASURES);
      await db.schema.createIndex("waybill_risk_stats_platform_day").on("waybill_risk_stats").columns(["platform_id", "day"]).execute();
      await db.schema.createIndex("waybill_risk_stats_tenant_day").on("waybill_risk_stats").columns(["platform_id", "tenant_id", "day"]).execute();
      await createSummaryTable(db, dialect, "waybill_supplier_stats", SUPPLIER_STATS_KEYS, SUPPLIER_STATS_MEASURES);
      await db.schema.createIndex("waybill_supplier_stats_platform_day").on("waybill_supplier_stats").columns(["platform_id", "day"]).execute();
      await db.schema.createIndex("waybill_supplier_stats_tenant_day").on("waybill_supplier_stats").columns(["platform_id", "tenant_id", "day"]).execute();
      await refillSummaries(db, ["waybill_daily_stats", "waybill_list_stats", "waybill_key_stats"]);

      await createRiskAndSupplierTriggers(db, dialect);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["waybill_supplier_stats", "waybill_risk_stats"]) {
        await dropSummaryTriggers(db, dialect, table);
        await db.schema.dropTable(table).execute();
      }
      for (const t of ["insert", "update"]) await sql.raw(`drop trigger if exists freights_dispatch_facts_${t}${dialect === "postgres" ? " on freights" : ""}`).execute(db);
      if (dialect === "postgres") await sql.raw(`drop function if exists freights_dispatch_facts()`).execute(db);
      for (const c of Object.keys(DISPATCH_FACTS)) await db.schema.alterTable("freights").dropColumn(c).execute();
    },
  };
}
