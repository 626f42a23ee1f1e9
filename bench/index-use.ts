/**
 * bench/index-use: which index of `freights` each read uses, and what each read costs. Prints one JSON line.
 *
 *   npx tsx bench/index-use.ts [--database file:data/bench-writes/tms.db | postgres://…?schema=…] [--rounds 5] [--label text]
 *
 * On a database bench/writes (or any bench) filled, as it is (not migrated here: run it before and after a
 * migration that bench/writes applies): every report for the
 * last 31 days (also with a 托运人 filter), the waybill list's first page for seven filters and the
 * dashboard, as the platform, tenant, organisation and individual users (tests/helpers/query-plans.ts). Each
 * call is explained statement by statement (the indexes it names, full scans of `freights`), then timed
 * --rounds times (p50, p99, wall ms). The answer for the migration that drops or narrows indexes: an
 * index no read names is a candidate, a read whose plan changes is timed before and after. Other
 * writers and readers (dispatch, the jobs, detail pages) are not among these reads: check them by name.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadPlatformConfig } from "../platform/config.js";
import type { ServiceContext } from "../platform/context.js";
import { openDatabase, type Db } from "../platform/db/index.js";
import { DEMO_ACCOUNTS } from "../platform/db/seed.js";
import { root, round } from "../scripts/lib/processes.js";
import { explainStatements, freightIndexes, readCalls, statementKeeper } from "../tests/helpers/query-plans.js";
import { printResult } from "./lib/record.js";
import { reportScope } from "./lib/scope.js";
import { percentile, timed } from "./lib/timing.js";

const { values } = parseArgs({ options: { database: { type: "string", default: "file:data/bench-writes/tms.db" }, rounds: { type: "string", default: "5" }, label: { type: "string", default: "" } } });
const databaseUrl = values.database!.startsWith("file:") ? `file:${join(root, values.database!.slice(5))}` : values.database!;
const ROUNDS = Number(values.rounds);

const opened = await openDatabase(databaseUrl);
const keeper = statementKeeper();
const db: Db = { ...opened, kysely: opened.kysely.withPlugin(keeper.plugin) };
const ctx = { db, config: loadPlatformConfig({ NODE_ENV: "production" }), log: console } as unknown as ServiceContext;
const scopes = await Promise.all(Object.values(DEMO_ACCOUNTS).map((mobile) => reportScope(opened, mobile)));
const indexes = await freightIndexes(opened);
const { n } = await opened.kysely.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();

const calls: Record<string, { p50Ms: number; p99Ms: number; indexes: string[]; fullScans: number }> = {};
const users: Record<string, string[]> = Object.fromEntries(indexes.map((name) => [name, []]));
for (const call of readCalls(scopes)) {
  const statements = await keeper.capture(() => call.run(ctx));
  const plans = await explainStatements(opened, statements, indexes);
  const used = [...new Set(plans.flatMap((p) => p.indexes))];
  for (const name of used) users[name]!.push(call.name);
  for (const plan of plans.filter((p) => p.fullScan)) console.error(`[bench] full scan of freights in ${call.name}:\n${plan.text}\n${plan.sql}`);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push((await timed(() => call.run(ctx))).ms);
  calls[call.name] = { p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), indexes: used, fullScans: plans.filter((p) => p.fullScan).length };
  console.error(`[bench] ${call.name}: ${JSON.stringify(calls[call.name])}`);
}
await opened.destroy();

const wall = Object.values(calls).map((c) => c.p99Ms);
printResult("index-use", {
  database: opened.dialect,
  label: values.label || undefined,
  waybills: Number(n),
  rounds: ROUNDS,
  calls: Object.keys(calls).length,
  slowestP99Ms: Math.max(...wall),
  fullScans: Object.entries(calls).filter(([, c]) => c.fullScans > 0).map(([name]) => name),
  unusedIndexes: Object.entries(users).filter(([, list]) => list.length === 0).map(([name]) => name),
  indexUsers: Object.fromEntries(Object.entries(users).map(([name, list]) => [name, list.length])),
  perCall: calls,
});
