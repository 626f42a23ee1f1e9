import { sql, type Kysely, type Migration } from "kysely";
import { CHINA_OFFSET_HOURS, CHINA_TIME_ZONE } from "../../../contract/units.js";
import type { DialectName } from "../index.js";

/**
 * The per-day summary of the waybills (docs/design/reports.md, "The daily summary"): one row per
 * platform, tenant, organisation, China day and transport way, kept by triggers on `freights` in the
 * transaction of every write that changes a figure. A waybill counts on up to three days: its creation
 * day (created*), its statistics day (loading time, else creation; every other measure, cancelled ones
 * left out) and its completion day (completed).
 *
 * The migration creates it empty. Over an empty `freights` it is complete at once; otherwise the
 * backfill (platform/reports/daily-stats.ts `fillDailyStats`) adds the existing waybills in id ranges,
 * and until it is done the triggers update only for waybills it has covered (`covered_to`), while the
 * readers keep aggregating `freights`.
 */
export const DAILY_STATS_KEYS = ["platform_id", "tenant_id", "org_id", "day", "freight_way"] as const;
export const DAILY_STATS_MEASURES = [
  "created",
  "created_live",
  "created_live_loaded",
  "completed",
  "waybills",
  "loaded_count",
  "completed_count",
  "in_transit",
  "loaded",
  "unloaded",
  "freight",
  "loaded_of_loaded",
  "freight_of_loaded",
  "completed_weight",
] as const;
export type DailyStatsMeasure = (typeof DAILY_STATS_MEASURES)[number];

/** The columns of `freights` the summary reads: an update touching none of them changes nothing. */
const SOURCE_COLUMNS = [
  "platform_id",
  "tenant_id",
  "org_id",
  "freight_way",
  "status",
  "created_at",
  "loading_time",
  "complete_time",
  "loaded_weight",
  "unloaded_weight",
  "freight_amount",
];

export const chinaDay = (dialect: DialectName, time: string) =>
  dialect === "postgres"
    ? `to_char((${time})::timestamptz at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD')`
    : `substr(datetime(${time}, '+${CHINA_OFFSET_HOURS} hours'), 1, 10)`;

/**
 * The rows a waybill adds to the summary (sign 1) or takes from it (sign -1), as a UNION ALL of up to
 * three SELECTs over `r` (NEW / OLD in a trigger, a table alias in the backfill). `from` and `where`
 * make the backfill's SELECTs read `freights`; a trigger's read nothing.
 */
export function dailyStatsContributions(dialect: DialectName, r: string, sign: 1 | -1, from = "", where = "true"): string {
  const s = (expr: string) => (sign === 1 ? `(${expr})` : `-(${expr})`);
  const live = `${r}.status <> 'CANCELLED'`;
  const loadedAt = `${r}.loading_time is not null`;
  const m = (values: Partial<Record<DailyStatsMeasure, string>>) => DAILY_STATS_MEASURES.map((k) => `${values[k] ? s(values[k]) : "0"} as ${k}`).join(", ");
  const keys = (time: string) =>
    `${r}.platform_id as platform_id, ${r}.tenant_id as tenant_id, ${r}.org_id as org_id, ${chinaDay(dialect, time)} as day, ${r}.freight_way as freight_way`;
  const select = (time: string, values: Partial<Record<DailyStatsMeasure, string>>, cond: string) =>
    `select ${keys(time)}, ${m(values)} ${from} where ${where} and ${cond}`;
  return [
    select(
      `${r}.created_at`,
      {
        created: "1",
        created_live: `case when ${live} then 1 else 0 end`,
        created_live_loaded: `case when ${live} then coalesce(${r}.loaded_weight, 0) else 0 end`,
      },
      "true"
    ),
    select(
      `coalesce(${r}.loading_time, ${r}.created_at)`,
      {
        waybills: "1",
        loaded_count: `case when ${loadedAt} then 1 else 0 end`,
        completed_count: `case when ${r}.status = 'COMPLETED' then 1 else 0 end`,
        in_transit: `case when ${r}.status = 'IN_TRANSIT' then 1 else 0 end`,
        loaded: `coalesce(${r}.loaded_weight, 0)`,
        unloaded: `coalesce(${r}.unloaded_weight, 0)`,
        freight: `coalesce(${r}.freight_amount, 0)`,
        loaded_of_loaded: `case when ${loadedAt} then coalesce(${r}.loaded_weight, 0) else 0 end`,
        freight_of_loaded: `case when ${loadedAt} then coalesce(${r}.freight_amount, 0) else 0 end`,
        completed_weight: `case when ${r}.status = 'COMPLETED' then coalesce(${r}.unloaded_weight, ${r}.loaded_weight, 0) else 0 end`,
      },
      live
    ),
    select(`${r}.complete_time`, { completed: "1" }, `${r}.complete_time is not null`),
  ].join(" union all ");
}

