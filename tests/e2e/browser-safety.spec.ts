/**
 * What a browser sees of the console's safety: security headers with a CSP the pages work under, no open
 * redirect, a GET never marks a message read, the pager's scroll animation, and a browser without
 * EventSource. One login for the file.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { login, notify, platformCall, platformToken, waitForHydration, withoutLiveStream } from "./support";

let context: BrowserContext | undefined;
let storageFile: string | undefined;

/** The platform user's saved login, made once for the file. */
async function systemLogin(browser: Browser): Promise<string> {
  if (!storageFile) {
    const first = await browser.newContext();
    await login(await first.newPage(), "SYSTEM_USER");
    storageFile = test.info().outputPath("system-user.json");
    await first.storageState({ path: storageFile });
    await first.close();
  }
  return storageFile;
}

async function systemPage(browser: Browser): Promise<Page> {
  context ??= await browser.newContext({ storageState: await systemLogin(browser) });
  return context.newPage();
}

test.afterAll(async () => {
  await context?.close();
});

test("documents carry the security headers, and pages hydrate under the CSP without violations", async ({ browser }) => {
  const page = await systemPage(browser);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/dispatchManage/waybillList");
  const headers = response!.headers();
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  await waitForHydration(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  expect(violations).toEqual([]);
  await page.close();
});

test("redirect targets that would leave the site go to the dashboard instead", async ({ browser }) => {
  const page = await systemPage(browser);
  for (const path of ["/redirect/%09/evil.example", "/auth-redirect?redirect=/%09/evil.example", "/auth-redirect?redirect=%2F%5Cevil.example", "/auth-redirect?redirect=/%0d%0aX:1"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe("/dashboard");
  }
  await page.close();
});

test("opening /sysNotification?open=<id> by GET shows the message without marking it read", async ({ browser }) => {
  const created = await notify("SYSTEM_USER", { content: `E2E 只读打开 ${Date.now()}`, targetType: "MY" });
  const page = await systemPage(browser);
  await page.goto(`/sysNotification?open=${created.id}`);
  await expect(page.getByRole("dialog", { name: "消息内容" })).toContainText(created.content);
  const token = await platformToken("SYSTEM_USER");
  const found = await platformCall<{ status: string }>("/sys-notification/detail", { id: Number(created.id), markRead: "NO" }, token);
  expect(found.status).toBe("PENDING");
  await page.close();
});

test("paging scrolls back to the top in an animation (spec 9)", async ({ browser }) => {
  const page = await systemPage(browser);
  await page.setViewportSize({ width: 1440, height: 500 });
  await page.goto("/dispatchManage/waybillList?size=20");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const start = await page.evaluate(() => window.scrollY);
  expect(start).toBeGreaterThan(100);
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { seenScroll: number[] }).seenScroll = seen;
    window.addEventListener("scroll", () => seen.push(window.scrollY));
  });
  await page.getByRole("link", { name: "下一页" }).click();
  await expect(page).toHaveURL(/current=2/);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 30_000 }).toBe(0);
  const seen = await page.evaluate(() => (window as unknown as { seenScroll: number[] }).seenScroll);
  expect(seen.some((y) => y > 0 && y < start), `intermediate positions ${seen.join(",")}`).toBe(true);
  await page.close();
});

test("a browser without EventSource keeps the page working (spec 8)", async ({ browser }) => {
  const noStream = await browser.newContext({ storageState: await systemLogin(browser) });
  await withoutLiveStream(noStream);
  const page = await noStream.newPage();
  const warnings: string[] = [];
  page.on("console", (message) => warnings.push(message.text()));
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.getByText("页面出错了")).toHaveCount(0);
  expect(warnings.some((w) => w.includes("EventSource"))).toBe(true);
  await noStream.close();
});
