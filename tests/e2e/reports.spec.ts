import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { REPORT_IDS, REPORTS } from "../../contract/reports";
import { login } from "./support";

/** The reports work with JavaScript off: a GET form, a server-drawn SVG chart, a table with totals, an xlsx link. */
test.use({ javaScriptEnabled: false });

async function expectReport(page: Page, id: (typeof REPORT_IDS)[number]) {
  const meta = REPORTS[id];
  await page.goto(meta.path);
  await expect(page.getByRole("heading", { name: meta.title })).toBeVisible();
  const table = page.getByTestId("report-table");
  await expect(table).toBeVisible();
  await expect(table.getByTestId("report-row").first()).toBeVisible();
  await expect(page.getByTestId("report-totals")).toContainText("合计");
  if (id !== "shuikouBusiness") {
    const chart = page.getByTestId("report-chart").getByRole("img", { name: `${meta.title}图表` });
    await expect(chart).toBeVisible();
    await expect(chart.locator("rect, path, circle").first()).toBeAttached();
  }
}

test("every report renders its table and its chart for the platform user", async ({ page }) => {
  await login(page, "SYSTEM_USER");
  for (const id of REPORT_IDS) await expectReport(page, id);
});

test("the search form narrows by period and refuses a reversed range in Chinese", async ({ page }) => {
  await login(page, "ORG_USER");
  await page.goto(REPORTS.loadingUnit.path);
  await page.getByLabel("统计周期").selectOption("DAY");
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/period=DAY/);
  await expect(page.getByTestId("report-table")).toContainText("统计周期");
  await page.goto(`${REPORTS.loadingUnit.path}?dateFrom=2026-03-10&dateTo=2026-03-01`);
  await expect(page.getByText("结束日期不能早于开始日期")).toBeVisible();
  // The organisation user holds no supplier report code.
  const denied = await page.goto(REPORTS.supplier.path);
  expect(denied?.status()).toBe(403);
});

test("export downloads the report as an xlsx with its totals row", async ({ page }) => {
  await login(page, "SYSTEM_USER");
  await page.goto(REPORTS.goodsStatistics.path);
  const link = page.getByTestId("report-export");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^货物运量统计_\d{8}\.xlsx$/);
  const file = test.info().outputPath("goods.xlsx");
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(["货物", "运单数(单)", "装货重量(吨)"]);
  const rowsOnPage = await page.getByTestId("report-row").count();
  expect(sheet.rowCount).toBe(rowsOnPage + 2);
  expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe("合计");
});
