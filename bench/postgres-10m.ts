/**
 * bench/postgres-10m: the waybill list, a month's export, every report and the dashboard at
 * 10,000,000 waybills on PostgreSQL. Prints one JSON line.
 *
 *   npx tsx bench/postgres-10m.ts [--waybills 10000000] [--rounds 5] [--database postgres://…/tms_bench10m] [--without-summary] [--list-only] [--skip-settle]
 *
 * Creates the database if needed and fills it with platform/db/bulk.ts (COPY through psql, reused while
 * it holds enough waybills), migrates it, then calls the platform's functions in process, as the HTTP
 * routes do, `rounds` times each after one warm-up:
 *  - the waybill list (POST /tms-freight/search, what the console's 运单列表 loads) as the ORG_USER and
 *    the SYSTEM_USER: the first page; a deep page, by offset (the API pages by offset) and, beside it, the
 *    keyset walk the export uses at the same depth; the pager's last page; a filtered page (status + 31 days + a plate, and
 *    status + 31 days + a waybill number);
 *  - the export of the last month (ORG_USER) through the streamed workbook writer into a counting sink;
 *  - every report for 31 days (bench/lib/reports.ts) and the dashboard (POST /tms-freight/dashboard).
 * Each figure: p50/p99 wall time, this process's CPU and the database backends' CPU (bench/lib/pg-cpu.ts).
 * Every statement slower than --explain-ms (default 500) is captured, and EXPLAIN (ANALYZE, BUFFERS) of
 * the slowest instance of each goes to --plans (default data/bench-pg10m/plans.txt).
 * `--without-summary` pauses the daily summary (platform/reports/daily-stats.ts) for the run, so the
 * reports and the dashboard aggregate the waybills as before it; it is filled back afterwards.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { CompiledQuery, type QueryId, type RootOperationNode } from "kysely";
import pg from "pg";
import { freightFilterSchema, type FreightFilter } from "../contract/freight.js";
import { addDays, chinaDate } from "../contract/units.js";
import { DEMO_ACCOUNTS as USERS } from "../platform/db/seed.js";
import { loadPlatformConfig } from "../platform/config.js";
import type { ServiceContext } from "../platform/context.js";
import { openDatabase, type Db } from "../platform/db/index.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { freightDashboard } from "../platform/freight/dashboard.js";
import { exportPageAfter, writeFreightWorkbook } from "../platform/freight/export.js";
import { orgNames } from "../platform/freight/records.js";
import { freightPageAfter, searchFreights } from "../platform/freight/search.js";
import type { CallerScope } from "../platform/scope.js";
import { root, round } from "../scripts/lib/processes.js";
import { serverCpuMs } from "./lib/pg-cpu.js";
import { measureReports } from "./lib/reports.js";
import { reportScope, userScope } from "./lib/scope.js";
import { statementTimer } from "./lib/statements.js";
import { percentile, timed, type Timed } from "./lib/timing.js";
import { ensureWaybills } from "./lib/waybills.js";
import { fillDailyStats, pauseDailyStats } from "../platform/reports/daily-stats.js";
import { printResult } from "./lib/record.js";
import { firstPageOf } from "../platform/http/envelope.js";

const { values } = parseArgs({
  options: {
    waybills: { type: "string", default: "10000000" },
    rounds: { type: "string", default: "5" },
    database: { type: "string", default: "postgres://postgres@127.0.0.1:5432/tms_bench10m" },
    "deep-offset": { type: "string", default: "1000000" },
    "explain-ms": { type: "string", default: "500" },
    plans: { type: "string", default: join(root, "data/bench-pg10m/plans.txt") },
    "without-summary": { type: "boolean", default: false },
    /** Leave the completed waybills' settlements to the platform's job (the finance reports then see fewer); the summaries are still filled. */
    "skip-settle": { type: "boolean", default: false },
    /** Measure only the waybill list (skip the export, the reports and the dashboard). */
    "list-only": { type: "boolean", default: false },
  },
});
const WAYBILLS = Number(values.waybills);
const ROUNDS = Number(values.rounds);
const DEEP_OFFSET = Number(values["deep-offset"]);
const EXPLAIN_MS = Number(values["explain-ms"]);
const databaseUrl = values.database!;
const databaseName = new URL(databaseUrl).pathname.slice(1);
const PAGE = 20;

