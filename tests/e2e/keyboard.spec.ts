/**
 * The console without a mouse (docs/design/accessibility.md, "Keyboard, forms and alternatives"): the
 * skip link, the menu's arrows, the tab bar and its menu, a dialog (focus in, kept, Escape, back to its
 * opener) with a picker inside, the menu buttons (a row's 「更多」, the user menu) and the pager. Every step
 * is a key press; `page.goto` only sets a scene up.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { login, notify, visit } from "./support";
import { axeFindings, blockingLines } from "../helpers/axe";

/** Presses Tab until `target` has the focus (a bound against a control that is not reachable). */
async function tabTo(page: Page, target: Locator, max = 120, key = "Tab") {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reachable with ${key} within ${max} presses`).toBeFocused();
}

/** Presses `key` until the focused element matches `done` (within `max` presses). */
async function pressUntil(page: Page, key: string, done: () => Promise<boolean>, max = 40) {
  for (let i = 0; i < max && !(await done()); i++) await page.keyboard.press(key);
  expect(await done(), `reached with ${key}; the focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160))}`).toBe(true);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

test("the skip link, then the menu by its arrow keys", async ({ page }) => {
  await login(page, "ORG_USER");
  // A document load: the Tab key starts at the top of the page.
  await visit(page, "/dashboard");
  await page.keyboard.press("Tab");
  const skip = page.getByTestId("skip-link");
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard(#main-content)?$/);

  const sidebar = page.getByTestId("sidebar");
  await page.keyboard.press("Shift+Tab");
  await tabTo(page, sidebar.locator("a[href], summary").first());
  const group = sidebar.locator("summary", { hasText: "调度管理" });
  await pressUntil(page, "ArrowDown", () => group.evaluate((el) => el === document.activeElement));
  const details = sidebar.locator("details", { has: page.locator("summary", { hasText: "调度管理" }) });
  await expect(details).toHaveJSProperty("open", false);
  // The ring is visible: an outline in the theme's colour, not the browser's default nothing on a dark menu.
  expect(await group.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");

  await page.keyboard.press("ArrowRight");
  await expect(details).toHaveJSProperty("open", true);
  await page.keyboard.press("ArrowRight");
  expect(await page.evaluate(() => document.activeElement?.closest("details")?.querySelector("summary")?.textContent?.trim())).toBe("调度管理");
  await page.keyboard.press("ArrowLeft");
  await expect(group).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(details).toHaveJSProperty("open", false);
  await page.keyboard.press("Enter");
  await expect(details).toHaveJSProperty("open", true);
  await pressUntil(page, "ArrowDown", async () => (await focusedText(page)) === "运单列表");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dispatchManage\/waybillList$/);
  await expect(page.getByRole("heading", { level: 2, name: "运单列表" })).toBeVisible();
});

test("the tab bar: arrows between tabs, its menu by Shift+F10 and by the 标签操作 button", async ({ page }) => {
  await login(page, "ORG_USER");
  await visit(page, "/orderManage/orderList");
  await visit(page, "/dispatchManage/waybillList");
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(3);
  const current = page.getByRole("tab", { name: /^运单列表/ });
  // One Tab stop for the bar: the current tab.
  await tabTo(page, current);
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: /^订单列表/ })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(current).toBeFocused();

  await page.keyboard.press("Shift+F10");
  const menu = page.getByRole("menu", { name: "标签菜单" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "刷新" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "关闭", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(current).toBeFocused();

  // The menu of 订单列表 from its tab, 关闭其他 chosen with the arrows: 首页 (fixed) and 订单列表 stay.
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ContextMenu");
  await expect(menu).toBeVisible();
  await pressUntil(page, "ArrowDown", async () => (await focusedText(page)) === "关闭其他");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/orderManage\/orderList$/);
  await expect(tabs).toHaveCount(2);

  // The visible button opens the same menu for the current tab; 关闭 goes to the remaining tab.
  const button = page.getByTestId("tab-menu-button");
  await tabTo(page, button);
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await pressUntil(page, "ArrowDown", async () => (await focusedText(page)) === "关闭");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(tabs).toHaveCount(1);
});

test("a dialog takes the focus, keeps it, closes on Escape and gives it back; its picker by keys", async ({ page }) => {
  await login(page, "ORG_USER", "/carAdministration/carOperate");
  const opener = page.getByRole("link", { name: /^新增/ });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/form=new/);
  const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  await expect.poll(inDialog).toBe(true);
  // Tab and Shift+Tab go round inside the dialog, never out to the page behind it.
  const count = await dialog.locator("input:not([type=hidden]), select, textarea, button, a[href]").count();
  for (let i = 0; i < count + 3; i++) {
    await page.keyboard.press("Tab");
    expect(await inDialog(), await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? "")).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await inDialog()).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/form=new/);
  await expect(opener).toBeFocused();

  // Again, for its picker: ↓ opens the list, ↓ moves, Enter picks; Escape closes the list, not the dialog.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  const combobox = dialog.getByRole("combobox", { name: "默认司机" });
  await tabTo(page, combobox, 60);
  await page.keyboard.press("ArrowDown");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  const listbox = page.getByRole("listbox", { name: "默认司机选项" });
  await expect(listbox.getByRole("option").nth(1)).toBeVisible();
  await pressUntil(page, "ArrowDown", async () => !!(await combobox.getAttribute("aria-activedescendant")) && (await listbox.locator('[data-active="true"]').innerText()) !== "请选择");
  const chosen = (await listbox.locator('[data-active="true"]').innerText()).trim();
  await page.keyboard.press("Enter");
  await expect(listbox).toBeHidden();
  await expect(combobox).toHaveValue(chosen);
  await page.keyboard.press("ArrowDown");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
  await expect(dialog).toBeVisible();
  // Tabbing onto a picker leaves its list shut, so the next Escape is the dialog's.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(combobox).toBeFocused();
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("a push toast that arrives while a dialog is open leaves Escape to the dialog", async ({ page }) => {
  await login(page, "ORG_USER", "/carAdministration/carOperate?form=new");
  await expect(page.getByTestId("realtime-state")).toHaveAttribute("data-state", "live");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox", { name: "默认司机" }).focus();
  const content = `E2E 对话框中的推送 ${Date.now()}`;
  await notify("ORG_USER", { content, targetType: "MY" });
  const toast = page.getByTestId("push-toast").filter({ hasText: content });
  await expect(toast).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/form=new/);
  // The toast stays for the user to read; from within the toasts Escape closes it.
  await expect(toast).toBeVisible();
  await toast.getByRole("button").first().focus();
  await page.keyboard.press("Escape");
  await expect(toast).toBeHidden();
});

test("a row's 更多 and the pager, by keys", async ({ page }) => {
  // The order list: some rows' 「更多」 hold two entries (the waybills' hold one), so the arrows have somewhere to go.
  await login(page, "SYSTEM_USER", "/orderManage/orderList");
  const more = page.locator("td details:has(> span > :nth-child(2)) > summary").first();
  await tabTo(page, more, 200);
  await expect(more).toHaveAttribute("aria-haspopup", "menu");
  // A menu button: Enter opens it on its first entry, the arrows move round, Escape goes back to 更多.
  await page.keyboard.press("Enter");
  const menu = page.locator("td details[open]").getByRole("menu");
  await expect(menu).toBeVisible();
  const entries = menu.getByRole("menuitem");
  await expect(entries.first()).toBeFocused();
  // The sweep sees menus closed; open, their roles pass axe too.
  expect(blockingLines(await axeFindings(page, "更多 open"))).toEqual([]);
  await page.keyboard.press("ArrowDown");
  await expect(entries.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(entries.last()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(entries.first()).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(entries.last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(entries.first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator("td details[open]")).toHaveCount(0);
  await expect(more).toBeFocused();
  // ↑ opens it on its last entry; Tab leaves it (its entries are no Tab stops) and closes it.
  await page.keyboard.press("ArrowUp");
  await expect(entries.last()).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.locator("td details[open]")).toHaveCount(0);
  expect(await page.evaluate(() => !document.activeElement?.closest("td details"))).toBe(true);

  await visit(page, "/dispatchManage/waybillList?size=10");
  const next = page.getByRole("navigation", { name: "分页" }).getByRole("link", { name: "下一页" });
  await tabTo(page, next, 200);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/current=2/);
  await expect(page.getByRole("link", { name: "第 2 页" })).toHaveAttribute("aria-current", "page");
  const jump = page.getByLabel("前往");
  await tabTo(page, jump, 200);
  await page.keyboard.press("Control+A");
  await page.keyboard.type("1");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/current=1/);
});

test("the user menu is a menu button: arrows, Home and End, Escape back to it, Tab out of it", async ({ page }) => {
  await login(page, "ORG_USER");
  const summary = page.getByTestId("avatar-menu").locator("summary");
  const details = page.getByTestId("avatar-menu");
  const menu = details.getByRole("menu");
  await tabTo(page, summary);
  await expect(summary).toHaveAttribute("aria-haspopup", "menu");
  await page.keyboard.press("ArrowDown");
  await expect(menu).toBeVisible();
  const item = (name: string) => menu.getByRole("menuitem", { name, exact: true });
  await expect(item("首页")).toBeFocused();
  expect(blockingLines(await axeFindings(page, "user menu open"))).toEqual([]);
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: /^消息/ })).toBeFocused();
  await page.keyboard.press("End");
  await expect(item("退出登录")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(item("首页")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(item("退出登录")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(item("首页")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(details).toHaveJSProperty("open", false);
  await expect(summary).toBeFocused();

  // Tab leaves the open menu for what follows it and closes it; Shift+Tab comes back to the summary, past the entries.
  await page.keyboard.press("Enter");
  await expect(item("首页")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(details).toHaveJSProperty("open", false);
  expect(await page.evaluate(() => !document.activeElement?.closest('[data-testid="avatar-menu"]'))).toBe(true);
  await page.keyboard.press("Shift+Tab");
  await expect(summary).toBeFocused();

  // ↑ opens it on its last entry; a choice by Enter opens the page and closes the menu.
  await page.keyboard.press("ArrowUp");
  await expect(item("退出登录")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(item("个人中心")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/personalCenter\/userInfo$/);
  await expect(details).toHaveJSProperty("open", false);
});
