import { sql, type Kysely, type Migration } from "kysely";
import { hashColumn, maskColumn, sealStoredIds, SEALED_ID_COLUMNS } from "../personal.js";
import { sealStoredReports } from "../../submission/card-field.js";
import type { DialectName } from "../index.js";

/**
 * Personal ID numbers were kept in clear (docs/design/security-data.md "Personal data"): each column of
 * platform/db/personal.ts gets its `_hash` and `_mask` columns and its stored values sealed; the unique
 * indexes on ID numbers move to the hashes; submission payloads seal the ID numbers they carry and their
 * check lines, business numbers and sent excerpts mask them. PostgreSQL widens the columns to hold the
 * sealed value (SQLite does not enforce lengths).
 */
const UNIQUE = [
  ["driver_profiles_id_card", "driver_profiles", "platform_id", "deleted_at is null"],
  ["fleet_leaders_id_card", "fleet_leaders", "platform_id", "deleted_at is null"],
  ["captain_profiles_id_card", "captain_profiles", "platform_id", "deleted_at is null"],
  ["shippers_org_id_card", "shippers", "org_id", "deleted_at is null and id_card_no is not null"],
] as const;

export function sealedIdNumbersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, columns] of Object.entries(SEALED_ID_COLUMNS)) {
        for (const column of columns) {
          if (dialect === "postgres") await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type varchar(200)`.execute(db);
          await db.schema.alterTable(table).addColumn(hashColumn(column), "varchar(64)").execute();
          await db.schema.alterTable(table).addColumn(maskColumn(column), "varchar(64)").execute();
        }
      }
      for (const [name, table, owner, where] of UNIQUE) {
        await sql`drop index ${sql.ref(name)}`.execute(db);
        await sql`create unique index ${sql.ref(name)} on ${sql.table(table)} (${sql.ref(owner)}, id_card_no_hash) where ${sql.raw(where)}`.execute(db);
      }
      for (const [table, columns] of Object.entries(SEALED_ID_COLUMNS)) {
        for (const column of columns) await sql`create index ${sql.ref(`${table}_${column}_hash`)} on ${sql.table(table)} (${sql.ref(hashColumn(column))})`.execute(db);
      }
      await sealStoredIds(db);
      await sealStoredReports(db);
    },
    async down() {
      // Sealed numbers stay sealed: nothing to undo.
    },
  };
}
