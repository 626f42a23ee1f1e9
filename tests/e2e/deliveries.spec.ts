/**
 * The deliveries of 订单管理 with JavaScript off: each new page opens with demo rows for the accounts that may
 * see it; a delivery note is created in its dialog, 派车 opens the dispatch panel on it and a truck is
 * dispatched against it; a cancelled waybill is re-dispatched from 重新发货列表; an incoming transport
 * task is accepted; a container's return is registered. One login per account.
 */
import { expect, test, type Page } from "@playwright/test";
import { clickRowAction, freeDemoDriver, pickNoScript, platformCall, platformToken, releaseDemoDriver, sharedNoScriptLogins } from "./support";

test.afterEach(() => releaseDemoDriver());

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

const logins = sharedNoScriptLogins("deliveries");
const pageAs = logins.pageAs;
test.afterAll(() => logins.closeAll());

const rows = (page: Page) => page.getByTestId("resource-row");

async function opens(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

const EVERYONES_PAGES: Array<[string, string]> = [
  ["/orderManage/deliveryList", "发货列表"],
  ["/orderManage/transportTask", "运输任务"],
  ["/orderManage/reimburse", "还箱动态"],
];

for (const kind of ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"] as const) {
  test(`${kind}: the new pages open with rows of its own`, async ({ browser }) => {
    const page = await pageAs(browser, kind);
    for (const [path, title] of EVERYONES_PAGES) await opens(page, path, title);
    if (kind === "INDIVIDUAL_USER") await opens(page, "/orderManage/anewdeliveryList", "重新发货列表");
    if (kind === "TENANT_USER" || kind === "ORG_USER") {
      await opens(page, "/orderManage/waterDeliveryList", "水运发货列表");
      await opens(page, "/orderManage/anewdeliveryList", "重新发货列表");
      await page.goto("/orderManage/waterAnewdeliveryList");
      await expect(page.getByRole("heading", { name: "水运重新发货列表", exact: true })).toBeVisible();
    }
    await page.close();
  });
}

test("a delivery note is created in its dialog, opened, and a truck dispatched against it", async ({ browser }) => {
  const token = await platformToken("ORG_USER");
  const open = await platformCall<{ records: Array<{ orderNo: string; plannedWeight: number; dispatchedWeight: number }> }>("/tms-order-view/openOrder/search", { freightWay: "ROAD", size: 50 }, token);
  const order = open.records.find((o) => o.plannedWeight - o.dispatchedWeight >= 300_000)!;
  const driver = await freeDemoDriver();

  const page = await pageAs(browser, "ORG_USER");
  await page.goto("/orderManage/deliveryList");
  await page.locator("#main-content").getByRole("link", { name: "新建发货单" }).click();
  const form = page.getByTestId("resource-form");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form.locator(".field-error").first()).toBeVisible();
  await pickNoScript(form, "orderId", order.orderNo);
  await form.locator('[name="pickupNo"]').fill("CK-E2E-001");
  await form.locator('[name="plannedWeight"]').fill("30");
  await form.locator('[name="loadingFrom"]').fill("2026-11-20T08:00");
  await form.locator('[name="loadingTo"]').fill("2026-12-20T18:00");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("status")).toContainText("已新增");
  const deliveryNo = /FH\d{14}/.exec((await page.getByRole("status").textContent()) ?? "")![0];

  await page.goto(`/orderManage/deliveryList?keyword=${deliveryNo}`);
  await rows(page).filter({ hasText: deliveryNo }).getByRole("link", { name: `详情 ${deliveryNo}` }).click();
  await expect(page).toHaveURL(/\/orderManage\/deliveryList\?id=\d+$/);
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText(deliveryNo);
  await expect(page.getByTestId("linked-progress")).toContainText("30.00 吨");
  await expect(page.getByTestId("resource-events")).toContainText("新增");

  await page.locator('[data-action="dispatch"]').click();
  await expect(page).toHaveURL(/\/dispatchManage\/dispatchList\?from=delivery&id=\d+/);
  await expect(page.getByTestId("dispatch-link")).toContainText(deliveryNo);
  const panel = page.getByTestId("dispatch-panel");
  await panel.locator('select[name="items[0].driverId"]').selectOption(String(driver.id));
  await panel.locator('select[name="items[0].vehicleId"]').selectOption(String(driver.vehicleId));
  await panel.locator('[name="items[0].plannedWeight"]').fill("20");
  await panel.getByRole("button", { name: "确认派单" }).click();
  await expect(page.getByTestId("dispatch-panel")).toHaveCount(0);
  await expect(page).not.toHaveURL(/from=delivery/);

  await page.goto(`/orderManage/deliveryList?keyword=${deliveryNo}`);
  const row = rows(page).filter({ hasText: deliveryNo });
  await expect(row).toContainText("派车中");
  await expect(row).toContainText("20.00 吨");
  await page.close();
});

