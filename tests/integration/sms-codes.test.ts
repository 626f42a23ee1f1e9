/**
 * One SMS-code service for every consumer. At each consumer (SMS login, WeChat
 * binding, H5 联系船东, mobile change) five wrong guesses void the code, so the right one is refused
 * after them; a code only verifies for its purpose; repeated failures lock the mobile everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RefusalCode } from "../../contract/envelope";
import { SMS_CODE_GUESSES, SMS_LOCK_AFTER_FAILURES } from "../../platform/identity/sms-codes";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform";

let platform: TestPlatform;
let base: string;
let token: string;
let shipNotice: number;

beforeAll(async () => {
  platform = await startTestPlatform("sms-codes");
  base = platform.baseUrl;
  token = (await loginAs(base, DEMO_ACCOUNTS.ORG_USER)).accessToken;
  const list = await call<Array<{ id: number }>>(base, "/public/find-ship", { method: "GET" });
  shipNotice = list.body.data![0]!.id;
});
afterAll(() => platform?.close());

const lastCode = async (mobile: string) => (await call<{ content: string }>(base, `/api/v1/dev/outbox?mobile=${mobile}`, { method: "GET" })).body.data!.content;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
/** Moves the mobile's codes back past the one-minute interval, so the test can ask for another. */
const pastInterval = (mobile: string) =>
  platform.db.kysely.updateTable("sms_codes").set({ created_at: new Date(Date.now() - 61_000).toISOString() }).where("mobile", "=", mobile).execute();

let nextMobile = 13600000100;
const freshMobile = () => String(nextMobile++);

async function wxState(openid: string) {
  return (await call<string>(base, `/api/v1/dev/wx-state?openid=${openid}`, { method: "GET" })).body.data!;
}

async function csrfToken() {
  return (await call<{ csrfToken: string }>(base, "/api/v1/auth/csrf", { body: { clientId: "sms-codes" } })).body.data!.csrfToken;
}

/** One consumer: how to get a code for `mobile` and how to use one. */
interface Consumer {
  name: string;
  mobile: () => Promise<string>;
  send: (mobile: string) => Promise<{ body: { code: number } }>;
  use: (mobile: string, code: string) => Promise<{ body: { code: number; message?: string } }>;
}

const consumers: Consumer[] = [
  {
    name: "WeChat binding (/wx-binding/bind)",
    mobile: async () => DEMO_ACCOUNTS.TENANT_USER,
    send: async (mobile) => call(base, "/wx-binding/sms", { body: { openid: `wx-${mobile}`, state: await wxState(`wx-${mobile}`), mobile } }),
    use: async (mobile, smsCode) => call(base, "/wx-binding/bind", { body: { openid: `wx-${mobile}`, state: await wxState(`wx-${mobile}`), mobile, smsCode } }),
  },
  {
    name: "H5 联系船东 (/public/find-ship/:id/contact)",
    mobile: async () => freshMobile(),
    send: (mobile) => call(base, "/public/find-ship/sms", { body: { mobile } }),
    use: (mobile, smsCode) => call(base, `/public/find-ship/${shipNotice}/contact`, { body: { mobile, smsCode, name: "王老板" } }),
  },
  {
    name: "mobile change (/personal/mobile)",
    mobile: async () => freshMobile(),
    send: (mobile) => call(base, "/personal/mobile/sms", { body: { mobile }, token }),
    use: (mobile, smsCode) => call(base, "/personal/mobile", { body: { mobile, smsCode }, token }),
  },
  {
    name: "SMS login",
    mobile: async () => DEMO_ACCOUNTS.INDIVIDUAL_USER,
    send: (mobile) => call(base, "/api/v1/auth/sms-auth-code", { body: { clientId: "sms-codes", mobile } }),
    use: async (mobile, smsCode) =>
      call(base, "/api/v1/auth/third-class-insurance/token", { body: { grantType: "sms", authKey: mobile, smsCode, clientId: "sms-codes", csrfToken: await csrfToken() } }),
  },
];

