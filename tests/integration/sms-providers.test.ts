/**
 * The SMS vendors' wire, proven through their real SDKs against the vendors' stand-ins: each stand-in
 * refuses a wrong signature, an unknown template and wrong template parameters, in its vendor's error
 * format; and a platform started in production mode with TMS_SMS_PROVIDER=aliyun, then tencent, sends
 * every kind of platform SMS (login and 联系船东 codes, a new user's initial password, a reset, every
 * kind of 注册邀请, a new enterprise administrator's password, a driver's account made by his
 * enterprise, 证照到期提醒) through that vendor, each
 * logged with the provider's request id; the receipts job then asks the vendor and marks each row
 * 成功 or 失败.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_SMS_CODES, type AccountSmsCode } from "../../contract/account-sms.js";
import { creditCodeWithCheck } from "../../contract/validation.js";
import { exampleIdCard } from "../../contract/resources/driver.js";
import { readSettings } from "../../contract/settings.js";
import { smsSendLog } from "../../contract/resources/system-ops.js";
import { addDays, chinaDate } from "../../contract/units.js";
import { flagExpiringCredentials } from "../../platform/documents/expiry.js";
import { collectSmsReceipts } from "../../platform/fleet/sms-gateway.js";
import { sendAccountSms } from "../../platform/identity/account-sms.js";
import { sendThroughVendor, type VendorAccount, type VendorProvider } from "../../platform/fleet/sms-providers.js";
import { startVendorStandin } from "../../platform/fleet/sms-vendor-standins.js";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform.js";

const SECRET = "standin-secret-0123456789";
const SIGN = "皖粮运输";
/** The templates as operations would configure them: codes as each vendor numbers them, parameters renamed here and there. */
const TEMPLATES: Record<VendorProvider, Record<AccountSmsCode, string>> = {
  aliyun: {
    VERIFICATION_CODE: "SMS_100000001:code",
    ENTERPRISE_ADMIN: "SMS_100000002:org=orgName,mobile,password",
    PASSWORD_ISSUED: "SMS_100000003",
    CARRIER_ACCOUNT: "SMS_100000004",
    INVITATION: "SMS_100000005:inviter,role,code,date",
    CREDENTIAL_EXPIRY: "SMS_100000006",
  },
  tencent: {
    VERIFICATION_CODE: "2000001:code,minutes",
    ENTERPRISE_ADMIN: "2000002",
    PASSWORD_ISSUED: "2000003:mobile,password",
    CARRIER_ACCOUNT: "2000004",
    INVITATION: "2000005",
    CREDENTIAL_EXPIRY: "2000006",
  },
};

function envOf(provider: VendorProvider, url: string): Record<string, string> {
  return {
    TMS_SMS_PROVIDER: provider,
    TMS_SMS_URL: url,
    TMS_SMS_ACCOUNT: "LTAI5tStandInKeyId",
    TMS_SMS_KEY: SECRET,
    TMS_SMS_APP_ID: "1400000001",
    TMS_SMS_SIGN: SIGN,
    ...Object.fromEntries(ACCOUNT_SMS_CODES.map((code) => [`TMS_SMS_TEMPLATE_${code}`, TEMPLATES[provider][code]])),
  };
}

/** The vendor account's approved templates, read from the same settings the platform reads. */
function approvedTemplates(env: Record<string, string>): Record<string, string[]> {
  const { settings, problems } = readSettings({ ...env, TMS_ENV: "development" }, "platform");
  expect(problems).toEqual([]);
  return Object.fromEntries(ACCOUNT_SMS_CODES.map((code) => settings[`TMS_SMS_TEMPLATE_${code}`]!).map((t) => [t.templateCode, t.params.map((p) => p.name)]));
}

async function standinFor(provider: VendorProvider) {
  const standin = await startVendorStandin({ provider, accessKeyId: "LTAI5tStandInKeyId", accessKeySecret: SECRET, appId: "1400000001", signNames: [SIGN], templates: {} });
  const env = envOf(provider, standin.url);
  standin.state.options.templates = approvedTemplates(env);
  return { ...standin, env };
}

