/**
 * The submitter (domain 8.4): claims a PENDING record (one sender per record), sends it over HTTP to
 * the target's endpoint, records the attempt (request and response excerpts), and moves the record
 * to SUCCESS, FAILED or back to PENDING with the next backoff. Credentials come from the environment:
 * `<credentials_env>URL` (overrides the table's base_url), `…USER`, `…PASSWORD`, `…KEY`.
 */
import { randomUUID } from "node:crypto";
import { MESSAGE_TYPES, RESULT_CODES, RETRY_BACKOFF_MIN, type AttemptOutcome, type CheckLine, type MessageType, type ReportStatus } from "../../contract/submission.js";
import type { AnyDb } from "../resources/bind.js";
import { chinaStamp } from "./format.js";
import { messageLabel, recheckHeld, syncCompletedWaybills, syncPaidWaybills, targetOf, targetsOf, type RecordRow, type TargetRow } from "./records.js";
import { checkPayload, checksPass, heldReason, MESSAGE_SPECS } from "./messages.js";
import { DOCUMENT_VERSION, sealContent, SM2_DEFAULT_USER_ID, type ExchangeReply, type SealKeys } from "./wire.js";
import { DEV_SENDER_KEYS, DEV_STANDIN_KEYS, isDevelopmentKey } from "./dev-keys.js";
import { parsePrivateKey, parsePublicKey } from "./keys.js";
import { maskCards, maskCheckLines, revealCards } from "./card-field.js";

