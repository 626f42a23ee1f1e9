/**
 * The one SMS-code service. Every consumer (login, WeChat binding, the H5 visitor's
 * 联系船东 and 选船, a mobile change) issues and verifies its codes here, so every one of them gets:
 * - codes bound to their purpose: a login code cannot bind WeChat or verify an H5 visitor;
 * - only the newest code of a mobile and purpose counts (a new code voids the older ones);
 * - each guess at a code is claimed before it is compared (one conditional update), so however many
 *   arrive at once, a code is compared at most SMS_CODE_GUESSES times; then it is void;
 * - a per-mobile lock once SMS_LOCK_AFTER_FAILURES guesses in a row were wrong, whatever the purpose;
 * - the same Chinese refusals for a wrong, expired, voided or unknown code, registered mobile or not;
 * - sending limited to one code a minute and SMS_RATE_LIMITS per mobile and per requesting address;
 * - delivery through the SMS gateway client (the stand-in out of production, the configured provider in
 *   production), logged in sms_send_logs with the code masked. In production a refused send voids the
 *   code and answers a refusal; out of production the development outbox still holds it.
 */
import { timingSafeEqual } from "node:crypto";
import { RefusalCode } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { Refusal } from "../http/envelope.js";
import { enforceLimit } from "../http/rate-limit.js";
import { randomToken, sha256, sixDigitCode } from "./crypto.js";
import { sendAccountSms } from "./account-sms.js";

export const SMS_TTL_MS = 5 * 60_000;
export const SMS_INTERVAL_MS = 60_000;
/** Guesses a code takes; the last wrong one voids it. */
export const SMS_CODE_GUESSES = 5;
/** Wrong guesses in a row (over all of a mobile's codes and purposes) that lock the mobile. */
export const SMS_LOCK_AFTER_FAILURES = 10;
export const SMS_LOCK_MS = 30 * 60_000;
export const SMS_RATE_LIMITS = {
  smsPerMobile: { limit: 5, windowMs: 60 * 60_000 },
  smsPerAddress: { limit: 20, windowMs: 60 * 60_000 },
} as const;

/** What a code is for; a code verifies only for the purpose it was sent for. */
export type SmsPurpose = "LOGIN" | "WECHAT_BIND" | "FIND_SHIP" | "MOBILE_CHANGE" | "ACTIVATION";

export const WRONG_SMS_CODE = "短信验证码错误或已过期";

const codeHash = (mobile: string, purpose: SmsPurpose, code: string) => sha256(`${purpose}:${mobile}:${code}`);
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

export interface IssueSmsCode {
  /** The platform the code is sent for (its name signs the SMS, its send log holds it); null when there is none to send to. */
  platformId: string | null;
  mobile: string;
  purpose: SmsPurpose;
  /** The requester's address (requesterAddress), for the per-address limit; null when unknown. */
  address: string | null;
  /**
   * False: record a code that can never verify and send nothing (a mobile without an account, so the
   * answer, the interval and the limits look the same as for one with an account).
   */
  deliver?: boolean;
}

