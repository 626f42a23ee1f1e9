import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.js";
import { recreateSummaryTriggers } from "./0056_quieter_writes.js";

/**
 * On PostgreSQL the summaries' triggers run when the transaction commits instead of at its write to
 * `freights` (`createSummaryTriggers`): concurrent steps of one organisation on one day upsert the same
 * summary rows, and each held their locks through the rest of its transaction, so the others queued
 * behind it (a quarter of the database's busy time was waiting on them at 1,000,000 waybills; docs/design/
 * performance.md, "What a write pays"). SQLite writes one transaction at a time and keeps its triggers.
 */
export function summariesAtCommitMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "postgres") await recreateSummaryTriggers(db, dialect);
    },
    async down() {
      // The same figures either way; the triggers stay as they are.
    },
  };
}
