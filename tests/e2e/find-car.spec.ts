import { expect, test } from "@playwright/test";
import { REPORTS } from "../../contract/reports";
import { login } from "./support";

/**
 * 找车, 设置车辆信息, 短信模板, 轨迹定位 and the two matchmaking reports open with their demo rows for the
 * accounts that may see them, and their actions work with JavaScript off (one login per account).
 */
test.use({ javaScriptEnabled: false });

test("organisation: 找车 联系, 设置车辆信息, 短信模板 测试发送, 轨迹定位", async ({ page }) => {
  await login(page, "ORG_USER", "/carAdministration/findCar/index");
  const cards = page.getByTestId("findcar-card");
  await expect(cards.first()).toBeVisible();
  const other = cards.filter({ has: page.getByRole("button", { name: "联系" }) }).first();
  await expect(other).toContainText(/\d{3}\*{4}\d{4}/);
  await other.getByRole("button", { name: "联系" }).click();
  await expect(page.getByTestId("findcar-notice")).toContainText(/联系电话：1\d{10}/);
  await page.getByLabel("车长").selectOption("13");
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/vehicleLength=13/);
  for (const card of await page.getByTestId("findcar-card").all()) await expect(card).toContainText("13米");

  await page.goto("/carAdministration/findCar/setCarInfo");
  await expect(page.getByRole("heading", { name: "设置车辆信息" })).toBeVisible();
  await expect(page.getByTestId("resource-row").first()).toBeVisible();
  await expect(page.locator('[data-testid="resource-row"][data-status="AVAILABLE"]').first()).toBeVisible();

  await page.goto("/carAdministration/smsTemplate");
  const approved = page.locator('[data-testid="resource-row"][data-status="APPROVED"]').first();
  await expect(approved).toContainText("找车邀请（蚌埠）");
  await approved.getByRole("link", { name: "测试发送" }).click();
  await page.getByRole("button", { name: /确认测试发送/ }).click();
  await expect(page.getByRole("status").first()).toContainText("已测试发送");
  await expect(page.locator('[data-testid="resource-row"][data-status="APPROVED"]').first()).toContainText("已发送至 138****0003");
  await expect(page.locator('[data-testid="resource-row"][data-status="REJECTED"]').first()).toContainText("模板内容不能包含链接");

  await page.goto("/trajectoryPosition");
  await expect(page.getByTestId("fleet-map")).toBeVisible();
  const rows = page.getByTestId("trajectory-row");
  await expect(rows.first()).toBeVisible();
  await rows.first().getByRole("link", { name: "查看轨迹" }).click();
  await expect(page.getByTestId("trajectory-card")).toBeVisible();
  await expect(page.getByTestId("trajectory-card").getByRole("link", { name: "轨迹回放" })).toBeVisible();
});

test("driver: 找车 without contact details, his own 车源 and 短信模板", async ({ page }) => {
  await login(page, "INDIVIDUAL_USER", "/carAdministration/findCar/index");
  await expect(page.getByTestId("findcar-card").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "联系" })).toHaveCount(0);
  await page.goto("/carAdministration/findCar/setCarInfo");
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
  await page.goto("/carAdministration/smsTemplate");
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
  await expect(page.getByTestId("resource-row")).toContainText("装货提醒");
  const denied = await page.goto("/trajectoryPosition");
  expect(denied?.status()).toBe(403);
});

test("platform: the matchmaking reports draw their charts; 撮合统计 switches to drivers", async ({ page }) => {
  await login(page, "SYSTEM_USER", REPORTS.shareStatistics.path);
  await expect(page.getByTestId("report-chart").getByRole("img", { name: "撮合运营分析图表" })).toBeVisible();
  await expect(page.getByTestId("report-chart").locator("path").first()).toBeAttached();
  await expect(page.getByTestId("report-row").first()).toBeVisible();
  await expect(page.getByTestId("report-totals")).toContainText("合计");
  await page.goto(REPORTS.joinMetric.path);
  await expect(page.getByTestId("report-chart").getByRole("img", { name: "撮合统计图表" })).toBeVisible();
  await page.getByLabel("统计维度").selectOption("DRIVER");
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/dimension=DRIVER/);
  await expect(page.getByTestId("report-row").first()).toContainText(/1\d{10}/);
  await page.goto("/carAdministration/findCar/index");
  await expect(page.getByTestId("findcar-card").first()).toBeVisible();
});
