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

/** Unpacked size above which a file is treated as a zip bomb (a 10 000-row sheet unpacks to about 10 MB). */
const MAX_UNPACKED_BYTES = 150 * 1024 * 1024;
const MAX_RATIO = 150;

const refuse = (message: string) => new Refusal(RefusalCode.invalid, message);

/**
 * The zip container's central directory, read without unpacking: only an xlsx (an OOXML workbook)
 * without macros, whose entries do not unpack to far more than they weigh.
 */
export function checkXlsxContainer(fileName: string, bytes: Buffer, maxBytes: number): void {
  const lower = fileName.toLowerCase();
  if (bytes.length === 0) throw refuse("文件为空，请选择要导入的 xlsx 文件");
  if (bytes.length > maxBytes) throw refuse(`文件超过 ${maxBytes / 1024 / 1024} MB，请拆分后分批导入`);
  if (lower.endsWith(".xlsm")) throw refuse("不支持启用宏的工作簿（.xlsm），请在 Excel 中另存为 .xlsx 后上传");
  if (!lower.endsWith(".xlsx")) throw refuse("只支持 .xlsx 文件，请使用下载的模板");
  const notXlsx = refuse("文件不是有效的 xlsx 文件（可能是改了扩展名的其他文件），请在 Excel 中另存为 .xlsx 后上传");
  if (bytes.readUInt32LE(0) !== 0x04034b50) throw notXlsx;
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw notXlsx;
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (offset === 0xffffffff || count === 0xffff) throw refuse("文件解压后过大（疑似压缩炸弹），已拒绝导入");
  let unpacked = 0;
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) throw notXlsx;
    const packed = bytes.readUInt32LE(offset + 20);
    const size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extra = bytes.readUInt16LE(offset + 30);
    const comment = bytes.readUInt16LE(offset + 32);
    names.push(bytes.toString("utf8", offset + 46, offset + 46 + nameLength));
    if (size === 0xffffffff || packed === 0xffffffff) throw refuse("文件解压后过大（疑似压缩炸弹），已拒绝导入");
    unpacked += size;
    if (unpacked > MAX_UNPACKED_BYTES || (size > 1024 * 1024 && size / Math.max(1, packed) > MAX_RATIO)) throw refuse("文件解压后过大（疑似压缩炸弹），已拒绝导入");
    offset += 46 + nameLength + extra + comment;
  }
  if (names.some((name) => /vbaProject\.bin$/i.test(name))) throw refuse("文件包含宏，不支持启用宏的工作簿，请另存为 .xlsx 后上传");
  if (!names.includes("xl/workbook.xml") || !names.includes("[Content_Types].xml")) throw notXlsx;
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
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), { sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", worksheets: "emit", entries: "emit" });
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
