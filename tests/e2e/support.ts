import { constants, publicEncrypt } from "node:crypto";
import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import type { AnyResource } from "../../contract/resources/kit";
import { mkdirSync, rmSync } from "node:fs";
import { CASCADE_INTENT, regionPartNames } from "../../contract/region-code";
import { demoPng } from "../../platform/documents/png.js";

export const CONSOLE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
export const PLATFORM_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
export const PASSWORD = "Demo@2026";
export const ACCOUNTS = {
  SYSTEM_USER: "13800000001",
  TENANT_USER: "13800000002",
  ORG_USER: "13800000003",
  INDIVIDUAL_USER: "13800000004",
} as const;
export type Kind = keyof typeof ACCOUNTS;

/** Where a login without a redirect lands: a driver (INDIVIDUAL_USER) on his own home, everyone else on 首页. */
export const LANDING: Record<Kind, string> = { SYSTEM_USER: "/dashboard", TENANT_USER: "/dashboard", ORG_USER: "/dashboard", INDIVIDUAL_USER: "/driver" };

/**
 * Logs in with the login form's own post (what the form sends with JavaScript off), then opens the page
 * the login lands on and waits for it. The form in the browser is auth.spec's (`loginByForm`); the other
 * tests need a session, and rendering /login for each of them cost about a second a test.
 */
export async function login(page: Page, kind: Kind, redirect?: string) {
  const response = await page.request.post("/login", {
    form: { intent: "login", grantType: "password", mobile: ACCOUNTS[kind], password: PASSWORD, redirect: redirect ?? "" },
    headers: { Origin: CONSOLE_URL },
    maxRedirects: 0,
  });
  expect(response.status(), `login of ${kind}: ${await response.text()}`).toBe(302);
  await page.goto(response.headers().location ?? "/");
  await expect(page).toHaveURL(new RegExp(escapeRegExp(redirect ?? LANDING[kind])));
  await waitForHydration(page);
}

/** Pages of `context` open no live stream (/events): a browser without EventSource, as the console allows. */
export async function withoutLiveStream(context: BrowserContext) {
  await context.addInitScript(() => {
    delete (window as unknown as { EventSource?: unknown }).EventSource;
  });
}

/** Logs in through the login form in the browser and waits for the page it lands on. */
export async function loginByForm(page: Page, kind: Kind, redirect?: string) {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login");
  await page.getByLabel("手机号").fill(ACCOUNTS[kind]);
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(new RegExp(escapeRegExp(redirect ?? LANDING[kind])));
  await waitForHydration(page);
}

