/**
 * Spec 5: inputs of names, plates, places and numbers lose every character but
 * letters, digits, Chinese characters, ' . - when they lose focus: an engine form, an engine search
 * form and the bespoke waybill search, all marked from the contract. One login for the file.
 */
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { login, visit } from "./support";

let context: BrowserContext | undefined;
let page: Page;

/** Types into an input, leaves it, and expects what it then holds. */
async function typeAndLeave(input: Locator, typed: string, expected: string) {
  await input.fill(typed);
  await input.press("Tab");
  await expect(input).toHaveValue(expected);
}

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  await login(page, "ORG_USER");
});

test.afterAll(async () => {
  await context?.close();
});

test("an engine form strips a marked input on blur and leaves the others alone", async () => {
  await visit(page, "/resourceManager/contactsList?form=new");
  const form = page.locator('form[method="post"]').filter({ has: page.locator('input[name="place"]') });
  const place = form.locator('input[name="place"]');
  await expect(place).toHaveAttribute("data-sanitize", "true");
  await typeAndLeave(place, "中储粮·蚌埠#直属库 (1)", "中储粮·蚌埠直属库1");
  const address = form.locator('input[name="address"]');
  await typeAndLeave(address, "禹会区（北门）", "禹会区（北门）");
  await expect(address).not.toHaveAttribute("data-sanitize", "true");
});

test("search forms strip their marked inputs on blur: the engine's and the waybill list's", async () => {
  await visit(page, "/resourceManager/contactsList");
  const filter = page.locator('form[method="get"] input[name="place"]');
  await typeAndLeave(filter, "蚌埠·库!", "蚌埠·库");

  await visit(page, "/dispatchManage/waybillList");
  const loading = page.getByLabel("装货地");
  await typeAndLeave(loading, "合肥<script>市", "合肥script市");
  const carrier = page.locator('input[name="carrierName"]');
  await typeAndLeave(carrier, "O'Brien-Jr. 张", "O'Brien-Jr.张");
});