/** Issues a code for one purpose; at most one a minute per mobile, and within the hourly limits. */
export async function issueSmsCode(ctx: ServiceContext, input: IssueSmsCode): Promise<{ expireIn: number }> {
  const { mobile, purpose, address } = input;
  if (address) await enforceLimit(ctx, `sms:address:${address}`, SMS_RATE_LIMITS.smsPerAddress);
  const last = await ctx.db.kysely
    .selectFrom("sms_codes")
    .select("created_at")
    .where("mobile", "=", mobile)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (last) {
    const wait = Math.ceil((Date.parse(last.created_at) + SMS_INTERVAL_MS - Date.now()) / 1000);
    if (wait > 0) throw new Refusal(RefusalCode.invalid, `验证码发送过于频繁，请 ${wait} 秒后再试`);
  }
  await enforceLimit(ctx, `sms:mobile:${mobile}`, SMS_RATE_LIMITS.smsPerMobile);
  const sendFor = input.deliver === false ? null : input.platformId;
  const deliver = sendFor !== null;
  const code = sixDigitCode();
  const issued = await ctx.db.kysely
    .insertInto("sms_codes")
    .values({ mobile, purpose, code_hash: codeHash(mobile, purpose, deliver ? code : randomToken()), created_at: nowIso(), expires_at: inMs(SMS_TTL_MS), used_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (sendFor !== null) {
    const values = { code, minutes: String(SMS_TTL_MS / 60_000) };
    const { accepted } = await sendAccountSms(ctx, { code: "VERIFICATION_CODE", platformId: sendFor, orgId: null, userId: null, mobile, values, outboxKind: "sms", outboxContent: code });
    if (!accepted && ctx.config.production) {
      // Nobody can read this code: void it, so the caller may ask again at once.
      await ctx.db.kysely.deleteFrom("sms_codes").where("id", "=", issued.id).execute();
      throw new Refusal(RefusalCode.invalid, "短信发送失败，请稍后再试");
    }
  }
  return { expireIn: SMS_TTL_MS / 1000 };
}

export interface VerifySmsCode {
  mobile: string;
  purpose: SmsPurpose;
  code: string;
}

const lockedFor = (lockedUntil: string) =>
  `短信验证码错误次数过多，请 ${Math.max(1, Math.ceil((Date.parse(lockedUntil) - Date.now()) / 60_000))} 分钟后再试`;

/**
 * Uses the mobile's newest code of this purpose when `code` is it: true once, false for anything else
 * (wrong, expired, used, voided, another purpose's, none). Throws the lock refusal while the mobile is
 * locked, and locks it on the SMS_LOCK_AFTER_FAILURES-th wrong guess in a row.
 */
export async function checkSmsCode(ctx: ServiceContext, input: VerifySmsCode): Promise<boolean> {
  const { mobile, purpose } = input;
  const db = ctx.db.kysely;
  const now = nowIso();
  const guard = await db.selectFrom("sms_code_guards").select("locked_until").where("mobile", "=", mobile).executeTakeFirst();
  if (guard?.locked_until && guard.locked_until > now) throw new Refusal(RefusalCode.locked, lockedFor(guard.locked_until));

  let passed = false;
  const newest = await db.selectFrom("sms_codes").select("id").where("mobile", "=", mobile).where("purpose", "=", purpose).orderBy("id", "desc").limit(1).executeTakeFirst();
  if (newest) {
    // The guess is claimed before it is compared, so concurrent guesses cannot exceed the allowance.
    const claimed = await db
      .updateTable("sms_codes")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", newest.id)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .where("attempts", "<", SMS_CODE_GUESSES)
      .returning("code_hash")
      .executeTakeFirst();
    if (claimed && sameHash(claimed.code_hash, codeHash(mobile, purpose, input.code))) {
      const used = await db.updateTable("sms_codes").set({ used_at: now }).where("id", "=", newest.id).where("used_at", "is", null).executeTakeFirst();
      passed = Number(used.numUpdatedRows) === 1;
    }
  }
  if (passed) {
    await db.deleteFrom("sms_code_guards").where("mobile", "=", mobile).execute();
    return true;
  }
  await countFailure(ctx, mobile);
  return false;
}

/** checkSmsCode for consumers without a counter of their own: a wrong code is the usual refusal. */
export async function requireSmsCode(ctx: ServiceContext, input: VerifySmsCode): Promise<void> {
  if (!(await checkSmsCode(ctx, input))) throw new Refusal(RefusalCode.invalid, WRONG_SMS_CODE);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function countFailure(ctx: ServiceContext, mobile: string): Promise<void> {
  const db = ctx.db.kysely;
  const row = await db
    .insertInto("sms_code_guards")
    .values({ mobile, failed_attempts: 1, locked_until: null })
    .onConflict((oc) => oc.column("mobile").doUpdateSet((eb) => ({ failed_attempts: eb("sms_code_guards.failed_attempts", "+", 1) })))
    .returning("failed_attempts")
    .executeTakeFirstOrThrow();
  if (row.failed_attempts >= SMS_LOCK_AFTER_FAILURES) {
    await db.updateTable("sms_code_guards").set({ failed_attempts: 0, locked_until: inMs(SMS_LOCK_MS) }).where("mobile", "=", mobile).execute();
  }
}
