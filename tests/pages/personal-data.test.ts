/**
 * 查看完整 and 导出完整证件号 with JavaScript off (docs/design/security-data.md "Personal data"): a
 * detail shows the mask, a holder of 查看完整证件号 opens one number by a form post; an account without
 * the code gets neither the button nor the export box.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { textOf, type LoadedPage, type NoScriptBrowser } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const MASKED = /\d{4}\*{10}[\dX]{4}/;
const MASKED_MOBILE = /^1\d{2}\*{4}\d{4}$/;
const FULL_MOBILE = /^1\d{10}$/;
/** The first row's cells, each on its own (the row's text runs them together). */
const firstRowCells = (page: LoadedPage) => page.doc.querySelector('[data-testid="resource-row"]')!.querySelectorAll("td").map((cell) => textOf(cell).trim());

/** The 手机号 column of the list's export, as the console hands it over (`revealIds`: the box ticked). */
async function exportedMobiles(browser: NoScriptBrowser, list: LoadedPage, revealIds = false): Promise<string[]> {
  const link = list.doc.querySelector("a[download]")?.getAttribute("href");
  const form = list.doc.querySelector('input[name="revealIds"]')?.closest("form");
  const href = link ?? `${form!.getAttribute("action")}?${new URLSearchParams([...form!.querySelectorAll('input[type="hidden"]')].map((i) => [i.getAttribute("name")!, i.getAttribute("value") ?? ""]))}`;
  const response = await browser.raw(revealIds ? `${href}&revealIds=1` : href);
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ""));
  const column = headers.indexOf("手机号");
  expect(column, "the sheet has a 手机号 column").toBeGreaterThan(0);
  const values: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) values.push(String(row.getCell(column).value ?? ""));
  });
  expect(values.length).toBeGreaterThan(0);
  return values;
}

describe("personal data on the console (JavaScript off)", () => {
  it("masks the driver's ID number on his detail and opens it on 查看完整 for the platform's staff", async () => {
    const staff = await browserAs("SYSTEM_USER");
    const list = await staff.get("/userInfoManage/driverList");
    expect(textOf(list.doc.querySelector('[data-testid="resource-row"]'))).toMatch(MASKED);
    expect(list.doc.querySelector('input[name="revealIds"]'), "导出完整证件号 beside 导出").not.toBeNull();
    const detail = await staff.get(list.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    expect(textOf(detail.doc.querySelector('[data-field="idCardNo"]'))).toMatch(MASKED);
    const form = detail.doc.querySelector('button[data-reveal="idCardNo"]')!.closest("form")!;
    const shown = await staff.submit(detail, form, {});
    expect(textOf(shown.doc.querySelector('[data-revealed="idCardNo"]'))).toMatch(/^\d{17}[\dX]$/);
  });

  it("offers an organisation's dispatcher neither 查看完整 nor the export box", async () => {
    const org = await browserAs("ORG_USER");
    const list = await org.get("/resourceManager/driverList");
    expect(textOf(list.doc.querySelector('[data-testid="resource-row"]'))).toMatch(MASKED);
    expect(list.doc.querySelector('input[name="revealIds"]')).toBeNull();
    const detail = await org.get(list.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    expect(textOf(detail.doc.querySelector('[data-field="idCardNo"]'))).toMatch(MASKED);
    expect(detail.doc.querySelector("button[data-reveal]")).toBeNull();
  });
});

describe("mobiles on the console (JavaScript off)", () => {
  it("masks mobiles on the platform-wide 司机档案 list for tenant staff, and shows them in full on an organisation's own roster", async () => {
    const tenant = await browserAs("TENANT_USER");
    const profiles = await tenant.get("/userInfoManage/driverList");
    const row = firstRowCells(profiles);
    expect(row.some((c) => MASKED_MOBILE.test(c)), row.join(" | ")).toBe(true);
    expect(row.some((c) => FULL_MOBILE.test(c)), row.join(" | ")).toBe(false);
    const detail = await tenant.get(profiles.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    expect(textOf(detail.doc.querySelector('[data-field="mobile"]')).trim()).toMatch(MASKED_MOBILE);

    // The dispatcher calls its drivers: the roster's list and detail carry the number.
    const org = await browserAs("ORG_USER");
    const roster = await org.get("/resourceManager/driverList");
    const rosterRow = firstRowCells(roster);
    expect(rosterRow.some((c) => FULL_MOBILE.test(c)), rosterRow.join(" | ")).toBe(true);
    expect(rosterRow.some((c) => MASKED_MOBILE.test(c)), rosterRow.join(" | ")).toBe(false);
    const rosterDetail = await org.get(roster.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    expect(textOf(rosterDetail.doc.querySelector('[data-field="mobile"]')).trim()).toMatch(FULL_MOBILE);
    expect((await exportedMobiles(org, roster)).every((m) => FULL_MOBILE.test(m))).toBe(true);
  });

  it("exports masked mobiles by default, even for a holder of 查看完整证件号, and full ones only with the box ticked", async () => {
    const tenant = await browserAs("TENANT_USER");
    const tenantSheet = await exportedMobiles(tenant, await tenant.get("/userInfoManage/driverList"));
    expect(tenantSheet.every((m) => MASKED_MOBILE.test(m))).toBe(true);

    const staff = await browserAs("SYSTEM_USER");
    const list = await staff.get("/userInfoManage/driverList");
    expect(firstRowCells(list).some((c) => FULL_MOBILE.test(c)), "a holder sees the number on screen").toBe(true);
    const plain = await exportedMobiles(staff, list);
    expect(plain.every((m) => MASKED_MOBILE.test(m))).toBe(true);
    const full = await exportedMobiles(staff, list, true);
    expect(full.every((m) => FULL_MOBILE.test(m))).toBe(true);
  });
});
