/**
 * The daily summary of the waybills (`waybill_daily_stats`, migration 0041; docs/design/reports.md), the
 * list's summary (`waybill_list_stats`, 0042), the summary by place and cargo (`waybill_key_stats`,
 * 0044), the risk and supplier summaries (`waybill_risk_stats`, `waybill_supplier_stats`, 0055): the
 * backfill that fills them all in id ranges, and the readers' entry points. Triggers on
 * `freights` keep them in the transaction of every waybill write; this module never writes a figure for
 * a single waybill.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Db } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { yieldToRequests } from "../db/yield.js";
import { dailyStatsContributions, dailyStatsUpsert } from "../db/migrations/0041_waybill_daily_stats.js";
import { listStatsContributions, listStatsUpsert } from "../db/migrations/0042_waybill_list_stats.js";
import { keyStatsContributions, keyStatsUpsert, type KeyStatsKind } from "../db/migrations/0044_waybill_key_stats.js";
import { riskStatsContributions, riskStatsUpsert, supplierStatsContributions, supplierStatsUpsert } from "../db/migrations/0055_dispatch_facts.js";
import { isIndividual, isStaff, visible, type CallerScope } from "../scope.js";

/** Waybill ids per backfill statement: about a second of SQLite at 1,000,000 waybills per 100,000. */
const FILL_RANGE = 50_000;

type SummaryDb = Pick<Db, "kysely" | "dialect">;

/**
 * Adds the waybills the summary does not hold yet (ids above `covered_to`), one id range per
 * transaction, and marks it done when it reaches the last waybill. Returns the waybills added. Run at
 * start and hourly (platform/main.ts), after the bulk generator, and by anything that wrote `freights`
 * with the summary paused (`pauseDailyStats`). On PostgreSQL each range holds the progress row FOR
 * UPDATE, so a concurrent write's trigger (FOR SHARE) either finishes before the range is read (and the
 * range counts it) or waits and then sees the range covered (and counts it itself).
 */
export async function fillDailyStats(db: SummaryDb, range = FILL_RANGE): Promise<number> {
  let added = 0;
  for (;;) {
    const step = await db.kysely.transaction().execute(async (trx) => {
      const lock = db.dialect === "postgres" ? sql` for update` : sql``;
      const { rows } = await sql<{
        covered_to: number;
        done: number;
      }>`select covered_to, done from waybill_daily_stats_progress where id = 1${lock}`.execute(trx);
      const progress = rows[0];
      if (!progress || Number(progress.done) === 1) return null;
      const covered = Number(progress.covered_to);
      const bounds = await trx
        .selectFrom("freights")
        .where("id", ">", covered)
        .select((eb) => [eb.fn.min<number>("id").as("low"), eb.fn.max<number>("id").as("high"), eb.fn.countAll<number>().as("n")])
        .executeTakeFirstOrThrow();
      if (bounds.low == null || bounds.high == null) {
        await trx.updateTable("waybill_daily_stats_progress").set({ done: 1 }).where("id", "=", 1).execute();
        return null;
      }
      const from = Math.max(covered, Number(bounds.low) - 1);
      const to = Math.min(from + range, Number(bounds.high));
      const ids = `f.id > ${from} and f.id <= ${to}`;
      await sql.raw(dailyStatsUpsert(dailyStatsContributions(db.dialect, "f", 1, "from freights f", ids))).execute(trx);
      await sql.raw(listStatsUpsert(listStatsContributions(db.dialect, "f", 1, "from freights f", ids))).execute(trx);
      await sql.raw(keyStatsUpsert(keyStatsContributions(db.dialect, "f", 1, "from freights f", ids))).execute(trx);
      await sql.raw(riskStatsUpsert(riskStatsContributions(db.dialect, "f", 1, "from freights f", ids))).execute(trx);
      await sql.raw(supplierStatsUpsert(supplierStatsContributions(db.dialect, "f", 1, "from freights f", ids))).execute(trx);
      const done = to >= Number(bounds.high);
      await trx
        .updateTable("waybill_daily_stats_progress")
        .set({ covered_to: to, done: done ? 1 : 0 })
        .where("id", "=", 1)
        .execute();
      const n = await trx
        .selectFrom("freights")
        .where("id", ">", from)
        .where("id", "<=", to)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return { added: Number(n.n), done };
    });
    if (!step) return added;
    added += step.added;
    if (step.done) return added;
    await yieldToRequests();
  }
}

