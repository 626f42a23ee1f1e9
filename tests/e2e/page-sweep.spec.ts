/**
 * The page sweep with JavaScript on (issue 22), generated from the menu each demo account is offered:
 * every offered page loads with no page error and no console error, and React hydrates it
 * (html[data-hydrated]). One login per account; pages opened one after another in one tab.
 * The JavaScript-off half (status, content, refusals, 403s) is tests/pages/page-sweep.test.ts.
 */
import { expect, test, type Page } from "@playwright/test";
import { menuLinks } from "../helpers/page-sweep";
import { ACCOUNTS, login, type Kind } from "./support";

/** Tabs that open pages side by side (the console renders while the browser hydrates the other tab). */
const TABS = 2;

/** Opens `paths` one after another in `page`; returns page errors, console errors, bad statuses and pages that did not hydrate. */
async function sweep(page: Page, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  let current = "";
  page.on("pageerror", (error) => failures.push(`${current}: pageerror ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(`${current}: console ${message.text().slice(0, 200)} ${message.location().url}`);
  });
  for (const path of paths) {
    current = path;
    const response = await page.goto(path, { waitUntil: "domcontentloaded" });
    if (response?.status() !== 200) {
      failures.push(`${path}: HTTP ${response?.status()}`);
      continue;
    }
    try {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
    } catch {
      failures.push(`${path}: not hydrated`);
    }
  }
  return failures;
}

for (const account of Object.keys(ACCOUNTS) as Kind[]) {
  test(`every page ${account}'s menu offers hydrates without errors`, async ({ page, context }) => {
    test.setTimeout(240_000);
    await login(page, account);
    const offered = menuLinks(await page.locator('nav[aria-label="主菜单"] a[href]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "")));
    expect(offered.length).toBeGreaterThan(3);
    const started = Date.now();
    const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage())))];
    const failures = (await Promise.all(tabs.map((tab, i) => sweep(tab, offered.filter((_, n) => n % TABS === i))))).flat();
    console.log(`[page-sweep] ${account}: ${offered.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(failures).toEqual([]);
  });
}