/** Waits until React has hydrated the page; returns at once when the page runs no JavaScript. */
export async function waitForHydration(page: Page) {
  const scripted = await page.evaluate(() => "__remixContext" in window);
  if (scripted) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Opens a page and waits until React has hydrated it (tabs and other client state are recorded). */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

export function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The development outbox of the platform: the last SMS code or captcha answer for a mobile. */
export async function outbox(mobile: string, kind: "sms" | "captcha"): Promise<string> {
  const response = await fetch(`${PLATFORM_URL}/api/v1/dev/outbox?mobile=${mobile}&kind=${kind}`);
  const body = (await response.json()) as { data: { content: string } | null };
  if (!body.data) throw new Error(`no ${kind} in the outbox for ${mobile}`);
  return body.data.content;
}

/** Titles of the top-level sidebar entries (an entry, a group's heading, or a collapsed group's link). */
export async function sidebarGroups(page: Page): Promise<string[]> {
  return page
    .getByTestId("sidebar")
    .locator("nav > ul > li > a, nav > ul > li > details > summary, nav > ul > li > div > a")
    .evaluateAll((items) => items.map((el) => el.textContent?.trim() ?? ""));
}

/** Calls the platform directly (test set-up and cross-checks) and returns the envelope's data. */
export async function platformCall<T>(path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Platform": "A" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${PLATFORM_URL}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { code: number; data: T; message?: string };
  if (envelope.code !== 200) throw new Error(`${path} answered ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** An access token straight from the platform (csrf → RSA-OAEP password → token), as a script would get one. */
export function platformToken(kind: Kind): Promise<string> {
  return platformTokenOf(ACCOUNTS[kind]);
}

/** As `platformToken`, for any account by its mobile (the demo password). */
export async function platformTokenOf(mobile: string): Promise<string> {
  const { csrfToken, publicKey } = await platformCall<{ csrfToken: string; publicKey: string }>("/api/v1/auth/csrf", { clientId: "e2e" });
  const authSecret = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(PASSWORD)).toString("base64");
  const tokens = await platformCall<{ accessToken: string }>("/api/v1/auth/third-class-insurance/token", {
    grantType: "password",
    authKey: mobile,
    authSecret,
    clientId: "e2e",
    csrfToken,
  });
  return tokens.accessToken;
}

/**
 * A fresh road waybill dispatched by the demo organisation to its driver (the INDIVIDUAL_USER, 张师傅)
 * from the oldest order with room: it is 待装货. The oldest order, so the other specs' "first awaiting
 * order" stays theirs; the driver is held for this test (see `freeDemoDriver`).
 */
export async function driversDispatchedWaybill(plannedWeight = 20_000): Promise<{ id: number; freightNo: string; vehicleId: number }> {
  const org = await platformToken("ORG_USER");
  const orders = await platformCall<{ records: Array<{ id: number; remainingWeight: number }> }>("/tms-order/search", { freightWay: "ROAD", size: 50 }, org);
  const order = [...orders.records].reverse().find((o) => o.remainingWeight >= plannedWeight)!;
  const driver = await freeDemoDriver();
  const dispatched = await platformCall<{ freights: Array<{ id: number; freightNo: string }> }>(
    "/tms-freight-dispatch/dispatch",
    { orderId: order.id, items: [{ driverId: driver.id, vehicleId: driver.vehicleId, plannedWeight }] },
    org,
  );
  return { ...dispatched.freights[0]!, vehicleId: driver.vehicleId };
}

/** As `driversDispatchedWaybill`, then loaded by the driver: it is 运输中. */
export async function driversLoadedWaybill(loadedWeight = 20_000): Promise<{ id: number; freightNo: string; vehicleId: number }> {
  const waybill = await driversDispatchedWaybill(loadedWeight);
  await platformCall("/tms-freight/loading", { id: waybill.id, loadedWeight, weighTicketUrl: "/files/weigh-tickets/e2e-driver.jpg" }, await platformToken("INDIVIDUAL_USER"));
  return waybill;
}

/**
 * The demo driver can be on one live waybill at a time, and the browser tests run on two workers: a test
 * that gives him a waybill holds him (a lock directory beside the run's database, which each run starts
 * without) until `releaseDemoDriver()` in its file's afterEach.
 */
const DRIVER_LOCK = `data/e2e-${Number(process.env.E2E_PORT ?? 3100)}/demo-driver.lock`;
let holdingDriver = false;

async function holdDemoDriver(): Promise<void> {
  if (holdingDriver) return;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(DRIVER_LOCK);
      holdingDriver = true;
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export function releaseDemoDriver(): void {
  if (!holdingDriver) return;
  rmSync(DRIVER_LOCK, { recursive: true, force: true });
  holdingDriver = false;
}

/**
 * The demo driver (张师傅 of the demo organisation, with his vehicle), held for this test and free to
 * dispatch: a waybill an earlier test left him on is finished first (a driver on a live waybill cannot
 * be dispatched again).
 */
export async function freeDemoDriver(): Promise<{ id: number; vehicleId: number }> {
  await holdDemoDriver();
  const org = await platformToken("ORG_USER");
  const drivers = await platformCall<{ records: Array<{ id: number; vehicleId: number | null; ineligibleReason: string | null }> }>("/tms-resource/drivers", { keyword: "张师傅", size: 10 }, org);
  const driver = drivers.records.find((d) => d.vehicleId !== null)!;
  const live = driver.ineligibleReason?.match(/正在执行运单 (YD\d+)/)?.[1];
  if (live) await finishWaybill(live, org);
  return { id: driver.id, vehicleId: driver.vehicleId! };
}

/** Walks a live waybill to its end as the organisation: cancelled while waiting to load, else unloaded, signed, confirmed and completed. */
async function finishWaybill(freightNo: string, org: string): Promise<void> {
  const found = await platformCall<{ records: Array<{ id: number; status: string; loadedWeight: number | null }> }>("/tms-freight/search", { freightNo, freightWay: "ROAD" }, org);
  const { id, status, loadedWeight } = found.records[0]!;
  if (status === "WAIT_LOADING") return void (await platformCall(`/tms-freight/${id}/cancel`, { reason: "测试结束" }, org));
  const steps: Array<[string, string, object]> = [
    ["IN_TRANSIT", "/tms-freight/unLoading", { id, unloadedWeight: loadedWeight, weighTicketUrl: "/files/weigh-tickets/e2e-driver.jpg" }],
    ["UNLOADED", "/tms-freight/sign", { id }],
    ["SIGNED", "/tms-freight/fleet-confirm", { id }],
    ["CONFIRMED", "/tms-freight/complete", { id }],
  ];
  for (const [, path, body] of steps.slice(steps.findIndex(([from]) => from === status))) await platformCall(path, body, org);
}

interface CreatedNotification {
  id: string;
  content: string;
}

/** Raises a notification for an account through the platform's development endpoint. */
export async function notify(kind: Kind, body: Record<string, unknown>): Promise<CreatedNotification> {
  const response = await fetch(`${PLATFORM_URL}/api/v1/dev/notify`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mobile: ACCOUNTS[kind], targetId: "1", ...body }),
  });
  const envelope = (await response.json()) as { code: number; data: CreatedNotification };
  expect(envelope.code).toBe(200);
  return envelope.data;
}

/** Opens a reference picker's combobox (JavaScript on) and picks its first option. */
export async function pickFirstOption(combobox: Locator) {
  await combobox.click();
  const list = combobox.page().locator(`[id="${await combobox.getAttribute("aria-controls")}"]`);
  await list.getByRole("option").nth(1).click();
}

/**
 * Without JavaScript: narrows a reference picker to `keyword` with its 「搜索」 (the form comes back with
 * the matching options) and picks the option labelled `label`. A picker shows one page of options, so a
 * test never counts on its choice being on the first page while other specs add rows beside it.
 */
export async function pickNoScript(form: Locator, name: string, keyword: string, label = keyword) {
  await form.locator(`[name="_q_${name}"]`).fill(keyword);
  await form.locator(`button[name="_pick"][value="${name}"]`).click();
  await expect(form.locator(`[name="_q_${name}"]`)).toHaveValue(keyword);
  await form.locator(`[name="${name}"]`).selectOption({ label });
}

/** Fills a resource form from the definition's example; references and unlisted selects take their first option. */
export async function fillForm(page: Page, def: AnyResource, scope: string) {
  const body = def.example!.body(Date.now() % 90_000, {});
  const form = page.locator(scope);
  await waitForHydration(page);
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.input.type === "region") {
      if (typeof body[key] === "string") await pickRegion(page, form, key, body[key] as string);
      continue;
    }
    const input = form.locator(`[name="${key}"]`);
    if ((await input.count()) === 0) continue;
    const value = body[key];
    const combobox = form.locator(`[data-picker="${key}"] [role="combobox"]`);
    if (field.ref && (await combobox.count()) > 0) {
      // With JavaScript a reference is the picker's combobox: required ones, and those the example names, take the first option.
      if (field.required || key in body) await pickFirstOption(combobox);
      continue;
    }
    if (field.input.type === "select") {
      const options = await input.locator("option").evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value).filter(Boolean));
      const wanted = value === undefined || value === null ? undefined : field.toInput(value as never);
      // Required selects, and optional references the example names, take their first option.
      const choice = wanted && options.includes(wanted) ? wanted : field.required || (field.ref && key in body) ? options[0] : undefined;
      if (choice) await input.selectOption(choice);
    } else if (value !== undefined && value !== null) {
      await input.fill(field.toInput(value as never));
    }
  }
  const orgPicker = form.locator('[data-picker="orgId"] [role="combobox"]');
  if ((await orgPicker.count()) > 0) return pickFirstOption(orgPicker);
  const org = form.locator('[name="orgId"]');
  if ((await org.count()) > 0) {
    const first = await org.locator("option").evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value).filter(Boolean)[0]);
    if (first) await org.selectOption(first);
  }
}

/**
 * Clicks a row's action (by its name, or a locator inside the row): one of the first three is inline; the others are in the row's
 * 「更多」 menu, opened first (a <details>, so it opens with JavaScript off too).
 */
export async function clickRowAction(row: Locator, action: string | Locator) {
  // An inline action is a link; in an opened 「更多」 the script makes it a menu item (menuButton).
  const target = typeof action === "string" ? row.getByRole("link", { name: action, exact: true }).or(row.getByRole("menuitem", { name: action, exact: true })).first() : action;
  await row.first().waitFor();
  if (!(await target.isVisible())) await row.locator("summary", { hasText: "更多" }).click();
  await target.click();
}

/**
 * Chooses a place on a 省/市/区 cascader: with JavaScript each choice fills the next level; without,
 * 「选择」 submits the form and the page comes back with the next level's choices.
 */
export async function pickRegion(page: Page, form: Locator, key: string, code: string) {
  const names = regionPartNames(key);
  const levels = [
    [names.province, `${code.slice(0, 2)}0000`],
    [names.city, `${code.slice(0, 4)}00`],
    [names.district, code],
  ] as const;
  for (const [name, value] of levels) {
    const select = form.locator(`select[name="${name}"]`);
    if ((await select.count()) === 0) break;
    if ((await select.inputValue()) === value) continue;
    const cascade = form.locator(`button[name="${CASCADE_INTENT}"][value="${key}"]`);
    if (name !== names.province && (await cascade.count()) > 0) {
      await cascade.click();
      await page.waitForLoadState("domcontentloaded");
    }
    await expect.poll(() => select.locator("option").count()).toBeGreaterThan(1);
    const offered = await select.locator("option").evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
    // A municipality's city is the province itself; a city-level field has no district select.
    const wanted = offered.includes(value) ? value : name === names.city && offered.includes(code.slice(0, 2) + "0000") ? code.slice(0, 2) + "0000" : value;
    await select.selectOption(wanted);
  }
}

/**
 * One login per account for a spec file, with JavaScript off: `pageAs(browser, kind)` opens a new page
 * of the account's shared context; `closeAll()` (in afterAll) closes them.
 */
export function sharedNoScriptLogins(name: string) {
  const contexts = new Map<Kind, BrowserContext>();
  const dir = "test-results/.auth";
  return {
    async pageAs(browser: Browser, kind: Kind): Promise<Page> {
      let context = contexts.get(kind);
      if (!context) {
        mkdirSync(dir, { recursive: true });
        const first = await browser.newContext({ javaScriptEnabled: false });
        await login(await first.newPage(), kind);
        const file = `${dir}/${name}-${kind}.json`;
        await first.storageState({ path: file });
        await first.close();
        context = await browser.newContext({ javaScriptEnabled: false, storageState: file });
        contexts.set(kind, context);
      }
      return context.newPage();
    },
    async closeAll() {
      for (const context of contexts.values()) await context.close();
      contexts.clear();
    },
  };
}

/**
 * Chooses a photo for a document field of `form` (the one document widget, e.g. 装货磅单): with
 * JavaScript on the widget uploads it at once and the form carries its `/files/<id>`; without, the file
 * goes with the multipart form.
 */
export async function attachDocument(form: Locator, name: string, title: string) {
  const widget = form.getByTestId(`document-upload-${name}`);
  await widget.locator('input[type="file"]').setInputFiles({ name: `${title}.png`, mimeType: "image/png", buffer: demoPng(title, 64, 40) });
  const scripted = await form.page().evaluate(() => "__remixContext" in window);
  if (scripted) await expect(widget.locator(`input[type="hidden"][name="${name}"]`)).toHaveValue(/^\/files\/\d+$/);
}

/** The driver's pages are built for a phone this wide (375 px). */
export const PHONE = { width: 375, height: 740 };

/**
 * What keeps one of the driver's pages from working on his phone: a horizontal scroll, or a visible
 * control of his layout under 44 px tall (each named). Empty: none. `within` is the part whose controls
 * count: his layout (`driver-shell`) on his own pages, the page's `main` on one he opens before he has
 * an account to log in with (账号激活).
 */
export async function phoneProblems(page: Page, within: Locator = page.getByTestId("driver-shell")): Promise<string[]> {
  const problems: string[] = [];
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  if (width > PHONE.width) problems.push(`horizontal scroll: ${width} px wide`);
  const small = await within.evaluate((shell) =>
    [...shell.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea")]
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44)
      .map(({ el, box }) => `tap target under 44 px: ${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim() || el.getAttribute("name")}" ${Math.round(box.height)} px`),
  );
  return [...problems, ...small];
}
