import { buildApp } from "./app.js";
import { loadPlatformConfig } from "./config.js";
import { openDatabase } from "./db/index.js";
import { migrateToLatest, migrationStatus, schemaProblems } from "./db/migrate.js";
import { seedIfEmpty } from "./demo/seed-all.js";
import { bootstrapCatalogue } from "./iam/bootstrap.js";
import { JobRunner } from "./jobs/runner.js";
import { scheduledJobs } from "./jobs/schedule.js";
import { limiterOf } from "./http/rate-limit.js";
import { refuseOnProblems, settingsAtStart } from "../contract/settings.js";
import { targetsOf } from "./submission/records.js";
import { reportTargetProblems } from "./submission/sender.js";
import { loggerOptions } from "../contract/observability.js";
import { startMemoryTrim, trimMemory } from "../contract/memory-trim.js";
import { createRequire } from "node:module";

/** pino-pretty is a development dependency: pretty lines when it is installed and not in production. */
function canPrettyPrint(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

// The production start command: a missing TMS_ENV is production, whose settings must be complete.
const { settings, production } = settingsAtStart("platform");
const config = loadPlatformConfig();
const db = await openDatabase(config.databaseUrl);
// Production checks that the schema is current (`npm run migrate` is a deploy step of its own, run once
// before the new code starts); development migrates on every start.
let applied: string[] = [];
if (production) {
  const problems = schemaProblems(await migrationStatus(db));
  if (problems.length) {
    await db.destroy();
    for (const line of problems) process.stderr.write(`[platform] 拒绝启动 / refusing to start: ${line}\n`);
    process.exit(1);
  }
} else applied = await migrateToLatest(db);
// Demo data only when asked for (TMS_DEMO=1; `npm start` asks); otherwise the platforms and the permission catalogue.
const seeded = settings.TMS_DEMO === "1" ? await seedIfEmpty(db) : (await bootstrapCatalogue(db), false);
// The report targets live in the database: an enabled one needs its endpoint and credentials.
if (production) {
  const problems = reportTargetProblems(await targetsOf(db.kysely), process.env);
  if (problems.length) await db.destroy();
  refuseOnProblems("platform", production, problems);
}
const { app, ctx } = await buildApp({ db, config, logger: loggerOptions(production, settings.LOG_LEVEL, canPrettyPrint()), drainOnClose: true });
if (applied.length) app.log.info({ applied }, "migrations applied");
if (seeded) app.log.info("demo data seeded");

const jobs = new JobRunner(app.log);
let closing = false;
/**
 * SIGTERM / SIGINT: stop accepting (new connections refused, requests on open ones answered 503), let
 * the requests and exports in flight finish and the running jobs end, up to TMS_SHUTDOWN_TIMEOUT_MS;
 * websocket sessions are closed (the clients reconnect to another instance). Then exit 0.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, jobs: jobs.active }, "platform stopping: draining requests and jobs");
  jobs.stop();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), settings.TMS_SHUTDOWN_TIMEOUT_MS)));
  // A kept-alive connection whose request ends during the drain is closed as soon as it is idle.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const drained = await Promise.race([Promise.all([app.close(), jobs.drain()]).then(() => true as const), limit]);
  clearTimeout(timer);
  clearInterval(idleSweep);
  if (!drained) {
    app.log.warn({ limitMs: settings.TMS_SHUTDOWN_TIMEOUT_MS, jobs: jobs.active }, "shutdown limit reached: cutting the connections still open");
    app.server.closeAllConnections();
  }
  await db.destroy().catch(() => undefined);
  app.log.info("platform stopped");
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

// What loading left behind goes before the first request (contract/memory-trim.ts).
trimMemory();
await app.listen({ port: config.port, host: config.host });
// Hands V8's spare pages back once the platform has gone quiet (contract/memory-trim.ts).
startMemoryTrim({ onTrim: (figures) => app.log.debug(figures, "idle memory trim") });

/**
 * Every instance keeps the jobs' timers; each period's run is taken by one of them (a limit of one run
 * per period, in Redis when TMS_REDIS_URL is set), so two platforms do not both send or sweep.
 */
const turn = (job: string, everyMs: number) => async () => (await limiterOf(ctx).hit(`job:${job}`, 1, Math.max(everyMs - 5_000, everyMs / 2))).allowed;
for (const { job, everyMs, run, runNow } of scheduledJobs(ctx, { reportJob: settings.TMS_REPORT_JOB, reportJobSeconds: settings.TMS_REPORT_JOB_SECONDS, selfUrl: `http://127.0.0.1:${config.port}`, retentionYears: settings.TMS_PERSONAL_RETENTION_YEARS })) {
  jobs.every(job, everyMs, run, { turn: turn(job, everyMs), runNow });
}
