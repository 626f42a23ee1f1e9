import { expect, test } from "@playwright/test";
import type { VehiclePosition } from "../../contract/fleet";
import { chinaLocalInput } from "../../contract/units";
import { login, PLATFORM_URL, platformToken } from "./support";

/** 数据报送: a waybill the province rejected shows as 上报失败 with its code, and staff resubmit it (JavaScript off). */
test.describe("submission", () => {
  test.use({ javaScriptEnabled: false });

  test("a rejected 电子运单 is visible and resubmitted by hand", async ({ page }) => {
    await login(page, "SYSTEM_USER", "/submitData/anhuiJoint?status=FAILED");
    const row = page.getByTestId("report-row").first();
    await expect(row.locator('[data-message="WAYBILL"]')).toContainText("上报失败");
    await expect(row.locator('[data-message="WAYBILL"]')).toHaveAttribute("title", /字段校验失败/);
    await row.getByRole("link", { name: "详情" }).click();
    await expect(page).toHaveURL(/\/submitData\/anhuiDetail\?freightId=\d+/);
    const panel = page.getByTestId("record-WAYBILL");
    await expect(panel.getByTestId("last-result")).toContainText("3005");
    await panel.getByRole("button", { name: "重新上报" }).click();
    await expect(page.getByRole("status")).toContainText("成功");
    await expect(panel.locator('[data-value="SUCCESS"]')).toBeVisible();
    await expect(panel.getByTestId("attempt")).toHaveCount(2);
    await expect(panel.getByTestId("attempt").first()).toContainText("1001");
  });
});

/** 车辆定位: the demo organisation's vehicles on the server-drawn map, without JavaScript. */
test.describe("fleet map", () => {
  test.use({ javaScriptEnabled: false });

  test("the map shows the demo fleet and opens a vehicle's card", async ({ page }) => {
    await login(page, "ORG_USER", "/carAdministration/orientation");
    const map = page.getByTestId("fleet-map");
    await expect(map).toBeVisible();
    const markers = map.getByTestId("fleet-marker");
    expect(await markers.count()).toBeGreaterThan(0);
    await expect(map.locator("text", { hasText: "蚌埠" }).first()).toBeVisible();
    await page.getByTestId("fleet-list").getByRole("link").first().click();
    await expect(page.getByTestId("vehicle-card")).toContainText("司机");
  });

  test("轨迹查询 draws a vehicle's track over a time range", async ({ page }) => {
    const token = await platformToken("ORG_USER");
    const response = await fetch(`${PLATFORM_URL}/tms-vehicle-position/latest`, { headers: { Authorization: `Bearer ${token}`, "X-Platform": "A" } });
    const vehicles = ((await response.json()) as { data: VehiclePosition[] }).data;
    const located = vehicles.find((v) => v.recordedAt)!;
    const at = Date.parse(located.recordedAt!);
    const query = new URLSearchParams({ plateNo: located.plateNo, from: chinaLocalInput(new Date(at - 48 * 3600_000).toISOString()), to: chinaLocalInput(new Date(at + 60_000).toISOString()) });
    await login(page, "ORG_USER", `/carAdministration/trajectoryPosition/locu?${query}`);
    await expect(page.getByTestId("locu-map")).toBeVisible();
    expect(await page.getByTestId("locu-points").locator("tbody tr").count()).toBeGreaterThan(1);
    await page.goto(`/carAdministration/trajectoryPosition/locu?plateNo=${encodeURIComponent(located.plateNo)}&from=2026-01-01T00:00&to=2026-01-10T00:00`);
    await expect(page.getByRole("alert")).toContainText("72 小时");
  });
});

/** 船舶详情: the public H5 card opens without login at 375 px and shows no personal data. */
test.describe("public ship card", () => {
  test.use({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });

  test("renders at 375 px without login", async ({ page }) => {
    await page.context().clearCookies();
    const response = await fetch(`${PLATFORM_URL}/public/ship/1`);
    const ship = ((await response.json()) as { data: { shipName: string } }).data;
    await page.goto("/shipDetail?id=1");
    await expect(page).toHaveURL(/\/shipDetail\?id=1/);
    const card = page.getByTestId("ship-card");
    await expect(card).toContainText(ship.shipName);
    await expect(card).toContainText("载重吨");
    await expect(card).not.toContainText(/1[3-9]\d{9}/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
