/**
 * 批量导入 for the benchmarks: a workbook of `rows` valid orders for the organisation user's shipper and
 * cargo, and its upload over HTTP (the file checks, the streaming read, the validation of every row and
 * the one-transaction import), timed.
 */
import ExcelJS from "exceljs";
import type { Db } from "../../platform/db/index.js";
import { IMPORT_COLUMNS } from "../../platform/orders/import.js";
import { importRow } from "../../tests/helpers/order-import-rows.js";

export async function importWorkbook(db: Db, orgId: number, rows: number, prefix = "BENCH"): Promise<Buffer> {
  const shipper = await db.kysely.selectFrom("shippers").select("name").where("org_id", "=", orgId).where("enabled", "=", "ENABLED").orderBy("id").executeTakeFirstOrThrow();
  const cargo = await db.kysely.selectFrom("cargos").select("name").where("org_id", "=", orgId).where("enabled", "=", "ENABLED").orderBy("id").executeTakeFirstOrThrow();
  const cells = (i: number) =>
    importRow({ shipper: shipper.name, cargo: cargo.name }, `${prefix}${String(i).padStart(6, "0")}`, { 装货联系人: "王库管", 装货电话: "13955301234", 装货开始: "2026-12-01 08:00", 装货截止: "2026-12-05 18:00", "计划重量(吨)": String(100 + (i % 900) + 0.125), "承运单价(元/吨)": "85.5", 备注: `第 ${i + 1} 批` });
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("订单导入");
  const headers = IMPORT_COLUMNS.map((c) => c.header);
  sheet.addRow(headers);
  for (let i = 0; i < rows; i++) {
    const row = cells(i);
    sheet.addRow(headers.map((h) => row[h] ?? null));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Uploads the workbook as the token's user; throws unless every row was imported. */
export async function uploadImport(baseUrl: string, token: string, bytes: Buffer): Promise<{ importedRows: number; seconds: number }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/tms-order-import/upload`, {
    method: "POST",
    headers: { "X-Platform": "A", Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream", "X-File-Name": encodeURIComponent("bench.xlsx") },
    body: new Uint8Array(bytes),
  });
  const body = (await response.json()) as { code: number; data?: { status: string; importedRows: number; message: string } };
  const seconds = (performance.now() - started) / 1000;
  if (body.data?.status !== "IMPORTED") throw new Error(`import failed: ${JSON.stringify(body).slice(0, 500)}`);
  return { importedRows: body.data.importedRows, seconds };
}
