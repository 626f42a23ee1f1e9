/**
 * Streaming xlsx exports: the sheet's XML (sheet-xml.ts) written page by page from a keyset walk into
 * a streamed zip (zip.ts), so neither the result nor the file is held in memory; reading waits while
 * the client is slow and stops when it leaves. The waybill, resource and report exports use it.
 * (ExcelJS's streaming WorkbookWriter did this before at a third of the speed: see the design notes.)
 */
import { PassThrough, type Writable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { ServiceContext } from "../context.js";
import { readSettings } from "../../contract/settings.js";
import { attachmentDisposition, chinaCompactDate } from "../../contract/units.js";
import { takeExportSlot } from "./export-slots.js";
import { SheetXml, workbookParts } from "./sheet-xml.js";
import { Utf8Buffer, ZipWriter, type ZipPart } from "./zip.js";
import { yieldToRequests } from "../db/yield.js";

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

const exportSettings = readSettings(process.env, "platform").settings;

/** A client that takes nothing for this long is given up (its slot and its walk are freed). */
export const EXPORT_STALL_MS = exportSettings.TMS_EXPORT_STALL_MS;

/**
 * Hands `chunk` to the part; resolves true once the compressor has read it (its memory may be
 * reused), false when the output closed first or nothing moved for `stallMs` (a client that takes
 * nothing holds the compressor, which then reads no more).
 */
function readByCompressor(part: ZipPart, chunk: Buffer, output: Writable, stallMs: number): Promise<boolean> {
  if (output.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (read: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      output.off("close", closed);
      resolve(read);
    };
    const closed = () => finish(false);
    const timer = setTimeout(() => finish(false), stallMs);
    output.on("close", closed);
    part.write(chunk, (error) => finish(!error));
  });
}

const NO_EXTRA = () => "";

/**
 * Compression level of the exports' zip (zlib 0–9; `TMS_EXPORT_ZIP_LEVEL`, default 1): the writer
 * spends about 30 % less CPU at level 1 than at 6 for a file 20 % larger (3.76 MB against 3.09 MB
 * for 20,000 waybills, the size ExcelJS's export had); level 0 saves little more for 7× the bytes.
 */
export const EXPORT_ZIP_LEVEL = exportSettings.TMS_EXPORT_ZIP_LEVEL;

/**
 * Writes the workbook to `output` page by page. A page's XML goes to the compressor (on zlib's
 * threads) while the next page is read and serialised; before handing it over, the walk waits until
 * the compressor has read the one before (so at most two pages are in flight, in two buffers used
 * over and over), which also makes it wait while the output is full. It stops as soon as `gone()`
 * reports the client left. Returns how many rows were written, and whether the walk was cut short.
 */
export async function writeWorkbook<Row, Cursor>(
  output: Writable,
  source: WorkbookSource<Row, Cursor>,
  gone: () => boolean,
  pageSize = EXPORT_PAGE_SIZE,
  stallMs = EXPORT_STALL_MS,
  zipLevel = EXPORT_ZIP_LEVEL,
): Promise<{ rows: number; complete: boolean }> {
  const zip = new ZipWriter(output, zipLevel);
  for (const [name, content] of workbookParts(source)) zip.add(name, content);
  const part = zip.open("xl/worksheets/sheet1.xml");
  const sheet = new SheetXml(source);
  const buffers = [new Utf8Buffer(), new Utf8Buffer()] as const;
  /** The previous page, handed to the compressor: true once read, false if given up. */
  let previous: Promise<boolean> = Promise.resolve(true);
  let cursor: Cursor | null = null;
  let rows = 0;
  const stop = () => {
    part.destroy();
    return { rows, complete: false };
  };
  part.write(sheet.head());
  // Let the response start (headers and the first parts) before the first page's query.
  await yieldToRequests();
  for (let turn = 0; ; turn ^= 1) {
    if (gone()) return stop();
    const page = await source.page(cursor, pageSize);
    if (page.length === 0) break;
    const extra = source.lookup ? await source.lookup(page) : NO_EXTRA;
    // This buffer's last page went two turns ago, and was read before the previous one was handed over.
    const xml = buffers[turn]!;
    for (const row of page) xml.append(sheet.row(source.columns.map((c) => c.value(row, extra))));
    rows += page.length;
    cursor = source.cursorOf(page[page.length - 1]!);
    // A slow client slows the reading down; one that takes nothing for `stallMs` is given up.
    if (!(await previous) || gone() || output.destroyed) return stop();
    previous = readByCompressor(part, xml.take(), output, stallMs);
    if (page.length < pageSize) break;
  }
  if (!(await previous)) return stop();
  if (gone()) return stop();
  part.write(sheet.tail());
  // The zip is finished only once the client has taken it all; if the client leaves first, give up.
  const abandoned = new Promise<"abandoned">((resolve) => {
    const check = () => {
      if (!output.writableFinished) resolve("abandoned");
    };
    if (output.destroyed) check();
    else output.once("close", check);
  });
  const committed = (async () => {
    await part.end();
    const done = new Promise((resolve) => output.once("finish", resolve));
    zip.finish();
    await done;
    return "committed" as const;
  })();
  committed.catch(() => undefined);
  const outcome = await Promise.race([committed, abandoned]);
  if (outcome === "abandoned") part.destroy();
  return { rows, complete: outcome === "committed" };
}

/**
 * Answers a request with the streamed workbook. Validation happened before this is called, so
 * errors before the first byte are JSON envelopes (also the 429 when `userId` already runs as many
 * exports as allowed, or the platform does: export-slots.ts); an error after it ends the stream.
 */
export function sendWorkbook<Row, Cursor>(ctx: ServiceContext, reply: FastifyReply, source: WorkbookSource<Row, Cursor>, disposition: string, userId: number) {
  const release = takeExportSlot(userId);
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
    })
    .finally(release);
  return reply.header("Content-Type", XLSX_TYPE).header("Content-Disposition", disposition).header("Cache-Control", "no-store").send(stream);
}
