/**
 * Uploaded xlsx files (批量导入 of orders, input tax tickets): the file checked as a container before
 * anything unpacks it (size, a real OOXML workbook, no macros, no zip bomb), its first sheet read
 * streaming, the raw-body upload route, and sending an xlsx back (templates, refused rows).
 */
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RefusalCode } from "../../contract/envelope.js";
import { attachmentDisposition, chinaCompactDate } from "../../contract/units.js";
import { Refusal } from "./envelope.js";
import { XLSX_TYPE } from "./xlsx.js";
import { inflateEntry, storedZip, zipDirectory, ZipReadError, type ZipDirectoryEntry } from "./zip.js";

/** Unpacked size above which a file is treated as a zip bomb (a 10 000-row sheet unpacks to about 10 MB). */
const MAX_UNPACKED_BYTES = 150 * 1024 * 1024;
const MAX_RATIO = 150;

const refuse = (message: string) => new Refusal(RefusalCode.invalid, message);

const BOMB = "文件解压后过大（疑似压缩炸弹），已拒绝导入";
const NOT_XLSX = "文件不是有效的 xlsx 文件（可能是改了扩展名的其他文件），请在 Excel 中另存为 .xlsx 后上传";

function zipRefusal(error: unknown): Refusal {
  if (error instanceof ZipReadError) return refuse(error.reason === "bomb" ? BOMB : NOT_XLSX);
  throw error;
}

/**
 * The zip container's central directory, read without unpacking: only an xlsx (an OOXML workbook)
 * without macros, whose entries do not declare far more than they weigh. The declared sizes are
 * only a first filter: `readFirstSheet` counts what really inflates.
 */
export function checkXlsxContainer(fileName: string, bytes: Buffer, maxBytes: number): void {
  const lower = fileName.toLowerCase();
  if (bytes.length === 0) throw refuse("文件为空，请选择要导入的 xlsx 文件");
  if (bytes.length > maxBytes) throw refuse(`文件超过 ${maxBytes / 1024 / 1024} MB，请拆分后分批导入`);
  if (lower.endsWith(".xlsm")) throw refuse("不支持启用宏的工作簿（.xlsm），请在 Excel 中另存为 .xlsx 后上传");
  if (!lower.endsWith(".xlsx")) throw refuse("只支持 .xlsx 文件，请使用下载的模板");
  let entries: ZipDirectoryEntry[];
  try {
    entries = zipDirectory(bytes);
  } catch (error) {
    throw zipRefusal(error);
  }
  let unpacked = 0;
  for (const { declaredSize: size, packed } of entries) {
    unpacked += size;
    if (unpacked > MAX_UNPACKED_BYTES || (size > 1024 * 1024 && size / Math.max(1, packed) > MAX_RATIO)) throw refuse(BOMB);
  }
  const names = entries.map((e) => e.name);
  if (names.some((name) => /vbaProject\.bin$/i.test(name))) throw refuse("文件包含宏，不支持启用宏的工作簿，请另存为 .xlsx 后上传");
  if (!names.includes("xl/workbook.xml") || !names.includes("[Content_Types].xml")) throw refuse(NOT_XLSX);
}

const EMPTY_SHARED_STRINGS = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>');
const EMPTY_RELS = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>');

/**
 * The parts the first sheet needs (workbook, its relationships, shared strings, the first worksheet),
 * inflated by `inflateEntry`, which counts the bytes it really produces: a sheet that declares 2 KB
 * and inflates to 300 MB is refused after its first 2 KB, in about a millisecond. They are handed to
 * ExcelJS as a stored zip, shared strings first (an empty table when the file has none): ExcelJS then
 * never parks a worksheet in a temp file, so no import, valid or refused, leaves a file behind.
 */
export function unpackFirstSheet(bytes: Buffer): Buffer {
  try {
    const entries = zipDirectory(bytes);
    const sheet = entries.find((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name));
    const wanted = ["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/sharedStrings.xml"];
    let budget = MAX_UNPACKED_BYTES;
    const inflated = new Map<string, Buffer>();
    for (const entry of entries) {
      if (!wanted.includes(entry.name) && entry !== sheet) continue;
      const content = inflateEntry(bytes, entry, budget);
      budget -= content.length;
      inflated.set(entry.name, content);
    }
    if (!sheet || !inflated.has("xl/workbook.xml")) throw new ZipReadError("corrupt", "no worksheet");
    return storedZip([
      ["xl/_rels/workbook.xml.rels", inflated.get("xl/_rels/workbook.xml.rels") ?? EMPTY_RELS],
      ["xl/workbook.xml", inflated.get("xl/workbook.xml")!],
      ["xl/sharedStrings.xml", inflated.get("xl/sharedStrings.xml") ?? EMPTY_SHARED_STRINGS],
      [sheet.name, inflated.get(sheet.name)!],
    ]);
  } catch (error) {
    throw zipRefusal(error);
  }
}

