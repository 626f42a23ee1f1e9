/**
 * The invitation binding (domain 2.9): `registration_invitations`, platform-level rows of platform
 * and tenant staff (a TENANT_USER sees its tenant's; the chosen 邀请企业 decides the tenant of a
 * platform user's invitation). Create draws a YQ number and a 7-day expiry; each send (create, 重发)
 * draws a new 8-character code, kept only as its keyed hash (invite-codes.ts) and told once, in the
 * SMS and in the answer to the inviter; 重发 (SENT → SENT) renews the expiry and counts the China day's
 * sends (at most 3 including the first); a job marks SENT rows past their expiry 已过期 (EXPIRED) every minute, and
 * the same sweep runs after each create and at the start of the demo seed.
 */
import type { FastifyInstance } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { INVITE_ROLES, INVITE_SENDS_PER_DAY, INVITE_VALID_DAYS, invitation } from "../../contract/resources/invitation.js";
import { chinaDate } from "../../contract/units.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, orgScope, type AnyDb, type Row } from "../resources/bind.js";
import { recordResourceEvent } from "../resources/events.js";
import { sendAccountSms } from "../identity/account-sms.js";
import { inviteCodeHash, maskInviteCode, randomInviteCode } from "./invite-codes.js";

type Db = Kysely<Database> | Transaction<Database>;
const typed = (trx: AnyDb) => trx as unknown as Db;

const DAY_MS = 24 * 3600_000;

export const inviteExpiry = (from = Date.now()) => new Date(from + INVITE_VALID_DAYS * DAY_MS).toISOString();

/** A code not yet used in the platform, as the columns that keep it (its hash, its masked tail) and itself. */
export async function newInviteCode(trx: AnyDb, platformId: string): Promise<{ code: string; columns: { invite_code_hash: string; invite_code: string } }> {
  const db = typed(trx);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const code = randomInviteCode();
    const hash = inviteCodeHash(platformId, code);
    const used = await db.selectFrom("registration_invitations").select("id").where("platform_id", "=", platformId).where("invite_code_hash", "=", hash).executeTakeFirst();
    if (!used) return { code, columns: { invite_code_hash: hash, invite_code: maskInviteCode(code) } };
  }
  throw new Refusal(RefusalCode.illegalState, "邀请码生成失败，请重试");
}

/**
 * Gives the invitation a new code (the last one stops working) and answers it; `row` then carries the
 * code in clear, so the answer to the inviter shows it this once.
 */
async function issueInviteCode(db: Db, row: Row): Promise<string> {
  const { code, columns } = await newInviteCode(db, String(row.platform_id));
  await db.updateTable("registration_invitations").set(columns).where("id", "=", Number(row.id)).execute();
  Object.assign(row, columns, { invite_code: code });
  return code;
}

/** Marks SENT invitations past their expiry 已过期, each with a 系统 event; returns how many. */
export async function expireOverdueInvitations(trx: AnyDb, now = nowIso()): Promise<number> {
  const db = typed(trx);
  const overdue = await db.selectFrom("registration_invitations").selectAll().where("status", "=", "SENT").where("expires_at", "<", now).where("deleted_at", "is", null).orderBy("id").limit(500).execute();
  let count = 0;
  for (const row of overdue) {
    const done = await db
      .updateTable("registration_invitations")
      .set({ status: "EXPIRED", updated_at: now, version: Number(row.version) + 1 })
      .where("id", "=", row.id)
      .where("status", "=", "SENT")
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) continue;
    await recordResourceEvent(trx, { userId: 0, name: "系统", platformId: row.platform_id }, invitation.key, row as unknown as Row, { action: "EXPIRE", label: "邀请过期", from: "SENT", to: "EXPIRED" });
    count += 1;
  }
  return count;
}