describe.each(["aliyun", "tencent"] as const)("the %s stand-in, through the vendor's SDK", (provider) => {
  let standin: Awaited<ReturnType<typeof standinFor>>;
  let account: VendorAccount;
  beforeAll(async () => {
    standin = await standinFor(provider);
    account = { provider, url: standin.url, accessKeyId: "LTAI5tStandInKeyId", accessKeySecret: SECRET, appId: "1400000001", region: null };
  });
  afterAll(() => standin?.close());
  const code = () => (provider === "aliyun" ? { templateCode: "SMS_100000001", params: [{ name: "code", value: "code" }] } : { templateCode: "2000001", params: [{ name: "code", value: "code" }, { name: "minutes", value: "minutes" }] });
  const send = (over: Partial<VendorAccount> = {}, template = code()) => sendThroughVendor({ ...account, ...over }, { signName: SIGN, template, mobile: "13800000001", values: { code: "246810", minutes: "5" } });

  it("accepts a well-signed request with a known template and its parameters, answering with request and message ids", async () => {
    const answer = await send();
    expect(answer).toMatchObject({ accepted: true, error: null });
    expect(answer.requestId).toBeTruthy();
    expect(answer.messageId).toBeTruthy();
    const last = standin.state.sent.at(-1)!;
    expect(last).toMatchObject({ mobile: "13800000001", signName: SIGN, templateCode: code().templateCode });
    expect(Object.values(last.params)).toContain("246810");
  });

  it("refuses a request signed with the wrong secret", async () => {
    const answer = await send({ accessKeySecret: "not-the-secret-0000000" });
    expect(answer.accepted).toBe(false);
    expect(answer.error).toMatch(provider === "aliyun" ? /^SignatureDoesNotMatch：/ : /^AuthFailure\.SignatureFailure：/);
  });

  it("refuses an unknown access key", async () => {
    const answer = await send({ accessKeyId: "LTAI5tSomebodyElse" });
    expect(answer.error).toMatch(provider === "aliyun" ? /^InvalidAccessKeyId\.NotFound：/ : /^AuthFailure\.SecretIdNotFound：/);
  });

  it("refuses an unknown template", async () => {
    const answer = await send({}, { templateCode: provider === "aliyun" ? "SMS_999999999" : "9999999", params: [{ name: "code", value: "code" }] });
    expect(answer.accepted).toBe(false);
    expect(answer.error).toMatch(provider === "aliyun" ? /^isv\.SMS_TEMPLATE_ILLEGAL：/ : /^FailedOperation\.TemplateIncorrectOrUnapproved：/);
    expect(answer.requestId).toBeTruthy();
  });

  it("refuses parameters that are not the template's", async () => {
    const wrong = provider === "aliyun" ? { templateCode: "SMS_100000001", params: [{ name: "smsCode", value: "code" }] } : { templateCode: "2000001", params: [{ name: "code", value: "code" }] };
    const answer = await send({}, wrong);
    expect(answer.accepted).toBe(false);
    expect(answer.error).toMatch(provider === "aliyun" ? /^isv\.TEMPLATE_MISSING_PARAMETERS：/ : /^FailedOperation\.TemplateParamSetNotMatchApprovedTemplate：/);
  });

  it("passes on the vendor's business refusals (throttling)", async () => {
    await fetch(`${standin.url}/_control/fail`, { method: "POST", body: JSON.stringify({ count: 1 }) });
    const answer = await send();
    expect(answer.error).toMatch(provider === "aliyun" ? /^isv\.BUSINESS_LIMIT_CONTROL：/ : /^LimitExceeded\.PhoneNumberDailyLimit：/);
  });
});

