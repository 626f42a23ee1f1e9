/**
 * A stand-in for the provincial monitoring platform (or the 物润 partner) speaking the same messages
 * (wire.ts): POST /login, POST /message. It checks the account, token, signature, message type and
 * the required identifiers, answers with the ministry's result codes, and remembers reference numbers
 * (3001 on a repeat). For development and tests it takes injected failures:
 * POST /_control/fail {count, code?: "9001"|…, http?: 503, delayMs?}, GET /_control/messages, POST /_control/reset.
 * Mounted by the platform at /dev/report-standin/<target> outside production; `npm run` script:
 * `tsx scripts/report-standin.ts` runs it on its own port.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { MESSAGE_TYPES } from "../../contract/submission.js";
import { openContent, type ExchangeMessage, type ExchangeReply, type LoginRequest } from "./wire.js";

export interface StandinAccount {
  password: string;
  key: string;
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

const DOCUMENTS = new Set<string>(Object.values(MESSAGE_TYPES).map((m) => m.document));
/** Identifiers each document must carry (a 3005 otherwise). */
const REQUIRED: Record<string, string[]> = {
  WLHY_YD1001: ["ShippingNoteNumber", "TotalMonetaryAmount", "DespatchActualDateTime", "GoodsReceiptDateTime"],
  WR_SYD1001: ["ShippingNoteNumber", "TotalMonetaryAmount"],
  WLHY_ZJ1001: ["DocumentNumber"],
  WR_SZJ1001: ["DocumentNumber"],
  WLHY_JSY1001: ["DrivingLicense"],
  WLHY_CL1001: ["VehicleNumber"],
};

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
    if (!DOCUMENTS.has(message.ipcType) || message.ipcType !== message.documentName) return reply("3002", "ipctype 错误");
    const payload = openContent(state.accounts[user]!.key, message);
    if (payload === null) return reply("3006", "对称密钥解密失败");
    if (payload === undefined || typeof payload !== "object") return reply("3008", "业务报文解析错误");
    if (state.references.has(message.messageReferenceNumber)) return reply("3001", "报文参考号重复");
    const missing = (REQUIRED[message.documentName] ?? []).filter((field) => !(payload as Record<string, unknown>)[field]);
    const resultCode = missing.length ? "3005" : "1001";
    state.received.push({ documentName: message.documentName, reference: message.messageReferenceNumber, payload, resultCode });
    if (missing.length) return reply("3005", `字段校验失败：${missing.join("、")} 不能为空`);
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