export interface SenderOptions {
  /** Where a relative base_url ("/dev/report-standin/anhui") points: this platform's own address. */
  selfUrl: string;
  env?: Record<string, string | undefined>;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

export interface Operator {
  userId: number;
  name: string;
}

const STALE_SENDING_MS = 5 * 60_000;
const ORDER: MessageType[] = ["DRIVER", "CREW", "VEHICLE", "SHIP", "WAYBILL", "WATER_WAYBILL", "CAPITAL_FLOW", "WATER_CAPITAL_FLOW"];
const RETRYABLE_CODES = new Set(["3003", "9001"]);
const KEY_ERRORS = new Set(["3006", "3007"]);

/**
 * Dev defaults match the stand-in mounted by the platform (its account, the development SM2 keys); a
 * real endpoint sets the target's variables. In production nothing falls back to a development
 * credential (and the start refuses an enabled target without them: reportTargetProblems).
 */
export function credentialsOf(target: TargetRow, options: SenderOptions) {
  const env = options.env ?? process.env;
  const dev = env.TMS_ENV !== "production";
  const prefix = target.credentials_env;
  const base = env[`${prefix}URL`] || target.base_url;
  return {
    url: (base.startsWith("/") ? `${options.selfUrl}${base}` : base).replace(/\/$/, ""),
    user: env[`${prefix}USER`] || target.sender_code,
    password: env[`${prefix}PASSWORD`] || (dev ? "tms-dev" : ""),
    keys: {
      senderPrivateKey: parsePrivateKey(env[`${prefix}PRIVATE_KEY`]) ?? (dev ? DEV_SENDER_KEYS.privateKey : ""),
      receiverPublicKey: parsePublicKey(env[`${prefix}PUBLIC_KEY`]) ?? (dev ? DEV_STANDIN_KEYS.publicKey : ""),
      userId: env[`${prefix}USER_ID`] || SM2_DEFAULT_USER_ID,
    } satisfies SealKeys,
  };
}

/** What an enabled target lacks to be sent to in production: one Chinese-and-English line each. */
export function reportTargetProblems(targets: TargetRow[], env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const target of targets.filter((t) => t.enabled)) {
    const prefix = target.credentials_env;
    const who = `已启用的报送目标「${target.name}」（${target.platform_id} 平台）`;
    const needed = [...(/^https?:\/\//.test(target.base_url) ? [] : ["URL"]), "PASSWORD", "PRIVATE_KEY", "PUBLIC_KEY"].map((part) => `${prefix}${part}`);
    for (const name of needed.filter((n) => !env[n])) problems.push(`缺少 ${name}：${who}需要它 / ${name} is required: report target ${target.code} of platform ${target.platform_id} is enabled`);
    for (const [part, parse] of [["PRIVATE_KEY", parsePrivateKey], ["PUBLIC_KEY", parsePublicKey]] as const) {
      const name = `${prefix}${part}`;
      if (!env[name]) continue;
      const hex = parse(env[name]);
      if (!hex) problems.push(`${name} 格式不正确：${who}的 SM2 ${part === "PRIVATE_KEY" ? "私钥" : "公钥"}应为十六进制或 PEM / ${name} is malformed: not an SM2 key in hex or PEM`);
      else if (isDevelopmentKey(hex)) problems.push(`${name} 不安全：${who}不能使用公开的开发密钥 / ${name} is unsafe: a published development key`);
    }
  }
  return problems;
}

interface HttpResult {
  httpStatus: number | null;
  reply: ExchangeReply | null;
  /** The request never got an answer after it left (timeout). */
  unknown: boolean;
  error: string | null;
  durationMs: number;
  raw: string;
}

async function post(url: string, body: unknown, options: SenderOptions): Promise<HttpResult> {
  const started = Date.now();
  const doFetch = options.fetchImpl ?? fetch;
  try {
    const response = await doFetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
    const raw = await response.text();
    let reply: ExchangeReply | null = null;
    try {
      reply = response.ok ? (JSON.parse(raw) as ExchangeReply) : null;
    } catch {
      reply = null;
    }
    return { httpStatus: response.status, reply, unknown: false, error: response.ok ? null : `HTTP ${response.status}`, durationMs: Date.now() - started, raw: raw.slice(0, 2000) };
  } catch (error) {
    const timeout = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError";
    return { httpStatus: null, reply: null, unknown: timeout, error: timeout ? "请求超时，未收到应答" : `网络错误：${(error as Error).message}`, durationMs: Date.now() - started, raw: "" };
  }
}

async function login(db: AnyDb, target: TargetRow, options: SenderOptions): Promise<string | null> {
  const creds = credentialsOf(target, options);
  const result = await post(`${creds.url}/login`, { userName: creds.user, password: creds.password }, options);
  const token = result.reply?.resultCode === "1001" ? (result.reply.token ?? null) : null;
  if (token) await db.updateTable("report_targets").set({ token, token_at: new Date().toISOString() }).where("id", "=", target.id).execute();
  return token;
}

function classify(result: HttpResult, reusedReference: boolean): { outcome: AttemptOutcome; code: string | null; message: string } {
  const code = result.reply?.resultCode ?? null;
  const message = result.reply?.resultMessage ?? result.error ?? "未知应答";
  if (result.unknown) return { outcome: "UNKNOWN", code, message };
  if (!result.reply) return { outcome: "RETRYABLE", code, message };
  if (code === "1001") return { outcome: "SUCCESS", code, message };
  if (code === "3001" && reusedReference) return { outcome: "SUCCESS", code, message: "报文参考号重复：上次发送已到达" };
  if (code && RETRYABLE_CODES.has(code)) return { outcome: "RETRYABLE", code, message };
  return { outcome: "REJECTED", code, message: code && RESULT_CODES[code] && !message ? RESULT_CODES[code]! : message };
}

/** Why a record may not be sent yet: a dependency that is not SUCCESS. */
async function blockedBy(db: AnyDb, record: RecordRow): Promise<{ failed: boolean; message: string } | null> {
  const ids = JSON.parse(record.depends_on) as number[];
  if (!ids.length) return null;
  const deps = await db.selectFrom("report_records").select(["id", "message_type", "status"]).where("id", "in", ids).execute();
  const open = deps.find((d) => d.status !== "SUCCESS");
  if (!open) return null;
  const failed = open.status === "FAILED" || open.status === "CHECK_FAILED";
  return { failed, message: failed ? `依赖的${messageLabel(open.message_type)}上报失败` : `等待${messageLabel(open.message_type)}上报成功` };
}

/**
 * The last check before a message leaves: its stored payload against the fields' rules (the ones the
 * receiving platform applies, code lists included). A message it would refuse is held (待修正) with the
 * field and the reason instead of being sent; the job checks held records again on every run.
 */
async function holdIfRefusable(db: AnyDb, record: RecordRow, now: Date): Promise<SendResult | null> {
  const fields = checkPayload(MESSAGE_SPECS[record.message_type as MessageType], revealCards(JSON.parse(record.payload) as Record<string, unknown>));
  if (checksPass(fields)) return null;
  const logic = (JSON.parse(record.check_result) as CheckLine[]).filter((c) => c.ministryField === "逻辑校验");
  const checks = [...fields, ...logic];
  const message = heldReason(checks)!;
  await db
    .updateTable("report_records")
    .set({ status: "CHECK_FAILED", check_result: JSON.stringify(maskCheckLines(checks)), last_result_message: message, next_attempt_at: null, updated_at: now.toISOString() })
    .where("id", "=", record.id)
    .where("status", "=", "PENDING")
    .execute();
  return { recordId: Number(record.id), status: "CHECK_FAILED", message };
}

export interface SendResult {
  recordId: number;
  status: ReportStatus;
  message: string;
}

/**
 * Sends one record now (the job, or an operator's 上报). Claims it PENDING → SENDING first; returns
 * null when another sender has it or it is not PENDING.
 */
export async function sendRecord(db: AnyDb, recordId: number, options: SenderOptions, operator: Operator | null = null): Promise<SendResult | null> {
  const now = options.now?.() ?? new Date();
  const record = (await db.selectFrom("report_records").selectAll().where("id", "=", recordId).executeTakeFirst()) as RecordRow | undefined;
  if (!record || record.status !== "PENDING") return null;
  const blocked = await blockedBy(db, record);
  if (blocked) {
    await db.updateTable("report_records").set({ last_result_message: blocked.message, updated_at: now.toISOString() }).where("id", "=", record.id).execute();
    return { recordId, status: "PENDING", message: blocked.message };
  }
  const held = await holdIfRefusable(db, record, now);
  if (held) return held;
  const claimed = await db.updateTable("report_records").set({ status: "SENDING", updated_at: now.toISOString() }).where("id", "=", record.id).where("status", "=", "PENDING").executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;

  const target = (await targetOf(db, record.platform_id, record.target))!;
  const creds = credentialsOf(target, options);
  const reuse = record.last_outcome === "UNKNOWN" && !!record.last_reference;
  const reference = reuse ? record.last_reference! : randomUUID();
  const document = MESSAGE_TYPES[record.message_type as MessageType].document;
  const payload = { ...(JSON.parse(record.payload) as Record<string, unknown>) };
  if ("SendToProDateTime" in payload) payload.SendToProDateTime = chinaStamp(now);
  // Sealed once per send: a fresh SM4 key, wrapped for the receiving platform, and our signature.
  const sealed = sealContent(creds.keys, { messageReferenceNumber: reference, ipcType: document }, revealCards(payload));
  const message = (token: string) => ({
    messageReferenceNumber: reference, documentName: document, documentVersionNumber: DOCUMENT_VERSION, senderCode: creds.user, enterpriseSenderCode: target.credit_code,
    messageSendingDateTime: chinaStamp(now), ipcType: document, token, ...sealed,
  });

  let token = target.token ?? (await login(db, target, options)) ?? "";
  let result = await post(`${creds.url}/message`, message(token), options);
  // 2001: one re-login and an immediate re-send that does not count as an attempt.
  if (result.reply?.resultCode === "2001") {
    token = (await login(db, target, options)) ?? "";
    result = await post(`${creds.url}/message`, message(token), options);
  }
  const verdict = classify(result, reuse);
  const attemptNo = record.attempt_count + 1;
  await db
    .insertInto("report_attempts")
    .values({
      record_id: record.id, attempt_no: attemptNo, message_reference_number: reference, sent_at: now.toISOString(), duration_ms: result.durationMs, http_status: result.httpStatus,
      result_code: verdict.code, result_message: verdict.message.slice(0, 500), outcome: verdict.outcome, operator_user_id: operator?.userId ?? null, operator_name: operator?.name ?? null,
      request_excerpt: JSON.stringify(maskCards(payload)).slice(0, 2000), response_excerpt: result.raw || null,
    })
    .execute();

  let status: ReportStatus;
  let nextAt: string | null = null;
  if (verdict.outcome === "SUCCESS") status = "SUCCESS";
  else if (verdict.outcome === "REJECTED") status = "FAILED";
  else if (attemptNo >= target.max_attempts) status = "FAILED";
  else {
    status = "PENDING";
    const minutes = RETRY_BACKOFF_MIN[Math.min(attemptNo - 1, RETRY_BACKOFF_MIN.length - 1)]!;
    nextAt = new Date(now.getTime() + minutes * 60_000).toISOString();
  }
  if (verdict.code && KEY_ERRORS.has(verdict.code)) {
    await db.updateTable("report_targets").set({ paused: 1, paused_reason: `${verdict.code} ${verdict.message}`, updated_at: now.toISOString() }).where("id", "=", target.id).execute();
  }
  await db
    .updateTable("report_records")
    .set({
      status, attempt_count: attemptNo, next_attempt_at: nextAt, last_result_code: verdict.code, last_result_message: verdict.message.slice(0, 500), last_outcome: verdict.outcome,
      last_reference: reference, success_at: status === "SUCCESS" ? now.toISOString() : record.success_at, updated_at: now.toISOString(),
    })
    .where("id", "=", record.id)
    .execute();
  return { recordId, status, message: verdict.message };
}

/** Sends records in report order (person, conveyance → waybill → money flow). */
export async function sendInOrder(db: AnyDb, records: Array<Pick<RecordRow, "id" | "message_type">>, options: SenderOptions, operator: Operator | null): Promise<SendResult[]> {
  const sorted = [...records].sort((a, b) => ORDER.indexOf(a.message_type as MessageType) - ORDER.indexOf(b.message_type as MessageType) || a.id - b.id);
  const results: SendResult[] = [];
  for (const record of sorted) {
    const result = await sendRecord(db, record.id, options, operator);
    if (result) results.push(result);
  }
  return results;
}

/**
 * One run of the sender job: builds records of newly completed waybills, returns records stuck in
 * SENDING to PENDING (their attempt counted as UNKNOWN), checks held (待修正) records again against the
 * current data, then sends up to 100 due records per enabled, unpaused, automatic target. Marked
 * (标记异常) records are left alone.
 */
export async function runSubmitter(db: AnyDb, options: SenderOptions & { platformId?: string }): Promise<SendResult[]> {
  const now = options.now?.() ?? new Date();
  await syncCompletedWaybills(db, { platformId: options.platformId, now: now.toISOString() });
  await syncPaidWaybills(db, { platformId: options.platformId, now: now.toISOString() });
  await db
    .updateTable("report_records")
    .set({ status: "PENDING", last_outcome: "UNKNOWN", next_attempt_at: now.toISOString() })
    .where("status", "=", "SENDING")
    .where("updated_at", "<", new Date(now.getTime() - STALE_SENDING_MS).toISOString())
    .execute();
  const results: SendResult[] = [];
  for (const target of await targetsOf(db, options.platformId)) {
    if (!target.enabled) continue;
    // Held records whose data was corrected since go back to the queue (and out with this run).
    await recheckHeld(db, target, now.toISOString());
    if (target.paused || !target.auto_report) continue;
    const due = await db
      .selectFrom("report_records")
      .select(["id", "message_type"])
      .where("platform_id", "=", target.platform_id)
      .where("target", "=", target.code)
      .where("status", "=", "PENDING")
      .where("marked_abnormal", "=", 0)
      .where("superseded_by", "is", null)
      .where("next_attempt_at", "<=", now.toISOString())
      .orderBy("next_attempt_at")
      .limit(100)
      .execute();
    results.push(...(await sendInOrder(db, due, options, null)));
  }
  return results;
}