/** Runs the expiry sweep every minute while the platform runs. */
export function startInvitationExpiry(app: FastifyInstance, ctx: ServiceContext, everyMs = 60_000): void {
  const sweep = () => {
    ctx.db.kysely
      .transaction()
      .execute((trx) => expireOverdueInvitations(trx))
      .catch((error: unknown) => ctx.log.error({ err: error }, "invitation expiry sweep failed"));
  };
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

/**
 * After commit, gives the invitation a new code and sends it as an SMS invitation (every invited role)
 * through the SMS provider; out of production the development outbox keeps its text too. Answers what
 * the inviter is told: the code, this once, and whether the SMS went out. A refusal shows in
 * 短信发送记录 and the invitation stays 已邀请, to be sent again with 重发.
 */
async function sendInvitation(ctx: ServiceContext, row: Row, done: string): Promise<string> {
  const code = await issueInviteCode(ctx.db.kysely, row);
  const told = `注册邀请 ${String(row.invite_no)} ${done}，邀请码 ${code}（只显示这一次`;
  if (row.channel !== "SMS") return `${told}，请转告被邀请人）`;
  const role = INVITE_ROLES[row.role as keyof typeof INVITE_ROLES]?.label ?? String(row.role);
  const sent = await sendAccountSms(ctx, {
    code: "INVITATION",
    platformId: String(row.platform_id),
    orgId: row.org_id == null ? null : Number(row.org_id),
    userId: null,
    mobile: String(row.invitee_mobile),
    values: { inviter: String(row.inviter_name), role, code, date: chinaDate(String(row.expires_at)) },
    outboxKind: "invite",
    subject: { type: "INVITATION", id: Number(row.id) },
  });
  return sent.accepted ? `${told}），已通过短信发送` : `${told}），但短信未发出：${sent.error ?? "短信服务商未受理"}；请转告被邀请人或稍后重发`;
}

export const invitationBinding = bindResource(invitation, {
  table: "registration_invitations",
  scope: orgScope({ individual: null }),
  stamp: "platform",
  number: { field: "inviteNo", prefix: "YQ" },
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      const db = typed(trx);
      // An enterprise administrator is invited into an enterprise: accepting makes him its administrator.
      if (values.role === "ORG_ADMIN" && values.org_id == null) throw new Refusal(RefusalCode.invalid, "邀请企业管理员时请选择邀请企业");
      if (values.org_id != null) {
        const org = await db.selectFrom("organisations").select("tenant_id").where("id", "=", Number(values.org_id)).executeTakeFirstOrThrow();
        values.tenant_id = Number(org.tenant_id);
      }
      const now = nowIso();
      const open = await db
        .selectFrom("registration_invitations")
        .select("id")
        .where("platform_id", "=", scope.platformId)
        .where("invitee_mobile", "=", String(values.invitee_mobile))
        .where("role", "=", String(values.role) as keyof typeof INVITE_ROLES)
        .where("status", "=", "SENT")
        .where("expires_at", ">", now)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      const role = INVITE_ROLES[values.role as keyof typeof INVITE_ROLES]?.label ?? String(values.role);
      if (open) throw new Refusal(RefusalCode.illegalState, `手机号 ${String(values.invitee_mobile)} 已有未过期的${role}邀请，可在列表中重发`);
      // The code is drawn after commit (sendInvitation); until then the row holds one nobody knows.
      Object.assign(values, {
        ...(await newInviteCode(trx, scope.platformId)).columns,
        inviter_user_id: scope.userId || null,
        inviter_name: scope.name.slice(0, 32),
        expires_at: inviteExpiry(),
        send_count_day: 1,
        last_sent_day: chinaDate(),
      });
    },
    afterCreate: async (ctx, _scope, row) => {
      await ctx.db.kysely.transaction().execute((trx) => expireOverdueInvitations(trx));
      return sendInvitation(ctx, row, "已新增");
    },
    onTransition: async (trx, _scope, row, transition) => {
      if (transition !== "resend") return;
      const now = Date.now();
      if (Date.parse(String(row.expires_at)) < now) throw new Refusal(RefusalCode.illegalState, `邀请 ${String(row.invite_no)} 已过期，请重新发起邀请`);
      const today = chinaDate();
      const sent = row.last_sent_day === today ? Number(row.send_count_day) : 0;
      if (sent >= INVITE_SENDS_PER_DAY) throw new Refusal(RefusalCode.illegalState, `邀请 ${String(row.invite_no)} 今日已发送 ${INVITE_SENDS_PER_DAY} 次，请明天再重发`);
      const renewed = inviteExpiry(now);
      const expiresAt = renewed > String(row.expires_at) ? renewed : String(row.expires_at);
      await typed(trx).updateTable("registration_invitations").set({ send_count_day: sent + 1, last_sent_day: today, expires_at: expiresAt }).where("id", "=", Number(row.id)).execute();
    },
    afterTransition: async (ctx, _scope, row, transition) => {
      if (transition !== "resend") return;
      return sendInvitation(ctx, row, "已重发");
    },
  },
});
