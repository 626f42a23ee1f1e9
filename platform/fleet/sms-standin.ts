/**
 * A stand-in for the SMS gateway (another party's system) speaking the gateway's protocol
 * (sms-gateway.ts): POST /templates files a template (approved, or rejected with a reason: links,
 * a bad signature length), POST /messages sends one message from a filed template (every placeholder
 * must have a value, the mobile must be one). Requests are signed (X-Sms-Account, X-Sms-Timestamp,
 * X-Sms-Signature = HMAC-SHA256 of account, timestamp and body). For development and tests it takes
 * injected failures: POST /_control/fail {count, http?, code?}, GET /_control/messages, POST /_control/reset.
 * Mounted by the platform at /dev/sms-standin outside production; `tsx scripts/sms-standin.ts` runs it
 * on its own port.
 */
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { placeholdersOf, renderSms } from "../../contract/sms.js";
import { MOBILE_PATTERN } from "../../contract/validation.js";
import { SMS_DEV_ACCOUNT, signSmsRequest, type SmsReply } from "./sms-gateway.js";
import { parseBoundedJson } from "../../contract/json-limits.js";

interface Failure {
  http?: number;
  code?: string;
}

export interface SmsStandinState {
  /** account → signing key */
  accounts: Record<string, string>;
  failures: Failure[];
  templates: number;
  sent: Array<{ messageId: string; mobile: string; text: string }>;
}

export function newSmsStandinState(accounts: Record<string, string> = { [SMS_DEV_ACCOUNT.account]: SMS_DEV_ACCOUNT.key }): SmsStandinState {
  return { accounts, failures: [], templates: 0, sent: [] };
}

const reply = (code: string, message: string, extra: Partial<SmsReply> = {}): SmsReply => ({ code, message, ...extra });

export async function smsStandinRoutes(app: FastifyInstance, state: SmsStandinState): Promise<void> {
  // Signatures are over the raw body.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, { raw: body, json: body ? parseBoundedJson(String(body)) : {} });
    } catch {
      done(null, { raw: String(body), json: null });
    }
  });
  const authentic = (request: FastifyRequest): Record<string, unknown> | null => {
    const { raw, json } = (request.body ?? {}) as { raw?: string; json?: Record<string, unknown> | null };
    const account = String(request.headers["x-sms-account"] ?? "");
    const timestamp = String(request.headers["x-sms-timestamp"] ?? "");
    const key = state.accounts[account];
    if (!key || !json || raw === undefined) return null;
    return signSmsRequest(key, account, timestamp, raw) === request.headers["x-sms-signature"] ? json : null;
  };
  const failure = () => state.failures.shift();

  app.post("/templates", async (request, response) => {
    const injected = failure();
    if (injected?.http) return response.code(injected.http).send({ error: "stand-in failure" });
    if (injected?.code) return reply(injected.code, `模拟失败 ${injected.code}`);
    const body = authentic(request);
    if (!body) return response.code(401).send(reply("AUTH_FAILED", "账号或签名不正确"));
    const content = String(body.content ?? "");
    const signName = String(body.signName ?? "");
    if (signName.length < 2 || signName.length > 12) return reply("REJECTED", "签名应为 2–12 个字");
    if (/https?:|www\./i.test(content)) return reply("REJECTED", "模板内容不能包含链接");
    if (!content.trim()) return reply("REJECTED", "模板内容为空");
    state.templates += 1;
    return reply("OK", "报备通过", { templateId: `SMS_${String(100000 + state.templates)}` });
  });

  app.post("/messages", async (request, response) => {
    const injected = failure();
    if (injected?.http) return response.code(injected.http).send({ error: "stand-in failure" });
    if (injected?.code) return reply(injected.code, `模拟失败 ${injected.code}`);
    const body = authentic(request);
    if (!body) return response.code(401).send(reply("AUTH_FAILED", "账号或签名不正确"));
    const mobile = String(body.mobile ?? "");
    if (!MOBILE_PATTERN.test(mobile)) return reply("MOBILE_INVALID", "手机号不正确");
    // Filings are not kept across restarts: the stand-in checks the id's form and renders the content sent with it.
    if (!/^SMS_\w+$/.test(String(body.templateId ?? ""))) return reply("TEMPLATE_UNKNOWN", "模板不存在或未报备");
    const params = (body.params ?? {}) as Record<string, string>;
    const content = String(body.content ?? "");
    const missing = placeholdersOf(content).filter((name) => !params[name]);
    if (missing.length) return reply("PARAMS_MISSING", `缺少变量 ${missing.join("、")}`);
    const messageId = `M${randomUUID().replace(/-/g, "").slice(0, 20)}`;
    const text = renderSms(String(body.signName ?? ""), content, params);
    state.sent.push({ messageId, mobile, text });
    return reply("OK", "已受理", { messageId });
  });

  app.post("/_control/fail", async (request) => {
    const body = ((request.body as { json?: Record<string, unknown> } | undefined)?.json ?? {}) as Failure & { count?: number };
    for (let i = 0; i < Math.min(50, Number(body.count ?? 1)); i++) state.failures.push({ http: body.http, code: body.code });
    return { queued: state.failures.length };
  });
  app.post("/_control/reset", async () => {
    state.failures.length = 0;
    state.sent.length = 0;
    return { ok: true };
  });
  app.get("/_control/messages", async () => ({ sent: state.sent }));
}

/** A standalone stand-in (scripts/sms-standin.ts). */
export async function startSmsStandin(options: { port?: number; accounts?: Record<string, string> } = {}): Promise<{ url: string; state: SmsStandinState; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  const state = newSmsStandinState(options.accounts);
  await app.register((scope) => smsStandinRoutes(scope, state));
  const url = await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  return { url, state, close: () => app.close() };
}
