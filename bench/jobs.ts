/**
 * bench/jobs: the statements of the platform's background jobs at 1,000,000 waybills (target:
 * no job statement over 200 ms, the work in bounded batches). Prints one JSON line.
 *
 *   npx tsx bench/jobs.ts [--waybills 1000000] [--database file:data/bench-jobs/tms.db | postgres://…] [--limit-ms 200]
 *
 * Fills the database with platform/demo/bulk.ts if it holds fewer waybills, without settling them or
 * adding them to the daily summary, so the first run of each job meets the backlog a platform meets
 * after a bulk load or an upgrade. Then runs every job of platform/jobs/schedule.ts twice, in process
 * as the platform's JobRunner does (the first run: the backlog; the second: the steady state), timing
 * each statement (compiled to result, bench/lib/statements.ts). Per job and run: wall ms, statements,
 * the slowest statement and how many took longer than --limit-ms; then the slowest statements overall
 * with their SQL. The submitter sends to a closed port (its sends fail fast; its records are built).
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import type { ServiceContext } from "../platform/context.js";
import { openDatabase, type Db } from "../platform/db/index.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { scheduledJobs } from "../platform/jobs/schedule.js";
import { loadPlatformConfig } from "../platform/config.js";
import { round } from "../scripts/lib/processes.js";
import { statementTimer, type TimedStatement } from "./lib/statements.js";
import { ensureWaybills } from "./lib/waybills.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({
  options: {
    waybills: { type: "string", default: "1000000" },
    database: { type: "string", default: "file:data/bench-jobs/tms.db" },
    "limit-ms": { type: "string", default: "200" },
  },
});
const LIMIT_MS = Number(values["limit-ms"]);
const databaseUrl = values.database!;

/** The statements of the job being run: how many, the slowest, and those over the limit. */
let tally = { count: 0, slowestMs: 0, over: [] as TimedStatement[] };
const count = (statement: TimedStatement) => {
  tally.count++;
  tally.slowestMs = Math.max(tally.slowestMs, statement.ms);
  if (statement.ms > LIMIT_MS) tally.over.push(statement);
};
const loadBefore = loadavg().map((n) => round(n));
const preparation = await ensureWaybills(databaseUrl, Number(values.waybills), { settle: false });
const opened = await openDatabase(databaseUrl);
await migrateToLatest(opened);
const db: Db = { ...opened, kysely: opened.kysely.withPlugin(statementTimer(count)) };
const { n: waybills } = await db.kysely.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
const ctx = { db, config: loadPlatformConfig({ NODE_ENV: "production" }), log: console } as unknown as ServiceContext;
const jobs = scheduledJobs(ctx, { reportJob: true, reportJobSeconds: 60, selfUrl: "http://127.0.0.1:9", retentionYears: 3 });

const slowest: Array<{ job: string; run: number; ms: number; sql: string }> = [];
const executor = db.kysely.getExecutor();
const figures: Record<string, Array<{ ms: number; statements: number; slowestMs: number; over: number }>> = {};
for (const run of [1, 2]) {
  for (const { job, run: work } of jobs) {
    tally = { count: 0, slowestMs: 0, over: [] };
    const started = performance.now();
    await work();
    const ms = performance.now() - started;
    (figures[job] ??= []).push({ ms: round(ms), statements: tally.count, slowestMs: round(tally.slowestMs), over: tally.over.length });
    for (const s of tally.over) slowest.push({ job, run, ms: round(s.ms), sql: executor.compileQuery(s.node, s.queryId).sql.slice(0, 300) });
    console.error(`[bench] ${job} run ${run}: ${JSON.stringify(figures[job]!.at(-1))}`);
  }
}
await opened.destroy();

printResult("jobs", {
  database: databaseUrl.startsWith("postgres") ? "postgresql" : "sqlite",
  waybills: Number(waybills),
  preparation,
  loadAverageBefore: loadBefore,
  loadAverageAfter: loadavg().map((n) => round(n)),
  limitMs: LIMIT_MS,
  jobs: figures,
  statementsOverLimit: slowest.length,
  slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 10),
});
