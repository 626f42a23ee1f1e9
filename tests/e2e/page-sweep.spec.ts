/**
 * The page sweep with JavaScript on, generated from the menu each demo account (and
 * the fleet leader) is offered: every offered page, and the links those pages hand on (the first
 * row's 详情/审核/编辑; exports by status only), loads with status 200, no page error and no console
 * error, hydrates (html[data-hydrated]), shows no refusal ("查询失败", "没有权限" …) and has real
 * content. One login per account; two tabs sweep side by side.
 * The JavaScript-off half (and the 403s of pages not offered) is tests/pages/page-sweep.test.ts.
 * The driver's own pages (司机端) are in no menu: the driver account opens each of them, and the
 * waybill step and 证照 upload his pages link to, at 375 px with JavaScript on and off: each loads,
 * shows no refusal, has no horizontal scroll and no tap target under 44 px.
 * Every page it opens is also checked with axe-core (WCAG 2.1 A/AA), once per page in the run whichever
 * account opens it first: no serious or critical violation (docs/design/accessibility.md); so are the
 * public pages and the driver's at 375 px, with JavaScript on
 * and off, and a sample of console pages with it off.
 */
import { expect, test, type ConsoleMessage, type Page } from "@playwright/test";
import { axeClock, axeFindings, axeFindingsOncePerRun, AXE_REPORT_DIR, blockingLines, writeAxeReport, type AxeFinding } from "../helpers/axe";
import { DRIVER_PAGES, FLEET_LEADER_MOBILE, inPageLinks, menuLinks, refusalIn } from "../helpers/page-sweep";
import { ACCOUNTS, PASSWORD, PHONE, phoneProblems, waitForHydration } from "./support";

// Each sweep is independent of the others (its own login and context): the two workers share them out.
test.describe.configure({ mode: "parallel" });

/** Tabs that open pages side by side (the console renders while the browser hydrates the other tab). */
const TABS = 2;

const SWEPT: Record<string, string> = { ...ACCOUNTS, FLEET_LEADER: FLEET_LEADER_MOBILE };

type Handed = { pages: string[]; exports: string[] };

/** inspect, where a page that moves on by itself (once or more) lands. */
async function inspectWhereItLands(page: Page, path: string) {
  for (let moves = 0; ; moves++) {
    try {
      return await inspect(page);
    } catch (error) {
      if (moves === 3) throw error;
      await page.waitForLoadState("domcontentloaded");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
      console.log(`[page-sweep] ${path}: went on to ${page.url()}`);
    }
  }
}

/** What the sweep reads of a page: its text, heading, content and the links it hands on. */
function inspect(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector("#main-content");
    if (!main) return null;
    const firstRow = main.querySelector("table tbody tr");
    const rows = [...main.querySelectorAll("table tbody tr")].filter((tr) => !tr.querySelector("td[colspan]")).length;
    const first = new Set(firstRow && !firstRow.querySelector("td[colspan]") ? [...firstRow.querySelectorAll("a[href]")] : []);
    return {
      text: (main as HTMLElement).innerText,
      heading: !!main.querySelector("h1, h2, h3"),
      content: rows > 0 || !!main.querySelector("form[method=post], form input:not([type=hidden]), form select, [role=combobox], svg"),
      anchors: [...main.querySelectorAll("a[href]")].map((a) => ({ text: a.textContent ?? "", href: a.getAttribute("href"), inFirstRow: first.has(a) })),
    };
  });
}

/** Opens `paths` one after another in `page`; returns the failures and, for menu pages, what each hands on. */
async function sweep(page: Page, paths: string[], kind: "menu" | "link"): Promise<{ failures: string[]; handed: Handed[]; axe: AxeFinding[] }> {
  const failures: string[] = [];
  const axe: AxeFinding[] = [];
  // Each failure is printed as found, so a run cut short by its timeout still names the broken pages.
  const push = failures.push.bind(failures);
  failures.push = (...items: string[]) => {
    for (const item of items) console.log(`[page-sweep] ${item}`);
    return push(...items);
  };
  const handed: Handed[] = [];
  let current = "";
  const onPageError = (error: Error) => failures.push(`${current}: pageerror ${error.message}`);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error") failures.push(`${current}: console ${message.text().slice(0, 200)} ${message.location().url}`);
  };
  page.on("pageerror", onPageError);
  page.on("console", onConsole);
  for (const path of paths) {
    current = path;
    const response = await page.goto(path, { waitUntil: "domcontentloaded" });
    if (response?.status() !== 200) {
      failures.push(`${path}: HTTP ${response?.status()}`);
      continue;
    }
    try {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
    } catch {
      failures.push(`${path}: not hydrated`);
      continue;
    }
    // A page that moves on by itself once hydrated (a redirect to its canonical address) is read where it lands.
    const seen = await inspectWhereItLands(page, path);
    if (!seen) failures.push(`${path}: no #main-content`);
    else if (refusalIn(seen.text)) failures.push(`${path}: says "${refusalIn(seen.text)}"`);
    else if (!seen.heading) failures.push(`${path}: no heading`);
    else if (kind === "menu" && !seen.content) failures.push(`${path}: no rows, form or chart`);
    if (seen && kind === "menu") handed.push(inPageLinks(seen.anchors));
    if (seen) axe.push(...(await axeFindingsOncePerRun(page, path, test.info())));
  }
  // The tab sweeps again (the links): its errors must not be reported twice, under this sweep's last page.
  page.off("pageerror", onPageError);
  page.off("console", onConsole);
  return { failures, handed, axe };
}

