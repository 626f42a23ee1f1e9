/** `npm run ledger:check`: proves the ledger's invariants on the database of TMS_DATABASE_URL; exits 1 when one fails. */
import { openDatabase, DEFAULT_DATABASE_URL } from "../platform/db/index.js";
import { checkLedger } from "../platform/ledger/check.js";

const db = await openDatabase(process.env.TMS_DATABASE_URL ?? DEFAULT_DATABASE_URL);
try {
  const result = await checkLedger(db);
  console.log(JSON.stringify(result, null, 2));
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await db.destroy();
}
