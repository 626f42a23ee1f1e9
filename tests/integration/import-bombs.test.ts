/**
 * Import bombs: an xlsx whose sheet declares 2 KB and inflates to 300 MB is refused quickly,
 * whatever its headers say, and no import (valid or refused, with or without shared strings) leaves a
 * file in the temp directory; refused rows are stored bounded.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_COLUMNS } from "../../platform/orders/import.js";
import { importRow } from "../helpers/order-import-rows.js";
import { startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
let names: { shipper: string; cargo: string };
let temp: string;
const savedTmp = process.env.TMPDIR;
type Batch = { id: number; status: string; message: string; importedRows: number };

const upload = async (bytes: Buffer, fileName = "orders.xlsx") => {
  const response = await fetch(`${f.p.baseUrl}/tms-order-import/upload`, {
    method: "POST",
    headers: { "X-Platform": "A", Authorization: `Bearer ${f.tokens.ORG_USER}`, "Content-Type": "application/octet-stream", "X-File-Name": encodeURIComponent(fileName) },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as { code: number; data?: Batch; message?: string; errorMsg?: string } };
};

let serial = 0;
const row = (extra: Record<string, string> = {}) => importRow(names, `BOMB${process.pid}${++serial}`, extra);

async function workbook(rows: Array<Record<string, string>>, useSharedStrings = true): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("订单导入");
  const headers = IMPORT_COLUMNS.map((c) => c.header);
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(headers.map((h) => r[h] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer({ useSharedStrings } as never));
}

/**
 * A real workbook's parts rezipped by hand, the first sheet replaced by `inflated` bytes of XML whose
 * local and central headers both declare `declared` bytes (and a made-up CRC for it): the headers lie.
 */
async function lyingWorkbook(inflated: number, declared: number): Promise<Buffer> {
  const source = await JSZip.loadAsync(await workbook([row()], false));
  const parts: Array<{ name: Buffer; data: Buffer; size: number; packed: number; crc: number }> = [];
  for (const name of Object.keys(source.files).filter((n) => !source.files[n]!.dir)) {
    const content = await source.file(name)!.async("nodebuffer");
    if (name === "xl/worksheets/sheet1.xml") {
      const xml = Buffer.alloc(inflated, 0x20);
      xml.write('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
      const data = deflateRawSync(xml, { level: 9 });
      parts.push({ name: Buffer.from(name), data, size: declared, packed: data.length, crc: 0x12345678 });
    } else {
      const data = deflateRawSync(content);
      parts.push({ name: Buffer.from(name), data, size: content.length, packed: data.length, crc: crc32(content) });
    }
  }
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.packed, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(p.name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(p.crc, 16);
    header.writeUInt32LE(p.packed, 20);
    header.writeUInt32LE(p.size, 24);
    header.writeUInt16LE(p.name.length, 28);
    header.writeUInt32LE(offset, 42);
    out.push(local, p.name, p.data);
    central.push(header, p.name);
    offset += 30 + p.name.length + p.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

const leftovers = () => readdirSync(temp);

beforeAll(async () => {
  // ExcelJS's temp files go to os.tmpdir(), which reads TMPDIR: a private one shows what an import leaves.
  f = await startFreightPlatform("import-bombs");
  temp = mkdtempSync(join(tmpdir(), "sec21-import-"));
  process.env.TMPDIR = temp;
  const db = f.p.db.kysely;
  const shipper = await db.selectFrom("shippers").select("name").where("org_id", "=", f.orgIds[0]!).where("enabled", "=", "ENABLED").where("audit_status", "=", "APPROVED").orderBy("id").executeTakeFirstOrThrow();
  const cargo = await db.selectFrom("cargos").select("name").where("org_id", "=", f.orgIds[0]!).where("enabled", "=", "ENABLED").orderBy("id").executeTakeFirstOrThrow();
  names = { shipper: shipper.name, cargo: cargo.name };
});
afterAll(async () => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  rmSync(temp, { recursive: true, force: true });
  await f?.close();
});

describe(`import bombs and bounded refused rows (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("refuses a sheet that declares 2 KB and inflates to 300 MB, quickly, leaving no temp file", async () => {
    const bomb = await lyingWorkbook(300 * 1024 * 1024, 2048);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const res = await upload(bomb);
    const took = Date.now() - started;
    const text = res.body.data?.message ?? res.body.errorMsg ?? res.body.message;
    expect(text).toContain("疑似压缩炸弹");
    expect(res.body.data?.status ?? "FAILED").toBe("FAILED");
    // Refused after the first ~2 KB of output: well under a second alone (the old reader took 38–45 s); 10 s leaves room for a loaded machine.
    expect(took).toBeLessThan(10_000);
    expect(leftovers()).toEqual([]);
  });

  it("imports valid files with and without shared strings, and refuses bad ones, leaving no temp file", async () => {
    for (const shared of [true, false]) {
      const good = await upload(await workbook([row(), row()], shared));
      expect(good.body.data?.status, JSON.stringify(good.body)).toBe("IMPORTED");
      expect(good.body.data?.importedRows).toBe(2);
      const bad = await upload(await workbook([row({ "计划重量(吨)": "0" })], shared));
      expect(bad.body.data?.status).toBe("FAILED");
    }
    // A sheet whose headers are honest about a small size but that is damaged (CRC) is refused too.
    const lying = await upload(await lyingWorkbook(4096, 4096));
    expect(lying.body.data?.message ?? lying.body.errorMsg).toContain("不是有效的 xlsx 文件");
    expect(leftovers()).toEqual([]);
  });

  it("stores refused rows bounded: 200 rows of 100 KB cells cost kilobytes, marked with …", async () => {
    const huge = "粮".repeat(100 * 1024);
    const rows = Array.from({ length: 200 }, () => row({ "计划重量(吨)": "0", 装货详细地址: huge, 卸货详细地址: huge, 收货方: huge }));
    const res = await upload(await workbook(rows));
    const batch = res.body.data!;
    expect(batch.status).toBe("FAILED");
    const stored = await f.p.db.kysely.selectFrom("import_rows").select(["data", "errors"]).where("batch_id", "=", batch.id).execute();
    expect(stored.length).toBe(200);
    const total = stored.reduce((n, r) => n + String(r.data).length + String(r.errors).length, 0);
    expect(total).toBeLessThan(200 * 2048 + 1);
    const first = JSON.parse(String(stored[0]!.data)) as Record<string, string>;
    const cut = Object.values(first).find((v) => v.startsWith("粮"));
    expect(cut?.length).toBeLessThanOrEqual(200);
    expect(cut?.endsWith("…")).toBe(true);
  });
});
