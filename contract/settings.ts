/**
 * Every environment variable of the platform, the console and the helper scripts: one Zod schema,
 * with each variable's default and meaning. The programs read their settings
 * through `readSettings`, so a default is written here once; `settingProblems` lists, one line in
 * Chinese and English per problem, what stops a production start (a required setting missing, a value
 * malformed). `npm run settings:table -- --write` prints this table into docs/configuration.md.
 */
import { z } from "zod";
import { REPORT_TARGET_CODES, REPORT_TARGETS } from "./submission.js";
import { ACCOUNT_SMS, ACCOUNT_SMS_CODES, accountSmsValueNames, parseProviderTemplate, SMS_PROVIDERS, type AccountSmsCode, type ProviderTemplate, type SmsProvider } from "./account-sms.js";

/** Who reads a variable: the platform process, the console process, or a helper script. */
export type SettingReader = "platform" | "console" | "script";

interface SettingSpec<T extends z.ZodTypeAny = z.ZodTypeAny> {
  readers: SettingReader[];
  /** Parses the raw value (undefined when unset or empty) into the value the program uses. */
  schema: T;
  /** The default as ops should read it, when the schema's own default says too little. */
  shown?: string;
  /** English meaning, for the table. */
  meaning: string;
  /** Chinese name of the setting, for the refusal lines. */
  label: string;
  /** Must be set when TMS_ENV=production. */
  production?: "required";
  /** A secret: in production at least this long, and never a development default (`tms-dev…`). */
  secretLength?: number;
  /** In production: why the settings as a whole make this one wrong (a value another setting rules out), or null. */
  productionCheck?: (env: Record<string, string | undefined>) => string | null;
}

const spec = <T extends z.ZodTypeAny>(s: SettingSpec<T>) => s;

const integer = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, `应为 ${min} 到 ${max} 之间的整数 / must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `应不小于 ${min} / must be at least ${min}`).max(max, `应不大于 ${max} / must be at most ${max}`))
    .optional()
    .transform((v) => v ?? fallback);
const port = (fallback: number) => integer(fallback, 0, 65535);
const text = (fallback: string) => z.string().optional().transform((v) => v ?? fallback);
const optionalText = () => z.string().optional().transform((v) => v ?? null);
const httpUrl = () =>
  z
    .string()
    .url("应为 http:// 或 https:// 地址 / must be an http:// or https:// URL")
    .refine((v) => /^https?:\/\//.test(v), "应为 http:// 或 https:// 地址 / must be an http:// or https:// URL")
    .optional()
    .transform((v) => (v ? v.replace(/\/$/, "") : null));
const list = (fallback: string) =>
  text(fallback).transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
const onOff = (fallback: "on" | "off") => z.enum(["on", "off"], { message: "应为 on 或 off / must be on or off" }).optional().transform((v) => (v ?? fallback) === "on");

export const DEFAULT_DATABASE_URL = "file:./data/tms.db";
/** Where the console keeps the session secret it generates when SESSION_SECRET is unset (not in production). */
export const SESSION_SECRET_FILE = "./data/session-secret";

/** The report targets' endpoints, accounts and SM2 keys (docs/design/submission.md "The wire"). */
const reportCredentials = Object.fromEntries(
  REPORT_TARGET_CODES.flatMap((code) => {
    const prefix = `TMS_REPORT_${code}_`;
    const who = REPORT_TARGETS[code].label;
    return [
      [`${prefix}URL`, spec({ readers: ["platform"], schema: httpUrl(), shown: "the built-in stand-in", label: `${who}上报地址`, meaning: `submission endpoint of ${code} (overrides the target's base URL; required in production for an enabled target)` })],
      [`${prefix}USER`, spec({ readers: ["platform"], schema: optionalText(), shown: "the target's sender code", label: `${who}上报账号`, meaning: `submission account of ${code}` })],
      [`${prefix}PASSWORD`, spec({ readers: ["platform"], schema: optionalText(), shown: "`tms-dev` outside production", label: `${who}上报密码`, meaning: `submission password of ${code} (required in production for an enabled target)` })],
      [`${prefix}PRIVATE_KEY`, spec({ readers: ["platform"], schema: optionalText(), shown: "the development key outside production", label: `${who}上报签名私钥`, meaning: `our SM2 private key for ${code}, hex (64 digits) or PEM (\\n for line breaks): signs each message (SM2 with SM3); required in production for an enabled target, never the development key` })],
      [`${prefix}PUBLIC_KEY`, spec({ readers: ["platform"], schema: optionalText(), shown: "the stand-in's development key outside production", label: `${who}平台加密公钥`, meaning: `${code}'s SM2 public key, hex (04‖x‖y) or PEM (public key or certificate): wraps each message's SM4 key; required in production for an enabled target, never the development key` })],
      [`${prefix}USER_ID`, spec({ readers: ["platform"], schema: text("1234567812345678"), label: `${who}签名用户标识`, meaning: `the SM2 signer id (Z value) ${code} verifies with` })],
    ];
  }),
) as Record<`TMS_REPORT_${(typeof REPORT_TARGET_CODES)[number]}_${"URL" | "USER" | "PASSWORD" | "PRIVATE_KEY" | "PUBLIC_KEY" | "USER_ID"}`, SettingSpec>;

