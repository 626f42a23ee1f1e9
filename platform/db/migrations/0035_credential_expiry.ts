import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.js";

/**
 * 证照 that gate (docs/design/documents-and-credentials.md): the nightly expiry job remembers, per
 * credential, the 有效期至 it last flagged (`expiry_flagged_to`), so the owner is told once per expiry
 * date and again after a renewal with a new date that in turn comes near.
 */
export function credentialExpiryMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("credentials").addColumn("expiry_flagged_to", "varchar(10)").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("credentials").dropColumn("expiry_flagged_to").execute();
    },
  };
}
