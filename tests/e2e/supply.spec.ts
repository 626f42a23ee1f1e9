import { expect, test, type Browser, type Page } from "@playwright/test";
import { supply } from "../../contract/resources/supply";
import { ACCOUNTS, escapeRegExp, fillForm, PASSWORD, type Kind } from "./support";

/**
 * 货源管理 with JavaScript off: the organisation publishes a source, platform staff audit it, the
 * organisation reprices it and sees the history, and a SOURCE_GOODS_LIST message opens the source.
 */
test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

async function pageAs(browser: Browser, kind: Kind, redirect: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel("手机号").fill(ACCOUNTS[kind]);
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  return page;
}

let supplyNo = "";
let detailHref = "";

test("the organisation publishes a source: 货源管理 opens its list, the form saves a draft, 发布 sends it to audit", async ({ browser }) => {
  const page = await pageAs(browser, "ORG_USER", "/supplyManage");
  await expect(page).toHaveURL(/\/supplyManage\/supplyList$/);
  await page.locator("#main-content").getByRole("link", { name: "发布货源" }).click();
  await expect(page).toHaveURL(/\/supplyManage\/newSupply$/);
  await page.getByTestId("resource-form").getByRole("button", { name: "保存" }).click();
  await expect(page.locator(".field-error").first()).toBeVisible();
  await fillForm(page, supply, '[data-testid="resource-form"]');
  await page.getByTestId("resource-form").getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/supplyManage\/supplyDetail\?id=\d+$/);
  await expect(page.getByRole("status")).toContainText("已新增");
  detailHref = new URL(page.url()).pathname + new URL(page.url()).search;
  supplyNo = (await page.locator('[data-field="supplyNo"]').textContent())!.trim();
  expect(supplyNo).toMatch(/^HY\d{14}$/);
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("草稿");

  await page.locator('[data-action="publish"]').click();
  const dialog = page.getByTestId("resource-confirm");
  await expect(dialog).toContainText(supplyNo);
  await dialog.getByRole("button", { name: "确认发布" }).click();
  await expect(page.getByRole("status")).toContainText("已发布");
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("待审核");
  // The organisation has no audit right: the page and the action are not theirs.
  await expect(page.locator('[data-action="audit"]')).toHaveCount(0);
  await page.context().close();
});

test("platform staff audit it: 驳回 needs 审核意见, 通过 publishes it", async ({ browser }) => {
  const page = await pageAs(browser, "SYSTEM_USER", "/supplyManage/supplyList");
  // The 待审核 tab lists only sources awaiting audit, the new one among them.
  await page.getByRole("navigation", { name: "快捷筛选" }).getByRole("link", { name: "待审核" }).click();
  await expect(page).toHaveURL(/\/supplyManage\/supplyList\?status=PENDING_AUDIT$/);
  const statuses = await page.getByTestId("resource-row").evaluateAll((els) => els.map((el) => el.getAttribute("data-status")));
  expect(new Set(statuses)).toEqual(new Set(["PENDING_AUDIT"]));
  await page.goto(`/supplyManage/supplyList?keyword=${supplyNo}`);
  const row = page.getByTestId("resource-row").filter({ hasText: supplyNo });
  await expect(row).toHaveAttribute("data-status", "PENDING_AUDIT");
  await row.locator('[data-action="audit"]').click();
  await expect(page).toHaveURL(/\/supplyManage\/auditSupply\?id=\d+$/);
  const form = page.getByTestId("audit-form");
  await form.getByLabel("驳回").check();
  await form.getByRole("button", { name: "提交审核" }).click();
  await expect(page.getByTestId("audit-form").locator(".field-error")).toContainText("审核意见");
  await page.getByTestId("audit-form").getByLabel("通过").check();
  await page.getByTestId("audit-form").getByRole("button", { name: "提交审核" }).click();
  await expect(page.getByRole("status")).toContainText("已通过");
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("已发布");
  await page.context().close();
});

test("the organisation reprices it on 改价 and sees the history; a large change needs confirming", async ({ browser }) => {
  const page = await pageAs(browser, "ORG_USER", detailHref);
  await page.locator('[data-action="reprice"]').click();
  await expect(page).toHaveURL(/\/supplyManage\/updataSupply\?id=\d+$/);
  const form = page.getByTestId("audit-form");
  await form.getByLabel("新司机运价").fill("150");
  await form.getByLabel("调价原因").fill("旺季运力紧张");
  await form.getByRole("button", { name: "提交改价" }).click();
  await expect(page.getByRole("alert")).toContainText("超过 30%");
  await page.getByTestId("audit-form").getByLabel("新司机运价").fill("90");
  await page.getByTestId("audit-form").getByLabel("调价原因").fill("油价上调");
  await page.getByTestId("audit-form").getByRole("button", { name: "提交改价" }).click();
  await expect(page.getByRole("status")).toContainText("已改价");
  const history = page.getByRole("table", { name: "调价记录" });
  await expect(history.getByTestId("resource-row")).toHaveCount(1);
  await expect(history).toContainText("85.00 元/吨");
  await expect(history).toContainText("90.00 元/吨");
  await expect(history).toContainText("油价上调");
  await page.goto(detailHref);
  await expect(page.locator('[data-field="carrierUnitPrice"]')).toHaveText("90.00 元/吨");
  await page.context().close();
});

test("the approval's SOURCE_GOODS_LIST message opens the source's detail from the message centre", async ({ browser }) => {
  const page = await pageAs(browser, "ORG_USER", "/sysNotification");
  const row = page.getByTestId("notification-row").filter({ hasText: `${supplyNo}` }).filter({ hasText: "审核通过" });
  await row.getByRole("button").first().click();
  const dialog = page.getByRole("dialog", { name: "消息内容" });
  await expect(dialog).toContainText(supplyNo);
  await dialog.getByRole("link", { name: "查看详情" }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp("/supplyManage/supplyDetail?id=")}\\d+$`));
  await expect(page.locator('[data-field="supplyNo"]')).toHaveText(supplyNo);
  await page.context().close();
});