/**
 * Adds contributions (a UNION ALL) to a summary table, one row per key, in key order (PostgreSQL row locks
 * taken in one order). A key whose contributions cancel out (the waybill's old part out, the same part
 * back in) is left alone: most steps move a figure of one or two keys only (签收 changes the status, not
 * a weight, a place or a day), and writing the others anyway cost each write a row version, a primary-key
 * lookup and a row lock per key (docs/design/performance.md, "What a write pays").
 */
export function summaryUpsert(table: string, keyColumns: readonly string[], measures: readonly string[], contributions: string): string {
  const keys = keyColumns.join(", ");
  const sums = measures.map((k) => `sum(c.${k})`).join(", ");
  const moved = measures.map((k) => `sum(c.${k}) <> 0`).join(" or ");
  const adds = measures.map((k) => `${k} = ${table}.${k} + excluded.${k}`).join(", ");
  const picked = keyColumns.map((k) => `c.${k}`).join(", ");
  return `insert into ${table} (${keys}, ${measures.join(", ")}) select ${picked}, ${sums} from (${contributions}) c where true group by ${keys} having ${moved} order by ${keys} on conflict (${keys}) do update set ${adds}`;
}

export const dailyStatsUpsert = (contributions: string) => summaryUpsert("waybill_daily_stats", DAILY_STATS_KEYS, DAILY_STATS_MEASURES, contributions);

/** A trigger's condition: one of `columns` of the waybill changed. */
export const anyChanged = (dialect: DialectName, columns: readonly string[]) =>
  columns.map((c) => (dialect === "postgres" ? `OLD.${c} is distinct from NEW.${c}` : `OLD.${c} is not NEW.${c}`)).join(" or ");
/**
 * The triggers that keep a summary `name` (waybill_daily_stats, waybill_list_stats) by every write to
 * `freights`: a waybill's old contribution out, its new one in, on an insert, a delete, or an update of
 * one of `watched` (that changed, or `whenChanged` when a summary reads less than a column's value: a
 * count crossing a threshold). Until the backfill is done (waybill_daily_stats_progress) only the waybills it has
 * passed are kept by the triggers; on PostgreSQL a write waits for the backfill's current range (FOR SHARE
 * against its FOR UPDATE), so each waybill is counted once: by the trigger if the backfill has passed its
 * id, else by the backfill.
 */
export async function createSummaryTriggers(
  db: Kysely<unknown>,
  dialect: DialectName,
  name: string,
  contributions: (row: string, sign: 1 | -1) => string,
  upsert: (contributions: string) => string,
  watched: readonly string[],
  whenChanged = anyChanged(dialect, watched),
): Promise<void> {
  const plus = upsert(contributions("NEW", 1));
  const minusPlus = upsert(`${contributions("OLD", -1)} union all ${contributions("NEW", 1)}`);
  const minus = upsert(contributions("OLD", -1));
  if (dialect === "postgres") {
    await sql
      .raw(
        `create function ${name}_apply() returns trigger language plpgsql as $$
declare p record;
begin
  select done, covered_to into p from waybill_daily_stats_progress where id = 1;
  if p.done <> 1 then
    select done, covered_to into p from waybill_daily_stats_progress where id = 1 for share;
  end if;
  if TG_OP = 'INSERT' then
    if p.done = 1 or NEW.id <= p.covered_to then ${plus}; end if;
  elsif TG_OP = 'UPDATE' then
    if p.done = 1 or NEW.id <= p.covered_to then ${minusPlus}; end if;
  else
    if p.done = 1 or OLD.id <= p.covered_to then ${minus}; end if;
  end if;
  return null;
end $$`,
      )
      .execute(db);
    // Fired at commit (deferred constraint triggers): a summary row is locked from its upsert to the
    // commit, and two writes of one organisation's day wait for each other on it; run at the statement,
    // the lock was also held through the rest of the transaction (the event, the order's progress).
    await sql.raw(`create constraint trigger ${name}_write after insert or delete on freights deferrable initially deferred for each row execute function ${name}_apply()`).execute(db);
    await sql.raw(`create constraint trigger ${name}_update after update of ${watched.join(", ")} on freights deferrable initially deferred for each row when (${whenChanged}) execute function ${name}_apply()`).execute(db);
  } else {
    const covered = (r: string) => `(select done = 1 or covered_to >= ${r}.id from waybill_daily_stats_progress where id = 1)`;
    await sql.raw(`create trigger ${name}_insert after insert on freights when ${covered("NEW")} begin ${plus}; end`).execute(db);
    await sql.raw(`create trigger ${name}_update after update of ${watched.join(", ")} on freights when ${covered("NEW")} and (${whenChanged}) begin ${minusPlus}; end`).execute(db);
    await sql.raw(`create trigger ${name}_delete after delete on freights when ${covered("OLD")} begin ${minus}; end`).execute(db);
  }
}

