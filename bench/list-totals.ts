/**
 * bench/list-totals: the waybill list's first page (POST /tms-freight/search) with its count and five
 * footer sums from the list's summary (`waybill_list_stats`, design/reports.md) against the same page
 * with them aggregated from `freights` (as before the summary), on SQLite or PostgreSQL. Prints one
 * JSON line.
 *
 *   npx tsx bench/list-totals.ts [--waybills 1000000] [--rounds 10] [--database file:data/bench-list/tms.db | postgres://…]
 *
 * Fills the database with the bulk generator if it holds fewer waybills (bench/lib/waybills.ts, which also
 * migrates and fills the summaries), then for the ORG_USER and the SYSTEM_USER and four filters the
 * summary serves (none, one status, the last 31 days, status + way + 31 days) calls, one warm-up then
 * `rounds` times each: `searchFreights` (the summary) and the page plus `listTotalsLive` (the live
 * aggregate), checking both give the same total and sums. Wall and this process's CPU per call (on SQLite
 * that includes the database's work).
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { freightFilterSchema } from "../contract/freight.js";
import { addDays, chinaDate } from "../contract/units.js";
import { openDatabase } from "../platform/db/index.js";
import { DEMO_ACCOUNTS as USERS } from "../platform/db/seed.js";
import { filteredFreights, listTotalsLive, searchFreights } from "../platform/freight/search.js";
import { toFreightRecords } from "../platform/freight/records.js";
import type { CallerScope } from "../platform/scope.js";
import { round } from "../scripts/lib/processes.js";
import { userScope } from "./lib/scope.js";
import { percentile, timed } from "./lib/timing.js";
import { printResult } from "./lib/record.js";
import { ensureWaybills } from "./lib/waybills.js";

const { values } = parseArgs({
  options: {
    waybills: { type: "string", default: "1000000" },
    rounds: { type: "string", default: "10" },
    database: { type: "string", default: "file:data/bench-list/tms.db" },
  },
});
const ROUNDS = Number(values.rounds);
const PAGE = 20;

const loadBefore = loadavg().map((n) => round(n));
const preparation = await ensureWaybills(values.database!, Number(values.waybills));
const db = await openDatabase(values.database!);
const { n: waybills } = await db.kysely.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();

const month = { createdFrom: addDays(chinaDate(), -30), createdTo: chinaDate() };
const FILTERS = { all: {}, completed: { status: "COMPLETED" }, month, inTransitRoadMonth: { status: "IN_TRANSIT", freightWay: "ROAD", ...month } };

/** The page as before the summary: the rows and the live aggregate. */
async function livePage(scope: CallerScope, filter: ReturnType<typeof freightFilterSchema.parse>) {
  const [{ total, ...sums }, rows] = await Promise.all([
    listTotalsLive(db.kysely, scope, filter),
    filteredFreights(db.kysely, scope, filter).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(PAGE).execute(),
  ]);
  return { records: await toFreightRecords(db.kysely, rows, scope.type), total, sums };
}

async function measure(call: () => Promise<{ total: number; sums: unknown }>) {
  const first = await call();
  const calls = [];
  for (let i = 0; i < ROUNDS; i++) calls.push(await timed(call));
  return {
    answer: { total: first.total, sums: first.sums },
    figures: {
      p50Ms: round(percentile(calls.map((c) => c.ms), 50)),
      p99Ms: round(percentile(calls.map((c) => c.ms), 99)),
      cpuP50Ms: round(percentile(calls.map((c) => c.cpuMs), 50)),
      cpuP99Ms: round(percentile(calls.map((c) => c.cpuMs), 99)),
    },
  };
}

const out: Record<string, unknown> = {};
for (const who of ["ORG_USER", "SYSTEM_USER"] as const) {
  const scope = await userScope(db, USERS[who]);
  for (const [name, raw] of Object.entries(FILTERS)) {
    const filter = freightFilterSchema.parse(raw);
    const live = await measure(() => livePage(scope, filter));
    const summary = await measure(() => searchFreights(db.kysely, scope, filter, { current: 1, size: PAGE }));
    if (JSON.stringify(live.answer) !== JSON.stringify(summary.answer)) throw new Error(`${who} ${name}: ${JSON.stringify(live.answer)} ≠ ${JSON.stringify(summary.answer)}`);
    out[`${who} ${name}`] = { total: summary.answer.total, live: live.figures, summary: summary.figures };
    console.error(`[bench] ${who} ${name}: ${JSON.stringify(out[`${who} ${name}`])}`);
  }
}
const { n: summaryRows } = await db.kysely.selectFrom("waybill_list_stats").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
await db.destroy();
printResult("list-totals", { waybills: Number(waybills), database: db.dialect, summaryRows: Number(summaryRows), preparation, rounds: ROUNDS, loadAverageBefore: loadBefore, loadAverageAfter: loadavg().map((n) => round(n)), calls: out });
