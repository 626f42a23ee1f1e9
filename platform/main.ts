import { buildApp } from "./app.js";
import { loadPlatformConfig } from "./config.js";
import { openDatabase } from "./db/index.js";
import { migrateToLatest } from "./db/migrate.js";
import { seedIfEmpty } from "./db/seed-all.js";

const config = loadPlatformConfig();
const db = await openDatabase(config.databaseUrl);
const applied = await migrateToLatest(db);
const seeded = await seedIfEmpty(db);
const { app } = await buildApp({ db, config, logger: { level: process.env.LOG_LEVEL ?? "info" } });
if (applied.length) app.log.info({ applied }, "migrations applied");
if (seeded) app.log.info("demo data seeded");

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "platform stopping");
  await app.close();
  await db.destroy();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
