/**
 * bench/export-writers: streaming xlsx writers side by side on the same waybill rows.
 * Prints one JSON line.
 *
 *   npx tsx bench/export-writers.ts --db file:/tmp/tms.db [--rows 20000] [--repeat 3]
 *     [--alt /tmp/xlsx-deps/node_modules/xlsx-write-stream]
 *
 * Reads the newest `rows` waybills once (a SYSTEM_USER of platform A), then writes the same export
 * with each writer from memory, round-robin `repeat` times so every writer sees the same machine
 * state: CPU seconds of the whole process (process.cpuUsage: the zlib thread pool included), wall
 * seconds, file bytes, peak RSS growth. Writers:
 *   exceljs-6 / exceljs-1  ExcelJS 4 stream.xlsx.WorkbookWriter as the export used it (a shared
 *                          style object per column), zip level 6 (its default) / 1
 *   lean-0 / lean-1 / lean-6  platform/http/xlsx.ts (sheet-xml.ts + zip.ts) at zip level 0, 1, 6
 *   xlsx-write-stream      (only with --alt: a dev-only install) Apify's streaming writer on
 *                          archiver; no number formats, widths or frozen pane, so a floor only
 */
import { createRequire } from "node:module";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import ExcelJS from "exceljs";
import { openDatabase } from "../platform/db/index.js";
import { exportPageAfter, freightWorkbookSource, type ExportRow, type ExportSource } from "../platform/freight/export.js";
import { orgNames } from "../platform/freight/records.js";
import type { FreightCursor } from "../platform/freight/search.js";
import { writeWorkbook, type WorkbookSource } from "../platform/http/xlsx.js";
import type { CallerScope } from "../platform/scope.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "file:./data/bench/tms.db" },
    rows: { type: "string", default: "20000" },
    repeat: { type: "string", default: "3" },
    alt: { type: "string" },
  },
});
const ROWS = Number(values.rows);
const PAGE = 2000;
const scope: CallerScope = { type: "SYSTEM_USER", userId: 1, name: "bench", platformId: "A", tenantId: null, orgId: null, water: true, permissions: new Set() };

// Read once; every writer then walks the same rows from memory.
const db = await openDatabase(values.db);
const all: ExportRow[] = [];
let cursor: FreightCursor | null = null;
while (all.length < ROWS) {
  const page: ExportRow[] = await exportPageAfter(db.kysely, scope, {}, cursor, Math.min(PAGE, ROWS - all.length));
  if (page.length === 0) break;
  all.push(...page);
  cursor = { createdAt: page[page.length - 1]!.created_at, id: Number(page[page.length - 1]!.id) };
}
const names = await orgNames(db.kysely, [...new Set(all.map((r) => Number(r.org_id)))]);
await db.destroy();

const memory: ExportSource = {
  page: async (after, limit) => {
    const from = after ? all.findIndex((r) => Number(r.id) === after.id) + 1 : 0;
    return all.slice(from, from + limit);
  },
  orgNames: async () => names,
};
const sheet: WorkbookSource<ExportRow, FreightCursor> = freightWorkbookSource(memory);

/** Walks the memory source as writeWorkbook does, handing each row's cells to `put`. */
async function eachRow(put: (cells: Array<string | number | null>) => void | Promise<void>) {
  let after: FreightCursor | null = null;
  for (;;) {
    const page = await sheet.page(after, PAGE);
    if (page.length === 0) return;
    const extra = await sheet.lookup!(page);
    for (const row of page) await put(sheet.columns.map((c) => c.value(row, extra)));
    after = sheet.cursorOf(page[page.length - 1]!);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function exceljs(output: Writable, level: number) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false, zip: { zlib: { level } } } as never);
  const ws = workbook.addWorksheet(sheet.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = sheet.columns.map((c, i) => ({ key: String(i), width: c.width }));
  ws.addRow(sheet.columns.map((c) => c.header)).commit();
  const styles: Array<Partial<ExcelJS.Style>> = sheet.columns.map((c) => (c.numFmt ? { numFmt: c.numFmt } : {}));
  await eachRow((cells) => {
    const line = ws.addRow(cells);
    styles.forEach((style, i) => (line.getCell(i + 1).style = style));
    line.commit();
  });
  ws.commit();
  await workbook.commit();
}

type AltStream = new () => NodeJS.ReadWriteStream;
const altModule = values.alt ? (createRequire(import.meta.url)(values.alt) as AltStream | { default: AltStream }) : null;
const alt = altModule && "default" in altModule ? altModule.default : altModule;

async function xlsxWriteStream(output: Writable) {
  const rows: unknown[][] = [sheet.columns.map((c) => c.header)];
  await eachRow((cells) => void rows.push(cells.map((v) => v ?? "")));
  await pipeline(Readable.from(rows), new alt!() as unknown as NodeJS.ReadWriteStream, output);
}

const writers: Record<string, (output: Writable) => Promise<unknown>> = {
  "exceljs-6": (o) => exceljs(o, 6),
  "exceljs-1": (o) => exceljs(o, 1),
  "lean-0": (o) => writeWorkbook(o, sheet, () => false, PAGE, 120_000, 0),
  "lean-1": (o) => writeWorkbook(o, sheet, () => false, PAGE, 120_000, 1),
  "lean-6": (o) => writeWorkbook(o, sheet, () => false, PAGE, 120_000, 6),
  ...(alt ? { "xlsx-write-stream": xlsxWriteStream } : {}),
};

const result: Record<string, { cpuS: number[]; wallS: number[]; rowsPerCpuS?: number; bytes: number; rssGrowthMb: number }> = {};
for (let i = 0; i < Number(values.repeat); i++) {
  for (const [name, write] of Object.entries(writers)) {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
    });
    const finished = new Promise((resolve) => sink.on("finish", resolve));
    global.gc?.();
    const rss0 = process.memoryUsage.rss();
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    await write(sink);
    await finished;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(sampler);
    const entry = (result[name] ??= { cpuS: [], wallS: [], bytes: 0, rssGrowthMb: 0 });
    entry.cpuS.push(Math.round((cpu.user + cpu.system) / 1e4) / 100);
    entry.wallS.push(Math.round(performance.now() - wall0) / 1000);
    entry.bytes = bytes;
    entry.rssGrowthMb = Math.max(entry.rssGrowthMb, Math.round((peak - rss0) / 1048576));
  }
}
for (const entry of Object.values(result)) entry.rowsPerCpuS = Math.round(all.length / Math.min(...entry.cpuS));
printResult("export-writers", { rows: all.length, ...result });
