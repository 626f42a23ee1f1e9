import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaptchaChallenge, TokenResponse, UserInfo } from "../../contract/identity";
import { RefusalCode } from "../../contract/envelope";
import { PERMISSION_CODES } from "../../contract/permissions";
import { USER_TYPES, type UserType } from "../../contract/platforms";
import { sha256 } from "../../platform/identity/crypto";
import { addAccount, AUTH_PATHS, call, csrfFor, DEMO_ACCOUNTS, DEMO_PASSWORD, encryptPassword, loginAs, startTestPlatform, type CallResult, type TestPlatform } from "../helpers/platform";

const { csrf: CSRF, token: TOKEN, userInfo: USER_INFO, revoke: REVOKE, sms: SMS, refresh: REFRESH } = AUTH_PATHS;
const OUTBOX = "/api/v1/dev/outbox";
const CLIENT = "test-console";

let platform: TestPlatform;
let base: string;

beforeAll(async () => {
  platform = await startTestPlatform("identity");
  base = platform.baseUrl;
});

afterAll(async () => {
  await platform?.close();
});

const csrf = (clientId = CLIENT) => csrfFor(base, clientId);

/** A password login through csrf → encrypt → token; returns the raw call result. */
async function passwordLogin(mobile: string, password: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const { csrfToken, publicKey } = await csrf();
  return call<TokenResponse | CaptchaChallenge>(base, TOKEN, {
    body: { grantType: "password", authKey: mobile, authSecret: encryptPassword(publicKey, password), clientId: CLIENT, csrfToken, ...extra },
    headers,
  });
}

async function smsLogin(mobile: string, smsCode: string) {
  const { csrfToken } = await csrf();
  return call<TokenResponse | CaptchaChallenge>(base, TOKEN, { body: { grantType: "sms", authKey: mobile, smsCode, clientId: CLIENT, csrfToken } });
}

async function outbox(mobile: string, kind: "sms" | "captcha"): Promise<string> {
  const res = await call<{ content: string } | null>(base, `${OUTBOX}?mobile=${mobile}&kind=${kind}`, { method: "GET" });
  expect(res.status).toBe(200);
  expect(res.body.data, `outbox ${kind} for ${mobile}`).toBeTruthy();
  return res.body.data!.content;
}

let nextMobile = 13900000100;
/** A fresh ORG_USER account, so tests that fail, lock or rate-limit never disturb one another. */
async function addUser(password = DEMO_PASSWORD): Promise<string> {
  const mobile = String(nextMobile++);
  return addAccount(platform, mobile, `测试用户${mobile.slice(-3)}`, password);
}

/** Every bad-input answer is a 400 failure envelope with a Chinese message, never a 500. */
function expectBadRequest(res: CallResult, fragment?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe(400);
  expect(res.body.errorMsg).toMatch(/[\u4e00-\u9fa5]/);
  if (fragment) expect(res.body.errorMsg).toContain(fragment);
}

function expectRefusal(res: CallResult, code: number, fragment: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(code);
  expect(res.body.message).toContain(fragment);
}

