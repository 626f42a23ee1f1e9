/**
 * Login abuse: the login lock cannot be raced, the captcha is not text a script can read
 * and is rate limited, and password login, SMS send and SMS login answer the same for registered and
 * unregistered mobiles; SMS sending is limited per mobile and per address. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RefusalCode } from "../../contract/envelope";
import type { CaptchaChallenge } from "../../contract/identity";
import { LOCK_AFTER_FAILURES, RATE_LIMITS } from "../../platform/identity/service";
import { addAccount, AUTH_PATHS, call, csrfFor, DEMO_PASSWORD, encryptPassword, startTestPlatform, type TestPlatform } from "../helpers/platform";

const { token: TOKEN, sms: SMS, captcha: CAPTCHA } = AUTH_PATHS;
const CLIENT = "hardening";

let platform: TestPlatform;
let base: string;
beforeAll(async () => {
  platform = await startTestPlatform("login-abuse");
  base = platform.baseUrl;
});
afterAll(() => platform?.close());

const csrf = () => csrfFor(base, CLIENT);

async function passwordBody(mobile: string, password: string, extra: Record<string, unknown> = {}) {
  const { csrfToken, publicKey } = await csrf();
  return { grantType: "password", authKey: mobile, authSecret: encryptPassword(publicKey, password), clientId: CLIENT, csrfToken, ...extra };
}

const login = (body: unknown, headers?: Record<string, string>) => call<CaptchaChallenge>(base, TOKEN, { body, headers });

let nextMobile = 13700000100;
async function addUser(): Promise<string> {
  const mobile = String(nextMobile++);
  return addAccount(platform, mobile, `加固${mobile.slice(-3)}`);
}
/** The mobile's open captcha's answer: the table keeps only its hash, the development outbox its text. */
async function captchaOf(mobile: string): Promise<string | undefined> {
  const db = platform.db.kysely;
  if (!(await db.selectFrom("captchas").select("mobile").where("mobile", "=", mobile).executeTakeFirst())) return undefined;
  const sent = await db.selectFrom("dev_outbox").select("content").where("mobile", "=", mobile).where("kind", "=", "captcha").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
  return sent.content;
}
const unregistered = () => String(nextMobile++ + 50_000);

/** A refusal as the caller sees it, with the captcha (which differs every time) left out. */
function shape(res: { status: number; body: { code: number; message?: string; data?: unknown } }) {
  const data = res.body.data as { captchaRequired?: boolean } | null | undefined;
  return { status: res.status, code: res.body.code, message: res.body.message, captcha: !!data?.captchaRequired };
}