const smsTemplateSpec = (code: AccountSmsCode) =>
  spec({
    readers: ["platform"],
    schema: z
      .string()
      .transform((raw, zc): ProviderTemplate => {
        const parsed = parseProviderTemplate(code, raw);
        if (typeof parsed === "string") {
          zc.addIssue({ code: z.ZodIssueCode.custom, message: parsed });
          return z.NEVER;
        }
        return parsed;
      })
      .optional()
      .transform((v) => v ?? null),
    shown: `\`SMS_SYS_${code}\` (the stand-in, not in production)`,
    label: `短信模板：${ACCOUNT_SMS[code].label}`,
    meaning: `the vendor's template of ${ACCOUNT_SMS[code].label} as \`CODE\` or \`CODE:param,param\` (the template's parameters in order; \`name=value\` when it names a value otherwise); values: ${accountSmsValueNames(code).join(", ")}`,
    production: "required",
  });
/** TMS_SMS_TEMPLATE_<KIND>: one provider template per platform message kind (contract/account-sms.ts). */
const smsTemplates = Object.fromEntries(ACCOUNT_SMS_CODES.map((code) => [`TMS_SMS_TEMPLATE_${code}`, smsTemplateSpec(code)])) as Record<`TMS_SMS_TEMPLATE_${AccountSmsCode}`, ReturnType<typeof smsTemplateSpec>>;

