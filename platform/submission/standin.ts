/**
 * A stand-in for the receiving platforms (the province, the ministry's 交互系统, the 物润 partner) speaking
 * the same messages (wire.ts): POST /login, POST /message. It checks the account and token, opens each
 * message with its own SM2 private key (3006 when the key does not open), verifies the sender's SM2
 * signature (3007), checks the message type and every field against the messages' rules and code lists
 * (3005 naming the fields), answers with the ministry's result codes, and remembers reference numbers
 * (3001 on a repeat). For development and tests it takes injected failures:
 * POST /_control/fail {count, code?: "9001"|…, http?: 503, delayMs?}, GET /_control/messages, POST /_control/reset.
 * Mounted by the platform at /dev/report-standin/<target> outside production; `npm run` script:
 * `tsx scripts/report-standin.ts` runs it on its own port.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { MESSAGE_TYPES, type MessageType } from "../../contract/submission.js";
import { checkPayload, MESSAGE_SPECS } from "./messages.js";
import { openContent, SM2_DEFAULT_USER_ID, type ExchangeMessage, type ExchangeReply, type LoginRequest } from "./wire.js";

export interface StandinAccount {
  password: string;
  /** The stand-in's own SM2 private key (hex), which opens each message's SM4 key. */
  privateKey: string;
  /** The sending platform's SM2 public key (hex), which verifies each signature. */
  senderPublicKey: string;
  /** The SM2 signer id; the standard 1234567812345678 when absent. */
  userId?: string;
}

interface Failure {
  code?: string;
  http?: number;
  delayMs?: number;
}

export interface StandinState {
  accounts: Record<string, StandinAccount>;
  tokens: Map<string, string>;
  references: Set<string>;
  failures: Failure[];
  received: Array<{ documentName: string; reference: string; payload: unknown; resultCode: string }>;
}

const TYPE_OF_DOCUMENT = new Map(Object.entries(MESSAGE_TYPES).map(([type, m]) => [m.document as string, type as MessageType]));

export function newStandinState(accounts: Record<string, StandinAccount>): StandinState {
  return { accounts, tokens: new Map(), references: new Set(), failures: [], received: [] };
}

const reply = (resultCode: string, resultMessage: string, extra: Partial<ExchangeReply> = {}): ExchangeReply => ({ resultCode, resultMessage, ...extra });

/** The stand-in's routes, on `app` under its prefix. */
export async function standinRoutes(app: FastifyInstance, state: StandinState): Promise<void> {
  app.post("/login", async (request) => {
    const body = (request.body ?? {}) as Partial<LoginRequest>;
    const account = state.accounts[String(body.userName)];
    if (!account || account.password !== body.password) return reply("2001", "用户名或密码错误");
    const token = `T${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
    state.tokens.set(token, String(body.userName));
    return reply("1001", "成功", { token });
  });

  app.post("/message", async (request, response) => {
    const failure = state.failures.shift();
    if (failure?.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    if (failure?.http) return response.code(failure.http).send({ error: "stand-in failure" });
    if (failure?.code) return reply(failure.code, `模拟失败 ${failure.code}`);
    const message = (request.body ?? {}) as ExchangeMessage;
    const user = state.tokens.get(String(message.token));
    if (!user) return reply("2001", "token 认证失败");
    const type = TYPE_OF_DOCUMENT.get(String(message.ipcType));
    if (!type || message.ipcType !== message.documentName) return reply("3002", "ipctype 错误");
    const account = state.accounts[user]!;
    const opened = openContent({ receiverPrivateKey: account.privateKey, senderPublicKey: account.senderPublicKey, userId: account.userId ?? SM2_DEFAULT_USER_ID }, message);
    if (!("payload" in opened)) {
      state.received.push({ documentName: message.documentName, reference: message.messageReferenceNumber, payload: null, resultCode: opened.resultCode });
      return reply(opened.resultCode, opened.resultMessage);
    }
    const { payload } = opened;
    if (state.references.has(message.messageReferenceNumber)) return reply("3001", "报文参考号重复");
    const refused = checkPayload(MESSAGE_SPECS[type], payload).filter((line) => !line.ok);
    const resultCode = refused.length ? "3005" : "1001";
    state.received.push({ documentName: message.documentName, reference: message.messageReferenceNumber, payload, resultCode });
    if (refused.length) return reply("3005", `字段校验失败：${refused.map((line) => `${line.ministryField}（${line.label}）${line.message}`).join("；")}`.slice(0, 500));
    state.references.add(message.messageReferenceNumber);
    return reply("1001", "成功");
  });

  app.post("/_control/fail", async (request) => {
    const body = (request.body ?? {}) as Failure & { count?: number };
    for (let i = 0; i < Math.min(50, Number(body.count ?? 1)); i++) state.failures.push({ code: body.code, http: body.http, delayMs: body.delayMs });
    return { queued: state.failures.length };
  });
  app.post("/_control/reset", async () => {
    state.failures.length = 0;
    state.received.length = 0;
    return { ok: true };
  });
  app.get("/_control/messages", async () => ({ received: state.received }));
}

/** A standalone stand-in server (tests and `scripts/report-standin.ts`). */
export async function startStandin(options: { port?: number; accounts: Record<string, StandinAccount> }): Promise<{ url: string; state: StandinState; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  const state = newStandinState(options.accounts);
  await app.register((scope) => standinRoutes(scope, state));
  const address = await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  return { url: address, state, close: () => app.close() };
}
