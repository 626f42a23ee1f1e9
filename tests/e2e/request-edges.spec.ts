/**
 * Request edges through the real console, over HTTP: no redirect leaves the site through dot segments
 * on /login, /auth-redirect and /settings.
 */
import { expect, test } from "@playwright/test";
import { ACCOUNTS, PASSWORD } from "./support";

/** Each resolves to the path "//evil.example/x", which a browser reads as another host. */
const DOTTED = ["/.//evil.example/x", "/%2e//evil.example/x", "/a/..//evil.example/x", "/.%2e//evil.example/x"];

const leavesSite = (location: string | undefined) => !location || /^(\/\/|\/\\|[a-z]+:)/i.test(location) || new URL(location, "http://console.test").host !== "console.test";

test("no redirect through dot segments: /login, /auth-redirect and /settings stay on the console", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  for (const target of DOTTED) {
    const landing = await request.get(`/auth-redirect?redirect=${encodeURIComponent(target)}`, { maxRedirects: 0 });
    expect(landing.status(), target).toBe(302);
    expect(leavesSite(landing.headers().location), `/auth-redirect ${target} → ${landing.headers().location}`).toBe(false);

    const settings = await request.post("/settings", { form: { intent: "reset", redirect: target }, headers: { Origin: origin }, maxRedirects: 0 });
    expect(settings.status(), target).toBe(302);
    expect(settings.headers().location, `/settings ${target}`).toBe("/dashboard");

    const login = await request.post("/login", {
      form: { grantType: "password", mobile: ACCOUNTS.SYSTEM_USER, password: PASSWORD, redirect: target },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(login.status(), target).toBe(302);
    // The landing route, which sends each kind of account to its own home.
    expect(login.headers().location, `/login ${target}`).toBe("/");
  }
});
