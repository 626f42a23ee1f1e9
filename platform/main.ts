import { flagExpiringCredentials } from "./documents/expiry.js";
import { buildApp } from "./app.js";
import { loadPlatformConfig } from "./config.js";
import { openDatabase, refreshStatistics } from "./db/index.js";
import { migrateToLatest, migrationStatus, schemaProblems } from "./db/migrate.js";
import { seedIfEmpty } from "./demo/seed-all.js";
import { bootstrapCatalogue } from "./iam/bootstrap.js";
import { JobRunner } from "./jobs/runner.js";
import { settleBacklog } from "./ledger/settlements.js";
import { fillDailyStats } from "./reports/daily-stats.js";
import { runTimeoutDetector } from "./fleet/timeouts.js";
import { expireAvailabilities } from "./fleet/vehicle-availability.resource.js";
import { filePendingTemplates } from "./fleet/sms-template.resource.js";
import { markOverdueContainers } from "./orders/deliveries.resource.js";
import { limiterOf } from "./http/rate-limit.js";
import { refuseOnProblems, settingsAtStart } from "../contract/settings.js";
import { targetsOf } from "./submission/records.js";
import { reportTargetProblems, runSubmitter } from "./submission/sender.js";
import { loggerOptions } from "../contract/observability.js";
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

await app.listen({ port: config.port, host: config.host });

/**
 * Every instance keeps the jobs' timers; each period's run is taken by one of them (a limit of one run
 * per period, in Redis when TMS_REDIS_URL is set), so two platforms do not both send or sweep.
 */
const turn = (job: string, everyMs: number) => async () => (await limiterOf(ctx).hit(`job:${job}`, 1, Math.max(everyMs - 5_000, everyMs / 2))).allowed;
const every = (job: string, everyMs: number, run: () => Promise<unknown>, options: { runNow?: boolean } = {}) => jobs.every(job, everyMs, run, { turn: turn(job, everyMs), ...options });

// 数据报送: builds and sends submission records every minute (TMS_REPORT_JOB=off to stop it; TMS_REPORT_JOB_SECONDS sets the period).
if (settings.TMS_REPORT_JOB) every("submitter", settings.TMS_REPORT_JOB_SECONDS * 1000, () => runSubmitter(db.kysely, { selfUrl: `http://127.0.0.1:${config.port}` }), { runNow: true });
// 超时规则: the detector for the rules that fire on silence (loading not started, transit too long, offline).
every("timeouts", 60_000, () => runTimeoutDetector(ctx));
// 车源 whose window has passed become 已过期; 短信模板 报备中 are filed with the SMS gateway.
every("availability-expiry", 30_000, () => expireAvailabilities(db.kysely));
every("sms-template-filing", 30_000, () => filePendingTemplates(ctx));
// 还箱动态: containers still out after their return deadline become 已超期.
every("container-overdue", 60_000, () => markOverdueContainers(db.kysely));
// 证照到期提醒: nightly in effect (checked hourly; a credential is flagged once per 有效期至), the owner notified.
every("credential-expiry", 3_600_000, () => flagExpiringCredentials(ctx), { runNow: true });
// 结算: waybills completed before settlements were written with the 完成 step, or written straight into
// the table (an import, the bench generator), are settled at start and hourly, one id range per statement.
every("settlement-backlog", 3_600_000, () => settleBacklog(db.kysely), { runNow: true });
// 日汇总: waybills the daily summary does not hold yet (a database from before it, a bulk load) are added in
// id ranges at start and hourly; triggers keep it from then on (platform/reports/daily-stats.ts).
every("daily-stats-backfill", 3_600_000, () => fillDailyStats(db), { runNow: true });
// The planner's statistics, where the data has changed much since they were taken (SQLite; PostgreSQL's autovacuum does it).
every("db-statistics", 3_600_000, () => refreshStatistics(db));
