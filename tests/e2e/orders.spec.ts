/**
 * 订单管理 with JavaScript off, as the organisation's dispatcher: create an order and find it in the
 * order list, on its detail page and in the dispatch list; import a file with one bad row, see the row
 * reported and nothing imported, fix it and import; open an ORDER message's 查看详情. One login.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { mkdirSync } from "node:fs";
import { IMPORT_COLUMNS } from "../../platform/orders/import";
import { importRow } from "../helpers/order-import-rows";
import { ACCOUNTS, PASSWORD, PLATFORM_URL, escapeRegExp, pickRegion, platformCall, platformToken } from "./support";

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

let context: BrowserContext;
let createdNo = "";

test.beforeAll(async ({ browser }) => {
  mkdirSync("test-results/.auth", { recursive: true });
  const login = await browser.newContext({ javaScriptEnabled: false });
  const page = await login.newPage();
  await page.goto("/login");
  await page.getByLabel("手机号").fill(ACCOUNTS.ORG_USER);
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const file = "test-results/.auth/orders-ORG_USER.json";
  await login.storageState({ path: file });
  await login.close();
  context = await browser.newContext({ javaScriptEnabled: false, storageState: file });
});
test.afterAll(async () => {
  await context?.close();
});

const firstOption = async (page: Page, name: string) => {
  const select = page.locator(`form [name="${name}"]`);
  const value = await select.locator("option").evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value).filter(Boolean)[0]);
  await select.selectOption(value!);
};

test("creates an order without JavaScript and finds it in the list, its detail and the dispatch list", async () => {
  const page = await context.newPage();
  await page.goto("/orderManage/newOrders");
  // 装货地区划 / 卸货地区划: 省, 「选择」, 市, 「选择」, 区 (each 「选择」 comes back with the next level).
  const form = page.getByTestId("resource-form");
  await pickRegion(page, form, "loadingRegionCode", "340311");
  await pickRegion(page, form, "unloadingRegionCode", "340103");
  const external = `E2E${Date.now()}`;
  await page.locator('form [name="externalNo"]').fill(external);
  await page.locator('form [name="freightWay"]').selectOption("ROAD");
  await page.locator('form [name="businessMode"]').selectOption("SELF_OPERATED");
  await firstOption(page, "shipperId");
  await firstOption(page, "cargoId");
  await page.locator('form [name="businessTypeCode"]').selectOption("1002996");
  await page.locator('form [name="consigneeName"]').fill("合肥市粮食收储有限公司");
  await page.locator('form [name="loadingPlace"]').fill("蚌埠中心粮库");
  await page.locator('form [name="loadingAddress"]').fill("安徽省蚌埠市淮上区沫河口工业园 8 号");
  await page.locator('form [name="unloadingPlace"]').fill("合肥北粮库");
  await page.locator('form [name="unloadingAddress"]').fill("安徽省合肥市庐阳区北城大道 100 号");
  await page.locator('form [name="distanceKm"]').fill("160");
  await page.locator('form [name="plannedWeight"]').fill("120.5");
  await page.locator('form [name="unitPrice"]').fill("85");
  await page.locator('form [name="shipperUnitPrice"]').fill("80");
  await page.locator('form [name="settleBasis"]').selectOption("MIN");
  await page.locator("form").getByRole("button", { name: "保存" }).click();
  // The platform refuses a shipper price below the carrier price, in Chinese, and keeps what was typed.
  await expect(page.getByText("托运单价不能低于承运单价").first()).toBeVisible();
  await page.locator('form [name="shipperUnitPrice"]').fill("90");
  await page.locator("form").getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/orderManage\/orderDetail\?id=\d+/);
  const title = await page.locator("h2.page-title").first().textContent();
  createdNo = /DD\d{14}/.exec(title ?? "")![0];
  await expect(page.locator("h2.page-title").first()).toContainText("待调度");
  await expect(page.getByTestId("order-progress")).toContainText("0.00 吨");
  await expect(page.locator("main")).toContainText("安徽省 蚌埠市 淮上区");
  await expect(page.locator('a[data-action="dispatch"]')).toHaveAttribute("href", new RegExp(`dispatchOrderNo=${createdNo}`));

  await page.goto(`/orderManage/orderList?keyword=${external}`);
  const row = page.locator("tbody tr", { hasText: createdNo });
  await expect(row).toContainText("120.50 吨");
  await expect(row).toContainText("待调度");

  await page.goto(`/dispatchManage/dispatchList?orderNo=${createdNo}`);
  await expect(page.locator("tbody tr", { hasText: createdNo })).toBeVisible();
});

async function workbook(rows: Array<Record<string, string>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("订单导入");
  const headers = IMPORT_COLUMNS.map((c) => c.header);
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(headers.map((h) => r[h] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

test("imports a file with one bad row: nothing imported and the row reported; fixed, it imports", async () => {
  const token = await platformToken("ORG_USER");
  const shipper = (await platformCall<Array<{ label: string }>>("/tms-shipper/options", {}, token))[0]!.label;
  const cargo = (await platformCall<Array<{ label: string }>>("/tms-cargo/options", {}, token))[0]!.label;
  const stamp = Date.now();
  const row = (n: number, tonnes: string) => importRow({ shipper, cargo }, `E2EIMP${stamp}${n}`, { "计划重量(吨)": tonnes });
  const page = await context.newPage();
  await page.goto("/orderManage/batchImport");
  const upload = async (bytes: Buffer) => {
    await page.locator('input[type="file"]').setInputFiles({ name: "订单导入.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: bytes });
    await page.getByRole("button", { name: "上传并导入" }).click();
  };
  await upload(await workbook([row(1, "300"), row(2, "两百")]));
  await expect(page).toHaveURL(/batch=\d+/);
  const result = page.getByTestId("import-result");
  await expect(result).toContainText("导入失败");
  await expect(page.getByTestId("import-errors").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("import-errors")).toContainText("第 3 行");
  await expect(page.getByTestId("import-errors")).toContainText("计划重量(吨)");
  await expect(result.getByRole("link", { name: "下载错误明细" })).toHaveAttribute("href", /errors\.xlsx\?batch=\d+/);
  const before = await platformCall<{ total: number }>("/tms-order-manage/search", { keyword: `E2EIMP${stamp}`, current: 1, size: 10 }, token);
  expect(before.total).toBe(0);

  await upload(await workbook([row(1, "300"), row(2, "200")]));
  await expect(page.getByTestId("import-result")).toContainText("已导入 2 个订单");
  await page.goto(`/orderManage/orderList?keyword=E2EIMP${stamp}`);
  await expect(page.locator("tbody tr")).toHaveCount(2);
});

test("an ORDER message's 查看详情 opens the order's detail", async () => {
  const token = await platformToken("ORG_USER");
  const found = await platformCall<{ records: Array<{ id: number; orderNo: string }> }>("/tms-order-manage/search", { keyword: createdNo || "DD", current: 1, size: 10 }, token);
  const order = found.records[0]!;
  const content = `E2E 订单消息 ${Date.now()}：订单 ${order.orderNo} 请及时派车`;
  const response = await fetch(`${PLATFORM_URL}/api/v1/dev/notify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ mobile: ACCOUNTS.ORG_USER, targetType: "ORDER", targetId: String(order.id), content }) });
  expect(((await response.json()) as { code: number }).code).toBe(200);
  const page = await context.newPage();
  await page.goto("/sysNotification");
  await page.getByTestId("notification-row").filter({ hasText: content }).getByRole("button").first().click();
  const details = page.getByRole("link", { name: "查看详情" });
  await expect(details).toHaveAttribute("href", `/orderManage/orderDetail?id=${order.id}`);
  await details.click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(`/orderManage/orderDetail?id=${order.id}`)}$`));
  await expect(page.locator("h2.page-title").first()).toContainText(order.orderNo);
  await expect(page.getByRole("region", { name: "运单" })).toBeVisible();
});