/** The pages anyone may open, and a missing page. */
const PUBLIC_PAGES = ["/login", "/activate", "/h5findShip", "/h5selectShip", "/401", "/no-such-page"];
/**
 * With JavaScript off, one page of each kind the console's shared parts make (list, form, chart, map,
 * detail, settings) rather than every page again: the server renders the same markup either way.
 */
const NO_SCRIPT_PAGES: Array<[account: keyof typeof ACCOUNTS, path: string]> = [
  ["SYSTEM_USER", "/dashboard"],
  ["SYSTEM_USER", "/dispatchManage/waybillList"],
  ["SYSTEM_USER", "/sysNotification"],
  ["SYSTEM_USER", "/system/role"],
  ["SYSTEM_USER", "/system/user"],
  ["SYSTEM_USER", "/userInfoManage/enterpriseList"],
  ["SYSTEM_USER", "/supplyManage/supplyList"],
  ["SYSTEM_USER", "/financialManage/withdrawList"],
  ["SYSTEM_USER", "/carStatisticalReport/orderTrendReport"],
  ["SYSTEM_USER", "/findShipManage/findShip"],
  ["ORG_USER", "/orderManage/newOrders"],
  ["ORG_USER", "/dispatchManage/dispatchList"],
  ["ORG_USER", "/accountManage/accountInfo"],
  ["ORG_USER", "/personalCenter/userInfo"],
];

test("the public pages and the driver's at 375 px, and a page of each kind with JavaScript off, pass axe", async ({ browser }) => {
  test.setTimeout(600_000);
  const findings: AxeFinding[] = [];
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const check = async (path: string, where: string) => {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    findings.push(...(await axeFindings(page, `${path} (${where}, JS on)`)));
    findings.push(...(await axeWithoutScript(page, path, `${path} (${where}, JS off)`)));
  };
  for (const path of PUBLIC_PAGES) await check(path, "375 px");
  await logIn(page, ACCOUNTS.INDIVIDUAL_USER);
  const step = await page.evaluate(() => document.querySelector('a[href^="/driver/loading"], a[href^="/driver/unloading"]')?.getAttribute("href") ?? null);
  for (const path of [...DRIVER_PAGES, ...(step ? [step] : [])]) await check(path, "375 px");
  await phone.close();
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const deskPage = await desk.newPage();
  let as: string | null = null;
  for (const [account, path] of NO_SCRIPT_PAGES) {
    if (as !== account) {
      await desk.clearCookies();
      await logIn(deskPage, ACCOUNTS[account]);
      as = account;
    }
    findings.push(...(await axeWithoutScript(deskPage, path, `${account} ${path} (JS off)`)));
  }
  await desk.close();
  writeAxeReport("public-driver-noscript", findings);
  expect(AXE_REPORT_DIR ? [] : blockingLines(findings)).toEqual([]);
});

/**
 * axe on a page as a browser without JavaScript renders it. Chromium with scripts disabled does not
 * run axe's own timers either, so the page is loaded in a scripting browser with its scripts removed
 * and its <noscript> content in force: the same document a browser without JavaScript shows.
 */
async function axeWithoutScript(page: Page, path: string, label: string): Promise<AxeFinding[]> {
  const target = new URL(path, page.url()).pathname;
  const matches = (url: URL) => url.pathname === target;
  await page.route(matches, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
    await route.fulfill({ response, body: html });
  });
  try {
    await page.goto(path, { waitUntil: "load" });
    return await axeFindings(page, label);
  } finally {
    await page.unroute(matches);
  }
}