export const SETTINGS = {
  TMS_ENV: spec({
    readers: ["platform", "console"],
    schema: z.enum(["production", "development"], { message: "应为 production 或 development / must be production or development" }).optional(),
    shown: "`production` for `start:platform` / `start:console`; `development` for `npm start` and the tests",
    label: "运行环境",
    meaning: "`production`: settings checked at start, Secure cookies, no demo data, no development outbox or stand-ins",
  }),
  TMS_DEMO: spec({ readers: ["platform"], schema: z.enum(["0", "1"], { message: "应为 0 或 1 / must be 0 or 1" }).optional(), shown: "1 under `npm start`, else 0", label: "演示数据", meaning: "`1`: seed the demo accounts and data into an empty database" }),
  PORT: spec({ readers: ["console"], schema: port(3000), label: "控制台端口", meaning: "the console's HTTP port" }),
  HOST: spec({ readers: ["console"], schema: optionalText(), shown: "all interfaces", label: "控制台监听地址", meaning: "the console's listening address" }),
  PLATFORM_PORT: spec({ readers: ["platform", "console", "script"], schema: port(3001), label: "平台端口", meaning: "the platform's HTTP port (the console's default platform address uses it)" }),
  PLATFORM_HOST: spec({ readers: ["platform"], schema: text("127.0.0.1"), label: "平台监听地址", meaning: "the platform's listening address" }),
  TMS_PLATFORM_URL: spec({ readers: ["console", "script"], schema: httpUrl(), shown: "`http://127.0.0.1:$PLATFORM_PORT`", label: "平台地址", meaning: "where the console finds the platform; when set, `npm start` starts only the console" }),
  TMS_DATABASE_URL: spec({
    readers: ["platform", "script"],
    schema: z
      .string()
      .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "应为 file:路径 或 postgres:// 地址 / must be file:<path> or a postgres:// URL")
      .optional()
      .transform((v) => v ?? DEFAULT_DATABASE_URL),
    label: "数据库地址",
    meaning: "SQLite file, or a `postgres://` URL for PostgreSQL (`?schema=name` selects a schema)",
    production: "required",
  }),
  TMS_REDIS_URL: spec({
    readers: ["platform", "console"],
    schema: z
      .string()
      .regex(/^rediss?:\/\/.+/, "应为 redis:// 地址 / must be a redis:// URL")
      .optional()
      .transform((v) => v ?? null),
    shown: "unset (in-process)",
    label: "Redis 地址",
    meaning: "realtime fan-out, rate limits and job turns shared by the platforms; token rotations shared by the consoles",
  }),
  TMS_REDIS_PREFIX: spec({ readers: ["platform"], schema: text("tms"), label: "Redis 键前缀", meaning: "prefix of every Redis key and channel, so deployments sharing one Redis server stay apart" }),
  TMS_TRUST_PROXY: spec({
    readers: ["platform", "console"],
    schema: optionalText(),
    shown: "platform: loopback (the bundled console); console: nobody",
    label: "可信代理",
    meaning: "peers whose X-Forwarded-For is believed: off, a hop count, or a comma list of addresses, CIDR ranges, loopback / linklocal / uniquelocal; the client is the right-most untrusted hop",
  }),
  SESSION_SECRET: spec({
    readers: ["console", "script"],
    schema: optionalText(),
    secretLength: 32,
    shown: "generated once into `./data/session-secret` (not in production)",
    label: "会话密钥",
    meaning: "encrypts and signs the session cookie; at least 32 characters; the same on every console; `npm run backup` saves it",
    production: "required",
  }),
  TMS_CARD_KEY: spec({ readers: ["platform", "script"], schema: optionalText(), secretLength: 32, shown: "a development key (not in production)", label: "银行卡加密密钥", meaning: "encrypts bank card numbers at rest (AES-256-GCM) and keys the hashes of 注册邀请 codes; at least 32 characters; `npm run backup` saves it", production: "required" }),
  TMS_ID_KEY: spec({ readers: ["platform", "script"], schema: optionalText(), secretLength: 32, shown: "a development key (not in production)", label: "身份证号加密密钥", meaning: "seals personal ID, licence and taxpayer numbers at rest (AES-256-GCM); at least 32 characters; `npm run backup` saves it; rotating it: docs/design/security-data.md", production: "required" }),
  TMS_ID_HASH_KEY: spec({ readers: ["platform", "script"], schema: optionalText(), secretLength: 32, shown: "a development key (not in production)", label: "身份证号检索密钥", meaning: "HMAC key of the ID numbers' keyed hashes (uniqueness, search by the full number); at least 32 characters; `npm run backup` saves it", production: "required" }),
  TMS_ID_KEY_PREVIOUS: spec({ readers: ["platform", "script"], schema: optionalText(), shown: "unset", label: "身份证号旧加密密钥", meaning: "while rotating TMS_ID_KEY: the previous key, which still opens the values not yet re-sealed; how: docs/design/security-data.md" }),
  TMS_SMS_PROVIDER: spec({
    readers: ["platform"],
    schema: z.enum(Object.keys(SMS_PROVIDERS) as [SmsProvider, ...SmsProvider[]], { message: "应为 aliyun、tencent 或 standin / must be aliyun, tencent or standin" }).optional().transform((v) => v ?? "standin"),
    shown: "`standin` (not in production)",
    label: "短信服务商",
    meaning: "`aliyun` (阿里云短信服务) or `tencent` (腾讯云短信): every SMS goes through that vendor's SDK; `standin`, the built-in stand-in of development and tests, is refused in production",
    production: "required",
    productionCheck: (env) => (env.TMS_SMS_PROVIDER === "standin" ? "生产环境不能使用开发替身，应为 aliyun 或 tencent / production needs aliyun or tencent" : null),
  }),
  TMS_SMS_URL: spec({ readers: ["platform"], schema: httpUrl(), shown: "the vendor's endpoint (`https://dysmsapi.aliyuncs.com`, `https://sms.tencentcloudapi.com`); the built-in stand-in for `standin`", label: "短信接口地址", meaning: "where the SDK sends (scheme and host; `http://` only for a local stand-in)" }),
  TMS_SMS_ACCOUNT: spec({ readers: ["platform"], schema: optionalText(), shown: "`tms-dev` (not in production)", label: "短信 AccessKey ID", meaning: "阿里云 AccessKey ID or 腾讯云 SecretId (the stand-in's account for `standin`)", production: "required" }),
  TMS_SMS_KEY: spec({ readers: ["platform"], schema: optionalText(), secretLength: 8, shown: "`tms-dev-sms-key` (not in production)", label: "短信 AccessKey Secret", meaning: "阿里云 AccessKey Secret or 腾讯云 SecretKey (the stand-in's signing key for `standin`)", production: "required" }),
  TMS_SMS_APP_ID: spec({
    readers: ["platform"],
    schema: z.string().regex(/^\d{6,12}$/, "应为 6–12 位数字 / must be 6–12 digits").optional().transform((v) => v ?? null),
    shown: "unset",
    label: "腾讯云短信应用 ID",
    meaning: "腾讯云 SmsSdkAppId (required with `tencent`)",
    productionCheck: (env) => (env.TMS_SMS_PROVIDER === "tencent" && !env.TMS_SMS_APP_ID ? "缺少 TMS_SMS_APP_ID（腾讯云短信应用 ID），使用腾讯云时必须设置 / TMS_SMS_APP_ID is required with TMS_SMS_PROVIDER=tencent" : null),
  }),
  TMS_SMS_REGION: spec({ readers: ["platform"], schema: optionalText(), shown: "`cn-hangzhou` (阿里云), `ap-guangzhou` (腾讯云)", label: "短信服务地域", meaning: "the vendor's region of the SMS API" }),
  TMS_SMS_SIGN: spec({ readers: ["platform"], schema: z.string().max(12, "至多 12 个字 / at most 12 characters").optional().transform((v) => v ?? null), shown: "the platform's name (not in production)", label: "短信签名", meaning: "the sign name (签名) approved by the vendor, on every platform SMS; at most 12 characters", production: "required" }),
  ...smsTemplates,
  ...reportCredentials,
  TMS_SHUTDOWN_TIMEOUT_MS: spec({
    readers: ["platform", "console"],
    schema: integer(30_000, 0),
    label: "停机等待时间",
    meaning: "on SIGTERM, how long the requests, exports and jobs in flight may take to finish before the rest are cut",
  }),
  TMS_REPORT_JOB: spec({ readers: ["platform"], schema: onOff("on"), shown: "on", label: "数据报送任务", meaning: "`off` stops the minute job that builds and sends submission records" }),
  TMS_REPORT_JOB_SECONDS: spec({ readers: ["platform"], schema: integer(60, 5, 3600), label: "数据报送任务周期", meaning: "seconds between runs of the submission job (builds the records of completed and paid waybills, sends the due ones)" }),
  TMS_PERSONAL_RETENTION_YEARS: spec({ readers: ["platform"], schema: integer(3, 1, 30), label: "个人信息保存年限", meaning: "years after a person's account is closed (record and login both 停用 or deleted) before the hourly `personal-retention` job purges their 证照 images and ID numbers, each purge in 操作日志; 3 = the e-commerce law's minimum for transaction records (docs/design/security-data.md \"Retention\")" }),
  TMS_DATA_DIR: spec({ readers: ["platform", "script"], schema: text("./data"), label: "文件存储目录", meaning: "the platform's file store (`files/ab/cd/<sha256>`: uploads, avatars, app packages); `npm run backup` / `restore` copy its `files/`" }),
  TMS_VERSION_FUNCTIONS: spec({ readers: ["platform", "console"], schema: list("CAPTAIN,DRIVER"), label: "版本功能", meaning: "the build's version functions; without `CAPTAIN` the ship and water entries are hidden" }),
  TMS_ACCESS_TTL_SECONDS: spec({ readers: ["platform"], schema: integer(2 * 3600, 60), label: "访问令牌有效期", meaning: "access token lifetime in seconds" }),
  TMS_REFRESH_TTL_SECONDS: spec({ readers: ["platform"], schema: integer(7 * 24 * 3600, 60), label: "刷新令牌有效期", meaning: "refresh token lifetime in seconds" }),
  TMS_PAGE_TIMEOUT_MS: spec({ readers: ["console"], schema: integer(8_000, 1), label: "页面等待时间", meaning: "how long a page load waits for each platform call before the console answers 503" }),
  TMS_EXPORTS_PER_USER: spec({ readers: ["platform"], schema: integer(2, 1), label: "每用户并发导出数", meaning: "concurrent xlsx exports per user and platform process; more get 429" }),
  TMS_EXPORTS_TOTAL: spec({ readers: ["platform"], schema: integer(6, 1), label: "并发导出总数", meaning: "concurrent xlsx exports per platform process; more get 429" }),
  TMS_EXPORT_STALL_MS: spec({ readers: ["platform"], schema: integer(120_000, 1), label: "导出停滞时限", meaning: "an export whose client takes nothing for this long is dropped and its slot freed" }),
  TMS_EXPORT_ZIP_LEVEL: spec({ readers: ["platform"], schema: integer(1, 0, 9), label: "导出压缩级别", meaning: "deflate level (0–9) of the xlsx exports" }),
  LOG_LEVEL: spec({
    readers: ["platform", "console"],
    schema: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { message: "应为 fatal、error、warn、info、debug、trace 或 silent / must be a pino level" }).optional().transform((v) => v ?? "info"),
    label: "日志级别",
    meaning: "the log level of the platform and the console (pretty lines under `TMS_ENV=development`, JSON lines in production)",
  }),
  TMS_METRICS_TOKEN: spec({
    readers: ["platform", "console"],
    schema: optionalText(),
    secretLength: 16,
    shown: "unset: `/metrics` answers loopback peers only",
    label: "指标接口令牌",
    meaning: "`/metrics` also answers a scraper elsewhere that sends `Authorization: Bearer <token>`; at least 16 characters",
  }),
  NODE_ENV: spec({
    readers: ["console"],
    schema: z.enum(["production", "development", "test"], { message: "应为 production、development 或 test / must be production, development or test" }).optional().transform((v) => v ?? "production"), label: "Node 运行模式", meaning: "Remix's mode; the console server sets `production` when unset" }),
  SMS_STANDIN_PROVIDER: spec({
    readers: ["script"],
    schema: z.enum(Object.keys(SMS_PROVIDERS) as [SmsProvider, ...SmsProvider[]], { message: "应为 aliyun、tencent 或 standin / must be aliyun, tencent or standin" }).optional().transform((v) => v ?? "standin"),
    label: "短信替身类型",
    meaning: "`scripts/sms-standin.ts`: `standin` (the development gateway), or `aliyun` / `tencent` (a vendor's stand-in checking the TMS_SMS_* account, sign name and templates)",
  }),
  SMS_STANDIN_PORT: spec({ readers: ["script"], schema: port(3910), label: "短信网关替身端口", meaning: "`scripts/sms-standin.ts`: its port" }),
  SMS_STANDIN_ACCOUNT: spec({ readers: ["script"], schema: text("tms-dev"), label: "短信网关替身账号", meaning: "`scripts/sms-standin.ts`: the account it accepts" }),
  SMS_STANDIN_KEY: spec({ readers: ["script"], schema: text("tms-dev-sms-key"), label: "短信网关替身密钥", meaning: "`scripts/sms-standin.ts`: that account's key" }),
  STANDIN_PORT: spec({ readers: ["script"], schema: port(3900), label: "报送替身端口", meaning: "`scripts/report-standin.ts`: its port" }),
  STANDIN_USER: spec({ readers: ["script"], schema: text("ANHUI_DEV"), label: "报送替身账号", meaning: "`scripts/report-standin.ts`: the account it accepts" }),
  STANDIN_PASSWORD: spec({ readers: ["script"], schema: text("tms-dev"), label: "报送替身密码", meaning: "`scripts/report-standin.ts`: that account's password" }),
  STANDIN_PRIVATE_KEY: spec({ readers: ["script"], schema: optionalText(), shown: "the stand-in's development key", label: "报送替身解密私钥", meaning: "`scripts/report-standin.ts`: its SM2 private key (hex or PEM), which opens each message's SM4 key" }),
  STANDIN_SENDER_PUBLIC_KEY: spec({ readers: ["script"], schema: optionalText(), shown: "the sender's development key", label: "报送替身验签公钥", meaning: "`scripts/report-standin.ts`: the sending platform's SM2 public key (hex or PEM), which verifies each signature" }),
};

