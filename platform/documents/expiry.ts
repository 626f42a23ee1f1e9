/**
 * The nightly 证照 expiry job: every approved credential whose 有效期至 falls within
 * EXPIRY_NOTICE_DAYS (or has passed) and that was not yet flagged for that date is flagged
 * (`expiry_flagged_to`) and its owner told through the notification service — the person, the
 * individual owner and the organisation's users of the subject (the same people an audit decision
 * tells). Idempotent: a second run the same night finds nothing new.
 */
import { sql } from "kysely";
import { EXPIRY_NOTICE_DAYS } from "../../contract/resources/credential.js";
import { addDays, chinaDate } from "../../contract/units.js";
import type { ServiceContext } from "../context.js";
import { Outbox } from "../iam/notifications/events.js";
import type { Row } from "../resources/bind.js";

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
    // The flag and the message in one transaction: a second run finds it flagged, and nobody hears twice.
    const outbox = new Outbox();
    const staged = await db.transaction().execute(async (trx) => {
      const flagged = await trx.updateTable("credentials").set({ expiry_flagged_to: c.valid_to }).where("id", "=", c.id).where(sql<boolean>`(expiry_flagged_to is null or expiry_flagged_to <> valid_to)`).executeTakeFirst();
      if (Number(flagged.numUpdatedRows) !== 1) return false;
      await outbox.stage(trx, { kind: "credentialExpiring", credential: c as unknown as Row, today });
      return true;
    });
    if (!staged) continue;
    notified += await outbox.deliver(ctx);
  }
  return { flagged: due.length, notified };
}
