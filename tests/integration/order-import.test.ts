/**
 * 批量导入订单 (domain 3.5): a good file imports every row in one go; a file with bad rows imports
 * nothing and reports each bad row (row number, column, reason) and offers them back as an xlsx; a
 * file of the wrong type, a macro workbook, a zip bomb, a too large file or too many rows is refused
 * clearly with nothing imported.
 */
import { deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from "../../platform/orders/import.js";
import { importRow } from "../helpers/order-import-rows.js";
import { as, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
let names: { shipper: string; cargo: string };
type Batch = { id: number; status: string; totalRows: number; importedRows: number; invalidRows: number; message: string; refused: Array<{ rowNo: number; errors: Array<{ column: string; message: string }> }> };

const upload = async (bytes: Buffer, fileName = "orders.xlsx") => {
  const response = await fetch(`${f.p.baseUrl}/tms-order-import/upload`, {
    method: "POST",
    headers: { "X-Platform": "A", Authorization: `Bearer ${f.tokens.ORG_USER}`, "Content-Type": "application/octet-stream", "X-File-Name": encodeURIComponent(fileName) },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as { code: number; data?: Batch; message?: string; errorMsg?: string } };
};
const orderCount = async () => Number((await f.p.db.kysely.selectFrom("freight_orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

let serial = 0;
const row = (extra: Record<string, string> = {}) => importRow(names, `IMP${process.pid}${++serial}`, extra);

async function workbook(rows: Array<Record<string, string | Date>>, headers = IMPORT_COLUMNS.map((c) => c.header)): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("订单导入");
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(headers.map((h) => r[h] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A minimal zip with one entry of `size` zero bytes, deflated (a zip bomb in miniature). */
function zipBomb(size: number): Buffer {
  const name = Buffer.from("xl/workbook.xml");
  const data = deflateRawSync(Buffer.alloc(size));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

beforeAll(async () => {
  f = await startFreightPlatform("order-import");
  const db = f.p.db.kysely;
  const shipper = await db.selectFrom("shippers").select("name").where("org_id", "=", f.orgIds[0]!).where("enabled", "=", "ENABLED").where("audit_status", "=", "APPROVED").orderBy("id").executeTakeFirstOrThrow();
  const cargo = await db.selectFrom("cargos").select("name").where("org_id", "=", f.orgIds[0]!).where("enabled", "=", "ENABLED").orderBy("id").executeTakeFirstOrThrow();
  names = { shipper: shipper.name, cargo: cargo.name };
});
afterAll(async () => {
  await f?.close();
});

describe(`order import (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("serves a template whose headers the import reads, with an example row and the allowed values", async () => {
    const response = await fetch(`${f.p.baseUrl}/tms-order-import/template`, { headers: { "X-Platform": "A", Authorization: `Bearer ${f.tokens.ORG_USER}` } });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(IMPORT_COLUMNS.map((c) => c.header));
    expect(sheet.getRow(2).getCell(2).value).toBe("公路运输");
    const help = book.getWorksheet("填写说明")!;
    expect(help.getColumn(3).values.join("|")).toContain("可选：公路运输、水路运输");
  });

  it("imports a good file in one go, converting tonnes, yuan and names", async () => {
    const before = await orderCount();
    const res = await upload(await workbook([row(), row({ "计划重量(吨)": "32.125", 装货开始: new Date(Date.UTC(2026, 11, 1, 8, 0)) as never }), row({ 业务模式: "撮合", "托运单价(元/吨)": "" })]));
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data!.status, JSON.stringify(res.body.data)).toBe("IMPORTED");
    expect(res.body.data!.importedRows).toBe(3);
    expect(await orderCount()).toBe(before + 3);
    const orders = await f.p.db.kysely.selectFrom("freight_orders").selectAll().where("source", "=", "IMPORT").orderBy("id").execute();
    expect(orders.map((o) => Number(o.planned_weight))).toEqual([500_500, 32_125, 500_500]);
    expect(Number(orders[0]!.unit_price)).toBe(8_500);
    expect(orders[0]!.shipper_name).toBe(names.shipper);
    expect(orders[1]!.loading_from).toBe("2026-12-01T00:00:00.000Z");
    expect(orders.every((o) => o.status === "WAIT_DISPATCH")).toBe(true);
    const events = await f.p.db.kysely.selectFrom("resource_events").select("action").where("resource", "=", "order").where("record_id", "=", Number(orders[0]!.id)).execute();
    expect(events.map((e) => e.action)).toEqual(["IMPORT"]);
  });

  it("imports nothing when some rows are bad, and reports each with its row, column and reason", async () => {
    const before = await orderCount();
    const taken = row();
    await upload(await workbook([taken]));
    const res = await upload(
      await workbook([row(), row({ "计划重量(吨)": "0" }), row(), row({ 托运人名称: "不存在的粮库", 运输方式: "铁路" }), row({ 原始单号: taken.原始单号 }), row({ "托运单价(元/吨)": "80" }), row({ 原始单号: "DUP-IN-FILE" }), row({ 原始单号: "DUP-IN-FILE" })]),
    );
    const batch = res.body.data!;
    expect(batch.status).toBe("FAILED");
    expect(batch.importedRows).toBe(0);
    expect(await orderCount()).toBe(before + 1);
    expect(batch.refused.map((r) => r.rowNo)).toEqual([3, 5, 6, 7, 9]);
    expect(batch.refused[0]!.errors).toEqual([{ column: "计划重量(吨)", message: "计划重量必须大于 0" }]);
    expect(batch.refused[1]!.errors).toEqual(expect.arrayContaining([{ column: "托运人名称", message: "托运人「不存在的粮库」不存在或未启用" }, { column: "运输方式", message: "运输方式只能是 公路运输、水路运输" }]));
    expect(batch.refused[2]!.errors[0]!.message).toContain("已有订单");
    expect(batch.refused[3]!.errors).toEqual([{ column: "托运单价", message: "托运单价不能低于承运单价" }]);
    expect(batch.refused[4]!.errors).toEqual([{ column: "原始单号", message: "原始单号 DUP-IN-FILE 在文件中重复" }]);
    const response = await fetch(`${f.p.baseUrl}/tms-order-import/${batch.id}/errors`, { headers: { "X-Platform": "A", Authorization: `Bearer ${f.tokens.ORG_USER}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect(String(sheet.getRow(2).getCell(IMPORT_COLUMNS.length + 1).value)).toContain("第 3 行「计划重量(吨)」");
    // The refused rows, fixed, import as they are.
    sheet.getRow(2).getCell(IMPORT_COLUMNS.findIndex((c) => c.header === "计划重量(吨)") + 1).value = "30";
    for (const n of [6, 5, 4, 3]) sheet.spliceRows(n, 1);
    const again = await upload(Buffer.from(await book.xlsx.writeBuffer()), "订单导入错误明细.xlsx");
    expect(again.body.data!.status, JSON.stringify(again.body)).toBe("IMPORTED");
    expect(again.body.data!.importedRows).toBe(1);
  });

  it("refuses other files clearly and imports nothing", async () => {
    const before = await orderCount();
    const good = await workbook([row()]);
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from("订单号,托运人\n1,2\n"), "orders.xlsx", "不是有效的 xlsx 文件"],
      [good, "orders.csv", "只支持 .xlsx 文件"],
      [good, "orders.xlsm", "不支持启用宏的工作簿"],
      [zipBomb(20 * 1024 * 1024), "orders.xlsx", "疑似压缩炸弹"],
      [Buffer.concat([good, Buffer.alloc(10 * 1024 * 1024)]), "orders.xlsx", "文件超过 10 MB"],
      [await workbook([row()], IMPORT_COLUMNS.slice(1).map((c) => c.header)), "orders.xlsx", "表头与模板不一致"],
    ];
    for (const [bytes, name, message] of cases) {
      const res = await upload(bytes, name);
      const text = res.body.data?.message ?? res.body.errorMsg ?? res.body.message;
      expect(text, name).toContain(message);
      if (res.body.data) expect(res.body.data.status).toBe("FAILED");
    }
    expect(await orderCount()).toBe(before);
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows`, async () => {
    const before = await orderCount();
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => row());
    const res = await upload(await workbook(rows));
    expect(res.body.data!.message).toContain(`数据超过 ${IMPORT_MAX_ROWS} 行`);
    expect(await orderCount()).toBe(before);
  });

  it("lists the caller's batches and refuses accounts without the import right", async () => {
    const list = await okData<Batch[]>(as(f, "ORG_USER", "/tms-order-import/batches", {}));
    expect(list.length).toBeGreaterThan(3);
    const individual = await as(f, "INDIVIDUAL_USER", "/tms-order-import/batches", {});
    expect((individual.body as { code: number }).code).toBe(4003);
  });
});
