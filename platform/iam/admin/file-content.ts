/**
 * What an uploaded file really is: its structure, not only its first bytes. The
 * one check every upload goes through (`checkFileType` → `storeFile`: system files, avatars, every
 * consumer). A file that starts with a PNG signature and then holds HTML is not a PNG.
 * - PNG: the signature, then well-formed chunks (length, four-letter type, CRC that matches), IHDR
 *   first, IEND last and nothing after it.
 * - JPEG: SOI, marker segments with consistent lengths up to SOS with a frame header (SOFn) before
 *   it, EOI at the end (trailing zero padding allowed).
 * - WebP: a RIFF container whose declared size is the file's, form type WEBP, a VP8/VP8L/VP8X chunk.
 * - PDF: a `%PDF-1.x`/`%PDF-2.x` header and an `%%EOF` trailer in the last kilobyte.
 * - Zip types (xlsx, docx, apk): a readable central directory with the part the type needs.
 * Images and PDFs whose first 16 KB contain markup (`<html`, `<script`, `<!doctype html`, `<svg`,
 * `<iframe`, `javascript:`) are refused whatever their structure: a browser that sniffs would run it.
 */
import zlib from "node:zlib";
import { zipDirectory } from "../../http/zip.js";

export type ContentKind = "png" | "jpeg" | "webp" | "pdf" | "xlsx" | "docx" | "apk";

const MARKUP = /<html|<script|<!doctype\s+html|<svg|<iframe|javascript:/i;
const SNIFF_WINDOW = 16 * 1024;

function pngWellFormed(bytes: Buffer): boolean {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => bytes[i] === b)) return false;
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || length > 0x7fffffff || at + 12 + length > bytes.length) return false;
    if (first && (type !== "IHDR" || length !== 13)) return false;
    first = false;
    const crc = bytes.readUInt32BE(at + 8 + length);
    if (zlib.crc32(bytes.subarray(at + 4, at + 8 + length)) !== crc) return false;
    at += 12 + length;
    if (type === "IEND") return at === bytes.length;
  }
  return false;
}

function jpegWellFormed(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let at = 2;
  let frame = false;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) return false;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) frame = true;
    if (marker === 0xda) {
      if (!frame) return false;
      let end = bytes.length;
      while (end > at && bytes[end - 1] === 0x00) end--;
      return end >= at + 4 && bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
    }
    at += 2 + length;
  }
  return false;
}

function webpWellFormed(bytes: Buffer): boolean {
  if (bytes.length < 20 || bytes.toString("latin1", 0, 4) !== "RIFF" || bytes.toString("latin1", 8, 12) !== "WEBP") return false;
  const size = bytes.readUInt32LE(4) + 8;
  if (size !== bytes.length && size + 1 !== bytes.length) return false;
  return ["VP8 ", "VP8L", "VP8X"].includes(bytes.toString("latin1", 12, 16));
}

function pdfWellFormed(bytes: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(bytes.toString("latin1", 0, 8))) return false;
  return bytes.toString("latin1", Math.max(0, bytes.length - 1024)).includes("%%EOF");
}

const ZIP_PART: Record<"xlsx" | "docx" | "apk", string> = { xlsx: "xl/workbook.xml", docx: "word/document.xml", apk: "AndroidManifest.xml" };

function zipHolds(bytes: Buffer, part: string): boolean {
  try {
    return zipDirectory(bytes).some((entry) => entry.name === part);
  } catch {
    return false;
  }
}

/** Does the content have the structure of its type (and, for images and PDFs, no markup up front)? */
export function contentMatches(kind: ContentKind, bytes: Buffer): boolean {
  if (kind === "xlsx" || kind === "docx" || kind === "apk") return zipHolds(bytes, ZIP_PART[kind]);
  if (MARKUP.test(bytes.toString("latin1", 0, Math.min(bytes.length, SNIFF_WINDOW)))) return false;
  if (kind === "png") return pngWellFormed(bytes);
  if (kind === "jpeg") return jpegWellFormed(bytes);
  if (kind === "webp") return webpWellFormed(bytes);
  return pdfWellFormed(bytes);
}