describe(`SMS codes (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it.each(consumers.slice(0, 3))("$name: after five wrong codes the right one is refused", async (consumer) => {
    const mobile = await consumer.mobile();
    expect((await consumer.send(mobile)).body.code).toBe(200);
    const code = await lastCode(mobile);
    for (let i = 0; i < SMS_CODE_GUESSES; i++) {
      const refused = await consumer.use(mobile, wrong(code));
      expect(refused.body, `guess ${i + 1}`).toMatchObject({ code: RefusalCode.invalid, message: "短信验证码错误或已过期" });
    }
    expect((await consumer.use(mobile, code)).body).toMatchObject({ code: RefusalCode.invalid, message: "短信验证码错误或已过期" });
    // A new code works again (the lock needs more failures than one code takes).
    await pastInterval(mobile);
    expect((await consumer.send(mobile)).body.code).toBe(200);
    expect((await consumer.use(mobile, await lastCode(mobile))).body.code).toBe(200);
  });

  it.each(consumers)("$name: the code goes out through the SMS gateway, logged with the code masked", async (consumer) => {
    const mobile = await consumer.mobile();
    await pastInterval(mobile);
    const sentAfter = new Date().toISOString();
    expect((await consumer.send(mobile)).body.code).toBe(200);
    const code = await lastCode(mobile);
    const logged = await platform.db.kysely
      .selectFrom("sms_send_logs")
      .select(["purpose", "status", "content", "request_excerpt", "template_code"])
      .where("mobile", "=", mobile)
      .where("created_at", ">=", sentAfter)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ purpose: "CODE", status: "SENT", template_code: "VERIFICATION_CODE" });
    expect(logged.content).toContain("分钟内有效");
    expect(`${logged.content}${logged.request_excerpt}`).not.toContain(code);
  });

  it("binds a code to its purpose: a login code neither binds WeChat nor verifies an H5 visitor, nor the reverse", async () => {
    const [bind, h5, , smsLogin] = consumers as [Consumer, Consumer, Consumer, Consumer];
    const mobile = DEMO_ACCOUNTS.SYSTEM_USER;
    await pastInterval(mobile);
    expect((await smsLogin.send(mobile)).body.code).toBe(200);
    const loginCode = await lastCode(mobile);
    expect((await bind.use(mobile, loginCode)).body).toMatchObject({ code: RefusalCode.invalid, message: "短信验证码错误或已过期" });
    expect((await h5.use(mobile, loginCode)).body).toMatchObject({ code: RefusalCode.invalid, message: "短信验证码错误或已过期" });
    // The login code itself is still good for its own purpose.
    expect((await smsLogin.use(mobile, loginCode)).body.code).toBe(200);

    await pastInterval(mobile);
    expect((await bind.send(mobile)).body.code).toBe(200);
    const bindCode = await lastCode(mobile);
    expect((await smsLogin.use(mobile, bindCode)).body.code).not.toBe(200);
    expect((await bind.use(mobile, bindCode)).body.code).toBe(200);
  });

  it("counts concurrent guesses: of eight wrong guesses at once only five are compared, and the right one after them is refused", async () => {
    const h5 = consumers[1]!;
    const mobile = freshMobile();
    await h5.send(mobile);
    const code = await lastCode(mobile);
    await Promise.all(Array.from({ length: 8 }, () => h5.use(mobile, wrong(code))));
    const row = await platform.db.kysely.selectFrom("sms_codes").select("attempts").where("mobile", "=", mobile).executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(SMS_CODE_GUESSES);
    expect((await h5.use(mobile, code)).body.code).toBe(RefusalCode.invalid);
  });

  it(`locks the mobile for every purpose after ${SMS_LOCK_AFTER_FAILURES} wrong guesses in a row`, async () => {
    const [bind, , , smsLogin] = consumers as [Consumer, Consumer, Consumer, Consumer];
    const mobile = DEMO_ACCOUNTS.INDIVIDUAL_USER;
    await bind.send(mobile);
    const code = await lastCode(mobile);
    for (let i = 0; i < SMS_LOCK_AFTER_FAILURES; i++) await bind.use(mobile, wrong(code));
    await pastInterval(mobile);
    expect((await smsLogin.send(mobile)).body.code).toBe(200);
    const refused = await smsLogin.use(mobile, await lastCode(mobile));
    expect(refused.body.code).toBe(RefusalCode.locked);
    expect(refused.body.message).toMatch(/^短信验证码错误次数过多，请 \d+ 分钟后再试$/);
  });
});