export type SettingName = keyof typeof SETTINGS;

/** Where the console finds the platform: TMS_PLATFORM_URL, else the bundled platform on this machine. */
export const platformUrlOf = (settings: { TMS_PLATFORM_URL: string | null; PLATFORM_PORT: number }) => settings.TMS_PLATFORM_URL ?? `http://127.0.0.1:${settings.PLATFORM_PORT}`;
export type Settings = { [K in SettingName]: z.output<(typeof SETTINGS)[K]["schema"]> };

/** The one schema: every variable, unset and empty alike meaning "use the default". */
export const settingsSchema = z.object(
  Object.fromEntries(Object.entries(SETTINGS).map(([name, s]) => [name, z.preprocess((v) => (v === "" ? undefined : v), s.schema)])) as { [K in SettingName]: z.ZodEffects<(typeof SETTINGS)[K]["schema"]> },
);

const defaultOf = (name: SettingName): unknown => (SETTINGS[name].schema as z.ZodTypeAny).safeParse(undefined).data;

export interface SettingsReport {
  /** The parsed settings; a malformed value is replaced by its default. */
  settings: Settings;
  /** One Chinese-and-English line per problem (malformed values always; missing ones in production). */
  problems: string[];
  production: boolean;
}

/**
 * Reads and checks the settings `reader` uses. `defaultEnvironment` is what a missing TMS_ENV means:
 * the production start commands pass "production", everything else reads it as development.
 */
