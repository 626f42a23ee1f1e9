import { buildApp } from "./app.js";
import { loadPlatformConfig } from "./config.js";
import { openDatabase } from "./db/index.js";
import { migrateToLatest } from "./db/migrate.js";
import { seedIfEmpty } from "./db/seed-all.js";
import { bootstrapCatalogue } from "./db/bootstrap.js";
import { startSubmitterJob } from "./submission/sender.js";
import { runTimeoutDetector } from "./fleet/timeouts.js";

const config = loadPlatformConfig();
const db = await openDatabase(config.databaseUrl);
const applied = await migrateToLatest(db);
// Production never seeds demo data: only the platforms and the permission catalogue (issue 15).
const seeded = config.production ? (await bootstrapCatalogue(db), false) : await seedIfEmpty(db);
const { app, ctx } = await buildApp({ db, config, logger: { level: process.env.LOG_LEVEL ?? "info" } });
if (applied.length) app.log.info({ applied }, "migrations applied");
if (seeded) app.log.info("demo data seeded");

let closing = false;
/** Background jobs started after listen, stopped on shutdown. */
const stoppers: Array<() => void> = [];
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "platform stopping");
  for (const stop of stoppers) stop();
  await app.close();
  await db.destroy();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
// 数据报送: builds and sends submission records every minute (TMS_REPORT_JOB=off to stop it).
if (process.env.TMS_REPORT_JOB !== "off") stoppers.push(startSubmitterJob(db.kysely, { selfUrl: `http://127.0.0.1:${config.port}` }, app.log));
// 超时规则: the detector for the rules that fire on silence (loading not started, transit too long, offline).
const detector = setInterval(() => void runTimeoutDetector(ctx).catch((error: unknown) => app.log.error({ err: error }, "timeout detector failed")), 60_000);
detector.unref();
stoppers.push(() => clearInterval(detector));