describe(`login lock, captcha and enumeration (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("checks at most five passwords out of 41 concurrent wrong attempts, and refuses the right one inside the burst", async () => {
    const mobile = await addUser();
    const bodies = await Promise.all(Array.from({ length: 41 }, () => passwordBody(mobile, "Wrong@2026")));
    const right = await passwordBody(mobile, DEMO_PASSWORD);
    const burst = Promise.all(bodies.map((body) => login(body)));
    // The right password, sent once the burst has used the account's attempts (and before it has all come back).
    let rightAnswer: Awaited<ReturnType<typeof login>> | null = null;
    for (let i = 0; i < 400 && !rightAnswer; i++) {
      const row = await platform.db.kysely.selectFrom("users").select(["failed_attempts", "locked_until"]).where("mobile", "=", mobile).executeTakeFirstOrThrow();
      if (row.failed_attempts >= 3 || row.locked_until) rightAnswer = await login(right);
      else await new Promise((r) => setTimeout(r, 5));
    }
    const answers = await burst;
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const checked = answers.filter((a) => /手机号或密码错误/.test(a.body.message ?? "")).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOCK_AFTER_FAILURES);
    expect(rightAnswer, "the right password was sent inside the burst").not.toBeNull();
    expect(rightAnswer!.body.code).not.toBe(200);
  });

  it("refuses the right password once five failures (with their captchas) have locked the account", async () => {
    const mobile = await addUser();
    for (let i = 0; i < 3; i++) await login(await passwordBody(mobile, "Wrong@2026"));
    // Two more failures (each needs the current captcha), then the lock holds even for the right password.
    for (let i = 0; i < 2; i++) {
      await login(await passwordBody(mobile, "Wrong@2026", { captchaValue: await captchaOf(mobile) }));
    }
    const locked = await login(await passwordBody(mobile, DEMO_PASSWORD));
    expect(locked.body.code).toBe(RefusalCode.locked);
    expect(locked.body.message).toContain("账号已锁定");
  });

  it("draws the captcha as paths with noise: no text, no font, a different drawing each time", async () => {
    const mobile = await addUser();
    const first = await call<CaptchaChallenge>(base, CAPTCHA, { body: { mobile } });
    const second = await call<CaptchaChallenge>(base, CAPTCHA, { body: { mobile } });
    const svg = first.body.data!.captchaSvg;
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(svg).not.toMatch(/<text|font|<tspan|<use/i);
    expect((svg.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(8);
    expect(second.body.data!.captchaSvg).not.toBe(svg);
  });

  it("answers the captcha call the same for registered and unregistered mobiles, and limits it", async () => {
    const registered = await call<CaptchaChallenge>(base, CAPTCHA, { body: { mobile: await addUser() } });
    const stranger = await call<CaptchaChallenge>(base, CAPTCHA, { body: { mobile: unregistered() } });
    expect(Object.keys(stranger.body.data!).sort()).toEqual(Object.keys(registered.body.data!).sort());
    expect({ ...stranger.body, data: null }).toEqual({ ...registered.body, data: null });

    const mobile = await addUser();
    const answers = [];
    for (let i = 0; i <= RATE_LIMITS.captchaPerMobile.limit; i++) answers.push(await call(base, CAPTCHA, { body: { mobile } }));
    expect(answers.slice(0, -1).every((a) => a.body.code === 200)).toBe(true);
    expect(answers.at(-1)!.body.code).toBe(RefusalCode.invalid);
    expect(answers.at(-1)!.body.message).toMatch(/操作过于频繁/);

    const address = { "X-Forwarded-For": "203.0.113.9" };
    const byAddress = [];
    for (let i = 0; i <= RATE_LIMITS.captchaPerAddress.limit; i++) byAddress.push(await call(base, CAPTCHA, { body: { mobile: unregistered() }, headers: address }));
    expect(byAddress.at(-2)!.body.code).toBe(200);
    expect(byAddress.at(-1)!.body.message).toMatch(/操作过于频繁/);
  });

  it("answers a password login the same for registered and unregistered mobiles, attempt by attempt up to the lock", async () => {
    const known = await addUser();
    const stranger = unregistered();
    for (let attempt = 1; attempt <= LOCK_AFTER_FAILURES + 1; attempt++) {
      const a = await login(await passwordBody(known, "Wrong@2026", { captchaValue: await captchaOf(known) }));
      const b = await login(await passwordBody(stranger, "Wrong@2026", { captchaValue: await captchaOf(stranger) }));
      expect(shape(b), `attempt ${attempt}`).toEqual(shape(a));
    }
  });

  it("answers SMS send and SMS login the same for registered and unregistered mobiles", async () => {
    const known = await addUser();
    const stranger = unregistered();
    const send = (mobile: string) => call(base, SMS, { body: { clientId: CLIENT, mobile } });
    const [a, b] = [await send(known), await send(stranger)];
    expect(b.body).toEqual(a.body);
    expect(b.body.code).toBe(200);
    // The second send within the minute meets the same interval.
    expect(shape(await send(stranger))).toEqual(shape(await send(known)));

    const smsLogin = async (mobile: string) => {
      const { csrfToken } = await csrf();
      return login({ grantType: "sms", authKey: mobile, smsCode: "000000", clientId: CLIENT, csrfToken });
    };
    for (let attempt = 1; attempt <= 2; attempt++) expect(shape(await smsLogin(stranger)), `attempt ${attempt}`).toEqual(shape(await smsLogin(known)));
  });

  it("limits SMS sending per mobile and per address", async () => {
    const mobile = await addUser();
    const send = (to: string, headers?: Record<string, string>) => call(base, SMS, { body: { clientId: CLIENT, mobile: to }, headers });
    for (let i = 0; i < RATE_LIMITS.smsPerMobile.limit; i++) {
      expect((await send(mobile)).body.code, `send ${i + 1}`).toBe(200);
      // Past the one-minute interval: the hourly limit is what stops the next one.
      await platform.db.kysely.updateTable("sms_codes").set({ created_at: new Date(Date.now() - 61_000).toISOString() }).where("mobile", "=", mobile).execute();
    }
    const over = await send(mobile);
    expect(over.body.code).toBe(RefusalCode.invalid);
    expect(over.body.message).toMatch(/操作过于频繁/);

    const address = { "X-Forwarded-For": "198.51.100.7" };
    for (let i = 0; i < RATE_LIMITS.smsPerAddress.limit; i++) expect((await send(unregistered(), address)).body.code).toBe(200);
    const overAddress = await send(unregistered(), address);
    expect(overAddress.body.message).toMatch(/操作过于频繁/);
    // Another address is not held up.
    expect((await send(unregistered(), { "X-Forwarded-For": "198.51.100.8" })).body.code).toBe(200);
  });
});
