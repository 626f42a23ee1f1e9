/**
 * Streaming xlsx exports: ExcelJS's WorkbookWriter fed page by page from a keyset walk, so neither
 * the result nor the file is held in memory; reading waits while the client is slow and stops when it
 * leaves. The waybill export and every resource export use it.
 */
import { PassThrough, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import type { ServiceContext } from "../context.js";
import { attachmentDisposition, chinaCompactDate } from "../../contract/units.js";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const EXPORT_PAGE_SIZE = 2000;

export interface SheetColumn<Row> {
  header: string;
  width: number;
  numFmt?: string;
  value: (row: Row, extra: (key: string) => string) => string | number | null;
}

export interface WorkbookSource<Row, Cursor> {
  sheetName: string;
  /** Names the export in logs: "<logName> stopped: client went away". */
  logName: string;
  columns: readonly SheetColumn<Row>[];
  /** Rows after the cursor in the walk's order; an empty page ends the walk. */
  page(cursor: Cursor | null, limit: number): Promise<Row[]>;
  cursorOf(row: Row): Cursor;
  /** Per-page lookups the cells need (organisation names …), read once per page. */
  lookup?(rows: Row[]): Promise<(key: string) => string>;
}

/** attachment; an ASCII fallback name and the UTF-8 name <中文>_YYYYMMDD.xlsx (RFC 6266 / 5987). */
export function exportDisposition(asciiName: string, chineseName: string, now: Date = new Date()): string {
  const day = chinaCompactDate(now);
  return attachmentDisposition(`${asciiName}_${day}.xlsx`, `${chineseName}_${day}.xlsx`);
}

/** Resolves once `stream` can take more data, or has closed (never rejects). */
function drainedOrClosed(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

const NO_EXTRA = () => "";

/**
 * Writes the workbook to `output` page by page. Between pages it waits while the output is full
 * (so memory stays at about one page) and stops as soon as `gone()` reports the client left.
 * Returns how many rows were written, and whether the walk was cut short.
 */
export async function writeWorkbook<Row, Cursor>(output: Writable, source: WorkbookSource<Row, Cursor>, gone: () => boolean, pageSize = EXPORT_PAGE_SIZE): Promise<{ rows: number; complete: boolean }> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(source.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = source.columns.map((c, i) => ({ key: String(i), width: c.width }));
  sheet.addRow(source.columns.map((c) => c.header)).commit();
  // One shared style object per column: ExcelJS caches a style by identity, and a fresh object per
  // cell was serialised again for every cell (40 % of the export's time).
  const styles: Array<Partial<ExcelJS.Style>> = source.columns.map((c) => (c.numFmt ? { numFmt: c.numFmt } : {}));
  let cursor: Cursor | null = null;
  let rows = 0;
  for (;;) {
    if (gone()) return { rows, complete: false };
    const page = await source.page(cursor, pageSize);
    if (page.length === 0) break;
    const extra = source.lookup ? await source.lookup(page) : NO_EXTRA;
    for (const row of page) {
      const line = sheet.addRow(source.columns.map((c) => c.value(row, extra)));
      styles.forEach((style, i) => (line.getCell(i + 1).style = style));
      line.commit();
    }
    rows += page.length;
    cursor = source.cursorOf(page[page.length - 1]!);
    // Let the zip and the socket catch up before reading more (SQLite queries never yield to I/O on
    // their own), then wait while the output is full: a slow client slows the reading down.
    await new Promise((resolve) => setImmediate(resolve));
    while (output.writableNeedDrain && !gone()) await drainedOrClosed(output);
    if (page.length < pageSize) break;
  }
  if (gone()) return { rows, complete: false };
  sheet.commit();
  // The zip is finished only once the client has taken it all; if the client leaves first, give up.
  const abandoned = new Promise<"abandoned">((resolve) => {
    const check = () => {
      if (!output.writableFinished) resolve("abandoned");
    };
    if (output.destroyed) check();
    else output.once("close", check);
  });
  const outcome = await Promise.race([workbook.commit().then(() => "committed" as const), abandoned]);
  return { rows, complete: outcome === "committed" };
}

/**
 * Answers a request with the streamed workbook. Validation happened before this is called, so
 * errors before the first byte are JSON envelopes; an error after it ends the stream.
 */
export function sendWorkbook<Row, Cursor>(ctx: ServiceContext, reply: FastifyReply, source: WorkbookSource<Row, Cursor>, disposition: string) {
  const stream = new PassThrough();
  let clientGone = false;
  const markGone = () => {
    if (!reply.raw.writableFinished) clientGone = true;
  };
  // The response closes early when the client goes away; Fastify then also destroys our stream.
  reply.raw.once("close", markGone);
  stream.once("close", markGone);
  stream.on("error", () => undefined);
  writeWorkbook(stream, source, () => clientGone)
    .then(({ rows, complete }) => {
      if (!complete) {
        ctx.log.info({ rows }, `${source.logName} stopped: client went away`);
        stream.destroy();
      }
    })
    .catch((error: unknown) => {
      ctx.log.error({ err: error }, `${source.logName} failed while streaming`);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return reply.header("Content-Type", XLSX_TYPE).header("Content-Disposition", disposition).header("Cache-Control", "no-store").send(stream);
}
