import { expect, test } from "@playwright/test";
import { themeTokens } from "../../app/lib/palette";
import { login, sidebarGroups, visit, type Kind } from "./support";

/** Spec 2.2's role lists applied to each demo account's kind and permission codes (see README). */
const EXPECTED_GROUPS: Record<Kind, string[]> = {
  SYSTEM_USER: ["首页", "系统管理", "数据报送", "调度管理", "订单管理", "消息中心", "用户信息管理", "财务管理", "自有车辆管理", "找船管理", "统计报表", "业务报表", "撮合统计", "供应商报表", "货源管理", "自有船罚款管理", "个人中心"],
  TENANT_USER: ["首页", "系统管理", "调度管理", "订单管理", "消息中心", "用户信息管理", "财务管理", "自有车辆管理", "找船管理", "统计报表", "个人中心"],
  ORG_USER: ["首页", "系统管理", "调度管理", "订单管理", "资源管理", "消息中心", "轨迹定位", "财务管理", "账户管理", "自有车辆管理", "找船管理", "统计报表", "货源管理", "自有船罚款管理", "个人中心"],
  // The demo driver holds no TMS_FREIGHT_WATER: no water transport, so no 找船管理 (contract/permissions.ts seesWater).
  INDIVIDUAL_USER: ["首页", "调度管理", "订单管理", "资源管理", "消息中心", "账户管理", "自有车辆管理", "个人中心"],
};

for (const kind of Object.keys(EXPECTED_GROUPS) as Kind[]) {
  test(`${kind} sees exactly the menu groups its kind may see`, async ({ page }) => {
    await login(page, kind, "/dashboard");
    await expect.poll(() => sidebarGroups(page)).toEqual(EXPECTED_GROUPS[kind]);
  });
}

test("a URL the user may not see gives the 401 page with HTTP 403", async ({ page }) => {
  await login(page, "INDIVIDUAL_USER");
  const response = await page.goto("/system/role");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "没有访问权限" })).toBeVisible();
  // A report the account holds no code for is refused the same way.
  expect((await page.goto("/carStatisticalReport/loadingUnitList"))?.status()).toBe(403);
});

test("a group path goes to its default page", async ({ page }) => {
  await login(page, "SYSTEM_USER");
  await page.goto("/dispatchManage");
  await expect(page).toHaveURL(/\/dispatchManage\/dispatchList$/);
});

test("route search finds 运单 and navigates there", async ({ page }) => {
  await login(page, "ORG_USER");
  const search = page.getByRole("combobox", { name: "搜索菜单" });
  await search.fill("运单");
  const option = page.getByRole("option", { name: "调度管理 > 运单列表" });
  await expect(option).toBeVisible();
  await search.press("ArrowDown");
  await search.press("ArrowUp");
  await option.click();
  await expect(page).toHaveURL(/\/dispatchManage\/waybillList$/);
  await expect(page).toHaveTitle("运单列表 - 运输管理后台");
  await expect(page.getByRole("navigation", { name: "面包屑" })).toContainText("首页/调度管理/运单列表");
});

test.describe("tab bar", () => {
  const tab = (page: import("@playwright/test").Page, title: string) => page.getByRole("tab", { name: new RegExp(`^${title}`) });

  test("visited views, the right-click menu, middle click and the affix tab", async ({ page }) => {
    await login(page, "SYSTEM_USER");
    for (const path of ["/dispatchManage/waybillList", "/orderManage/orderList", "/sysNotification", "/system/role"]) {
      await visit(page, path);
    }
    await expect(page.getByRole("tab")).toHaveCount(5);
    // A new query on the same path updates the tab rather than adding one.
    await visit(page, "/orderManage/orderList?current=2");
    await expect(page.getByRole("tab")).toHaveCount(5);
    await expect(tab(page, "订单列表")).toHaveAttribute("href", "/orderManage/orderList?current=2");

    // 关闭 on the active tab goes to the last remaining tab.
    await tab(page, "订单列表").click({ button: "right" });
    await page.getByRole("menuitem", { name: "关闭", exact: true }).click();
    await expect(page.getByRole("tab")).toHaveCount(4);
    await expect(page).toHaveURL(/\/system\/role$/);

    // Middle click closes.
    await tab(page, "消息中心").click({ button: "middle" });
    await expect(tab(page, "消息中心")).toHaveCount(0);

    // 刷新 keeps the page and its tab.
    await tab(page, "角色管理").click({ button: "right" });
    await page.getByRole("menuitem", { name: "刷新" }).click();
    await expect(page).toHaveURL(/\/system\/role$/);

    // Tabs survive a reload.
    await page.reload();
    await expect(page.getByRole("tab")).toHaveCount(3);

    // 关闭其他 keeps the affix tab and the chosen one.
    await tab(page, "运单列表").click({ button: "right" });
    await page.getByRole("menuitem", { name: "关闭其他" }).click();
    await expect(page.getByRole("tab")).toHaveCount(2);
    await expect(page).toHaveURL(/\/dispatchManage\/waybillList$/);

    // 关闭所有 leaves only the affix tab 首页, which has no close button.
    await tab(page, "运单列表").click({ button: "right" });
    await page.getByRole("menuitem", { name: "关闭所有" }).click();
    await expect(page.getByRole("tab")).toHaveCount(1);
    await expect(tab(page, "首页")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await tab(page, "首页").click({ button: "right" });
    await expect(page.getByRole("menuitem", { name: "关闭", exact: true })).toHaveCount(0);
  });

  test("tabs belong to the user who opened them and are cleared at logout", async ({ page }) => {
    await login(page, "TENANT_USER");
    await visit(page, "/orderManage/orderList");
    await expect(page.getByRole("tab")).toHaveCount(2);
    await page.getByLabel("用户菜单").click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await login(page, "SYSTEM_USER");
    await expect(page.getByRole("tab")).toHaveCount(1);
  });
});

test("settings and the sidebar state survive a reload", async ({ page }) => {
  await login(page, "ORG_USER");
  await page.getByLabel("系统布局设置").first().click();
  await page.locator('label[title="#11a983"]').click();
  await expect(page.getByLabel("#11a983")).toBeChecked();
  await page.getByLabel("开启标签栏").uncheck();
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await page.getByTestId("hamburger").click();
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "true");
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "true");
  await expect(page.getByRole("tablist")).toHaveCount(0);
  const theme = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--theme-color").trim());
  // The swatch's hue, darkened to read on white (app/lib/palette.ts).
  expect(theme).toBe(themeTokens("#11a983").color);
  // Back to the defaults for the other tests.
  await page.getByLabel("系统布局设置").first().click();
  await page.getByRole("button", { name: "恢复默认" }).click();
  await expect(page.getByRole("tablist")).toHaveCount(1);
});

