import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../index.js";
import { createStatIndex, STAT_INDEXES } from "./0017_reports.js";

/**
 * Counts of a waybill's track points, comments (and their scores) and risk appeals, kept on the waybill
 * by triggers on those tables (docs/design/reports.md, "Counters on the waybill"). 运单风险 (fewer than
 * 10 track points, an appeal) and 供应商统计 (评价均分) read them with the waybill instead of probing
 * three tables once per waybill of the range (780,000 probes for the platform's month at 10,000,000
 * waybills). The triggers are the one home of the counts: every insert, delete or score change of the
 * child rows, from any code, moves them in the same transaction. The reports' covering indexes (0017)
 * carry them, so the reports still read their range from the index alone.
 */
export const WAYBILL_COUNTERS = {
  freight_track_points: { track_points: "1" },
  freight_comments: { comments: "1", comment_score: "score" },
  risk_appeals: { appeals: "1" },
} as const satisfies Record<string, Record<string, string>>;
type CountedTable = keyof typeof WAYBILL_COUNTERS;

const counterColumns = () => Object.values(WAYBILL_COUNTERS).flatMap((counters) => Object.keys(counters));
/** The SET list adding each counter's expression over rows `r` (sign 1) or taking it away (-1). */
const setList = (table: CountedTable, r: string, sign: 1 | -1) =>
  Object.entries(WAYBILL_COUNTERS[table])
    .map(([column, expr]) => `${column} = ${column} ${sign === 1 ? "+" : "-"} ${expr === "1" ? "1" : `${r}.${expr}`}`)
    .join(", ");
/** The columns of the child rows the counters read: an update touching none of them changes nothing. */
const watchedOf = (table: CountedTable) => ["freight_id", ...Object.values(WAYBILL_COUNTERS[table]).filter((e) => e !== "1")];

/** Row by row: a statement of many child rows of one waybill moves its counters once per row, in the statement's transaction. */
async function createCounterTriggers(db: Kysely<unknown>, dialect: DialectName, table: CountedTable): Promise<void> {
  const name = `${table}_counted`;
  const watched = watchedOf(table);
  const apply = (r: string, sign: 1 | -1) => `update freights set ${setList(table, r, sign)} where id = ${r}.freight_id;`;
  if (dialect === "postgres") {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then ${apply("NEW", 1)}
  elsif TG_OP = 'DELETE' then ${apply("OLD", -1)}
  else ${apply("OLD", -1)} ${apply("NEW", 1)}
  end if;
  return null;
end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger ${name} after insert or delete or update of ${watched.join(", ")} on ${table} for each row execute function ${name}()`).execute(db);
  } else {
    await sql.raw(`create trigger ${name}_insert after insert on ${table} begin ${apply("NEW", 1)} end`).execute(db);
    await sql.raw(`create trigger ${name}_delete after delete on ${table} begin ${apply("OLD", -1)} end`).execute(db);
    await sql.raw(`create trigger ${name}_update after update of ${watched.join(", ")} on ${table} begin ${apply("OLD", -1)} ${apply("NEW", 1)} end`).execute(db);
  }
}

async function dropCounterTriggers(db: Kysely<unknown>, dialect: DialectName, table: CountedTable): Promise<void> {
  const name = `${table}_counted`;
  if (dialect === "postgres") {
    await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${name}()`).execute(db);
  } else {
    for (const t of ["insert", "delete", "update"]) await sql.raw(`drop trigger if exists ${name}_${t}`).execute(db);
  }
}

/**
 * A new waybill has no child rows yet, whatever its insert says: a row copied from another waybill
 * (a seed, a data fix) starts its counters at 0.
 */
async function createFreshCountersTrigger(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const columns = counterColumns();
  const anySet = columns.map((c) => `NEW.${c} <> 0`).join(" or ");
  if (dialect === "postgres") {
    await sql.raw(`create function freights_counters_fresh() returns trigger language plpgsql as $$ begin ${columns.map((c) => `NEW.${c} := 0;`).join(" ")} return NEW; end $$`).execute(db);
    await sql.raw(`create trigger freights_counters_fresh before insert on freights for each row when (${anySet}) execute function freights_counters_fresh()`).execute(db);
  } else {
    await sql.raw(`create trigger freights_counters_fresh after insert on freights when ${anySet} begin update freights set ${columns.map((c) => `${c} = 0`).join(", ")} where id = NEW.id; end`).execute(db);
  }
}

async function dropFreshCountersTrigger(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await sql.raw(`drop trigger if exists freights_counters_fresh${dialect === "postgres" ? " on freights" : ""}`).execute(db);
  if (dialect === "postgres") await sql.raw(`drop function if exists freights_counters_fresh()`).execute(db);
}

/** Sets every waybill's counters from the child rows that exist (only waybills that have any). */
async function recountWaybillCounters(db: Kysely<unknown>): Promise<void> {
  for (const [table, counters] of Object.entries(WAYBILL_COUNTERS)) {
    const sets = Object.entries(counters)
      .map(([column, expr]) => `${column} = (select ${expr === "1" ? "count(*)" : `coalesce(sum(c.${expr}), 0)`} from ${table} c where c.freight_id = freights.id)`)
      .join(", ");
    await sql.raw(`update freights set ${sets} where id in (select freight_id from ${table})`).execute(db);
  }
}

async function rebuildStatIndexes(db: Kysely<unknown>, dialect: DialectName, more: readonly string[]): Promise<void> {
  for (const index of STAT_INDEXES.filter(([, , covering]) => covering)) {
    await db.schema.dropIndex(index[0]).execute();
    await sql.raw(createStatIndex(dialect, index, more)).execute(db);
  }
}

export function waybillCountersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of counterColumns()) await db.schema.alterTable("freights").addColumn(column, "integer", (c) => c.notNull().defaultTo(0)).execute();
      await recountWaybillCounters(db);
      await rebuildStatIndexes(db, dialect, counterColumns());
      for (const table of Object.keys(WAYBILL_COUNTERS) as CountedTable[]) await createCounterTriggers(db, dialect, table);
      await createFreshCountersTrigger(db, dialect);
    },
    async down(db: Kysely<unknown>) {
      await dropFreshCountersTrigger(db, dialect);
      for (const table of Object.keys(WAYBILL_COUNTERS) as CountedTable[]) await dropCounterTriggers(db, dialect, table);
      await rebuildStatIndexes(db, dialect, []);
      for (const column of counterColumns()) await db.schema.alterTable("freights").dropColumn(column).execute();
    },
  };
}
