/**
 * The page sweep with JavaScript off, generated from the route table: for every demo account,
 * every page its menu offers answers 200 with real content (rows, a form or a chart) and no refusal, and
 * every page of the table it is not offered answers 403, as a page and as a data request (`.data`).
 */
import { readFileSync } from "node:fs";
import { parse, type HTMLElement } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../platform/db/seed.js";
import { NoScriptBrowser } from "../helpers/no-script-browser";
import { FLEET_LEADER_MOBILE, inPageLinks, menuLinks, refusalIn, routeIdOf, STATIC_PAGES } from "../helpers/page-sweep";
import { browserAs, consoleUrl, type Kind } from "./support";
import { call, loginAs } from "../helpers/platform.js";
import { parseWhoMayOpen } from "../../scripts/route-table.js";
import { mayUseCode } from "../../contract/permissions.js";
import type { UserInfo } from "../../contract/identity.js";

/** docs/routes.md's rows: path, whether the page is one record's (hidden from the menu), and 角色 column. */
const TABLE_ROWS = readFileSync(new URL("../../docs/routes.md", import.meta.url), "utf8")
  .split("\n")
  .flatMap((line) => {
    const cells = /^\| `([^`]+)` \| ([^|]+) \| ([^|]+) \|/.exec(line);
    return cells ? [{ path: cells[1]!, oneRecord: cells[2]!.includes("（隐藏）") || cells[1]!.includes(":"), who: cells[3]!.trim() }] : [];
  });

/** Whether a row's 角色 lets an account of this kind holding these codes open its page. */
function tableOpens(who: string, info: Pick<UserInfo, "type" | "permissions">): boolean {
  const { kinds, groups } = parseWhoMayOpen(who);
  return kinds.includes(info.type) && groups.every((group) => group.some((code) => mayUseCode(info.type, info.permissions, code)));
}

/** The static menu pages docs/routes.md says an account of this kind holding these codes may open. */
function pagesTheTableOpens(info: Pick<UserInfo, "type" | "permissions">): string[] {
  return TABLE_ROWS.filter(({ path, who }) => STATIC_PAGES.includes(path) && tableOpens(who, info)).map(({ path }) => path);
}

/** The account's kind and codes, as the platform answers them. */
async function accountInfo(account: Swept): Promise<UserInfo> {
  const mobile = account === "FLEET_LEADER" ? FLEET_LEADER_MOBILE : DEMO_ACCOUNTS[account];
  const platformUrl = process.env.TMS_TEST_PLATFORM_URL!;
  const { accessToken } = await loginAs(platformUrl, mobile, DEMO_PASSWORD);
  return (await call<UserInfo>(platformUrl, "/api/v1/auth/user-info", { token: accessToken })).body.data!;
}

/** The demo accounts and the fleet leader. */
type Swept = Kind | "FLEET_LEADER";
const SWEPT: Swept[] = [...(Object.keys(DEMO_ACCOUNTS) as Kind[]), "FLEET_LEADER"];

async function sweepBrowser(account: Swept): Promise<NoScriptBrowser> {
  if (account !== "FLEET_LEADER") return browserAs(account);
  const browser = new NoScriptBrowser(consoleUrl());
  await browser.login(FLEET_LEADER_MOBILE, DEMO_PASSWORD);
  return browser;
}

/** The anchors of a page's main content, marked when they sit in the first row of a table body. */
function anchorsOf(main: HTMLElement) {
  const firstRow = main.querySelector("table tbody tr");
  const inFirst = new Set(firstRow && !firstRow.querySelector("td[colspan]") ? firstRow.querySelectorAll("a[href]") : []);
  return main.querySelectorAll("a[href]").map((a) => ({ text: a.textContent, href: a.getAttribute("href") ?? null, inFirstRow: inFirst.has(a) }));
}

/** About a hundred pages for the platform account, rendered on a small shared machine. */
const SWEEP_TIMEOUT_MS = 180_000;

/** Runs `task` over `items`, `width` at a time (the machine is small; the console renders on the CPU). */
async function inBatches<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(task));
}

function hasContent(main: HTMLElement): boolean {
  const rows = main.querySelectorAll("table tbody tr").filter((tr) => !tr.querySelector("td[colspan]"));
  return rows.length > 0 || main.querySelector("form[method=post], form input:not([type=hidden]), form select") !== null || main.querySelector("svg[role=img], svg") !== null;
}

describe.each(SWEPT)("page sweep, JavaScript off: %s", (account) => {
  let browser: NoScriptBrowser;
  let offered: string[];
  /** What each offered page hands on: its first row's 详情/审核/编辑 and its exports. */
  const handedOn = new Map<string, { pages: string[]; exports: string[] }>();
  const get = (path: string) => browser.raw(path);

  beforeAll(async () => {
    browser = await sweepBrowser(account);
    const home = parse(await (await get("/dashboard")).text());
    offered = menuLinks(home.querySelectorAll('nav[aria-label="主菜单"] a[href]').map((a) => a.getAttribute("href")));
  });

  it("opens every page the menu offers: 200, real content, no refusal", async () => {
    // The platform's own account is offered the whole console: over a hundred pages.
    expect(offered.length).toBeGreaterThan(account === "SYSTEM_USER" ? 100 : 3);
    const failures: string[] = [];
    await inBatches(offered, 3, async (path) => {
      const response = await get(path);
      if (response.status !== 200) return void failures.push(`${path}: HTTP ${response.status}`);
      const main = parse(await response.text()).querySelector("#main-content");
      if (!main) return void failures.push(`${path}: no #main-content`);
      const refusal = refusalIn(main.textContent);
      if (refusal) failures.push(`${path}: says "${refusal}"`);
      else if (!main.querySelector("h1, h2")) failures.push(`${path}: no heading`);
      else if (!hasContent(main)) failures.push(`${path}: no rows, form or chart`);
      handedOn.set(path, inPageLinks(anchorsOf(main)));
    });
    expect(failures).toEqual([]);
  }, SWEEP_TIMEOUT_MS);

  it("follows the links the offered pages hand on: the first row's 详情/审核/编辑 (200, a heading, no refusal) and exports (200)", async () => {
    const pages = new Set([...handedOn.values()].flatMap((links) => links.pages));
    const exports = new Set([...handedOn.values()].flatMap((links) => links.exports));
    if (account === "SYSTEM_USER") expect(pages.size).toBeGreaterThan(20);
    const failures: string[] = [];
    await inBatches([...pages], 3, async (path) => {
      const response = await get(path);
      if (response.status !== 200) return void failures.push(`${path}: HTTP ${response.status}`);
      const main = parse(await response.text()).querySelector("#main-content");
      const refusal = main ? refusalIn(main.textContent) : null;
      if (!main) failures.push(`${path}: no #main-content`);
      else if (refusal) failures.push(`${path}: says "${refusal}"`);
      else if (!main.querySelector("h1, h2, h3")) failures.push(`${path}: no heading`);
    });
    await inBatches([...exports], 2, async (path) => {
      const response = await get(path);
      if (response.status !== 200) failures.push(`${path}: HTTP ${response.status}`);
      await response.arrayBuffer();
    });
    expect(failures).toEqual([]);
  }, SWEEP_TIMEOUT_MS);

  it("answers an absurd page number on every offered page without a 500", async () => {
    const failures: string[] = [];
    await inBatches(offered, 3, async (path) => {
      for (const current of ["1e309", "99999999", "-3"]) {
        const response = await get(`${path}?current=${current}&size=1e9`);
        if (response.status >= 500) failures.push(`${path}?current=${current}: HTTP ${response.status}`);
        await response.arrayBuffer();
      }
    });
    expect(failures).toEqual([]);
  }, SWEEP_TIMEOUT_MS);

  it("is offered exactly the pages docs/routes.md says its kind and codes open", async () => {
    expect([...offered].sort()).toEqual(pagesTheTableOpens(await accountInfo(account)).sort());
  });

  it("gets 200 from every row of docs/routes.md its 角色 names, and 403 from every other row", async () => {
    const info = await accountInfo(account);
    const failures: string[] = [];
    await inBatches(TABLE_ROWS, 3, async ({ path, oneRecord, who }) => {
      // A page of one record is opened for record 1 or without one: past the guard, its own answer may be 404 or 400.
      const response = await get(path.replace(/:[^/]+/g, "1"));
      const body = await response.text();
      const refused = response.status === 403 && body.includes("没有访问权限");
      // Its own module answered: not the catch-all's 尚未建设 nor the 页面不存在 of a path without a route.
      const ownPage = !body.includes("not-built-title") && !body.includes("页面不存在");
      const opened = ownPage && (response.status === 200 || (oneRecord && [400, 404].includes(response.status)));
      if (tableOpens(who, info) ? !opened : !refused) failures.push(`${path} (${who}): HTTP ${response.status}`);
    });
    expect(failures).toEqual([]);
  }, SWEEP_TIMEOUT_MS);

  it("answers 403 to every page of the route table the menu does not offer, as a page and as data", async () => {
    const failures: string[] = [];
    await inBatches(STATIC_PAGES.filter((path) => !offered.includes(path)), 3, async (path) => {
      const page = await get(path);
      if (page.status !== 403) failures.push(`${path}: HTTP ${page.status}`);
      else if (!(await page.text()).includes("没有访问权限")) failures.push(`${path}: the 403 page does not say 没有访问权限`);
      const data = await get(`${path}.data?_routes=${encodeURIComponent(routeIdOf(path))}`);
      const text = await data.text();
      if (data.status !== 403 || !text.includes("没有访问权限")) failures.push(`${path}.data: HTTP ${data.status} ${text.slice(0, 80)}`);
    });
    expect(failures).toEqual([]);
  }, SWEEP_TIMEOUT_MS);
});