export function readSettings(env: Record<string, string | undefined>, reader?: SettingReader, defaultEnvironment: "production" | "development" = "development"): SettingsReport {
  const problems: string[] = [];
  const raw: Record<string, unknown> = { ...env };
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as SettingName;
      raw[name] = undefined;
      if (!reader || SETTINGS[name].readers.includes(reader)) problems.push(`${name}（${SETTINGS[name].label}）格式不正确 / ${name} is malformed: ${issue.message}`);
    }
  }
  const settings = (parsed.success ? parsed.data : settingsSchema.parse(raw)) as Settings;
  const production = (settings.TMS_ENV ?? defaultEnvironment) === "production";
  if (production)
    for (const [name, s] of Object.entries(SETTINGS) as Array<[SettingName, SettingSpec]>) {
      if (reader && !s.readers.includes(reader)) continue;
      const value = env[name];
      if (!value) {
        if (s.production === "required") problems.push(`缺少 ${name}（${s.label}），生产环境必须设置 / ${name} is required when TMS_ENV=production: ${s.meaning}`);
      } else if (s.secretLength && (value.length < s.secretLength || /^tms-dev/.test(value)))
        problems.push(`${name}（${s.label}）不安全：至少 ${s.secretLength} 个字符且不能使用开发默认值 / ${name} is unsafe: at least ${s.secretLength} characters, not a development default`);
      const wrong = s.productionCheck?.(env);
      if (wrong) problems.push(`${name}（${s.label}）：${wrong}`);
    }
  return { settings, problems: [...new Set(problems)], production };
}