test("an incoming transport task is accepted, and its detail shows progress and history", async ({ browser }) => {
  const page = await pageAs(browser, "ORG_USER");
  await page.goto("/orderManage/transportTask?status=PENDING");
  const pending = rows(page).filter({ has: page.locator('[data-action="accept"]') }).first();
  const taskNo = ((await pending.locator("td").first().textContent()) ?? "").trim();
  expect(taskNo).toMatch(/^RW\d{14}$/);
  await pending.locator('[data-action="accept"]').click();
  const dialog = page.getByTestId("resource-confirm");
  await dialog.getByRole("button", { name: "确认接受" }).click();
  await expect(page.getByRole("status")).toContainText(`运输任务 ${taskNo} 已接受`);
  await page.goto(`/orderManage/transportTask?keyword=${taskNo}`);
  await rows(page).filter({ hasText: taskNo }).getByRole("link", { name: `详情 ${taskNo}` }).click();
  await expect(page).toHaveURL(/\/orderManage\/transportTaskDetail\?id=\d+$/);
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("执行中");
  await expect(page.getByTestId("linked-progress")).toBeVisible();
  await expect(page.getByTestId("resource-events")).toContainText("接受");
  await page.close();
});

test("a cancelled waybill waits on 重新发货列表 and 重新发货 opens the dispatch panel on it", async ({ browser }) => {
  const page = await pageAs(browser, "ORG_USER");
  await page.goto("/orderManage/anewdeliveryList?redeliveryStatus=WAITING");
  const row = rows(page).filter({ has: page.locator('[data-action="redispatch"]') }).first();
  await expect(row).toContainText("待重新发货");
  const freightNo = ((await row.locator("td").first().textContent()) ?? "").trim();
  await row.locator('[data-action="redispatch"]').click();
  await expect(page).toHaveURL(/\/dispatchManage\/dispatchList\?from=redelivery&id=\d+/);
  // The panel on the cancelled waybill, or (its order fully dispatched since) a notice naming it.
  await expect(page.getByTestId("dispatch-link").or(page.getByRole("status"))).toContainText(`重新发货 · 原运单 ${freightNo}`);
  await page.close();
});

test("a container's return is registered, with its demurrage when late", async ({ browser }) => {
  const page = await pageAs(browser, "ORG_USER");
  await page.goto("/orderManage/reimburse?status=OVERDUE");
  const row = rows(page).first();
  const boxNo = ((await row.locator("td").first().textContent()) ?? "").trim();
  await clickRowAction(row, row.locator('[data-action="giveBack"]'));
  const dialog = page.getByTestId("resource-confirm");
  await dialog.locator('[name="returnYard"]').fill("芜湖港集装箱堆场");
  const now = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 16);
  await dialog.locator('[name="returnedAt"]').fill(now);
  await dialog.getByRole("button", { name: "确认登记还箱" }).click();
  await expect(page.getByRole("status")).toContainText(`集装箱 ${boxNo} 已登记还箱`);
  await page.goto(`/orderManage/reimburse?keyword=${boxNo}`);
  await rows(page).filter({ hasText: boxNo }).getByRole("link", { name: `详情 ${boxNo}` }).click();
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("已还箱");
  await expect(page.locator('[data-field="demurrageAmount"]')).toHaveText(/^¥[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("resource-events")).toContainText("登记还箱");
  await page.close();
});