for (const [account, mobile] of Object.entries(SWEPT)) {
  test(`every page ${account}'s menu offers, and the links they hand on, hydrate without errors`, async ({ page, context }) => {
    // Well under four minutes for the platform account on a quiet two-core machine; the cap leaves
    // room for a machine shared with other work.
    test.setTimeout(900_000);
    await page.goto("/login");
    await page.getByLabel("手机号").fill(mobile);
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登 录" }).click();
    // Staff land on 首页, a driver on his own home: the menu is the console's, on 首页.
    await expect(page).toHaveURL(/\/(dashboard|driver)$/);
    if (!page.url().endsWith("/dashboard")) await page.goto("/dashboard");
    await waitForHydration(page);
    const menuHrefs = () => page.locator('nav[aria-label="主菜单"] a[href]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    // The dashboard's menu (rendered once the login's navigation has landed).
    await expect.poll(async () => menuLinks(await menuHrefs()).length).toBeGreaterThan(3);
    const offered = menuLinks(await menuHrefs());
    const started = Date.now();
    const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage())))];
    const split = <T,>(items: T[], i: number) => items.filter((_, n) => n % TABS === i);
    const menu = await Promise.all(tabs.map((tab, i) => sweep(tab, split(offered, i), "menu")));
    const handed = menu.flatMap((r) => r.handed);
    const links = [...new Set(handed.flatMap((h) => h.pages))].filter((path) => !offered.includes(path));
    const exports = [...new Set(handed.flatMap((h) => h.exports))];
    const followed = await Promise.all(tabs.map((tab, i) => sweep(tab, split(links, i), "link")));
    const failures = [...menu, ...followed].flatMap((r) => r.failures);
    const axe = [...menu, ...followed].flatMap((r) => r.axe);
    writeAxeReport(account, axe);
    if (!AXE_REPORT_DIR) failures.push(...blockingLines(axe));
    for (const path of exports) {
      const response = await context.request.get(path, { maxRedirects: 0 });
      if (response.status() !== 200) failures.push(`${path}: export HTTP ${response.status()}`);
      await response.dispose();
    }
    console.log(`[page-sweep] ${account}: ${offered.length} pages, ${links.length} row links, ${exports.length} exports in ${((Date.now() - started) / 1000).toFixed(1)} s (axe so far: ${axeClock.pages} pages, ${(axeClock.ms / 1000).toFixed(1)} s, two tabs side by side)`);
    if (account === "SYSTEM_USER") expect(links.length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
}

/** The public pages a driver or captain opens on his phone (checked at 375 px like his own). */
const PHONE_PUBLIC_PAGES = ["/activate"];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the driver's own pages at 375 px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: PHONE, hasTouch: true, isMobile: true, javaScriptEnabled });

    test("each loads without a refusal, with no horizontal scroll and no tap target under 44 px", async ({ page }) => {
      test.setTimeout(180_000);
      const failures: string[] = [];
      // 账号激活 comes first on his phone: the page an enterprise's SMS sends him to before he has a password.
      // Sizes are read once the page has loaded: without scripts, DOMContentLoaded may come before the stylesheet.
      for (const path of PHONE_PUBLIC_PAGES) {
        const response = await page.goto(path, { waitUntil: "load" });
        if (response?.status() !== 200) failures.push(`${path}: HTTP ${response?.status()}`);
        else {
          if (javaScriptEnabled) await waitForHydration(page);
          failures.push(...(await phoneProblems(page, page.locator("main"))).map((problem) => `${path}: ${problem}`));
        }
      }
      await logIn(page, ACCOUNTS.INDIVIDUAL_USER);
      await expect(page).toHaveURL(/\/driver$/);
      // The pages his pages lead to with a query: the current waybill's step, a paper's upload form.
      const hrefOf = async (id: string) => ((await page.getByTestId(id).count()) ? page.getByTestId(id).first().getAttribute("href") : null);
      const next = await hrefOf("driver-next-step");
      await page.goto("/driver/papers");
      const upload = await hrefOf("paper-upload");
      for (const path of [...DRIVER_PAGES, ...[next, upload].filter((p): p is string => !!p)]) {
        const response = await page.goto(path, { waitUntil: "load" });
        if (response?.status() !== 200) {
          failures.push(`${path}: HTTP ${response?.status()}`);
          continue;
        }
        if (javaScriptEnabled) await waitForHydration(page);
        const text = await page.locator("#main-content").innerText();
        if (refusalIn(text)) failures.push(`${path}: says "${refusalIn(text)}"`);
        failures.push(...(await phoneProblems(page)).map((problem) => `${path}: ${problem}`));
        // DRIVER_SCREENSHOTS=1: his 证照 (with a paper's upload form) and 设置密码 for docs/screenshots/.
        const shot = { [upload ?? ""]: "driver-papers", "/driver/password": "driver-password" }[path];
        if (shot && javaScriptEnabled && process.env.DRIVER_SCREENSHOTS === "1") await page.screenshot({ path: `docs/screenshots/${shot}.png`, fullPage: true });
      }
      expect(upload, "his papers offer an upload").not.toBeNull();
      expect(failures).toEqual([]);
    });
  });
}

/** Logs in through the form (it posts with JavaScript off too) and waits until the page lands. */
async function logIn(page: Page, mobile: string) {
  await page.goto("/login");
  await page.getByLabel("手机号").fill(mobile);
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(/\/(dashboard|driver)$/);
}
