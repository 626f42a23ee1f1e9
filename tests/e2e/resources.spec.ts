/**
 * Generated per resource page (ENGINE.md 3.10), with JavaScript off: every list renders its columns and
 * real rows, a filter narrows it, 详情 opens; every add form shows the field errors when empty and saves
 * a valid record; every audit page refuses 驳回 without 审核意见. One login per account for the file.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { filterSpecs, listColumns } from "../../contract/resources/derive";
import { PAGES } from "../../app/pages/index";
import { pageTitleOf, type AuditPage, type FormPage, type ListPage } from "../../app/pages/kit";
import { ACCOUNTS, escapeRegExp, fillForm, PASSWORD, type Kind } from "./support";

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

const STATE_DIR = "test-results/.auth";
const contexts = new Map<Kind, BrowserContext>();

/** The demo account that works on a page: staff for /userInfoManage, the organisation for its own resources and orders. */
/** The account a page is tried as; a page that adds records is tried as one that may write them (e.g. 船舶信息审核 is submitted by owners). */
function accountFor(path: string, writers?: readonly string[]): Kind {
  const kind = defaultAccount(path);
  if (!writers || writers.length === 0 || writers.includes(kind)) return kind;
  return (["ORG_USER", "TENANT_USER", "SYSTEM_USER"] as const).find((k) => writers.includes(k)) ?? kind;
}

function defaultAccount(path: string): Kind {
  if (path.startsWith("/resourceManager") || path.startsWith("/carAdministration") || path.startsWith("/orderManage") || path === "/supplyManage/newSupply") return "ORG_USER";
  if (path.startsWith("/userInfoManage")) return "TENANT_USER";
  return "SYSTEM_USER";
}

async function pageAs(browser: Browser, kind: Kind): Promise<Page> {
  let context = contexts.get(kind);
  if (!context) {
    mkdirSync(STATE_DIR, { recursive: true });
    const login = await browser.newContext({ javaScriptEnabled: false });
    const page = await login.newPage();
    await page.goto("/login");
    await page.getByLabel("手机号").fill(ACCOUNTS[kind]);
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登 录" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const file = `${STATE_DIR}/${kind}.json`;
    await login.storageState({ path: file });
    await login.close();
    context = await browser.newContext({ javaScriptEnabled: false, storageState: file });
    contexts.set(kind, context);
  }
  return context.newPage();
}

test.afterAll(async () => {
  for (const context of contexts.values()) await context.close();
  contexts.clear();
});

const lists = PAGES.filter((p): p is ListPage => p.kind === "list" && !p.bespoke);
const forms = PAGES.filter((p): p is FormPage => p.kind === "form" && p.mode === "create");
const audits = PAGES.filter((p): p is AuditPage => p.kind === "audit" && p.group === "audit" && !PAGES.some((l) => l.kind === "list" && l.bespoke && l.def === p.def));

for (const list of lists) {
  test(`list ${list.path}: columns, real rows, a narrowing filter, 详情`, async ({ browser }) => {
    const page = await pageAs(browser, accountFor(list.path));
    await page.goto(list.path);
    const table = page.getByRole("table", { name: list.title ?? `${list.def.name}列表` });
    const firstColumn = (list.columns?.[0] ? list.def.fields[list.columns[0]]?.label : listColumns(list.def)[0]?.[1].label) ?? "";
    await expect(table.getByRole("columnheader").first()).toHaveText(firstColumn);
    // A page may show a second table beneath (a fine's operation log): the list is the named table.
    const rows = table.getByTestId("resource-row");
    expect(await rows.count(), `${list.path} shows demo rows`).toBeGreaterThan(0);

    const status = list.def.status && filterSpecs(list.def).some((s) => s.key === list.def.status!.field) && !(list.preset && list.def.status.field in list.preset);
    if (status) {
      const state = await rows.first().getAttribute("data-status");
      await page.goto(`${list.path}?${list.def.status!.field}=${state}`);
      const statuses = await table.getByTestId("resource-row").evaluateAll((els) => els.map((el) => el.getAttribute("data-status")));
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set([state]));
    }

    const detail = table.getByTestId("resource-row").first().locator('[data-action="detail"]');
    if (list.links.detail && (await detail.count()) > 0) {
      await detail.click();
      // A list route may show its records' detail itself (`?id=`): the detail binding of that path.
      const detailPage = PAGES.find((p) => p.path === list.links.detail && p.kind !== "list") ?? PAGES.find((p) => p.path === list.links.detail)!;
      await expect(page.getByRole("heading", { level: 2 }).first()).toContainText(pageTitleOf(detailPage));
      if (!(detailPage.kind === "detail" && detailPage.bespoke)) await expect(page.getByRole("region", { name: "操作记录" })).toBeVisible();
    }
    await page.close();
  });

  if (list.inlineForm) {
    test(`list ${list.path}: the inline add form refuses an empty form and saves a valid one`, async ({ browser }) => {
      const page = await pageAs(browser, accountFor(list.path, list.def.kinds.write));
      await page.goto(`${list.path}?form=new`);
      const dialog = page.getByTestId("resource-form-dialog");
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "保存" }).click();
      await expect(page.locator(".field-error").first()).toBeVisible();
      await fillForm(page, list.def, '[data-testid="resource-form"]');
      await page.getByTestId("resource-form").getByRole("button", { name: "保存" }).click();
      await expect(page.getByRole("status")).toContainText("已新增");
      await page.close();
    });
  }
}

for (const form of forms) {
  test(`form ${form.path}: shows the field errors when empty and saves a valid record`, async ({ browser }) => {
    const page = await pageAs(browser, accountFor(form.path, form.def.kinds.write));
    await page.goto(form.path);
    await page.getByTestId("resource-form").getByRole("button", { name: "保存" }).click();
    await expect(page.locator(".field-error").first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(form.path)}$`));
    await fillForm(page, form.def, '[data-testid="resource-form"]');
    await page.getByTestId("resource-form").getByRole("button", { name: "保存" }).click();
    await expect(page.getByRole("status")).toContainText("已新增");
    await page.close();
  });
}

for (const audit of audits) {
  test(`audit ${audit.path}: 驳回 needs 审核意见`, async ({ browser }) => {
    const page = await pageAs(browser, accountFor(audit.path));
    const list = audit.links.list!;
    // The state awaiting this audit (待审核: PENDING, or e.g. PENDING_AUDIT for supplies).
    const pending = Object.values(audit.def.status!.transitions).find((t) => t.group === audit.group)!.from[0];
    await page.goto(`${list}?${audit.def.status!.field}=${pending}`);
    const link = page.getByTestId("resource-row").locator('[data-action="audit"]').first();
    expect(await link.count(), `${list} has a pending row to audit`).toBeGreaterThan(0);
    await link.click();
    const form = page.getByTestId("audit-form");
    await form.getByLabel("驳回").check();
    await form.getByRole("button", { name: "提交审核" }).click();
    await expect(page.getByTestId("audit-form").locator(".field-error")).toContainText("审核意见");
    await page.close();
  });
}
