import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../index.js";
import { inviteCodeHash, maskInviteCode } from "../../masterdata/invite-codes.js";

/** Rewrites each invitation whose code is still in clear (no hash yet) to its hash and masked tail. */
export async function hashClearInviteCodes(db: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const k = db as Kysely<any>;
  let after = 0;
  for (;;) {
    const rows = (await k.selectFrom("registration_invitations").select(["id", "platform_id", "invite_code"]).where("invite_code_hash", "is", null).where("id", ">", after).orderBy("id").limit(500).execute()) as Array<{ id: number; platform_id: string; invite_code: string }>;
    for (const row of rows) {
      await k.updateTable("registration_invitations").set({ invite_code_hash: inviteCodeHash(row.platform_id, row.invite_code), invite_code: maskInviteCode(row.invite_code) }).where("id", "=", row.id).execute();
    }
    if (rows.length < 500) return;
    after = Number(rows.at(-1)!.id);
  }
}

/**
 * Codes kept in clear become keyed hashes: each 注册邀请's code moves to `invite_code_hash` (unique per
 * platform, so activation finds it by hash) and `invite_code` keeps only its masked last two
 * characters; the image captcha's answer is kept as a hash too (open captchas are dropped: they
 * last minutes, and a new one is drawn on the next failed login).
 */
export function hashedInviteCodesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const k = db as Kysely<any>;
      await db.schema.alterTable("registration_invitations").addColumn("invite_code_hash", "varchar(64)").execute();
      await hashClearInviteCodes(db);
      await db.schema.dropIndex("registration_invitations_code").execute();
      await db.schema.createIndex("registration_invitations_code_hash").on("registration_invitations").columns(["platform_id", "invite_code_hash"]).unique().execute();
      await k.deleteFrom("captchas").execute();
      // SQLite does not enforce a varchar's length; PostgreSQL needs room for the hash.
      if (dialect === "postgres") await sql`alter table captchas alter column answer type varchar(64)`.execute(db);
    },
    async down() {
      // A hash cannot be turned back into its code: nothing to undo.
    },
  };
}
