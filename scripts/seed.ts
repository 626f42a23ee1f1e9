/** Migrates the database named by TMS_DATABASE_URL and seeds the demo data when it is empty. */
import { loadPlatformConfig } from "../platform/config.js";
import { openDatabase } from "../platform/db/index.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { seedIfEmpty } from "../platform/demo/seed-all.js";
import { bootstrapCatalogue } from "../platform/iam/bootstrap.js";

const config = loadPlatformConfig();
const db = await openDatabase(config.databaseUrl);
const applied = await migrateToLatest(db);
// Production never seeds demo data: only the platforms and the permission catalogue.
const seeded = config.production ? (await bootstrapCatalogue(db), false) : await seedIfEmpty(db);
console.log(JSON.stringify({ database: config.databaseUrl.replace(/\/\/[^@]*@/, "//***@"), applied, seeded }));
await db.destroy();