describe(`identity service (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  describe("csrf", () => {
    it("returns a csrf token and the RSA public key", async () => {
      const res = await call<{ csrfToken: string; publicKey: string }>(base, CSRF, { body: { clientId: CLIENT } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 200, message: "success" });
      expect(res.body.data!.csrfToken.length).toBeGreaterThanOrEqual(24);
      expect(res.body.data!.publicKey).toContain("-----BEGIN PUBLIC KEY-----");
      const again = await csrf();
      expect(again.csrfToken).not.toBe(res.body.data!.csrfToken);
      expect(again.publicKey).toBe(res.body.data!.publicKey);
    });

    it("stores the csrf token hashed, expiring in 5 minutes", async () => {
      const before = Date.now();
      const { csrfToken } = await csrf();
      const row = await platform.db.kysely.selectFrom("csrf_tokens").selectAll().where("token_hash", "=", sha256(csrfToken)).executeTakeFirstOrThrow();
      const ttl = Date.parse(row.expires_at) - before;
      expect(ttl).toBeGreaterThan(4.9 * 60_000);
      expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 5_000);
      expect(await platform.db.kysely.selectFrom("csrf_tokens").select("token_hash").where("token_hash", "=", csrfToken).executeTakeFirst()).toBeUndefined();
    });

    it("refuses a missing, empty or mistyped clientId with 400", async () => {
      expectBadRequest(await call(base, CSRF, { body: {} }), "clientId");
      expectBadRequest(await call(base, CSRF, { body: { clientId: "" } }), "clientId");
      expectBadRequest(await call(base, CSRF, { body: { clientId: 42 } }), "clientId");
      expectBadRequest(await call(base, CSRF, { body: { clientId: "x".repeat(65) } }), "clientId");
      expectBadRequest(await call(base, CSRF, {}));
    });
  });

  describe("password login", () => {
    it("returns accessToken, refreshToken, pwExpiration and expireIn (2 h)", async () => {
      const res = await passwordLogin(DEMO_ACCOUNTS.TENANT_USER, DEMO_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      const data = res.body.data as TokenResponse;
      expect(data.accessToken).toMatch(/^[\w-]{40,}$/);
      expect(data.refreshToken).toMatch(/^[\w-]{40,}$/);
      expect(data.refreshToken).not.toBe(data.accessToken);
      expect(data.expireIn).toBe(7200);
      expect(Date.parse(data.pwExpiration!)).toBeGreaterThan(Date.now());
    });

    it("stores tokens only as hashes, access for 2 hours and refresh for 7 days", async () => {
      const before = Date.now();
      const { accessToken, refreshToken } = await loginAs(base, DEMO_ACCOUNTS.ORG_USER);
      const row = await platform.db.kysely.selectFrom("auth_tokens").selectAll().where("access_hash", "=", sha256(accessToken)).executeTakeFirstOrThrow();
      expect(row.refresh_hash).toBe(sha256(refreshToken));
      const plain = await platform.db.kysely
        .selectFrom("auth_tokens")
        .select("id")
        .where((eb) => eb.or([eb("access_hash", "=", accessToken), eb("refresh_hash", "=", refreshToken)]))
        .execute();
      expect(plain).toHaveLength(0);
      expect(Date.parse(row.access_expires_at) - before).toBeGreaterThan(2 * 3600_000 - 10_000);
      expect(Date.parse(row.access_expires_at) - before).toBeLessThanOrEqual(2 * 3600_000 + 5_000);
      expect(Date.parse(row.refresh_expires_at) - before).toBeGreaterThan(7 * 86400_000 - 10_000);
      expect(Date.parse(row.refresh_expires_at) - before).toBeLessThanOrEqual(7 * 86400_000 + 5_000);
    });

    it("refuses a wrong password with a clear Chinese message and the attempts left", async () => {
      const mobile = await addUser();
      expectRefusal(await passwordLogin(mobile, "Wrong@2026"), RefusalCode.invalid, "手机号或密码错误，还可尝试 4 次");
      expectRefusal(await passwordLogin(mobile, "Wrong@2026"), RefusalCode.invalid, "还可尝试 3 次");
      // A success clears the count.
      expect((await passwordLogin(mobile, DEMO_PASSWORD)).body.code).toBe(200);
      expectRefusal(await passwordLogin(mobile, "Wrong@2026"), RefusalCode.invalid, "还可尝试 4 次");
    });

    it("refuses an unknown mobile without a 500", async () => {
      expectRefusal(await passwordLogin("13912345678", DEMO_PASSWORD), RefusalCode.invalid, "手机号或密码错误");
    });

    it("refuses an authSecret that is not RSA-OAEP ciphertext under the platform key", async () => {
      const { csrfToken } = await csrf();
      const res = await call(base, TOKEN, {
        body: { grantType: "password", authKey: DEMO_ACCOUNTS.ORG_USER, authSecret: Buffer.from(DEMO_PASSWORD).toString("base64"), clientId: CLIENT, csrfToken },
      });
      expectRefusal(res, RefusalCode.invalid, "密码密文无法解析");
    });

    it("refuses a reused csrf token", async () => {
      const { csrfToken, publicKey } = await csrf();
      const body = { grantType: "password", authKey: DEMO_ACCOUNTS.ORG_USER, authSecret: encryptPassword(publicKey, DEMO_PASSWORD), clientId: CLIENT, csrfToken };
      expect((await call(base, TOKEN, { body })).body.code).toBe(200);
      expectRefusal(await call(base, TOKEN, { body }), RefusalCode.invalid, "csrfToken 无效");
    });

    it("refuses an expired csrf token", async () => {
      const { csrfToken, publicKey } = await csrf();
      await platform.db.kysely
        .updateTable("csrf_tokens")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("token_hash", "=", sha256(csrfToken))
        .execute();
      const res = await call(base, TOKEN, {
        body: { grantType: "password", authKey: DEMO_ACCOUNTS.ORG_USER, authSecret: encryptPassword(publicKey, DEMO_PASSWORD), clientId: CLIENT, csrfToken },
      });
      expectRefusal(res, RefusalCode.invalid, "csrfToken 无效");
    });

    it("refuses an unknown csrf token and one issued to another client", async () => {
      const { csrfToken, publicKey } = await csrf("another-client");
      const body = { grantType: "password", authKey: DEMO_ACCOUNTS.ORG_USER, authSecret: encryptPassword(publicKey, DEMO_PASSWORD), clientId: CLIENT };
      expectRefusal(await call(base, TOKEN, { body: { ...body, csrfToken } }), RefusalCode.invalid, "csrfToken 无效");
      expectRefusal(await call(base, TOKEN, { body: { ...body, csrfToken: "made-up-token" } }), RefusalCode.invalid, "csrfToken 无效");
    });

    it("refuses bad input with 400 and a Chinese message, never a 500", async () => {
      const { csrfToken, publicKey } = await csrf();
      const good = { grantType: "password", authKey: DEMO_ACCOUNTS.ORG_USER, authSecret: encryptPassword(publicKey, DEMO_PASSWORD), clientId: CLIENT, csrfToken };
      for (const field of ["authKey", "authSecret", "clientId", "csrfToken"] as const) {
        const { [field]: _omitted, ...rest } = good;
        expectBadRequest(await call(base, TOKEN, { body: rest }), field);
      }
      expectBadRequest(await call(base, TOKEN, { body: { ...good, grantType: undefined } }), "grantType");
      expectBadRequest(await call(base, TOKEN, { body: { ...good, grantType: "client_credentials" } }), "grantType");
      expectBadRequest(await call(base, TOKEN, { body: { ...good, authKey: 13800000003 } }), "手机号");
      expectBadRequest(await call(base, TOKEN, { body: { ...good, authKey: "1380000000" } }), "手机号");
      expectBadRequest(await call(base, TOKEN, { body: { ...good, authSecret: { value: "x" } } }), "authSecret");
      expectBadRequest(await call(base, TOKEN, { body: { ...good, captchaValue: 1234 } }), "captchaValue");
      expectBadRequest(await call(base, TOKEN, { body: { ...good, grantType: "sms", smsCode: "12ab56" } }), "短信验证码");
      expectBadRequest(await call(base, TOKEN, { body: { ...good, grantType: "sms" } }), "smsCode");
      expectBadRequest(await call(base, TOKEN, { body: [good] }));
      expectBadRequest(await call(base, TOKEN, { body: "password" }));
      expectBadRequest(await call(base, TOKEN, { rawBody: "{not json" }), "JSON");
      expectBadRequest(await call(base, TOKEN, { rawBody: "" }));
      expectBadRequest(await call(base, TOKEN, {}));
      // None of the above consumed the csrf token: bad input changes nothing.
      expect((await call(base, TOKEN, { body: good })).body.code).toBe(200);
    });

    it("answers an invalid X-Platform with 400 before consuming the csrf token", async () => {
      const { csrfToken, publicKey } = await csrf();
      const body = { grantType: "password", authKey: DEMO_ACCOUNTS.ORG_USER, authSecret: encryptPassword(publicKey, DEMO_PASSWORD), clientId: CLIENT, csrfToken };
      expectBadRequest(await call(base, TOKEN, { body, headers: { "X-Platform": "Z" } }), "X-Platform");
      expect((await call(base, TOKEN, { body })).body.code).toBe(200);
    });

    it("keeps an account on its own platform; platform staff may sign in on any", async () => {
      expectRefusal(await passwordLogin(DEMO_ACCOUNTS.TENANT_USER, DEMO_PASSWORD, {}, { "X-Platform": "B" }), RefusalCode.invalid, "不属于当前平台");
      expect((await passwordLogin(DEMO_ACCOUNTS.SYSTEM_USER, DEMO_PASSWORD, {}, { "X-Platform": "B" })).body.code).toBe(200);
    });
  });

  describe("captcha and lock", () => {
    it("requires a captcha from the third failure on, and accepts the answer from the outbox", async () => {
      const mobile = await addUser();
      await passwordLogin(mobile, "Wrong@2026");
      await passwordLogin(mobile, "Wrong@2026");
      const third = await passwordLogin(mobile, "Wrong@2026");
      expectRefusal(third, RefusalCode.captchaRequired, "还可尝试 2 次");
      expect((third.body.data as CaptchaChallenge).captchaSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);

      // Even the right password is refused without the captcha, and a new one is issued.
      const withoutCaptcha = await passwordLogin(mobile, DEMO_PASSWORD);
      expectRefusal(withoutCaptcha, RefusalCode.captchaRequired, "请输入图形验证码");
      expect((withoutCaptcha.body.data as CaptchaChallenge).captchaRequired).toBe(true);

      expectRefusal(await passwordLogin(mobile, DEMO_PASSWORD, { captchaValue: "0000" }), RefusalCode.captchaRequired, "图形验证码错误");

      const answer = await outbox(mobile, "captcha");
      expect(answer).toMatch(/^[A-Z2-9]{4}$/);
      const ok = await passwordLogin(mobile, DEMO_PASSWORD, { captchaValue: answer.toLowerCase() });
      expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
      // The success reset the count: no captcha next time.
      expect((await passwordLogin(mobile, DEMO_PASSWORD)).body.code).toBe(200);
    });

    it("a captcha answer works once", async () => {
      const mobile = await addUser();
      for (let i = 0; i < 3; i++) await passwordLogin(mobile, "Wrong@2026");
      const answer = await outbox(mobile, "captcha");
      expectRefusal(await passwordLogin(mobile, "Wrong@2026", { captchaValue: answer }), RefusalCode.captchaRequired, "还可尝试 1 次");
      expectRefusal(await passwordLogin(mobile, DEMO_PASSWORD, { captchaValue: answer }), RefusalCode.captchaRequired, "图形验证码错误");
    });

    it("locks the account for 10 minutes after 5 failures, even for the right password", async () => {
      const mobile = await addUser();
      for (let i = 1; i <= 4; i++) {
        const captchaValue = i > 3 ? await outbox(mobile, "captcha") : undefined;
        const res = await passwordLogin(mobile, "Wrong@2026", { captchaValue });
        expect(res.body.code).toBe(i < 3 ? RefusalCode.invalid : RefusalCode.captchaRequired);
      }
      const fifth = await passwordLogin(mobile, "Wrong@2026", { captchaValue: await outbox(mobile, "captcha") });
      expectRefusal(fifth, RefusalCode.locked, "账号锁定 10 分钟");

      const user = await platform.db.kysely.selectFrom("users").select("locked_until").where("mobile", "=", mobile).executeTakeFirstOrThrow();
      const lockMs = Date.parse(user.locked_until!) - Date.now();
      expect(lockMs).toBeGreaterThan(9 * 60_000);
      expect(lockMs).toBeLessThanOrEqual(10 * 60_000);

      expectRefusal(await passwordLogin(mobile, DEMO_PASSWORD), RefusalCode.locked, "账号已锁定，请 10 分钟后再试");
      await call(base, SMS, { body: { clientId: CLIENT, mobile } });
      expectRefusal(await smsLogin(mobile, await outbox(mobile, "sms")), RefusalCode.locked, "账号已锁定");

      // Once the lock has run out the right password works again.
      await platform.db.kysely.updateTable("users").set({ locked_until: new Date(Date.now() - 1000).toISOString() }).where("mobile", "=", mobile).execute();
      expect((await passwordLogin(mobile, DEMO_PASSWORD)).body.code).toBe(200);
    });

    it("counts concurrent failures without losing any", async () => {
      const mobile = await addUser();
      const results = await Promise.all(Array.from({ length: 5 }, () => passwordLogin(mobile, "Wrong@2026")));
      expect(results.every((r) => r.status === 200)).toBe(true);
      const user = await platform.db.kysely.selectFrom("users").select(["failed_attempts", "locked_until"]).where("mobile", "=", mobile).executeTakeFirstOrThrow();
      // Five wrong passwords, whichever reached the server first: either all counted (locked) or the late ones met a captcha.
      expect(user.failed_attempts >= 3 || user.locked_until !== null).toBe(true);
    });
  });

  describe("sms", () => {
    it("sends a code to the dev outbox and logs in with it once", async () => {
      const mobile = await addUser();
      const sent = await call<{ expireIn: number }>(base, SMS, { body: { clientId: CLIENT, mobile } });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ code: 200, data: { expireIn: 300 } });
      const code = await outbox(mobile, "sms");
      expect(code).toMatch(/^\d{6}$/);
      const stored = await platform.db.kysely.selectFrom("sms_codes").select("code_hash").where("mobile", "=", mobile).execute();
      expect(stored.map((s) => s.code_hash)).not.toContain(code);

      const res = await smsLogin(mobile, code);
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      const tokens = res.body.data as TokenResponse;
      const info = await call<UserInfo>(base, USER_INFO, { token: tokens.accessToken });
      expect(info.body.data!.mobile).toBe(mobile);

      expectRefusal(await smsLogin(mobile, code), RefusalCode.invalid, "短信验证码错误或已过期");
    });

    it("refuses a wrong, another mobile's, or expired code with a clear message", async () => {
      const mobile = await addUser();
      const other = await addUser();
      await call(base, SMS, { body: { clientId: CLIENT, mobile } });
      await call(base, SMS, { body: { clientId: CLIENT, mobile: other } });
      const code = await outbox(mobile, "sms");
      const wrong = code === "000000" ? "000001" : "000000";
      expectRefusal(await smsLogin(mobile, wrong), RefusalCode.invalid, "短信验证码错误或已过期，还可尝试 4 次");
      const otherCode = await outbox(other, "sms");
      if (otherCode !== code) expectRefusal(await smsLogin(mobile, otherCode), RefusalCode.invalid, "短信验证码错误或已过期，还可尝试 3 次");

      await platform.db.kysely.updateTable("sms_codes").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("mobile", "=", other).execute();
      expectRefusal(await smsLogin(other, otherCode), RefusalCode.invalid, "短信验证码错误或已过期");
    });

    it("allows one code per 60 seconds per mobile", async () => {
      const mobile = await addUser();
      const other = await addUser();
      expect((await call(base, SMS, { body: { clientId: CLIENT, mobile } })).body.code).toBe(200);
      const first = await outbox(mobile, "sms");
      const again = await call(base, SMS, { body: { clientId: CLIENT, mobile } });
      expectRefusal(again, RefusalCode.invalid, "验证码发送过于频繁");
      expect(again.body.message).toMatch(/请 (59|60) 秒后再试/);
      expect(await outbox(mobile, "sms")).toBe(first);
      // Another mobile is not held up.
      expect((await call(base, SMS, { body: { clientId: CLIENT, mobile: other } })).body.code).toBe(200);
      // After 60 seconds a new code can be sent.
      await platform.db.kysely.updateTable("sms_codes").set({ created_at: new Date(Date.now() - 61_000).toISOString() }).where("mobile", "=", mobile).execute();
      expect((await call(base, SMS, { body: { clientId: CLIENT, mobile } })).body.code).toBe(200);
    });

    it("answers an unknown mobile as a known one (nothing is sent) and refuses bad input", async () => {
      const unknown = await call(base, SMS, { body: { clientId: CLIENT, mobile: "13912345670" } });
      expect(unknown.body).toEqual({ code: 200, message: "success", data: { expireIn: 300 } });
      expect((await call(base, `${OUTBOX}?mobile=13912345670&kind=sms`, { method: "GET" })).body.data).toBeNull();
      expectBadRequest(await call(base, SMS, { body: { clientId: CLIENT } }), "mobile");
      expectBadRequest(await call(base, SMS, { body: { mobile: DEMO_ACCOUNTS.ORG_USER } }), "clientId");
      expectBadRequest(await call(base, SMS, { body: { clientId: CLIENT, mobile: "10000000000" } }), "手机号");
      expectBadRequest(await call(base, SMS, { body: { clientId: CLIENT, mobile: 13800000003 } }), "手机号");
      expectBadRequest(await call(base, SMS, { rawBody: "[]" }));
    });
  });

  describe("dev outbox", () => {
    it("validates its query and answers null when nothing was sent", async () => {
      expectBadRequest(await call(base, `${OUTBOX}?mobile=abc&kind=sms`, { method: "GET" }), "手机号");
      expectBadRequest(await call(base, `${OUTBOX}?mobile=${DEMO_ACCOUNTS.ORG_USER}&kind=email`, { method: "GET" }), "kind");
      const empty = await call(base, `${OUTBOX}?mobile=13912345671&kind=captcha`, { method: "GET" });
      expect(empty.status).toBe(200);
      expect(empty.body.data).toBeNull();
    });

    it("does not exist in production, and production keeps no outbox", async () => {
      const production = await startTestPlatform("identity-prod", { production: true });
      try {
        const res = await call(production.baseUrl, `${OUTBOX}?mobile=${DEMO_ACCOUNTS.ORG_USER}&kind=sms`, { method: "GET" });
        expect(res.status).toBe(404);
        expect(res.body.code).toBe(404);
        // Production sends codes only through the configured SMS gateway; with none reachable the code is
        // refused and voided (nobody could read it), and nothing goes to an outbox.
        const outboxBefore = (await production.db.kysely.selectFrom("dev_outbox").select("id").execute()).length;
        const sent = await call(production.baseUrl, SMS, { body: { clientId: CLIENT, mobile: DEMO_ACCOUNTS.ORG_USER } });
        expect(sent.body).toMatchObject({ code: 4000, message: "短信发送失败，请稍后再试" });
        expect(await production.db.kysely.selectFrom("sms_codes").select("id").where("mobile", "=", DEMO_ACCOUNTS.ORG_USER).execute()).toHaveLength(0);
        // (The demo data's own onboarding, run in development, left its messages there.)
        const rows = await production.db.kysely.selectFrom("dev_outbox").select("id").execute();
        expect(rows).toHaveLength(outboxBefore);
      } finally {
        await production.close();
      }
    });
  });

  describe("user-info", () => {
    const expectations: Record<UserType, { name: string; company: string | null; has: string[]; lacks: string[] }> = {
      SYSTEM_USER: { name: "平台管理员", company: "运输管理后台", has: [], lacks: [] },
      TENANT_USER: { name: "王运营", company: "皖粮物流集团", has: ["IAM_USER_MANAGEMENT", "TMS_INVOICE_MANAGEMENT_ADMIN", "TMS_RISK_APPEAL_AUDIT"], lacks: ["SYSTEM_USER_CONFIG", "TMS_RISK_APPEAL_SUBMIT"] },
      ORG_USER: { name: "李调度", company: "蚌埠粮食运输有限公司", has: ["TMS_ORDER_ADD", "TMS_FREIGHT_WATER", "TMS_SOURCE_LIST", "TMS_RISK_APPEAL_SUBMIT"], lacks: ["IAM_USER_MANAGEMENT", "TMS_RISK_APPEAL_AUDIT"] },
      INDIVIDUAL_USER: { name: "张师傅", company: "皖粮物流集团", has: ["TMS_FREIGHT_DISPATCH", "TMS_ORDER_ADD"], lacks: ["IAM_USER_MANAGEMENT", "TMS_FREIGHT_WATER"] },
    };

    it.each(USER_TYPES)("%s gets its type, accessLevel, permissions and profile", async (type) => {
      const { accessToken } = await loginAs(base, DEMO_ACCOUNTS[type]);
      const res = await call<UserInfo>(base, USER_INFO, { token: accessToken });
      expect(res.status).toBe(200);
      const info = res.body.data!;
      const expected = expectations[type];
      expect(Object.keys(info).sort()).toEqual(["accessLevel", "companyName", "headshotUrl", "id", "mobile", "name", "permissions", "roles", "sourceId", "type"]);
      expect(info).toMatchObject({ type, accessLevel: type, mobile: DEMO_ACCOUNTS[type], name: expected.name, companyName: expected.company, headshotUrl: null });
      expect(info.id).toMatch(/^\d+$/);
      expect(info.roles.length).toBeGreaterThan(0);
      expect(new Set(info.permissions).size).toBe(info.permissions.length);
      for (const code of info.permissions) expect(PERMISSION_CODES).toContain(code);
      if (type === "SYSTEM_USER") {
        expect([...info.permissions].sort()).toEqual([...PERMISSION_CODES].sort());
        expect(info.sourceId).toBeNull();
      } else {
        expect(info.permissions.length).toBeLessThan(PERMISSION_CODES.length);
        expect(info.sourceId).toMatch(/^\d+$/);
      }
      for (const code of expected.has) expect(info.permissions).toContain(code);
      for (const code of expected.lacks) expect(info.permissions).not.toContain(code);
    });

    it("refuses a missing, malformed or unknown token with 401", async () => {
      const attempts: Array<Record<string, string>> = [{}, { Authorization: "Basic abc" }, { Authorization: "Bearer not-a-token" }];
      for (const headers of attempts) {
        const res = await call(base, USER_INFO, { headers });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe(401);
        expect(res.body.errorMsg).toMatch(/[\u4e00-\u9fa5]/);
      }
    });

    it("refuses an expired access token with 401", async () => {
      const { accessToken } = await loginAs(base, DEMO_ACCOUNTS.ORG_USER);
      await platform.db.kysely
        .updateTable("auth_tokens")
        .set({ access_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("access_hash", "=", sha256(accessToken))
        .execute();
      expect((await call(base, USER_INFO, { token: accessToken })).status).toBe(401);
    });

    it("answers an invalid X-Platform with 400", async () => {
      const { accessToken } = await loginAs(base, DEMO_ACCOUNTS.ORG_USER);
      expectBadRequest(await call(base, USER_INFO, { token: accessToken, headers: { "X-Platform": "E" } }), "X-Platform");
      expectBadRequest(await call(base, USER_INFO, { token: accessToken, headers: { "X-Platform": "" } }), "X-Platform");
    });
  });

  describe("revoke", () => {
    it("revokes the pair: the access token gets 401 and the refresh token is refused", async () => {
      const { accessToken, refreshToken } = await loginAs(base, DEMO_ACCOUNTS.TENANT_USER);
      const other = await loginAs(base, DEMO_ACCOUNTS.TENANT_USER);
      const res = await call(base, REVOKE, { token: accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 200, message: "success" });
      expect((await call(base, USER_INFO, { token: accessToken })).status).toBe(401);
      expect((await call(base, REFRESH, { headers: { refreshToken } })).status).toBe(401);
      expect((await call(base, REVOKE, { token: accessToken })).status).toBe(401);
      // Another session of the same user is untouched.
      expect((await call(base, USER_INFO, { token: other.accessToken })).status).toBe(200);
    });

    it("refuses without a token", async () => {
      expect((await call(base, REVOKE, {})).status).toBe(401);
    });
  });

  describe("refresh", () => {
    it("rotates both tokens: the old pair stops working, the new one works", async () => {
      const first = await loginAs(base, DEMO_ACCOUNTS.ORG_USER);
      const res = await call<{ accessToken: string; refreshToken: string; expireIn: number }>(base, REFRESH, { headers: { refreshToken: first.refreshToken } });
      expect(res.status).toBe(200);
      const second = res.body.data!;
      expect(second.expireIn).toBe(7200);
      expect(second.accessToken).not.toBe(first.accessToken);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect((await call(base, USER_INFO, { token: first.accessToken })).status).toBe(401);
      const info = await call<UserInfo>(base, USER_INFO, { token: second.accessToken });
      expect(info.body.data!.mobile).toBe(DEMO_ACCOUNTS.ORG_USER);
    });

    it("refuses a reused refresh token and revokes every pair issued from it", async () => {
      const first = await loginAs(base, DEMO_ACCOUNTS.ORG_USER);
      const second = (await call<TokenResponse>(base, REFRESH, { headers: { refreshToken: first.refreshToken } })).body.data!;
      const third = (await call<TokenResponse>(base, REFRESH, { headers: { refreshToken: second.refreshToken } })).body.data!;
      expect((await call(base, USER_INFO, { token: third.accessToken })).status).toBe(200);

      const reuse = await call(base, REFRESH, { headers: { refreshToken: first.refreshToken } });
      expect(reuse.status).toBe(401);
      expect(reuse.body.errorMsg).toContain("刷新令牌已被使用");
      expect((await call(base, USER_INFO, { token: third.accessToken })).status).toBe(401);
      expect((await call(base, REFRESH, { headers: { refreshToken: third.refreshToken } })).status).toBe(401);
    });

    it("lets only one of two simultaneous refreshes win", async () => {
      const { refreshToken } = await loginAs(base, DEMO_ACCOUNTS.ORG_USER);
      const results = await Promise.all([call(base, REFRESH, { headers: { refreshToken } }), call(base, REFRESH, { headers: { refreshToken } })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    });

    it("refuses a missing, unknown or expired refresh token with 401", async () => {
      expect((await call(base, REFRESH, {})).status).toBe(401);
      expect((await call(base, REFRESH, { headers: { refreshToken: "" } })).status).toBe(401);
      expect((await call(base, REFRESH, { headers: { refreshToken: "no-such-token" } })).status).toBe(401);
      const { refreshToken } = await loginAs(base, DEMO_ACCOUNTS.ORG_USER);
      await platform.db.kysely
        .updateTable("auth_tokens")
        .set({ refresh_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("refresh_hash", "=", sha256(refreshToken))
        .execute();
      const expired = await call(base, REFRESH, { headers: { refreshToken } });
      expect(expired.status).toBe(401);
      expect(expired.body.errorMsg).toContain("登录已过期");
    });
  });
});
