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
import { sendAccountSms } from "../identity/account-sms.js";

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
    const type = c.subject_type as SubjectType;
    const binding = bindingOf(SUBJECT_RESOURCES[type]);
    const subject = binding ? ((await db.selectFrom(binding.table as never).selectAll().where("id" as never, "=", Number(c.subject_id) as never).executeTakeFirst()) as Row | undefined) : undefined;
    const expired = c.valid_to! < today;
    const texts = {
      credentialLabel: CREDENTIAL_TYPES[c.cred_type as keyof typeof CREDENTIAL_TYPES]?.label ?? c.cred_type,
      subjectLabel: SUBJECT_TYPES[type].label,
      subjectName: String(subject?.name ?? subject?.plate_no ?? subject?.ship_name ?? subject?.id ?? ""),
    };
    // The flag and the message in one transaction: a second run finds it flagged, and nobody hears twice.
    const outbox = new Outbox();
    const staged = await db.transaction().execute(async (trx) => {
      const flagged = await trx.updateTable("credentials").set({ expiry_flagged_to: c.valid_to }).where("id", "=", c.id).where(sql<boolean>`(expiry_flagged_to is null or expiry_flagged_to <> valid_to)`).executeTakeFirst();
      if (Number(flagged.numUpdatedRows) !== 1 || !subject) return false;
      await outbox.stage(trx, { kind: "credentialExpiring", credential: c as unknown as Row, today });
      return true;
    });
    if (!staged || !subject) continue;
    notified += await outbox.deliver(ctx);
    await smsTheOwner(ctx, subject, { subject: `${texts.subjectLabel}「${texts.subjectName}」`.slice(0, 35), credential: texts.credentialLabel, when: expired ? `已于 ${c.valid_to!} 过期` : `将于 ${c.valid_to!} 到期` });
  }
  return { flagged: due.length, notified };
}

/** The SMS of a flagged credential, to each account the subject belongs to (after the flag commits). */
async function smsTheOwner(ctx: ServiceContext, subject: Row, values: { subject: string; credential: string; when: string }): Promise<void> {
  const ids = [...new Set([subject.user_id, subject.owner_user_id].filter((v) => v != null).map(Number))];
  if (!ids.length) return;
  const people = await ctx.db.kysely.selectFrom("users").select(["id", "mobile", "platform_id", "org_id"]).where("id", "in", ids).where("status", "=", "ACTIVE").execute();
  for (const person of people)
    await sendAccountSms(ctx, { code: "CREDENTIAL_EXPIRY", platformId: person.platform_id, orgId: person.org_id == null ? null : Number(person.org_id), userId: Number(person.id), mobile: person.mobile, values, outboxKind: "credential-expiry" });
}
