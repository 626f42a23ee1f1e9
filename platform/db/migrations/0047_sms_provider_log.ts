import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.js";

/**
 * 短信发送记录 names the provider each message went through (aliyun, tencent or the stand-in) and the
 * provider's request id, which its support asks for; the send time is already there.
 */
export function smsProviderLogMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("sms_send_logs").addColumn("provider", "varchar(8)").execute();
      await db.schema.alterTable("sms_send_logs").addColumn("request_id", "varchar(64)").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("sms_send_logs").dropColumn("request_id").execute();
      await db.schema.alterTable("sms_send_logs").dropColumn("provider").execute();
    },
  };
}
