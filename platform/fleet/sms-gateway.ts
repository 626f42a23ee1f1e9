/**
 * The SMS gateway client: files templates and sends messages over HTTP to the provider configured by
 * `TMS_SMS_URL`, `TMS_SMS_ACCOUNT` and `TMS_SMS_KEY` (out of production the defaults point at the
 * stand-in the platform mounts at /dev/sms-standin). Every send is written to sms_send_logs with its
 * request and the gateway's answer; nothing here runs inside a database transaction.
 */
import { createHmac } from "node:crypto";
import { renderSms, type SmsCode } from "../../contract/sms.js";
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
}

const MASK = "******";

/** Sends one message and writes its log row; answers whether the gateway accepted it. */
export async function sendSms(ctx: ServiceContext, db: AnyDb, message: SmsToSend) {
  const { template } = message;
  const outcome = await post(ctx, "/messages", { templateId: template.providerTemplateId, signName: template.signName, content: template.content, mobile: message.mobile, params: message.values });
  const accepted = outcome.ok && outcome.reply.code === "OK";
  const hidden = (text: string) => (message.secret ?? []).reduce((acc, key) => (message.values[key] ? acc.split(message.values[key]!).join(MASK) : acc), text);
  const error = accepted ? null : outcome.ok ? `${outcome.reply.code}：${outcome.reply.message}` : outcome.error;
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
      status: accepted ? "SENT" : "FAILED",
      provider_message_id: accepted && outcome.ok ? (outcome.reply.messageId ?? null) : null,
      request_excerpt: hidden(outcome.request).slice(0, 2000),
      response_excerpt: outcome.response === null ? null : hidden(outcome.response),
      error: error?.slice(0, 200) ?? null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { accepted, error, logId: Number(log.id) };
}
