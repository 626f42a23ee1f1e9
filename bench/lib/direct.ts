/**
 * The benchmark's baselines, run in a child process so their memory is measured alone:
 *   --mode query   the waybill list query straight against the database, back to back
 *   --mode export  the same workbook as the streaming export, built in memory (ExcelJS non-streaming)
 * Prints one JSON line.
 */
import ExcelJS from "exceljs";
import { parseArgs } from "node:util";
import { freightFilterSchema } from "../../contract/freight.js";
import { openDatabase } from "../../platform/db/index.js";
import { EXPORT_HEADERS, exportCells, exportPageAfter } from "../../platform/freight/export.js";
import { orgNames } from "../../platform/freight/records.js";
import { searchFreights, type FreightCursor } from "../../platform/freight/search.js";
import { runLoop } from "./load.js";
import { userScope } from "./scope.js";
import { firstPageOf } from "../../platform/http/envelope.js";

const { values } = parseArgs({
  options: { mode: { type: "string" }, db: { type: "string" }, mobile: { type: "string" }, filter: { type: "string" }, seconds: { type: "string", default: "20" } },
});
const db = await openDatabase(values.db!);
const scope = await userScope(db, values.mobile!);
const filter = freightFilterSchema.parse(JSON.parse(values.filter ?? "{}"));

if (values.mode === "query") {
  const result = await runLoop(() => searchFreights(db.kysely, scope, filter, firstPageOf(20)), Number(values.seconds));
  console.log(JSON.stringify(result));
} else {
  const started = performance.now();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("运单列表");
  sheet.addRow(EXPORT_HEADERS);
  let cursor: FreightCursor | null = null;
  let rows = 0;
  for (;;) {
    const page = await exportPageAfter(db.kysely, scope, filter, cursor, 2000);
    if (page.length === 0) break;
    const names = await orgNames(db.kysely, [...new Set(page.map((r) => Number(r.org_id)))]);
    for (const row of page) sheet.addRow(exportCells(row, names.get(Number(row.org_id)) ?? ""));
    rows += page.length;
    const last = page[page.length - 1]!;
    cursor = { createdAt: last.created_at, id: Number(last.id) };
  }
  const buffer = await workbook.xlsx.writeBuffer();
  console.log(JSON.stringify({ rows, bytes: buffer.byteLength, seconds: (performance.now() - started) / 1000, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
}
await db.destroy();
