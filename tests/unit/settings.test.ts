import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configurationDocument, readSettings, SETTINGS } from "../../contract/settings";
import { sm2 } from "sm-crypto-v2";
import { ACCOUNT_SMS_CODES } from "../../contract/account-sms";
import { DEV_SENDER_KEYS, DEV_STANDIN_KEYS } from "../../platform/submission/dev-keys";
import { credentialsOf, reportTargetProblems } from "../../platform/submission/sender";
import { PRODUCTION_SMS_SETTINGS } from "../helpers/sms-settings";

const complete = {
  TMS_ENV: "production",
  TMS_DATABASE_URL: "postgres://tms@db.example/tms",
  TMS_CARD_KEY: "c".repeat(40),
  TMS_ID_KEY: "i".repeat(40),
  TMS_ID_HASH_KEY: "h".repeat(40),
  ...PRODUCTION_SMS_SETTINGS,
  SESSION_SECRET: "s".repeat(40),
};

describe("settings schema (contract/settings.ts)", () => {
  it("gives every default when nothing is set, outside production, with no problem", () => {
    const { settings, problems, production } = readSettings({});
    expect(production).toBe(false);
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({ PLATFORM_PORT: 3001, PORT: 3000, TMS_DATABASE_URL: "file:./data/tms.db", TMS_REDIS_URL: null, TMS_EXPORTS_TOTAL: 6, TMS_REPORT_JOB: true, TMS_VERSION_FUNCTIONS: ["CAPTAIN", "DRIVER"] });
  });

  it("reads a missing TMS_ENV as production when the start command says so, and lists each missing setting once", () => {
    const { production, problems } = readSettings({}, "platform", "production");
    expect(production).toBe(true);
    const names = problems.map((line) => /^缺少 (\w+)/.exec(line)?.[1]);
    expect(names.sort()).toEqual(["TMS_CARD_KEY", "TMS_DATABASE_URL", "TMS_ID_HASH_KEY", "TMS_ID_KEY", "TMS_SMS_ACCOUNT", "TMS_SMS_KEY", "TMS_SMS_PROVIDER", "TMS_SMS_SIGN", ...ACCOUNT_SMS_CODES.map((code) => `TMS_SMS_TEMPLATE_${code}`)].sort());
    for (const line of problems) expect(line).toMatch(/生产环境必须设置 \/ \w+ is required when TMS_ENV=production/);
    // The console's own check asks only for what the console reads.
    expect(readSettings({}, "console", "production").problems.map((l) => /^缺少 (\w+)/.exec(l)?.[1])).toEqual(["SESSION_SECRET"]);
  });

  it("accepts a complete production environment, and refuses development defaults and short secrets there", () => {
    expect(readSettings(complete, "platform").problems).toEqual([]);
    const { problems } = readSettings({ ...complete, TMS_SMS_KEY: "tms-dev-sms-key", TMS_CARD_KEY: "short" }, "platform");
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).toMatch(/TMS_SMS_KEY（短信 AccessKey Secret）不安全/);
    expect(problems.join("\n")).toMatch(/TMS_CARD_KEY（银行卡加密密钥）不安全：至少 32 个字符/);
  });

  it("checks the SMS provider's settings: a vendor in production, 腾讯云's app id, each template's parameters", () => {
    const lines = (env: Record<string, string>) => readSettings({ ...complete, ...env }, "platform").problems.join("\n");
    expect(lines({ TMS_SMS_PROVIDER: "standin" })).toMatch(/TMS_SMS_PROVIDER（短信服务商）：生产环境不能使用开发替身/);
    expect(lines({ TMS_SMS_PROVIDER: "tencent" })).toMatch(/缺少 TMS_SMS_APP_ID（腾讯云短信应用 ID）/);
    expect(lines({ TMS_SMS_PROVIDER: "tencent", TMS_SMS_APP_ID: "1400000001" })).toBe("");
    expect(lines({ TMS_SMS_TEMPLATE_VERIFICATION_CODE: "SMS_1:smsCode" })).toMatch(/TMS_SMS_TEMPLATE_VERIFICATION_CODE（短信模板：短信验证码）格式不正确.*模板参数 smsCode 不正确，可用的值：code、minutes/);
    expect(lines({ TMS_SMS_TEMPLATE_INVITATION: "SMS 1" })).toMatch(/TMS_SMS_TEMPLATE_INVITATION（短信模板：注册邀请）格式不正确/);
    const { settings } = readSettings({ ...complete, TMS_SMS_TEMPLATE_ENTERPRISE_ADMIN: "SMS_9:org=orgName,password" }, "platform");
    expect(settings.TMS_SMS_TEMPLATE_ENTERPRISE_ADMIN).toEqual({ templateCode: "SMS_9", params: [{ name: "org", value: "orgName" }, { name: "password", value: "password" }] });
    expect(settings.TMS_SMS_TEMPLATE_VERIFICATION_CODE).toEqual({ templateCode: "SMS_10000000", params: [{ name: "code", value: "code" }, { name: "minutes", value: "minutes" }] });
  });

  it("reports a malformed value with its name in Chinese and English, and keeps the default", () => {
    const { settings, problems } = readSettings({ PLATFORM_PORT: "70000", TMS_DATABASE_URL: "mysql://x", TMS_REPORT_JOB: "maybe", TMS_EXPORTS_TOTAL: "" }, "platform");
    expect(settings.PLATFORM_PORT).toBe(3001);
    expect(settings.TMS_DATABASE_URL).toBe("file:./data/tms.db");
    expect(settings.TMS_EXPORTS_TOTAL).toBe(6);
    expect(problems).toEqual([
      "PLATFORM_PORT（平台端口）格式不正确 / PLATFORM_PORT is malformed: 应不大于 65535 / must be at most 65535",
      "TMS_DATABASE_URL（数据库地址）格式不正确 / TMS_DATABASE_URL is malformed: 应为 file:路径 或 postgres:// 地址 / must be file:<path> or a postgres:// URL",
      "TMS_REPORT_JOB（数据报送任务）格式不正确 / TMS_REPORT_JOB is malformed: 应为 on 或 off / must be on or off",
    ]);
  });

  it("names every variable the programs read, and docs/configuration.md is generated from it", () => {
    const root = new URL("../../", import.meta.url).pathname;
    const read = new Set<string>();
    for (const dir of ["platform", "app", "scripts"])
      for (const file of readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f)))
        for (const match of readFileSync(join(root, dir, file), "utf8").matchAll(/\benv(?:\.|\[")([A-Z][A-Z0-9_]+)/g)) read.add(match[1]!);
    expect(read.size).toBeGreaterThan(5);
    expect([...read].filter((name) => !(name in SETTINGS))).toEqual([]);
    expect(readFileSync(new URL("../../docs/configuration.md", import.meta.url), "utf8")).toBe(configurationDocument());
  });
});

describe("credentials in production", () => {
  const target = { credentials_env: "TMS_REPORT_ANHUI_", base_url: "/dev/report-standin/anhui", sender_code: "ANHUI_DEV" } as Parameters<typeof credentialsOf>[0];
  it("fall back to the stand-in's development credentials only outside production", () => {
    expect(credentialsOf(target, { selfUrl: "http://127.0.0.1:1", env: {} })).toMatchObject({ password: "tms-dev", keys: { senderPrivateKey: DEV_SENDER_KEYS.privateKey, receiverPublicKey: DEV_STANDIN_KEYS.publicKey, userId: "1234567812345678" } });
    expect(credentialsOf(target, { selfUrl: "http://127.0.0.1:1", env: { TMS_ENV: "production" } })).toMatchObject({ password: "", keys: { senderPrivateKey: "", receiverPublicKey: "" } });
  });

  it("refuse an enabled target's missing, malformed or development keys at a production start", () => {
    const enabled = { ...target, enabled: 1, name: "安徽省网络货运监测平台", platform_id: "A", code: "ANHUI" };
    const own = sm2.generateKeyPairHex();
    const base = { TMS_REPORT_ANHUI_URL: "https://wlhy.example.gov.cn", TMS_REPORT_ANHUI_PASSWORD: "secret" };
    expect(reportTargetProblems([enabled], { ...base, TMS_REPORT_ANHUI_PRIVATE_KEY: own.privateKey, TMS_REPORT_ANHUI_PUBLIC_KEY: sm2.generateKeyPairHex().publicKey })).toEqual([]);
    expect(reportTargetProblems([{ ...enabled, enabled: 0 }], {})).toEqual([]);
    const problems = reportTargetProblems([enabled], { ...base, TMS_REPORT_ANHUI_PRIVATE_KEY: DEV_SENDER_KEYS.privateKey, TMS_REPORT_ANHUI_PUBLIC_KEY: "tms-dev-key" });
    expect(problems).toEqual([
      "TMS_REPORT_ANHUI_PRIVATE_KEY 不安全：已启用的报送目标「安徽省网络货运监测平台」（A 平台）不能使用公开的开发密钥 / TMS_REPORT_ANHUI_PRIVATE_KEY is unsafe: a published development key",
      "TMS_REPORT_ANHUI_PUBLIC_KEY 格式不正确：已启用的报送目标「安徽省网络货运监测平台」（A 平台）的 SM2 公钥应为十六进制或 PEM / TMS_REPORT_ANHUI_PUBLIC_KEY is malformed: not an SM2 key in hex or PEM",
    ]);
    expect(reportTargetProblems([enabled], base).join("\n")).toContain("缺少 TMS_REPORT_ANHUI_PRIVATE_KEY");
  });
});