describe("a platform in production mode sends every kind of SMS through the configured vendor", () => {
  let p: TestPlatform;
  const saved = { ...process.env };
  beforeAll(async () => {
    p = await startTestPlatform("sms-providers", { production: true });
  }, 60_000);
  afterAll(async () => {
    process.env = saved;
    await p?.close();
  });

  /** The n-th approved credential of an active driver of the demo data, with its driver's mobile. */
  const approvedDriverCredential = (n: number) =>
    p.db.kysely
      .selectFrom("credentials as c")
      .innerJoin("driver_profiles as d", "d.id", "c.subject_id")
      .innerJoin("users as u", "u.id", "d.user_id")
      .select(["c.id", "u.mobile"])
      .where("c.subject_type", "=", "DRIVER")
      .where("c.status", "=", "APPROVED")
      .where("u.status", "=", "ACTIVE")
      .where("c.deleted_at", "is", null)
      .orderBy("c.id")
      .offset(n)
      .limit(1)
      .executeTakeFirstOrThrow();

  it.each(["aliyun", "tencent"] as const)("through %s", async (provider) => {
    const standin = await standinFor(provider);
    Object.assign(process.env, standin.env);
    const started = new Date().toISOString();
    try {
      const system = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
      const tenant = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.TENANT_USER)).accessToken;
      const serial = provider === "aliyun" ? 1 : 2;
      const sentTo = (mobile: string) => standin.state.sent.filter((m) => m.mobile === mobile);
      const kindOf = (mobile: string) => sentTo(mobile).map((m) => Object.entries(TEMPLATES[provider]).find(([, t]) => t.split(":")[0] === m.templateCode)?.[0]);

      // 短信验证码: the login page's and the H5 visitor's 联系船东.
      const csrf = (await call<{ csrfToken: string }>(p.baseUrl, "/api/v1/auth/csrf", { body: { clientId: "sms-providers" } })).body.data!.csrfToken;
      const member = provider === "aliyun" ? DEMO_ACCOUNTS.ORG_USER : DEMO_ACCOUNTS.INDIVIDUAL_USER;
      expect((await call(p.baseUrl, "/api/v1/auth/sms-auth-code", { body: { mobile: member, clientId: "sms-providers", csrfToken: csrf } })).body.code).toBe(200);
      expect(kindOf(member)).toEqual(["VERIFICATION_CODE"]);
      const visitor = `1390000000${serial}`;
      expect((await call(p.baseUrl, "/public/find-ship/sms", { body: { mobile: visitor } })).body.code).toBe(200);
      expect(kindOf(visitor)).toEqual(["VERIFICATION_CODE"]);

      // A new user's initial password, then a reset.
      const staff = `1395555000${serial}`;
      const created = await call<{ id: number }>(p.baseUrl, "/iam-user", { token: system, body: { mobile: staff, name: "钱运营", type: "SYSTEM_USER", roleIds: [] } });
      expect(created.body.code).toBe(200);
      expect((await call(p.baseUrl, `/iam-user/${created.body.data!.id}/resetPassword`, { token: system })).body.code).toBe(200);
      expect(kindOf(staff)).toEqual(["PASSWORD_ISSUED", "PASSWORD_ISSUED"]);

      // 注册邀请 for every kind, the enterprise administrator's among them.
      const org = await p.db.kysely
        .selectFrom("organisations as o")
        .innerJoin("users as u", "u.tenant_id", "o.tenant_id")
        .select(["o.id", "o.name"])
        .where("u.mobile", "=", DEMO_ACCOUNTS.TENANT_USER)
        .orderBy("o.id")
        .executeTakeFirstOrThrow();
      for (const [i, role] of (["DRIVER", "CAPTAIN", "SHIPOWNER", "FLEET_LEADER", "ORG_ADMIN"] as const).entries()) {
        const mobile = `176600${serial}000${i}`;
        const res = await call(p.baseUrl, "/tms-registration-invite", { token: tenant, body: { inviteeName: "赵师傅", inviteeMobile: mobile, role, channel: "SMS", ...(role === "ORG_ADMIN" ? { inviteOrgId: Number(org.id) } : {}) } });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        expect(kindOf(mobile)).toEqual(["INVITATION"]);
      }
      // The enterprise administrator accepts his invitation (账号激活 with the code the SMS carried) and
      // becomes an ORG_USER of the inviting enterprise.
      const adminInvitee = `176600${serial}0004`;
      const inviteCode = Object.values(sentTo(adminInvitee)[0]!.params).find((v) => /^[A-Z2-9]{8}$/.test(v))!;
      expect((await call(p.baseUrl, "/api/v1/auth/activation/sms", { body: { mobile: adminInvitee, inviteCode, clientId: "sms-providers" } })).body.code).toBe(200);
      const smsCode = Object.values(sentTo(adminInvitee)[1]!.params).find((v) => /^\d{6}$/.test(v))!;
      const activated = await call(p.baseUrl, "/api/v1/auth/activation", { body: { mobile: adminInvitee, inviteCode, smsCode, password: "Admin@2026x" } });
      expect(activated.body.code, JSON.stringify(activated.body)).toBe(200);
      const joined = await p.db.kysely.selectFrom("users").select(["type", "org_id"]).where("mobile", "=", adminInvitee).executeTakeFirstOrThrow();
      expect(joined).toMatchObject({ type: "ORG_USER", org_id: org.id });
      await loginAs(p.baseUrl, adminInvitee, "Admin@2026x");

      // A new enterprise's administrator gets the initial password.
      const adminMobile = `1775000000${serial}`;
      const enterprise = await call(p.baseUrl, "/tms-enterprise", {
        token: tenant,
        body: { name: `安徽短信测试粮贸有限公司${serial}`, creditCode: creditCodeWithCheck(`91340100MA${String(7_900_000 + serial)}`), kind: "SHIPPER", businessMode: "SELF_OPERATED", adminName: "周经理", adminMobile, contactName: "周经理", contactMobile: "0551-62345678" },
      });
      expect(enterprise.body.code, JSON.stringify(enterprise.body)).toBe(200);
      expect(kindOf(adminMobile)).toEqual(["ENTERPRISE_ADMIN"]);

      // An enterprise registers a driver (its roster): he is told his account and how to log in.
      const enterpriseAdmin = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.ORG_USER)).accessToken;
      const rosterDriver = `1775100000${serial}`;
      const idCardNo = exampleIdCard(7_300 + serial);
      const registered = await call(p.baseUrl, "/tms-driver", { token: enterpriseAdmin, body: { name: "冯师傅", mobile: rosterDriver, idCardNo, vehicleClass: "A2", licenseValidTo: "2032-03-15", qualificationCertNo: idCardNo, qualificationValidTo: "2030-12-31", driverType: "OWN" } });
      expect(registered.body.code, JSON.stringify(registered.body)).toBe(200);
      expect(kindOf(rosterDriver)).toEqual(["CARRIER_ACCOUNT"]);

      // 证照到期提醒 to the person whose credential it is.
      const credential = await approvedDriverCredential(serial);
      await p.db.kysely.updateTable("credentials").set({ long_term: 0, valid_to: addDays(chinaDate(), 3), expiry_flagged_to: null }).where("id", "=", credential.id).execute();
      await flagExpiringCredentials(p.ctx);
      expect(kindOf(credential.mobile)).toContain("CREDENTIAL_EXPIRY");

      // Every send was logged with the vendor and its request id; nothing failed; no password or code in the log.
      const logs = await p.db.kysely.selectFrom("sms_send_logs").selectAll().where("provider", "=", provider).where("created_at", ">=", started).execute();
      expect(logs.length).toBeGreaterThanOrEqual(standin.state.sent.length);
      expect(logs.filter((l) => l.status !== "SENT")).toEqual([]);
      expect(logs.every((l) => l.request_id && l.provider_message_id)).toBe(true);
      const codes = standin.state.sent.filter((m) => m.templateCode === TEMPLATES[provider].VERIFICATION_CODE.split(":")[0]).map((m) => Object.values(m.params)[0]!);
      for (const c of codes) expect(logs.some((l) => l.request_excerpt.includes(c) || l.content.includes(c))).toBe(false);
      // Parameter names as configured: 阿里云 gets `org` for the organisation's name.
      if (provider === "aliyun") expect(Object.keys(sentTo(adminMobile)[0]!.params)).toEqual(["org", "mobile", "password"]);
      else expect(sentTo(staff)[0]!.params).toMatchObject({ "1": staff });
    } finally {
      await standin.close();
    }
  }, 60_000);

  it("tells whoever made or reset an account at once when the password SMS is refused, and 重置密码 sends it again", async () => {
    const standin = await standinFor("aliyun");
    Object.assign(process.env, standin.env);
    try {
      const system = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
      await fetch(`${standin.url}/_control/fail`, { method: "POST", body: JSON.stringify({ count: 2, code: "isv.BUSINESS_LIMIT_CONTROL" }) });
      const created = await call<{ id: number; smsError: string | null }>(p.baseUrl, "/iam-user", { token: system, body: { mobile: "13955550009", name: "孙未达", type: "SYSTEM_USER", roleIds: [] } });
      expect(created.body.data!.smsError).toMatch(/^isv\.BUSINESS_LIMIT_CONTROL：/);
      const reset = await call(p.baseUrl, `/iam-user/${created.body.data!.id}/resetPassword`, { token: system });
      expect(reset.body.code).not.toBe(200);
      expect(reset.body.message ?? reset.body.errorMsg).toMatch(/孙未达 的密码已重置，但密码短信发送失败（isv\.BUSINESS_LIMIT_CONTROL：.*）.*「重置密码」重发/);
      const failed = await p.db.kysely.selectFrom("sms_send_logs").select(["status", "error", "request_id"]).where("mobile", "=", "13955550009").execute();
      expect(failed.map((l) => l.status)).toEqual(["FAILED", "FAILED"]);
      expect(failed.every((l) => l.request_id && l.error?.startsWith("isv.BUSINESS_LIMIT_CONTROL"))).toBe(true);
      // 短信发送记录 lists it for platform staff, masked, filtered by kind, status, mobile and date.
      type Log = { mobile: string; status: string; templateCode: string; provider: string; requestId: string; error: string | null };
      const search = (body: Record<string, unknown>) => call<{ records: Log[] }>(p.baseUrl, "/sys-sms-send-log/search", { token: system, body });
      const today = chinaDate();
      const found = (await search({ status: "FAILED", templateCode: "PASSWORD_ISSUED", mobile: "0009", createdAtFrom: today, createdAtTo: today })).body.data!.records;
      expect(found).toHaveLength(2);
      // The list masks the mobile (138****0001) as it renders: the field says so.
      expect(found[0]).toMatchObject({ mobile: "13955550009", status: "FAILED", templateCode: "PASSWORD_ISSUED", provider: "aliyun" });
      expect(found[0]!.error).toMatch(/^isv\.BUSINESS_LIMIT_CONTROL/);
      expect(smsSendLog.fields.mobile.mask).toBe("mobile");
      expect((await search({ status: "SENT", mobile: "13955550009" })).body.data!.records).toEqual([]);
      expect((await search({ createdAtTo: addDays(today, -400) })).body.data!.records).toEqual([]);
      const tenant = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.TENANT_USER)).accessToken;
      expect((await call(p.baseUrl, "/sys-sms-send-log/search", { token: tenant, body: {} })).body.code).toBe(4003);
      // 重发: the next 重置密码 reaches the provider.
      expect((await call(p.baseUrl, `/iam-user/${created.body.data!.id}/resetPassword`, { token: system })).body.code).toBe(200);
      expect(standin.state.sent.filter((m) => m.mobile === "13955550009")).toHaveLength(1);
    } finally {
      await standin.close();
    }
  }, 60_000);

  it("重发 on 短信发送记录: an invitation's row sends it again as a new logged SMS; never offered for a code or password, refused for an invitation no longer open", async () => {
    const standin = await standinFor("aliyun");
    Object.assign(process.env, standin.env);
    try {
      const system = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
      const tenant = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.TENANT_USER)).accessToken;
      type Log = { id: number; mobile: string; status: string; templateCode: string; actions: string[] };
      const logsOf = async (mobile: string) => (await call<{ records: Log[] }>(p.baseUrl, "/sys-sms-send-log/search", { token: system, body: { mobile } })).body.data!.records;
      const resend = (id: number) => call(p.baseUrl, `/sys-sms-send-log/${id}/resend`, { token: system });
      const invite = async (mobile: string) => {
        const res = await call<{ id: number }>(p.baseUrl, "/tms-registration-invite", { token: tenant, body: { inviteeName: "吴师傅", inviteeMobile: mobile, role: "DRIVER", channel: "SMS" } });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        return res.body.data!.id;
      };

      // An open invitation: its row offers 重发, which sends it again and logs it anew.
      const invitee = "17677000001";
      await invite(invitee);
      const [first] = await logsOf(invitee);
      expect(first).toMatchObject({ templateCode: "INVITATION", status: "SENT" });
      expect(first!.actions).toContain("resend");
      expect(smsSendLog.actions!.resend!.confirm).toMatch(/验证码和密码从不保存明文/);
      const again = await resend(first!.id);
      expect(again.body.code, JSON.stringify(again.body)).toBe(200);
      const after = await logsOf(invitee);
      expect(after).toHaveLength(2);
      expect(after.every((l) => l.templateCode === "INVITATION" && l.status === "SENT")).toBe(true);
      expect(standin.state.sent.filter((m) => m.mobile === invitee).map((m) => m.templateCode)).toEqual(["SMS_100000005", "SMS_100000005"]);
      // A code is never kept, so the invitation is sent again with a new one (the first no longer opens it).
      const [firstCode, secondCode] = standin.state.sent.filter((m) => m.mobile === invitee).map((m) => m.params.code);
      expect(secondCode).toMatch(/^[A-Z2-9]{8}$/);
      expect(secondCode).not.toBe(firstCode);

      // A code's row: not offered, and refused when asked for anyway; nothing is sent.
      const { platform_id: platformId } = await p.db.kysely.selectFrom("users").select("platform_id").where("mobile", "=", DEMO_ACCOUNTS.SYSTEM_USER).executeTakeFirstOrThrow();
      const visitor = "13977000001";
      expect((await sendAccountSms(p.ctx, { code: "VERIFICATION_CODE", platformId, orgId: null, userId: null, mobile: visitor, values: { code: "135790", minutes: "5" }, outboxKind: "sms" })).accepted).toBe(true);
      const [code] = await logsOf(visitor);
      expect(code!.templateCode).toBe("VERIFICATION_CODE");
      expect(code!.actions).not.toContain("resend");
      const forced = await resend(code!.id);
      expect(forced.body.code).not.toBe(200);
      expect(forced.body.message ?? forced.body.errorMsg).toMatch(/不能重发/);
      expect(await logsOf(visitor)).toHaveLength(1);
      // A password's row likewise.
      const staff = "13955550077";
      expect((await call(p.baseUrl, "/iam-user", { token: system, body: { mobile: staff, name: "郑运营", type: "SYSTEM_USER", roleIds: [] } })).body.code).toBe(200);
      const password = (await logsOf(staff))[0]!;
      expect(password.templateCode).toBe("PASSWORD_ISSUED");
      expect(password.actions).not.toContain("resend");
      expect((await resend(password.id)).body.code).not.toBe(200);
      expect(await logsOf(staff)).toHaveLength(1);

      // An invitation accepted since (已注册): refused in the invitation's words, nothing sent.
      const accepted = "17677000002";
      const invitationId = await invite(accepted);
      await p.db.kysely.updateTable("registration_invitations").set({ status: "REGISTERED" }).where("id", "=", invitationId).execute();
      const [row] = await logsOf(accepted);
      const refused = await resend(row!.id);
      expect(refused.body.code).not.toBe(200);
      expect(refused.body.message ?? refused.body.errorMsg).toMatch(/已注册.*不能重发/);
      expect(await logsOf(accepted)).toHaveLength(1);
      expect(standin.state.sent.filter((m) => m.mobile === accepted)).toHaveLength(1);

      // A 证照到期提醒 is rebuilt from its credential and sent again; once renewed, refused.
      const credential = await approvedDriverCredential(3);
      await p.db.kysely.updateTable("credentials").set({ long_term: 0, valid_to: addDays(chinaDate(), 3), expiry_flagged_to: null }).where("id", "=", credential.id).execute();
      await flagExpiringCredentials(p.ctx);
      const warning = (await logsOf(credential.mobile)).find((l) => l.templateCode === "CREDENTIAL_EXPIRY")!;
      expect(warning.actions).toContain("resend");
      const warned = (await logsOf(credential.mobile)).length;
      expect((await resend(warning.id)).body.code).toBe(200);
      expect(await logsOf(credential.mobile)).toHaveLength(warned + 1);
      await p.db.kysely.updateTable("credentials").set({ valid_to: addDays(chinaDate(), 400) }).where("id", "=", credential.id).execute();
      const renewed = await resend(warning.id);
      expect(renewed.body.code).not.toBe(200);
      expect(renewed.body.message ?? renewed.body.errorMsg).toMatch(/已更新/);
      expect(await logsOf(credential.mobile)).toHaveLength(warned + 1);

      // Only platform staff reach the log at all.
      expect((await call(p.baseUrl, `/sys-sms-send-log/${first!.id}/resend`, { token: tenant })).body.code).not.toBe(200);
    } finally {
      await standin.close();
    }
  }, 60_000);

  it.each(["aliyun", "tencent"] as const)("the receipts job turns 已提交 into 成功, or 失败 with the carrier's code, from %s's delivery receipts", async (provider) => {
    const standin = await standinFor(provider);
    Object.assign(process.env, standin.env);
    try {
      const { platform_id: platformId } = await p.db.kysely.selectFrom("users").select("platform_id").where("mobile", "=", DEMO_ACCOUNTS.SYSTEM_USER).executeTakeFirstOrThrow();
      const serial = provider === "aliyun" ? 1 : 2;
      const [delivered, lost] = [`1398800000${serial}`, `1398800001${serial}`];
      const warn = (mobile: string) => sendAccountSms(p.ctx, { code: "CREDENTIAL_EXPIRY", platformId, orgId: null, userId: null, mobile, values: { subject: "皖A12345", credential: "道路运输证", when: "3 天后" }, outboxKind: "sms" });
      expect((await warn(delivered)).accepted).toBe(true);
      await fetch(`${standin.url}/_control/undelivered`, { method: "POST", body: JSON.stringify({ count: 1, code: provider === "aliyun" ? "MK:0001" : "DELIVRD_FAIL" }) });
      expect((await warn(lost)).accepted).toBe(true);
      const statusOf = async (mobile: string) => p.db.kysely.selectFrom("sms_send_logs").select(["status", "error"]).where("mobile", "=", mobile).executeTakeFirstOrThrow();
      // Younger than a minute: not asked yet.
      await collectSmsReceipts(p.ctx);
      expect(await statusOf(delivered)).toMatchObject({ status: "SENT" });
      // A minute on, the vendor is asked (through its SDK, signed) and its receipts are kept.
      expect(await collectSmsReceipts(p.ctx, Date.now() + 90_000)).toBeGreaterThanOrEqual(2);
      expect(await statusOf(delivered)).toEqual({ status: "DELIVERED", error: null });
      const failed = await statusOf(lost);
      expect(failed.status).toBe("FAILED");
      expect(failed.error).toMatch(provider === "aliyun" ? /^MK:0001：/ : /^FAIL：DELIVRD_FAIL/);
      // 短信发送记录 shows them as 成功 and 失败.
      const system = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
      const listed = await call<{ records: Array<{ mobile: string; status: string }> }>(p.baseUrl, "/sys-sms-send-log/search", { token: system, body: { mobile: "13988" } });
      expect(listed.body.data!.records.filter((r) => [delivered, lost].includes(r.mobile)).map((r) => r.status).sort()).toEqual(["DELIVERED", "FAILED"]);
      // A day later nobody asks again.
      expect(await collectSmsReceipts(p.ctx, Date.now() + 25 * 3600_000)).toBe(0);
    } finally {
      await standin.close();
    }
  }, 60_000);
});
