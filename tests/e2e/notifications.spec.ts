import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, PASSWORD, escapeRegExp, login, notify, platformCall, platformToken, type Kind } from "./support";

/** support.login without its wait for hydration, which never comes with JavaScript off. */
async function loginWithoutScript(page: Page, kind: Kind, redirect: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel("手机号").fill(ACCOUNTS[kind]);
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(redirect)}$`));
}

const unique = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** The avatar badge as a number (0 when it is not shown); fails on "99+", which cannot be counted down. */
async function badge(page: Page): Promise<number> {
  await expect(page.getByLabel("用户菜单")).toBeVisible();
  const element = page.getByTestId("avatar-badge");
  if ((await element.count()) === 0) return 0;
  const text = (await element.textContent())?.trim() ?? "";
  expect(text, "the account needs fewer than 100 unread messages for this test").toMatch(/^\d+$/);
  return Number(text);
}

/** Marks the account's messages read: the specs before this one leave it more unread messages than the badge counts (99+). */
async function markAllRead(kind: Kind) {
  await platformCall("/sys-notification/mark-read", { readAll: "YES" }, await platformToken(kind));
}

/**
 * The badge shows the account's unread count as the platform keeps it. The other worker's specs may
 * notify the same organisation at any moment (a waybill step, an audit), so a count worked out here
 * can be overtaken: the badge is compared with the platform's own count until they agree.
 */
async function expectBadgeCurrent(page: Page, kind: Kind) {
  const token = await platformToken(kind);
  await expect.poll(async () => (await badge(page)) - (await platformCall<{ msgNum: number }>("/sys-notification/unread-count", {}, token)).msgNum).toBe(0);
}

async function expectBadge(page: Page, count: number) {
  if (count === 0) await expect(page.getByTestId("avatar-badge")).toHaveCount(0);
  else await expect(page.getByTestId("avatar-badge")).toHaveText(String(count));
}

/** Waits until the page's realtime channel is logged in upstream, so a push cannot slip past it. */
async function waitForRealtime(page: Page) {
  await expect(page.getByTestId("realtime-state")).toHaveAttribute("data-state", "live");
}

function row(page: Page, content: string) {
  return page.getByTestId("notification-row").filter({ hasText: content });
}

test("a push shows a toast at the bottom right that stays until clicked, and clicking it opens the message", async ({ page }) => {
  // The page's clock is Playwright's: "stays" is checked by moving it past a toast's usual life, not by waiting.
  await page.clock.install();
  await markAllRead("ORG_USER");
  await login(page, "ORG_USER");
  await waitForRealtime(page);
  const before = await badge(page);
  const content = unique("E2E 推送消息");
  const created = await notify("ORG_USER", { content, targetType: "MY" });

  const toast = page.getByTestId("push-toast").filter({ hasText: content });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("新消息");
  await expect.poll(() => badge(page)).toBeGreaterThanOrEqual(before + 1);
  await expectBadgeCurrent(page, "ORG_USER");

  const box = await toast.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThan(viewport.width / 2);
  expect(box!.y).toBeGreaterThan(viewport.height / 2);
  expect(viewport.width - (box!.x + box!.width)).toBeLessThan(40);
  expect(viewport.height - (box!.y + box!.height)).toBeLessThan(40);

  await page.clock.runFor(10_000);
  await expect(toast).toBeVisible();

  await toast.getByRole("button", { name: new RegExp(content) }).click();
  await expect(page).toHaveURL(new RegExp(`/sysNotification\\?open=${created.id}$`));
  const dialog = page.getByRole("dialog", { name: "消息内容" });
  await expect(dialog).toContainText(content);
  await expect(toast).toHaveCount(0);
  await expect(row(page, content)).toHaveAttribute("data-status", "READ");
  await expectBadgeCurrent(page, "ORG_USER");
});

test("a realtime count updates the badge without a reload", async ({ page }) => {
  await markAllRead("ORG_USER");
  await login(page, "ORG_USER");
  await waitForRealtime(page);
  const before = await badge(page);
  await notify("ORG_USER", { content: unique("E2E 计数"), targetType: "MY" });
  await notify("ORG_USER", { content: unique("E2E 计数"), targetType: "MY" });
  await expect.poll(() => badge(page)).toBeGreaterThanOrEqual(before + 2);
  await expectBadgeCurrent(page, "ORG_USER");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the message centre lists a pushed message without a reload", async ({ page }) => {
  await login(page, "ORG_USER", "/sysNotification");
  await waitForRealtime(page);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const created = await notify("ORG_USER", { content: unique("E2E 列表刷新"), targetType: "ORDER", targetId: "77" });
  await expect(row(page, created.content)).toHaveAttribute("data-status", "PENDING");
  await expect(page.getByTestId("notification-row").first()).toContainText(created.content);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test("a row opens the 消息内容 box: 查看详情 for a waybill, 确定 for a message without a detail page", async ({ page }) => {
  const freightNo = `E2E${Date.now()}`;
  const freight = await notify("TENANT_USER", { content: unique("E2E 水运运单消息"), targetType: "FREIGHT", freightNo, freightWay: "WATER" });
  const plain = await notify("TENANT_USER", { content: unique("E2E 系统消息"), targetType: "MY" });
  await login(page, "TENANT_USER", "/sysNotification");
  await waitForRealtime(page);
  await expect(row(page, freight.content)).toHaveAttribute("data-status", "PENDING");

  // A click anywhere on the row (here: its time cell) opens the box and marks the message read.
  await row(page, plain.content).locator("td").nth(1).click();
  const dialog = page.getByRole("dialog", { name: "消息内容" });
  await expect(dialog).toContainText(plain.content);
  await expect(dialog.getByRole("link", { name: "查看详情" })).toHaveCount(0);
  await expect(dialog.getByRole("link", { name: "关闭" })).toBeVisible();
  await dialog.getByRole("link", { name: "确定" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, plain.content)).toHaveAttribute("data-status", "READ");
  await expectBadgeCurrent(page, "TENANT_USER");

  await row(page, freight.content).getByRole("button").click();
  await expect(dialog).toContainText(freight.content);
  await expect(dialog.getByRole("link", { name: "确定" })).toHaveCount(0);
  await dialog.getByRole("link", { name: "关闭" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/sysNotification$/);

  await row(page, freight.content).getByRole("button").click();
  await dialog.getByRole("link", { name: "查看详情" }).click();
  await expect(page).toHaveURL(new RegExp(`/dispatchManage/wayillDetails/waterIndex\\?freightNo=${freightNo}$`));
});

test("a waybill message opens the detail of the way the freight service reports for its freightNo", async ({ page }) => {
  const token = await platformToken("TENANT_USER");
  const water = await platformCall<{ records: Array<{ freightNo: string }> }>("/tms-freight/search", { freightWay: "WATER", current: 1, size: 10 }, token);
  expect(water.records.length, "the seed has a water waybill the tenant can see").toBeGreaterThan(0);
  const { freightNo } = water.records[0]!;
  // The message says ROAD; the waybill itself is a water one, and that is what opens.
  const created = await notify("TENANT_USER", { content: unique("E2E 运单查找"), targetType: "FREIGHT", freightNo, freightWay: "ROAD" });
  await login(page, "TENANT_USER", "/sysNotification");
  await row(page, created.content).getByRole("button").click();
  const details = page.getByRole("dialog", { name: "消息内容" }).getByRole("link", { name: "查看详情" });
  await expect(details).toHaveAttribute("href", `/dispatchManage/wayillDetails/waterIndex?freightNo=${freightNo}`);
  await details.click();
  await expect(page).toHaveURL(new RegExp(`/dispatchManage/wayillDetails/waterIndex\\?freightNo=${freightNo}$`));
  await expect(page.getByText(freightNo).first()).toBeVisible();
});

test("a message box first opened after a client-side navigation stays the same box while pushes arrive", async ({ page }) => {
  const created = await notify("TENANT_USER", { content: unique("E2E 消息框"), targetType: "MY" });
  await login(page, "TENANT_USER", "/sysNotification");
  await waitForRealtime(page);
  await row(page, created.content).getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "消息内容" });
  await expect(dialog).toContainText(created.content);
  // A box mounted afresh would lose this mark (and with it a form's typed values, or a link under the pointer).
  await dialog.evaluate((element) => element.setAttribute("data-e2e-mark", "kept"));
  const before = await badge(page);
  await notify("TENANT_USER", { content: unique("E2E 推送"), targetType: "MY" });
  await expect.poll(() => badge(page)).toBeGreaterThan(before);
  await expect(dialog).toHaveAttribute("data-e2e-mark", "kept");
});

test("一键已读 marks everything read and clears the badge", async ({ page }) => {
  await notify("INDIVIDUAL_USER", { content: unique("E2E 一键已读"), targetType: "MY" });
  await login(page, "INDIVIDUAL_USER", "/sysNotification?status=PENDING");
  await waitForRealtime(page);
  await expect(page.getByTestId("avatar-badge")).toBeVisible();
  await expect(page.getByTestId("notification-row").first()).toBeVisible();
  await page.getByRole("button", { name: "一键已读", exact: true }).click();
  await expectBadgeCurrent(page, "INDIVIDUAL_USER");
  await expect(page.getByTestId("notification-row")).toHaveCount(0);
  await expect(page.getByText("暂无消息")).toBeVisible();
  await page.goto("/sysNotification");
  await expect(page.locator('[data-testid="notification-row"][data-status="PENDING"]')).toHaveCount(0);
});

test("select-all and 标记已读 mark the selected rows read", async ({ page }) => {
  await login(page, "TENANT_USER", "/sysNotification?status=PENDING&size=10");
  const rows = page.getByTestId("notification-row");
  await expect(rows).toHaveCount(10);
  const ids = await rows.locator('input[name="ids"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const markSelected = page.getByRole("button", { name: /^标记已读/ });
  await expect(markSelected).toBeDisabled();
  await page.getByRole("checkbox", { name: "全选" }).check();
  await expect(markSelected).toHaveText("标记已读（10）");
  await markSelected.click();
  for (const id of ids) await expect(page.locator(`input[name="ids"][value="${id}"]`)).toHaveCount(0);
  await expect(page).toHaveURL(/\/sysNotification\?status=PENDING&size=10$/);
  await expect(rows).toHaveCount(10);
  await expect(markSelected).toBeDisabled();
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("marking the selected messages read posts and comes back to the same page and filter", async ({ page }) => {
    await loginWithoutScript(page, "SYSTEM_USER", "/sysNotification?status=PENDING");
    const before = await badge(page);
    const rows = page.getByTestId("notification-row");
    await expect(rows).toHaveCount(20);
    const picked = await rows.locator('input[name="ids"]').evaluateAll((inputs) => inputs.slice(0, 2).map((i) => (i as HTMLInputElement).value));
    for (const id of picked) await page.locator(`input[name="ids"][value="${id}"]`).check();
    await page.getByRole("button", { name: "标记已读", exact: true }).click();
    await expect(page).toHaveURL(/\/sysNotification\?status=PENDING$/);
    for (const id of picked) await expect(page.locator(`input[name="ids"][value="${id}"]`)).toHaveCount(0);
    await expectBadge(page, before - 2);
  });

  test("nothing selected: 标记已读 says so and changes nothing", async ({ page }) => {
    await loginWithoutScript(page, "SYSTEM_USER", "/sysNotification");
    const before = await badge(page);
    await page.getByRole("button", { name: "标记已读", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("请先勾选要标记为已读的消息");
    await expectBadge(page, before);
  });

  test("paging and page size are links and a GET form", async ({ page }) => {
    await loginWithoutScript(page, "SYSTEM_USER", "/sysNotification");
    const rows = page.getByTestId("notification-row");
    await expect(rows).toHaveCount(20);
    const firstPage = await rows.first().textContent();
    await page.getByRole("link", { name: "第 2 页" }).click();
    await expect(page).toHaveURL(/current=2/);
    await expect(rows).toHaveCount(20);
    expect(await rows.first().textContent()).not.toBe(firstPage);
    await expect(page.getByRole("link", { name: "第 2 页" })).toHaveAttribute("aria-current", "page");

    await page.getByLabel("每页条数").selectOption("10");
    await page.getByTestId("pagination").getByRole("button", { name: "确定" }).click();
    await expect(page).toHaveURL(/size=10/);
    await expect(rows).toHaveCount(10);
  });

  test("the status and tag filters are a GET form", async ({ page }) => {
    await loginWithoutScript(page, "SYSTEM_USER", "/sysNotification");
    await page.getByLabel("状态", { exact: true }).selectOption("READ");
    await page.getByRole("button", { name: "查询", exact: true }).click();
    await expect(page).toHaveURL(/status=READ/);
    await expect(page.locator('[data-testid="notification-row"][data-status="READ"]').first()).toBeVisible();
    await expect(page.locator('[data-testid="notification-row"][data-status="PENDING"]')).toHaveCount(0);

    await page.getByLabel("状态", { exact: true }).selectOption("PENDING");
    await page.getByLabel("标签", { exact: true }).selectOption("wallet");
    await page.getByRole("button", { name: "查询", exact: true }).click();
    await expect(page).toHaveURL(/status=PENDING/);
    await expect(page).toHaveURL(/tag=wallet/);
    const rows = page.getByTestId("notification-row");
    await expect(rows.first()).toBeVisible();
    await expect(page.locator('[data-testid="notification-row"][data-status="READ"]')).toHaveCount(0);
    for (const text of await rows.allTextContents()) expect(text).toContain("钱包");
  });

  test("a row is a button that opens the message box server-side and marks it read", async ({ page }) => {
    const freightNo = `E2E${Date.now()}`;
    const created = await notify("SYSTEM_USER", { content: unique("E2E 无脚本运单"), targetType: "FREIGHT", freightNo, freightWay: "ROAD" });
    await loginWithoutScript(page, "SYSTEM_USER", "/sysNotification?size=10");
    const before = await badge(page);
    await row(page, created.content).getByRole("button").click();
    await expect(page).toHaveURL(new RegExp(`/sysNotification\\?size=10&open=${created.id}$`));
    const dialog = page.getByRole("dialog", { name: "消息内容" });
    await expect(dialog).toContainText(created.content);
    await expect(dialog.getByRole("link", { name: "查看详情" })).toHaveAttribute("href", `/dispatchManage/wayillDetails/index?freightNo=${freightNo}`);
    await expectBadge(page, before - 1);
    await dialog.getByRole("link", { name: "关闭" }).click();
    await expect(page).toHaveURL(/\/sysNotification\?size=10$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row(page, created.content)).toHaveAttribute("data-status", "READ");
  });
});
