/**
 * The SMS client: sends every message through the provider of `TMS_SMS_PROVIDER`: 阿里云 or 腾讯云
 * through their SDKs (sms-providers.ts), or, out of production, the development stand-in's own protocol
 * (an HMAC-signed JSON post to `TMS_SMS_URL`, by default the stand-in the platform mounts at
 * /dev/sms-standin; it also files organisations' templates). Every send is written to sms_send_logs
 * with its provider, request, the provider's answer and request id; nothing here runs inside a
 * database transaction.
 */
import { createHmac } from "node:crypto";
import { placeholdersOf, renderSms, type SmsCode } from "../../contract/sms.js";
import type { ProviderTemplate } from "../../contract/account-sms.js";
import { readSettings } from "../../contract/settings.js";
import { receiptsFromVendor, sendThroughVendor, type VendorAccount, type VendorAnswer } from "./sms-providers.js";
import type { ServiceContext } from "../context.js";
import type { AnyDb } from "../resources/bind.js";
import { smsSends } from "../observability/metrics.js";

/** The development stand-in's account (scripts/sms-standin.ts, the platform's dev mount): the gateway's default outside production. */
export const SMS_DEV_ACCOUNT = { account: "tms-dev", key: "tms-dev-sms-key" };

export interface SmsReply {
  code: string;
  message: string;
  templateId?: string;
  messageId?: string;
}

export const SMS_STANDIN_PATH = "/dev/sms-standin";
const TIMEOUT_MS = 5_000;

export function signSmsRequest(key: string, account: string, timestamp: string, body: string): string {
  return createHmac("sha256", key).update(`${account}\n${timestamp}\n${body}`).digest("hex");
}

/** The port each platform instance really listens on (tests listen on port 0). */
const listening = new WeakMap<ServiceContext, number>();
export function rememberListeningPort(ctx: ServiceContext, port: number): void {
  listening.set(ctx, port);
}

/** The configured gateway; only outside production do unset settings fall back to the mounted stand-in. */
function gatewayOf(ctx: ServiceContext, env: NodeJS.ProcessEnv = process.env) {
  const self = `http://127.0.0.1:${listening.get(ctx) ?? ctx.config.port}${SMS_STANDIN_PATH}`;
  const dev = !ctx.config.production;
  return {
    url: (env.TMS_SMS_URL || (dev ? self : "")).replace(/\/$/, ""),
    account: env.TMS_SMS_ACCOUNT || (dev ? SMS_DEV_ACCOUNT.account : ""),
    key: env.TMS_SMS_KEY || (dev ? SMS_DEV_ACCOUNT.key : ""),
  };
}

export type GatewayOutcome = { ok: true; reply: SmsReply; request: string; response: string } | { ok: false; error: string; request: string; response: string | null };

async function post(ctx: ServiceContext, path: string, payload: Record<string, unknown>): Promise<GatewayOutcome> {
  const outcome = await postOnce(ctx, path, payload);
  smsSends.inc({ path, outcome: outcome.ok ? "ok" : "failed" });
  return outcome;
}

