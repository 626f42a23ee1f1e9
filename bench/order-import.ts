/**
 * bench/order-import: 批量导入 of a 10 000-row xlsx (target < 10 s). Prints one JSON line.
 *
 *   npx tsx bench/order-import.ts [--rows 10000]
 *
 * Boots the platform in-process on a fresh, seeded SQLite database (or TEST_DATABASE_URL's PostgreSQL),
 * builds a workbook of --rows valid orders for the ORG_USER's organisation, and times the upload over
 * HTTP: the file checks, the streaming read, the validation of every row and the one-transaction import.
 */
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS, loginAs, startTestPlatform } from "../tests/helpers/platform.js";
import { importWorkbook, uploadImport } from "./lib/import-workbook.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({ options: { rows: { type: "string", default: "10000" } } });
const ROWS = Number(values.rows);
const round = (n: number) => Math.round(n * 100) / 100;

const platform = await startTestPlatform("bench_order_import");
try {
  const token = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.ORG_USER)).accessToken;
  const user = await platform.db.kysely.selectFrom("users").select("org_id").where("mobile", "=", DEMO_ACCOUNTS.ORG_USER).executeTakeFirstOrThrow();
  const orgId = Number(user.org_id);
  const bytes = await importWorkbook(platform.db, orgId, ROWS);
  const { importedRows, seconds } = await uploadImport(platform.baseUrl, token, bytes);
  printResult("order-import", { dialect: platform.dialect, rows: ROWS, fileMb: round(bytes.length / 1024 / 1024), importedRows: importedRows, seconds: round(seconds), rowsPerSecond: Math.round(ROWS / seconds), targetSeconds: 10, pass: seconds < 10 });
} finally {
  await platform.close();
}
