import { sql, type Kysely, type Migration } from "kysely";
import { addEngineColumns } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * Risk appeals on the resource engine (docs/architecture.md, the resource engine): the engine's columns on `risk_appeals`, with
 * created_at, created_by and updated_at backfilled from the submission and the audit.
 */
export function appealEngineMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("risk_appeals").addColumn("created_at", "varchar(32)").execute();
      await addEngineColumns(db, "risk_appeals", dialect);
      await sql`update risk_appeals set created_at = submitted_at, created_by = submitted_by, updated_at = coalesce(audited_at, submitted_at), updated_by = coalesce(audited_by, submitted_by)`.execute(db);
    },
  };
}
