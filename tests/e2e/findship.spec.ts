/**
 * 找船 in the browser: each page opens with demo rows for an account that may see it; the H5 pages work
 * without login at 375 px.
 */
import { expect, test } from "@playwright/test";
import { login } from "./support";

const ORG_PAGES: Array<[string, string]> = [
  ["/findShipManage/findShip", "找船地图"],
  ["/findShipManage/findShipList", "找船列表"],
  ["/findShipManage/shipInfoAuditList", "船舶信息审核"],
  ["/findShipManage/wharfList", "码头列表"],
  ["/findShipManage/wharfAuditList", "码头审核"],
  ["/findShipManage/shipInTransitList", "在途船舶"],
  ["/findShipManage/communicateLog", "沟通记录"],
  ["/selfOwnedShipFineManagement/selfOwnedShipLog", "自有船罚款管理"],
];

test("the find-ship pages open with demo data for the organisation", async ({ page }) => {
  await login(page, "ORG_USER");
  for (const [path, title] of ORG_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 2 }).first()).toContainText(title);
  }
  await page.goto("/findShipManage/findShip");
  await expect(page.getByTestId("ship-marker").first()).toBeVisible();
  await page.getByTestId("ship-list").getByRole("link").first().click();
  await expect(page.getByTestId("ship-card")).toBeVisible();
  await page.getByTestId("ship-card").getByRole("link", { name: "查看详情" }).click();
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("找船详情");
  await expect(page.getByTestId("ship-track")).toBeVisible();
  await page.goto("/findShipManage/findShipList");
  expect(await page.getByTestId("resource-row").count()).toBeGreaterThan(0);
});

test.describe("public H5 pages at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("h5findShip lists masked notices and opens one without login", async ({ page }) => {
    await page.goto("/h5findShip");
    const cards = page.getByTestId("h5-ship-card");
    await expect(cards.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await cards.first().click();
    await expect(page.getByTestId("h5-ship-detail")).toContainText("****");
    await expect(page.getByRole("button", { name: "联系船东" })).toBeVisible();
  });

  test("h5selectShip asks for a shared link without login", async ({ page }) => {
    await page.goto("/h5selectShip");
    await expect(page.getByRole("status")).toContainText("选船链接");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