/** The Markdown table of every variable: name, who reads it, default, meaning (docs/configuration.md). */
export function settingsTable(): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  const rows = (Object.entries(SETTINGS) as Array<[SettingName, SettingSpec]>).map(([name, s]) => {
    const fallback = s.shown ?? (() => {
      const value = defaultOf(name);
      if (value === undefined || value === null) return "unset";
      return `\`${Array.isArray(value) ? value.join(",") : String(value)}\``;
    })();
    const meaning = `${s.meaning}${s.production ? " **Required in production.**" : ""}`;
    return `| \`${name}\` | ${s.readers.join(", ")} | ${cell(fallback)} | ${cell(meaning)} |`;
  });
  return ["| Variable | Read by | Default | Meaning |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/**
 * For a program's entry point: reads the settings with a missing TMS_ENV meaning production, writes
 * each problem as one line on stderr, and in production exits with status 1 when there is any (out of
 * production they are warnings and the defaults stand). Returns the report, and leaves TMS_ENV set
 * in the process's environment so every later reader agrees.
 */
export function settingsAtStart(reader: SettingReader, extraProblems: (report: SettingsReport) => string[] = () => []): SettingsReport {
  const report = readSettings(process.env, reader, "production");
  process.env.TMS_ENV = report.production ? "production" : "development";
  refuseOnProblems(reader, report.production, [...report.problems, ...extraProblems(report)]);
  return report;
}

/** Writes the problems, one a line; in production exits with status 1 when there is any. */
export function refuseOnProblems(reader: SettingReader, production: boolean, problems: string[]): void {
  for (const line of problems) process.stderr.write(`[${reader}] ${production ? "配置错误" : "配置警告"} / settings ${production ? "error" : "warning"}: ${line}\n`);
  if (production && problems.length) {
    process.stderr.write(`[${reader}] 生产环境配置不完整，拒绝启动 / refusing to start with ${problems.length} settings problem(s) (TMS_ENV=production)\n`);
    process.exit(1);
  }
}

/** docs/configuration.md: the table with what production requires (generated, not edited by hand). */
export function configurationDocument(): string {
  return `# Configuration

Generated from \`contract/settings.ts\` by \`npm run settings:table -- --write\`; do not edit by hand.

Every setting is an environment variable; unset and empty mean the default. \`npm start\` runs with
\`TMS_ENV=development\` and \`TMS_DEMO=1\`; the production start commands (\`npm run start:platform\`,
\`npm run start:console\`) read a missing \`TMS_ENV\` as \`production\`. In production the platform and the
console refuse to start, with one line in Chinese and English per problem, when a setting marked
required is missing, a secret is shorter than its minimum or still a development default (\`tms-dev…\`),
or any value is malformed; the platform also refuses when a report target enabled in the database lacks
its \`TMS_REPORT_<TARGET>_URL\` (unless its base URL is absolute), \`_PASSWORD\`, \`_PRIVATE_KEY\` or \`_PUBLIC_KEY\`,
when a key is malformed (not an SM2 key in hex or PEM), or when it is one of the published development keys.

${settingsTable()}
`;
}