async function postOnce(ctx: ServiceContext, path: string, payload: Record<string, unknown>): Promise<GatewayOutcome> {
  const gateway = gatewayOf(ctx);
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  try {
    const res = await fetch(`${gateway.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Sms-Account": gateway.account, "X-Sms-Timestamp": timestamp, "X-Sms-Signature": signSmsRequest(gateway.key, gateway.account, timestamp, body) },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let reply: SmsReply | null = null;
    try {
      reply = JSON.parse(text) as SmsReply;
    } catch {
      reply = null;
    }
    if (!res.ok || !reply || typeof reply.code !== "string") return { ok: false, error: `短信网关返回 HTTP ${res.status}${reply?.message ? `：${reply.message}` : ""}`, request: body, response: text.slice(0, 2000) };
    return { ok: true, reply, request: body, response: text.slice(0, 2000) };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { ok: false, error: timedOut ? "短信网关响应超时" : "短信网关无法连接", request: body, response: null };
  }
}

/** Files a template with the gateway: approved with its id, rejected with the reason, or not reached. */
export async function fileTemplate(ctx: ServiceContext, template: { code: string; signName: string; content: string }) {
  // The vendors review templates in their own consoles; their codes are written on the template by operations.
  if (vendorAccountOf()) return { status: "UNREACHED" as const, reason: "短信服务商的模板须在其控制台报备" };
  const outcome = await post(ctx, "/templates", template);
  if (!outcome.ok) return { status: "UNREACHED" as const, reason: outcome.error };
  if (outcome.reply.code === "OK" && outcome.reply.templateId) return { status: "APPROVED" as const, templateId: outcome.reply.templateId };
  return { status: "REJECTED" as const, reason: outcome.reply.message || outcome.reply.code };
}

export interface SmsToSend {
  platformId: string;
  orgId: number | null;
  userId: number | null;
  purpose: "TEST" | "INVITE" | "ACCOUNT" | "CODE";
  /** null: a platform template filed by operations (account messages), not a row of sms_templates. */
  template: { id: number | null; code: SmsCode | string; signName: string; content: string; providerTemplateId: string };
  mobile: string;
  values: Record<string, string>;
  /** Values never written to the log (an initial password): the log shows ****** instead. */
  secret?: readonly string[];
  /** A platform message's vendor template (TMS_SMS_TEMPLATE_<KIND>); else the template's placeholders by name. */
  providerTemplate?: ProviderTemplate;
  /** What the message is about, when 短信发送记录's 重发 can rebuild it from that (never a code or password). */
  subject?: SmsSubject;
}

/** The record a rebuildable message came from: an invitation (registration_invitations) or a credential. */
export interface SmsSubject {
  type: "INVITATION" | "CREDENTIAL";
  id: number;
}

/** The SMS settings as the platform reads them now (tests set them per file). */
export function smsSettings(env: NodeJS.ProcessEnv = process.env) {
  return readSettings(env, "platform").settings;
}

/** The vendor account of TMS_SMS_*, or null for the stand-in. */
export function vendorAccountOf(settings = smsSettings()): VendorAccount | null {
  const provider = settings.TMS_SMS_PROVIDER;
  if (provider === "standin") return null;
  return { provider, url: settings.TMS_SMS_URL, accessKeyId: settings.TMS_SMS_ACCOUNT ?? "", accessKeySecret: settings.TMS_SMS_KEY ?? "", appId: settings.TMS_SMS_APP_ID, region: settings.TMS_SMS_REGION };
}

/** Through the stand-in's protocol, as a vendor answer. */
async function sendThroughStandin(ctx: ServiceContext, message: SmsToSend): Promise<VendorAnswer> {
  const { template } = message;
  const outcome = await post(ctx, "/messages", { templateId: template.providerTemplateId, signName: template.signName, content: template.content, mobile: message.mobile, params: message.values });
  const accepted = outcome.ok && outcome.reply.code === "OK";
  const error = accepted ? null : outcome.ok ? `${outcome.reply.code}：${outcome.reply.message}` : outcome.error;
  return { accepted, error, requestId: null, messageId: accepted && outcome.ok ? (outcome.reply.messageId ?? null) : null, request: outcome.request, response: outcome.response };
}

const MASK = "******";

/** Sends one message and writes its log row; answers whether the provider accepted it. */
export async function sendSms(ctx: ServiceContext, db: AnyDb, message: SmsToSend) {
  const { template } = message;
  const account = vendorAccountOf();
  const providerTemplate = message.providerTemplate ?? { templateCode: template.providerTemplateId, params: placeholdersOf(template.content).map((name) => ({ name, value: name })) };
  const answer = account ? await sendThroughVendor(account, { signName: template.signName, template: providerTemplate, mobile: message.mobile, values: message.values }) : await sendThroughStandin(ctx, message);
  if (account) smsSends.inc({ path: account.provider, outcome: answer.accepted ? "ok" : "failed" });
  const hidden = (text: string) => (message.secret ?? []).reduce((acc, key) => (message.values[key] ? acc.split(message.values[key]!).join(MASK) : acc), text);
  const log = await db
    .insertInto("sms_send_logs")
    .values({
      platform_id: message.platformId,
      org_id: message.orgId,
      user_id: message.userId,
      template_id: template.id,
      template_code: template.code,
      purpose: message.purpose,
      mobile: message.mobile,
      content: hidden(renderSms(template.signName, template.content, message.values)).slice(0, 600),
      status: answer.accepted ? "SENT" : "FAILED",
      provider: account?.provider ?? "standin",
      provider_message_id: answer.messageId?.slice(0, 40) ?? null,
      request_id: answer.requestId?.slice(0, 64) ?? null,
      request_excerpt: hidden(answer.request).slice(0, 2000),
      response_excerpt: answer.response === null ? null : hidden(answer.response).slice(0, 2000),
      error: answer.error?.slice(0, 200) ?? null,
      subject_type: message.subject?.type ?? null,
      subject_id: message.subject?.id ?? null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { accepted: answer.accepted, error: answer.error, logId: Number(log.id) };
}

/** How old a 已提交 row must be before its receipt is asked for, and after which it is no longer asked. */
const RECEIPT_AFTER_MS = 60_000;
const RECEIPT_UNTIL_MS = 24 * 3600_000;

/**
 * The receipts job: rows the vendor accepted (已提交) between a minute and a day ago are asked about
 * (阿里云 QuerySendDetails per message, 腾讯云 PullSmsSendStatus for the account) and become 成功, or
 * 失败 with the carrier's code. No receipt yet keeps 已提交; after a day nobody asks again. Answers
 * how many rows changed.
 */
export async function collectSmsReceipts(ctx: ServiceContext, now = Date.now()): Promise<number> {
  const account = vendorAccountOf();
  if (!account) return 0;
  const db = ctx.db.kysely;
  const rows = await db
    .selectFrom("sms_send_logs")
    .select(["id", "mobile", "provider_message_id", "created_at"])
    .where("status", "=", "SENT")
    .where("provider", "=", account.provider)
    .where("provider_message_id", "is not", null)
    .where("created_at", "<", new Date(now - RECEIPT_AFTER_MS).toISOString())
    .where("created_at", ">", new Date(now - RECEIPT_UNTIL_MS).toISOString())
    .orderBy("id")
    .limit(200)
    .execute();
  if (!rows.length) return 0;
  const receipts = await receiptsFromVendor(
    account,
    rows.map((r) => ({ messageId: String(r.provider_message_id), mobile: r.mobile, sentAt: new Date(r.created_at).toISOString() })),
  );
  let changed = 0;
  for (const receipt of receipts) {
    const row = rows.find((r) => r.provider_message_id === receipt.messageId.slice(0, 40));
    if (!row) continue;
    const done = await db
      .updateTable("sms_send_logs")
      .set({ status: receipt.delivered ? "DELIVERED" : "FAILED", error: receipt.error?.slice(0, 200) ?? null })
      .where("id", "=", row.id)
      .where("status", "=", "SENT")
      .executeTakeFirst();
    changed += Number(done.numUpdatedRows);
  }
  return changed;
}