test("the sidebar toggle cannot undo a settings save still in flight", async ({ page }) => {
  await login(page, "ORG_USER");
  // Hold the first settings save, so the toggle is clicked while it is in flight (the page then gives up on it).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route(/\/settings(\?|$)/, async (route) => {
    if (route.request().method() === "POST" && first) {
      first = false;
      await held;
    }
    await route.continue().catch(() => undefined);
  });
  await page.getByLabel("系统布局设置").first().click();
  await page.getByLabel("开启标签栏").uncheck();
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await page.getByTestId("hamburger").click();
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "true");
  release();
  await page.waitForLoadState("networkidle");
  await page.unroute(/\/settings(\?|$)/);
  await page.reload();
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "true");
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await page.getByLabel("系统布局设置").first().click();
  await page.getByRole("button", { name: "恢复默认" }).click();
  await expect(page.getByRole("tablist")).toHaveCount(1);
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the sidebar starts closed and opens as a drawer that closes on navigation", async ({ page }) => {
    await login(page, "ORG_USER");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).not.toBeInViewport();
    await page.getByTestId("hamburger-mobile").click();
    await expect(sidebar).toBeInViewport();
    await sidebar.getByText("消息中心").click();
    await expect(page).toHaveURL(/\/sysNotification$/);
    await expect(sidebar).not.toBeInViewport();
  });

  test("a list shows its first filter and the rows; 更多筛选 unfolds the rest, and a filter in use keeps them open", async ({ page }) => {
    await login(page, "ORG_USER");
    for (const [path, first, later] of [["/orderManage/orderList", "订单号/原始单号", "订单状态"], ["/dispatchManage/waybillList", "运单号", "运单状态"]] as const) {
      await visit(page, path);
      const search = page.locator("form.filters");
      await expect(search.getByLabel(first, { exact: true })).toBeVisible();
      await expect(search.getByLabel(later, { exact: true })).toBeHidden();
      await search.getByText("更多筛选").click();
      await expect(search.getByLabel(later, { exact: true })).toBeVisible();
      await search.getByLabel(later, { exact: true }).selectOption({ index: 1 });
      await search.getByRole("button", { name: "查询" }).click();
      await expect(page).toHaveURL(/status=/);
      await expect(page).not.toHaveURL(/filters-more/);
      await expect(page.locator("form.filters").getByLabel(later, { exact: true })).toBeVisible();
    }
  });
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("a sidebar group opens without JavaScript and its link navigates", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("手机号").fill("13800000003");
    await page.getByLabel("密码", { exact: true }).fill("Demo@2026");
    await page.getByRole("button", { name: "登 录" }).click();
    await page.getByTestId("sidebar").locator("summary", { hasText: "订单管理" }).click();
    await page.getByTestId("sidebar").getByRole("link", { name: "订单列表" }).click();
    await expect(page).toHaveURL(/\/orderManage\/orderList$/);
  });

  test("the sidebar toggle collapses and expands the sidebar with a plain form post", async ({ page }) => {
    await login(page, "ORG_USER");
    const sidebar = page.getByTestId("sidebar");
    await page.getByRole("button", { name: "收起菜单" }).click();
    await expect(sidebar).toHaveAttribute("data-collapsed", "true");
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-collapsed", "true");
    await page.getByRole("button", { name: "展开菜单" }).click();
    await expect(sidebar).toHaveAttribute("data-collapsed", "false");
  });
});