/** Creates the bench's own database on the server if it is not there (never touches another one). */
async function ensureDatabase(): Promise<void> {
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  admin.search = "";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [databaseName]);
    if (!rowCount) await client.query(`create database "${databaseName.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** Records every statement slower than EXPLAIN_MS (the slowest run of each text) to explain it afterwards. */
function slowStatementRecorder() {
  const slow = new Map<string, { ms: number; node: RootOperationNode; queryId: QueryId; label: string }>();
  let label = "";
  const plugin = statementTimer(({ ms, node, queryId, key }) => {
    if (ms <= EXPLAIN_MS) return;
    const shape = key();
    if (ms > (slow.get(shape)?.ms ?? 0)) slow.set(shape, { ms, node, queryId, label });
  });
  return {
    plugin,
    /** What the statements recorded from now on belong to. */
    measuring: (what: string) => (label = what),
    async explain(db: Db): Promise<{ text: string; count: number }> {
      const executor = db.kysely.getExecutor();
      const plans: string[] = [];
      for (const { ms, node, queryId, label: what } of [...slow.values()].sort((a, b) => b.ms - a.ms)) {
        const compiled = executor.compileQuery(node, queryId);
        const { rows } = await db.kysely.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]));
        plans.push(`-- ${what}: ${round(ms)} ms\n-- ${compiled.sql}\n-- parameters: ${JSON.stringify(compiled.parameters)}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}\n`);
      }
      return { text: plans.join("\n"), count: plans.length };
    },
  };
}

interface Figures {
  p50Ms: number;
  p99Ms: number;
  cpuP50Ms: number;
  serverCpuP50Ms: number;
  serverCpuP99Ms: number;
}

const summary = (calls: Array<Timed & { serverCpuMs: number }>): Figures => ({
  p50Ms: round(percentile(calls.map((c) => c.ms), 50)),
  p99Ms: round(percentile(calls.map((c) => c.ms), 99)),
  cpuP50Ms: round(percentile(calls.map((c) => c.cpuMs), 50)),
  serverCpuP50Ms: round(percentile(calls.map((c) => c.serverCpuMs), 50)),
  serverCpuP99Ms: round(percentile(calls.map((c) => c.serverCpuMs), 99)),
});

/** One warm-up, then `rounds` timed calls. */
async function measure(name: string, call: () => Promise<unknown>, rounds = ROUNDS): Promise<Figures> {
  recorder.measuring(name);
  await call();
  const calls: Array<Timed & { serverCpuMs: number }> = [];
  for (let i = 0; i < rounds; i++) {
    const serverBefore = serverCpuMs(databaseName);
    const { ms, cpuMs } = await timed(call);
    calls.push({ ms, cpuMs, serverCpuMs: serverCpuMs(databaseName) - serverBefore });
  }
  const figures = summary(calls);
  console.error(`[bench] ${name}: ${JSON.stringify(figures)}`);
  return figures;
}

const filterOf = (raw: Record<string, unknown>): FreightFilter => freightFilterSchema.parse(raw);

/** The waybill list's calls for one user: first page, deep page (offset, and keyset at the same depth), filtered pages. */
async function listFigures(db: Db, who: string, scope: CallerScope) {
  const all = filterOf({});
  const { total } = await searchFreights(db.kysely, scope, all, firstPageOf(1));
  const depth = Math.min(DEEP_OFFSET, Math.max(0, total - PAGE));
  const cursor = depth > 0 ? await cursorBefore(db, scope, all, depth) : null;
  const month = { createdFrom: addDays(chinaDate(), -30), createdTo: chinaDate() };
  const sample = (await freightPageAfter(db.kysely, scope, filterOf({ status: "IN_TRANSIT", ...month }), null, 50)).at(-1);
  const plate = sample?.conveyance_name ?? "";
  const freightNo = sample?.freight_no ?? "";
  return {
    deepOffset: depth,
    plate,
    freightNo,
    firstPage: await measure(`${who} first page`, () => searchFreights(db.kysely, scope, all, firstPageOf(PAGE))),
    firstPageMonth: await measure(`${who} first page, created in the last 31 days`, () => searchFreights(db.kysely, scope, filterOf(month), firstPageOf(PAGE))),
    firstPageStatus: await measure(`${who} first page, COMPLETED`, () => searchFreights(db.kysely, scope, filterOf({ status: "COMPLETED" }), firstPageOf(PAGE))),
    deepPageOffset: await measure(`${who} deep page by offset ${depth}`, () => searchFreights(db.kysely, scope, all, { current: Math.floor(depth / PAGE) + 1, size: PAGE })),
    deepPageKeyset: await measure(`${who} deep page by keyset`, () => freightPageAfter(db.kysely, scope, all, cursor, PAGE)),
    // The pager's last page: read from the older end (platform/freight/search.ts, DEEP_PAGE_OFFSET).
    lastPage: await measure(`${who} last page (${Math.ceil(total / PAGE)})`, () => searchFreights(db.kysely, scope, all, { current: Math.ceil(total / PAGE), size: PAGE })),
    filteredPlate: await measure(`${who} status + 31 days + plate`, () => searchFreights(db.kysely, scope, filterOf({ status: "IN_TRANSIT", ...month, conveyanceName: plate }), firstPageOf(PAGE))),
    filteredFreightNo: await measure(`${who} status + 31 days + waybill number`, () =>
      searchFreights(db.kysely, scope, filterOf({ status: "IN_TRANSIT", ...month, freightNo }), firstPageOf(PAGE)),
    ),
  };
}

/** The keyset cursor of the row just before `depth` in the newest-first order (found once, by offset). */
async function cursorBefore(db: Db, scope: CallerScope, filter: FreightFilter, depth: number) {
  const { records } = await searchFreights(db.kysely, scope, filter, { current: depth, size: 1 });
  const row = records[0]!;
  const { created_at, id } = await db.kysely.selectFrom("freights").select(["created_at", "id"]).where("freight_no", "=", row.freightNo).executeTakeFirstOrThrow();
  return { createdAt: created_at, id: Number(id) };
}

/** Streams the last month's workbook (ORG_USER) into a sink that only counts bytes. */
async function exportMonth(db: Db, scope: CallerScope) {
  const filter = filterOf({ createdFrom: addDays(chinaDate(), -30), createdTo: chinaDate() });
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      done();
    },
  });
  const source = { page: (cursor: Parameters<typeof exportPageAfter>[3], limit: number) => exportPageAfter(db.kysely, scope, filter, cursor, limit), orgNames: (ids: number[]) => orgNames(db.kysely, ids) };
  const serverBefore = serverCpuMs(databaseName);
  const { result, ms, cpuMs } = await timed(() => writeFreightWorkbook(sink, source, () => false));
  return { rows: result.rows, bytes, seconds: round(ms / 1000, 2), rowsPerSecond: Math.round(result.rows / (ms / 1000)), cpuSeconds: round(cpuMs / 1000, 2), serverCpuSeconds: round((serverCpuMs(databaseName) - serverBefore) / 1000, 2) };
}

const recorder = slowStatementRecorder();
const loadBefore = loadavg().map((n) => round(n));
await ensureDatabase();
const preparation = await ensureWaybills(databaseUrl, WAYBILLS, { settle: !values["skip-settle"] });
const opened = await openDatabase(databaseUrl);
await migrateToLatest(opened);
if (values["skip-settle"]) {
  const started = Date.now();
  console.error(`[bench] added ${await fillDailyStats(opened)} waybills to the summaries in ${round((Date.now() - started) / 1000)} s`);
}
const db: Db = { ...opened, kysely: opened.kysely.withPlugin(recorder.plugin) };
const { n: waybills } = await db.kysely.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
const ctx = { db, config: loadPlatformConfig({ NODE_ENV: "production" }), log: console } as unknown as ServiceContext;
const org = await userScope(db, USERS.ORG_USER);
const system = await userScope(db, USERS.SYSTEM_USER);

if (values["without-summary"]) await pauseDailyStats(opened.kysely);
const list = { orgUser: await listFigures(db, "ORG_USER", org), systemUser: await listFigures(db, "SYSTEM_USER", system) };
const listOnly = values["list-only"];
recorder.measuring("export of one month");
const exported = listOnly ? null : await exportMonth(db, org);
console.error(`[bench] export: ${JSON.stringify(exported)}`);
const reportScopes = await Promise.all([USERS.SYSTEM_USER, USERS.TENANT_USER, USERS.ORG_USER].map((m) => reportScope(db, m)));
recorder.measuring("reports");
const { all: reportCalls, perReport } = listOnly ? { all: [], perReport: {} as Awaited<ReturnType<typeof measureReports>>["perReport"] } : await measureReports(ctx, reportScopes, ROUNDS);
const dashboard = listOnly
  ? null
  : {
      orgUser: await measure("dashboard ORG_USER", () => freightDashboard(ctx, org, undefined)),
      systemUser: await measure("dashboard SYSTEM_USER", () => freightDashboard(ctx, system, undefined)),
    };
if (values["without-summary"]) await fillDailyStats(opened);
const plans = await recorder.explain(opened);
mkdirSync(dirname(values.plans!), { recursive: true });
writeFileSync(values.plans!, plans.text);
await opened.destroy();

const missed = Object.entries(perReport).filter(([, r]) => r.p99Ms >= 500).map(([id, r]) => `${id} ${r.p99Ms}`);
printResult("postgres-10m", {
  waybills: Number(waybills),
  database: "postgresql",
  summary: !values["without-summary"],
  preparation,
  loadAverageBefore: loadBefore,
  loadAverageAfter: loadavg().map((n) => round(n)),
  rounds: ROUNDS,
  list,
  exportMonth: exported,
  reports: {
    rangeDays: 31,
    calls: reportCalls.length,
    p50Ms: round(percentile(reportCalls.map((c) => c.ms), 50)),
    p99Ms: round(percentile(reportCalls.map((c) => c.ms), 99)),
    cpuP99Ms: round(percentile(reportCalls.map((c) => c.cpuMs), 99)),
    over500MsP99: missed,
    perReport,
  },
  dashboard,
  plans: { file: values.plans, statementsOver: EXPLAIN_MS, count: plans.count },
  targetP99Ms: 500,
});
