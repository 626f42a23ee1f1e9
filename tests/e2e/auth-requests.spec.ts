/**
 * Session cookie and form checks through the real console: non-form bodies and cross-origin posts to
 * /login, /logout and /settings are refused with a Chinese 4xx (never a 500), and the session cookie
 * of a real login carries nothing readable by decoding it. One login for the file.
 */
import { expect, test } from "@playwright/test";
import { login } from "./support";

test("non-form bodies and cross-origin posts get a Chinese 4xx, never a 500", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  for (const path of ["/login", "/logout", "/settings"]) {
    const json = await request.post(path, { data: { mobile: "13800000001" }, headers: { Origin: origin }, maxRedirects: 0 });
    expect(json.status(), `${path} JSON`).toBe(415);
    expect(await json.text(), `${path} JSON`).toContain("请以表单方式提交");

    const multipart = await request.post(path, { multipart: { mobile: "13800000001" }, headers: { Origin: origin }, maxRedirects: 0 });
    expect(multipart.status(), `${path} multipart`).toBe(415);

    const crossOrigin = await request.post(path, { form: { intent: "reset" }, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(crossOrigin.status(), `${path} cross-origin`).toBe(403);
    expect(await crossOrigin.text()).toContain("拒绝跨站提交");
  }
  // The same form from the site itself still works.
  const own = await request.post("/settings", { form: { intent: "reset" }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(own.status()).toBe(302);
});

test("a real login's session cookie carries no token readable by decoding it", async ({ page, context }) => {
  await login(page, "ORG_USER");
  const cookie = (await context.cookies()).find((c) => c.name === "tms_session");
  expect(cookie).toBeTruthy();
  const value = decodeURIComponent(cookie!.value);
  const decoded = [value, ...value.split(".")].flatMap((part) => {
    const outer = Buffer.from(part, "base64").toString("latin1");
    return [outer, Buffer.from(outer.replace(/^"|"$/g, ""), "base64url").toString("latin1")];
  });
  for (const text of decoded) expect(text).not.toMatch(/accessToken|refreshToken|sessionKey/);
  // And the session works.
  await page.goto("/dispatchManage/waybillList");
  await expect(page).toHaveURL(/waybillList/);
});
