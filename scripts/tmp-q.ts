import { openDatabase } from "../platform/db/index.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { seedIfEmpty } from "../platform/db/seed-all.js";
const db = await openDatabase("file:/tmp/ledgerdemo/tms.db");
await migrateToLatest(db); await seedIfEmpty(db);
console.log(await db.kysely.selectFrom("accounts").select(["account_name","account_type","balance","frozen"]).execute());
console.log(await db.kysely.selectFrom("withdrawals").select(["withdraw_no","status","amount"]).execute());
await db.destroy();