export async function dropSummaryTriggers(db: Kysely<unknown>, dialect: DialectName, name: string): Promise<void> {
  if (dialect === "postgres") {
    await sql.raw(`drop trigger if exists ${name}_write on freights`).execute(db);
    await sql.raw(`drop trigger if exists ${name}_update on freights`).execute(db);
    await sql.raw(`drop function if exists ${name}_apply()`).execute(db);
  } else {
    for (const t of ["insert", "update", "delete"]) await sql.raw(`drop trigger if exists ${name}_${t}`).execute(db);
  }
}

/** The type of each key column the summaries use (ids are bigint on PostgreSQL). */
const SUMMARY_KEY_TYPES: Record<string, "varchar(8)" | "varchar(10)" | "varchar(16)" | "varchar(64)" | "varchar(128)" | "big"> = {
  platform_id: "varchar(8)",
  tenant_id: "big",
  org_id: "big",
  day: "varchar(10)",
  freight_way: "varchar(8)",
  status: "varchar(16)",
  kind: "varchar(10)",
  key: "varchar(64)",
  supplier_kind: "varchar(10)",
  supplier: "varchar(128)",
};

/** Creates a summary table `name`: its keys (not null, the primary key in their order) and its measures (0 by default). */
export async function createSummaryTable(db: Kysely<unknown>, dialect: DialectName, name: string, keys: readonly string[], measures: readonly string[]): Promise<void> {
  const big = dialect === "postgres" ? "bigint" : "integer";
  let table = db.schema.createTable(name);
  for (const k of keys) {
    const type = SUMMARY_KEY_TYPES[k]!;
    table = table.addColumn(k, type === "big" ? big : type, (c) => c.notNull());
  }
  for (const m of measures) table = table.addColumn(m, big, (c) => c.notNull().defaultTo(0));
  await table.addPrimaryKeyConstraint(`${name}_pk`, [...keys] as never[]).execute();
}

/** A migration adding a summary to a database that holds waybills: every summary is emptied and the backfill starts again, so all are refilled together. */
export async function refillSummaries(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  const any = await sql<{ id: number }>`select id from freights limit 1`.execute(db);
  if (!any.rows.length) return;
  for (const table of tables) await sql.raw(`delete from ${table}`).execute(db);
  await sql`update waybill_daily_stats_progress set covered_to = 0, done = 0 where id = 1`.execute(db);
}

/** The daily summary's triggers (also recreated by later migrations that change how every summary is written). */
export const createDailyStatsTriggers = (db: Kysely<unknown>, dialect: DialectName) =>
  createSummaryTriggers(db, dialect, "waybill_daily_stats", (r, sign) => dailyStatsContributions(dialect, r, sign), dailyStatsUpsert, SOURCE_COLUMNS);

export function waybillDailyStatsMigration(dialect: DialectName): Migration {
  const big = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await createSummaryTable(db, dialect, "waybill_daily_stats", DAILY_STATS_KEYS, DAILY_STATS_MEASURES);
      // The platform's and a tenant's ranges (the primary key serves an organisation's).
      await db.schema.createIndex("waybill_daily_stats_platform_day").on("waybill_daily_stats").columns(["platform_id", "day"]).execute();
      await db.schema.createIndex("waybill_daily_stats_tenant_day").on("waybill_daily_stats").columns(["platform_id", "tenant_id", "day"]).execute();

      await db.schema
        .createTable("waybill_daily_stats_progress")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("covered_to", big, (c) => c.notNull())
        .addColumn("done", "integer", (c) => c.notNull())
        .execute();
      const any = await sql<{ id: number }>`select id from freights limit 1`.execute(db);
      await sql`insert into waybill_daily_stats_progress (id, covered_to, done) values (1, 0, ${any.rows.length ? 0 : 1})`.execute(db);

      await createDailyStatsTriggers(db, dialect);
    },
    async down(db: Kysely<unknown>) {
      await dropSummaryTriggers(db, dialect, "waybill_daily_stats");
      await db.schema.dropTable("waybill_daily_stats_progress").execute();
      await db.schema.dropTable("waybill_daily_stats").execute();
    },
  };
}