/**
 * Stops the triggers for waybills written from now on (those above the current last id) until
 * `fillDailyStats` adds them: for bulk loads (platform/demo/bulk.ts), where a trigger per row would
 * cost more than one pass afterwards. The readers aggregate `freights` meanwhile.
 */
export async function pauseDailyStats(kysely: Kysely<Database>): Promise<void> {
  const { high } = await kysely
    .selectFrom("freights")
    .select((eb) => eb.fn.max<number>("id").as("high"))
    .executeTakeFirstOrThrow();
  await kysely
    .updateTable("waybill_daily_stats_progress")
    .set({ covered_to: Number(high ?? 0), done: 0 })
    .where("id", "=", 1)
    .where("done", "=", 1)
    .execute();
}

/** Whether the summary holds every waybill (the backfill is done); until then readers aggregate `freights`. */
export async function dailyStatsReady(kysely: Kysely<Database>): Promise<boolean> {
  const row = await kysely.selectFrom("waybill_daily_stats_progress").select("done").where("id", "=", 1).executeTakeFirst();
  return Number(row?.done) === 1;
}

/**
 * Whether a caller's figures can come from the summary: its rows are per platform, tenant and
 * organisation, so an individual carrier's (their own waybills) cannot.
 */
export async function summaryServes(kysely: Kysely<Database>, scope: CallerScope): Promise<boolean> {
  return !isIndividual(scope) && (await dailyStatsReady(kysely));
}

/** The caller's summary rows (alias s): the waybills' own scope rule on the same columns. */
export function dailyStatsOf(kysely: Kysely<Database>, scope: CallerScope) {
  return kysely.selectFrom("waybill_daily_stats as s").where(visible("freights", scope, "s"));
}

type SummaryRange = {
  dateFrom: string;
  dateTo: string;
  freightWay?: string | null;
  orgId?: number | null;
  shipper?: string | null;
};

/** The caller's summary rows (alias s) of the range's days, with the way and organisation filters. */
function inSummaryRange(scope: CallerScope, params: SummaryRange): RawBuilder<SqlBool> {
  const parts = [visible("freights", scope, "s"), sql`s.day >= ${params.dateFrom}`, sql`s.day <= ${params.dateTo}`];
  if (params.freightWay) parts.push(sql`s.freight_way = ${params.freightWay}`);
  if (params.orgId && isStaff(scope)) parts.push(sql`s.org_id = ${params.orgId}`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The report's selection from the summary (alias s): the caller's days in the range, with the way and
 * organisation filters; null when the summary cannot answer it (an individual, the backfill not done,
 * a shipper filter, which the summary has no column for) and the report aggregates `freights` instead.
 */
export async function dailyStatsInRange(kysely: Kysely<Database>, scope: CallerScope, params: SummaryRange) {
  if (params.shipper || !(await summaryServes(kysely, scope))) return null;
  return kysely.selectFrom("waybill_daily_stats as s").where(inSummaryRange(scope, params));
}

/**
 * The same for one kind of the summary by place and cargo (alias s), on the same conditions. Rows whose
 * waybills have all moved away (cancelled, re-dated) hold zeros and are left out.
 */
export async function keyStatsInRange(kysely: Kysely<Database>, scope: CallerScope, kind: KeyStatsKind, params: SummaryRange) {
  if (params.shipper || !(await summaryServes(kysely, scope))) return null;
  return kysely.selectFrom("waybill_key_stats as s").where(inSummaryRange(scope, params)).where("s.kind", "=", kind).where("s.waybills", ">", 0);
}

/** The risk summary's rows (alias s) of the range, on the same conditions. */
export async function riskStatsInRange(kysely: Kysely<Database>, scope: CallerScope, params: SummaryRange) {
  if (params.shipper || !(await summaryServes(kysely, scope))) return null;
  return kysely.selectFrom("waybill_risk_stats as s").where(inSummaryRange(scope, params)).where("s.waybills", ">", 0);
}

/** The supplier summary's rows (alias s) of the range, on the same conditions. */
export async function supplierStatsInRange(kysely: Kysely<Database>, scope: CallerScope, params: SummaryRange) {
  if (params.shipper || !(await summaryServes(kysely, scope))) return null;
  return kysely.selectFrom("waybill_supplier_stats as s").where(inSummaryRange(scope, params)).where("s.waybills", ">", 0);
}
