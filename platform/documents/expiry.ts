/**
 * The nightly 证照 expiry job: every approved credential whose 有效期至 falls within
 * EXPIRY_NOTICE_DAYS (or has passed) and that was not yet flagged for that date is flagged
 * (`expiry_flagged_to`) and its owner told through the notification service — the person, the
 * individual owner and the organisation's users of the subject (the same people an audit decision
 * tells), and by SMS the person it belongs to (the subject's own account: a driver, captain or
 * individual owner) through the SMS provider. Idempotent: a second run the same night finds nothing new.
 */
import { sql } from "kysely";
import { CREDENTIAL_TYPES, EXPIRY_NOTICE_DAYS, SUBJECT_RESOURCES, SUBJECT_TYPES, type SubjectType } from "../../contract/resources/credential.js";
import { addDays, chinaDate } from "../../contract/units.js";
import type { ServiceContext } from "../context.js";
import { Outbox } from "../iam/notifications/events.js";
import type { Row } from "../resources/bind.js";
import { bindingOf } from "../resources/lookup.js";
import { sendAccountSms, type AccountSmsOutcome } from "../identity/account-sms.js";
import { RefusalCode } from "../../contract/envelope.js";
import { Refusal } from "../http/envelope.js";

export interface ExpiryRun {
  flagged: number;
  notified: number;
}

export async function flagExpiringCredentials(ctx: ServiceContext, today = chinaDate()): Promise<ExpiryRun> {
  const db = ctx.db.kysely;
  const limit = addDays(today, EXPIRY_NOTICE_DAYS);
  const due = await db
    .selectFrom("credentials")
    .select(["id", "subject_type", "subject_id", "cred_type", "valid_to"])
    .where("deleted_at", "is", null)
    .where("status", "=", "APPROVED")
    .where("long_term", "=", 0)
    .where("valid_to", "is not", null)
    .where("valid_to", "<=", limit)
    .where(sql<boolean>`(expiry_flagged_to is null or expiry_flagged_to <> valid_to)`)
    .orderBy("id")
    .limit(2000)
    .execute();
  let notified = 0;
  for (const c of due) {
    const warning = await expiryWarning(ctx, c, today);
    // The flag and the message in one transaction: a second run finds it flagged, and nobody hears twice.
    const outbox = new Outbox();
    const staged = await db.transaction().execute(async (trx) => {
      const flagged = await trx.updateTable("credentials").set({ expiry_flagged_to: c.valid_to }).where("id", "=", c.id).where(sql<boolean>`(expiry_flagged_to is null or expiry_flagged_to <> valid_to)`).executeTakeFirst();
      if (Number(flagged.numUpdatedRows) !== 1 || !warning) return false;
      await outbox.stage(trx, { kind: "credentialExpiring", credential: c as unknown as Row, today });
      return true;
    });
    if (!staged || !warning) continue;
    notified += await outbox.deliver(ctx);
    await smsTheOwner(ctx, Number(c.id), warning);
  }
  return { flagged: due.length, notified };
}

type Warning = { subject: Row; values: { subject: string; credential: string; when: string } };

/** A credential's expiry warning: whose it is and what the SMS says; null when its subject is gone. */
async function expiryWarning(ctx: ServiceContext, c: { subject_type: string; subject_id: number | string; cred_type: string; valid_to: string | null }, today: string): Promise<Warning | null> {
  const type = c.subject_type as SubjectType;
  const binding = bindingOf(SUBJECT_RESOURCES[type]);
  const subject = binding ? ((await ctx.db.kysely.selectFrom(binding.table as never).selectAll().where("id" as never, "=", Number(c.subject_id) as never).executeTakeFirst()) as Row | undefined) : undefined;
  if (!subject) return null;
  const credential = CREDENTIAL_TYPES[c.cred_type as keyof typeof CREDENTIAL_TYPES]?.label ?? c.cred_type;
  const name = String(subject.name ?? subject.plate_no ?? subject.ship_name ?? subject.id ?? "");
  const when = c.valid_to! < today ? `已于 ${c.valid_to!} 过期` : `将于 ${c.valid_to!} 到期`;
  return { subject, values: { subject: `${SUBJECT_TYPES[type].label}「${name}」`.slice(0, 35), credential, when } };
}

/** The SMS of a flagged credential, to each account the subject belongs to (after the flag commits), or to one of them. */
async function smsTheOwner(ctx: ServiceContext, credentialId: number, { subject, values }: Warning, onlyUserId?: number): Promise<AccountSmsOutcome[]> {
  const ids = [...new Set([subject.user_id, subject.owner_user_id].filter((v) => v != null).map(Number))].filter((id) => onlyUserId === undefined || id === onlyUserId);
  if (!ids.length) return [];
  const people = await ctx.db.kysely.selectFrom("users").select(["id", "mobile", "platform_id", "org_id"]).where("id", "in", ids).where("status", "=", "ACTIVE").execute();
  const outcomes: AccountSmsOutcome[] = [];
  for (const person of people)
    outcomes.push(
      await sendAccountSms(ctx, {
        code: "CREDENTIAL_EXPIRY",
        platformId: person.platform_id,
        orgId: person.org_id == null ? null : Number(person.org_id),
        userId: Number(person.id),
        mobile: person.mobile,
        values,
        outboxKind: "credential-expiry",
        subject: { type: "CREDENTIAL", id: credentialId },
      }),
    );
  return outcomes;
}

/**
 * 短信发送记录's 重发 of a 证照到期提醒: the warning rebuilt from the credential as it is now, sent again
 * to the person of the logged message. Refused when the credential no longer warrants it (renewed,
 * no longer approved, removed) or the person is no longer one of its accounts.
 */
export async function resendExpiryWarning(ctx: ServiceContext, credentialId: number, userId: number | null, today = chinaDate()): Promise<AccountSmsOutcome> {
  const c = await ctx.db.kysely.selectFrom("credentials").select(["id", "subject_type", "subject_id", "cred_type", "valid_to", "status", "long_term", "deleted_at"]).where("id", "=", credentialId).executeTakeFirst();
  if (!c || c.deleted_at != null) throw new Refusal(RefusalCode.illegalState, "该证照已删除，不能重发到期提醒");
  if (c.status !== "APPROVED") throw new Refusal(RefusalCode.illegalState, "该证照已不是审核通过状态（可能已重新上传），不能重发到期提醒");
  if (Number(c.long_term) === 1 || !c.valid_to || c.valid_to > addDays(today, EXPIRY_NOTICE_DAYS))
    throw new Refusal(RefusalCode.illegalState, `该证照已更新${c.valid_to && Number(c.long_term) !== 1 ? `（有效期至 ${c.valid_to}）` : "为长期有效"}，无需再提醒`);
  const warning = await expiryWarning(ctx, c, today);
  const outcomes = warning && userId != null ? await smsTheOwner(ctx, credentialId, warning, userId) : [];
  if (!outcomes.length) throw new Refusal(RefusalCode.illegalState, "该短信的接收人已不是此证照的所属账号（或已停用），不能重发");
  return outcomes[0]!;
}
