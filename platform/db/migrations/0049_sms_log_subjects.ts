import type { Kysely, Migration } from "kysely";

/**
 * What a logged SMS was about (an invitation, a credential), so 短信发送记录's 重发 can rebuild the
 * message from it; null for codes and passwords, which are never rebuilt.
 */
export function smsLogSubjectsMigration(): Migration {
  return {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("sms_send_logs").addColumn("subject_type", "varchar(16)").execute();
    await db.schema.alterTable("sms_send_logs").addColumn("subject_id", "bigint").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("sms_send_logs").dropColumn("subject_id").execute();
    await db.schema.alterTable("sms_send_logs").dropColumn("subject_type").execute();
  },
  };
}
