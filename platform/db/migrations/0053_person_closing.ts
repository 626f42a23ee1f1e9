import type { Kysely, Migration } from "kysely";

/**
 * Retention of personal data (docs/design/security-data.md "Retention"): each registered person
 * (司机档案, 船长档案, 车队长, 船东) records when its account was found closed (`closed_at`) and when its
 * 证照 images and ID numbers were purged (`purged_at`), so the purge counts years from the closing and
 * runs once.
 */
/** The tables as they stood (platform/masterdata/retention.ts names the same four). */
const PERSONS = ["driver_profiles", "captain_profiles", "fleet_leaders", "shipowners"];

export function personClosingMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of PERSONS) {
        await db.schema.alterTable(table).addColumn("closed_at", "varchar(32)").execute();
        await db.schema.alterTable(table).addColumn("purged_at", "varchar(32)").execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of PERSONS) {
        await db.schema.alterTable(table).dropColumn("purged_at").execute();
        await db.schema.alterTable(table).dropColumn("closed_at").execute();
      }
    },
  };
}
