/**
 * The exported workbook opens in LibreOffice: the waybill export's writer, fed a
 * few rows from memory, converted by `soffice --headless` to CSV (the cells as shown, so number
 * formats apply) and to flat ODS (the column widths as LibreOffice read them); that part is skipped
 * when soffice is not installed (apt-get install libreoffice-calc-nogui). The frozen header row and
 * the number formats are read back with ExcelJS (headless LibreOffice keeps no view settings).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { EXPORT_HEADERS, writeFreightWorkbook, type ExportRow, type ExportSource } from "../../platform/freight/export.js";

const soffice = spawnSync("soffice", ["--version"], { encoding: "utf8" });
const hasSoffice = soffice.status === 0;
if (!hasSoffice) console.warn("xlsx-libreoffice: soffice not installed, LibreOffice check skipped (apt-get install -y libreoffice-calc-nogui)");

const dir = mkdtempSync(join(tmpdir(), "xlsx-lo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base: ExportRow = {
  id: 2,
  org_id: 7,
  freight_no: "YD2026112300000002",
  freight_way: "ROAD",
  order_no: "DD2026112300000001",
  status: "COMPLETED",
  shipper_name: "中粮米业（巢湖）有限公司",
  cargo_category: "大豆",
  carrier_name: "张师傅",
  carrier_mobile: "13800000000",
  conveyance_name: "皖A·12345",
  loading_place: "南京港",
  unloading_place: "镇江港",
  planned_weight: 48_300,
  loaded_weight: 48_250,
  pickup_weight: null,
  unloaded_weight: 48_100,
  unit_price: 9_700,
  freight_amount: 468_510,
  abnormal: 1,
  abnormal_reason: ' 少卸 <0.2吨> & "待查" ',
  contract_no: "HT2026112300000002",
  created_at: "2026-11-23T01:02:03.000Z",
  loading_time: "2026-11-23T02:00:00.000Z",
  unloading_time: null,
  complete_time: null,
} as ExportRow;
const rows: ExportRow[] = [base, { ...base, id: 1, freight_no: "YD2026112300000001", abnormal: 0, freight_amount: 100, planned_weight: 5 }];

async function exportFile(): Promise<string> {
  const source: ExportSource = {
    page: async (cursor) => (cursor ? [] : rows),
    orgNames: async () => new Map([[7, "蚌埠粮食运输有限公司"]]),
  };
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => output.on("end", resolve));
  expect(await writeFreightWorkbook(output, source, () => false)).toEqual({ rows: 2, complete: true });
  await ended;
  const file = join(dir, "freights.xlsx");
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/** Converts with a private LibreOffice profile (so a running office or another test cannot interfere). */
function convert(file: string, filter: string, ext: string): string {
  execFileSync("soffice", [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", filter, "--outdir", dir, file], { stdio: "pipe", timeout: 280_000 });
  return readFileSync(join(dir, `freights.${ext}`), "utf8");
}

// CI installs LibreOffice (.ci/run): there the check must run, not skip.
describe.skipIf(!hasSoffice && !process.env.CI)("xlsx export in LibreOffice", () => {
  it("opens with Chinese headers, 吨/元 shown with two decimals, escaped text, China times and column widths", async () => {
    const file = await exportFile();

    // 44,34,76: comma-separated, double quotes, UTF-8.
    const csv = convert(file, "csv:Text - txt - csv (StarCalc):44,34,76", "csv").trim().split("\n");
    expect(csv).toHaveLength(3);
    expect(csv[0]).toBe(EXPORT_HEADERS.join(","));
    const cells = (line: string) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, "").replace(/^"|"$/g, "").replace(/""/g, '"'));
    const first = Object.fromEntries(EXPORT_HEADERS.map((h, i) => [h, cells(csv[1]!)[i]]));
    expect(first).toMatchObject({
      运单号: "YD2026112300000002",
      运输方式: "公路运输",
      状态: "已完成",
      所属企业: "蚌埠粮食运输有限公司",
      托运人: "中粮米业（巢湖）有限公司",
      "车牌/船名": "皖A·12345",
      "计划重量(吨)": "48.30",
      "提货重量(吨)": "",
      "运价(元/吨)": "97.00",
      "运费(元)": "4,685.10",
      异常: ' 少卸 <0.2吨> & "待查" ',
      联系电话: "13800000000",
      创建时间: "2026-11-23 09:02:03",
    });
    const second = cells(csv[2]!);
    expect(second[EXPORT_HEADERS.indexOf("计划重量(吨)")]).toBe("0.01");
    expect(second[EXPORT_HEADERS.indexOf("运费(元)")]).toBe("1.00");

    // Flat ODS: the sheet and its column widths as LibreOffice imported them (运单号 22, 运输方式 10
    // characters wide). Headless LibreOffice has no view, so it keeps no frozen pane: that is checked
    // with ExcelJS's reader below.
    const fods = convert(file, "fods", "fods");
    expect(fods).toMatch(/table:name="运单列表"/);
    const widths = [...fods.matchAll(/style:column-width="([\d.]+)in"/g)].map((m) => Number(m[1]));
    expect(widths.length).toBeGreaterThanOrEqual(2);
    expect(widths[0]! / widths[1]!).toBeCloseTo(22 / 10, 1);
  });
});

describe("xlsx export read back by ExcelJS", () => {
  it("has the frozen header row, column widths, #,##0.00 formats on 吨 and 元, numbers as numbers and text as text", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await exportFile()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("运单列表")!;
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(22);
    const col = (name: string) => EXPORT_HEADERS.indexOf(name) + 1;
    expect(sheet.getRow(1).getCell(col("计划重量(吨)")).value).toBe("计划重量(吨)");
    for (const name of ["计划重量(吨)", "运价(元/吨)", "运费(元)"]) {
      const cell = sheet.getRow(2).getCell(col(name));
      expect(typeof cell.value).toBe("number");
      expect(cell.numFmt).toBe("#,##0.00");
    }
    expect(sheet.getRow(2).getCell(col("运费(元)")).value).toBe(4685.1);
    expect(sheet.getRow(2).getCell(col("联系电话")).value).toBe("13800000000");
    expect(sheet.getRow(2).getCell(col("异常")).value).toBe(' 少卸 <0.2吨> & "待查" ');
    expect(sheet.getRow(2).getCell(col("提货重量(吨)")).value).toBeNull();
  });
});
