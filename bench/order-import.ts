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
import ExcelJS from "exceljs";
import { DEMO_ACCOUNTS, loginAs, startTestPlatform } from "../tests/helpers/platform.js";
import { IMPORT_COLUMNS } from "../platform/orders/import.js";
import { importRow } from "../tests/helpers/order-import-rows.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({ options: { rows: { type: "string", default: "10000" } } });
const ROWS = Number(values.rows);
const round = (n: number) => Math.round(n * 100) / 100;

const platform = await startTestPlatform("bench_order_import");
try {
  const token = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.ORG_USER)).accessToken;
  const user = await platform.db.kysely.selectFrom("users").select("org_id").where("mobile", "=", DEMO_ACCOUNTS.ORG_USER).executeTakeFirstOrThrow();
  const orgId = Number(user.org_id);
  const shipper = await platform.db.kysely.selectFrom("shippers").select("name").where("org_id", "=", orgId).where("enabled", "=", "ENABLED").orderBy("id").executeTakeFirstOrThrow();
  const cargo = await platform.db.kysely.selectFrom("cargos").select("name").where("org_id", "=", orgId).where("enabled", "=", "ENABLED").orderBy("id").executeTakeFirstOrThrow();
  const cells = (i: number) =>
    importRow({ shipper: shipper.name, cargo: cargo.name }, `BENCH${String(i).padStart(6, "0")}`, { 装货联系人: "王库管", 装货电话: "13955301234", 装货开始: "2026-12-01 08:00", 装货截止: "2026-12-05 18:00", "计划重量(吨)": String(100 + (i % 900) + 0.125), "承运单价(元/吨)": "85.5", 备注: `第 ${i + 1} 批` });
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("订单导入");
  const headers = IMPORT_COLUMNS.map((c) => c.header);
  sheet.addRow(headers);
  for (let i = 0; i < ROWS; i++) {
    const row = cells(i);
    sheet.addRow(headers.map((h) => row[h] ?? null));
  }
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  const started = performance.now();
  const response = await fetch(`${platform.baseUrl}/tms-order-import/upload`, {
    method: "POST",
    headers: { "X-Platform": "A", Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream", "X-File-Name": encodeURIComponent("bench.xlsx") },
    body: new Uint8Array(bytes),
  });
  const body = (await response.json()) as { code: number; data?: { status: string; importedRows: number; message: string } };
  const seconds = (performance.now() - started) / 1000;
  if (body.data?.status !== "IMPORTED") throw new Error(`import failed: ${JSON.stringify(body).slice(0, 500)}`);
  printResult("order-import", { dialect: platform.dialect, rows: ROWS, fileMb: round(bytes.length / 1024 / 1024), importedRows: body.data.importedRows, seconds: round(seconds), rowsPerSecond: Math.round(ROWS / seconds), targetSeconds: 10, pass: seconds < 10 });
} finally {
  await platform.close();
}