/** A cell as text: dates as China local "YYYY-MM-DD HH:mm" (Excel stores wall-clock time), rich text joined. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 16).replace("T", " ");
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    return "";
  }
  return String(value).trim();
}

export interface SheetRows {
  headers: string[];
  rows: Array<{ rowNo: number; cells: Record<string, string> }>;
}

/** The first worksheet, streaming: its header row and its non-empty data rows (at most `maxRows`). */
export async function readFirstSheet(bytes: Buffer, maxRows: number): Promise<SheetRows> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([unpackFirstSheet(bytes)]), { sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", worksheets: "emit", entries: "emit" });
  const out: SheetRows = { headers: [], rows: [] };
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = row.values as ExcelJS.CellValue[];
        if (row.number === 1) {
          out.headers = values.map((v) => cellText(v));
          continue;
        }
        const cells: Record<string, string> = {};
        let filled = false;
        values.forEach((v, i) => {
          const header = out.headers[i];
          const text = cellText(v);
          if (header && text) {
            cells[header] = text;
            filled = true;
          }
        });
        if (!filled) continue;
        if (out.rows.length >= maxRows) throw refuse(`数据超过 ${maxRows} 行，请拆分后分批导入`);
        out.rows.push({ rowNo: row.number, cells });
      }
      break;
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw refuse("无法读取文件内容，请确认是用 Excel 保存的 .xlsx 文件");
  }
  return out;
}

/** Sends an xlsx as an attachment named <ascii>_YYYYMMDD.xlsx / <中文>_YYYYMMDD.xlsx. */
export function sendXlsx(reply: FastifyReply, bytes: Buffer, ascii: string, chinese: string) {
  const day = chinaCompactDate();
  return reply.header("Content-Type", XLSX_TYPE).header("Content-Disposition", attachmentDisposition(`${ascii}_${day}.xlsx`, `${chinese}_${day}.xlsx`)).header("Cache-Control", "no-store").send(bytes);
}

/**
 * A POST route taking the raw workbook (encapsulated, so JSON stays the rule elsewhere) up to
 * `maxBytes`; the handler gets the bytes and the file name from `X-File-Name` (URI-encoded).
 */
export async function xlsxUploadRoute<T>(app: FastifyInstance, path: string, maxBytes: number, fallbackName: string, handler: (request: FastifyRequest, file: { fileName: string; bytes: Buffer }) => Promise<T>): Promise<void> {
  await app.register(async (scoped) => {
    // The files' raw-upload parser may already be on the root (iam/admin/files.ts): this route's own replaces it here.
    for (const type of [XLSX_TYPE, "application/octet-stream"]) if (scoped.hasContentTypeParser(type)) scoped.removeContentTypeParser(type);
    scoped.addContentTypeParser([XLSX_TYPE, "application/octet-stream"], { parseAs: "buffer", bodyLimit: maxBytes + 1024 * 1024 }, (_request, body, done) => done(null, body));
    scoped.post(path, { bodyLimit: maxBytes + 1024 * 1024 }, async (request) => {
      const raw = request.headers["x-file-name"];
      let fileName = fallbackName;
      try {
        fileName = decodeURIComponent(String(Array.isArray(raw) ? raw[0] : (raw ?? fileName)));
      } catch {
        fileName = String(raw);
      }
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return handler(request, { fileName, bytes });
    });
  });
}

/** A refused row is kept for its error report, bounded: each cell at most this many characters… */
export const REFUSED_CELL_CHARS = 200;
/** …and the whole row (cells and messages, as stored JSON) about this many. */
export const REFUSED_ROW_CHARS = 2048;
const MORE = "…";

/** Text cut to `max` characters, the cut marked with "…" (the mark counts in the length). */
export function boundedText(text: string, max: number): string {
  if (text.length <= max) return text;
  // Walk code points only up to the cut (a 100 KB cell is not split into an array).
  let count = 0;
  let offset = 0;
  let cut = 0;
  for (const char of text) {
    if (count === max - 1) cut = offset;
    if (++count > max) return text.slice(0, cut) + MORE;
    offset += char.length;
  }
  return text;
}

/**
 * A refused row as stored (`data`, `errors` JSON), whatever the import: every cell and every message
 * cut to REFUSED_CELL_CHARS, then cells dropped from the end (marked by a "…" key) until the row fits
 * REFUSED_ROW_CHARS. A 100 KB cell costs 200 characters, not 100 KB of database.
 */
export function boundedRefusedRow<E extends { message: string }>(cells: Record<string, string>, errors: E[]): { data: string; errors: string } {
  const bounded = errors.map((e) => ({ ...e, message: boundedText(e.message, REFUSED_CELL_CHARS) }));
  const errorsJson = JSON.stringify(bounded);
  const entries = Object.entries(cells).map(([k, v]) => [boundedText(k, 64), boundedText(v, REFUSED_CELL_CHARS)] as const);
  let data = JSON.stringify(Object.fromEntries(entries));
  for (let kept = entries.length; data.length + errorsJson.length > REFUSED_ROW_CHARS && kept > 0; kept--) {
    data = JSON.stringify(Object.fromEntries([...entries.slice(0, kept - 1), [MORE, `另有 ${entries.length - kept + 1} 列未保存`]]));
  }
  return { data, errors: errorsJson };
}
