import type { Kysely, Migration } from "kysely";
import { STARTING_REJECT_REASONS } from "../../../contract/resources/dict-item.js";
import { startDictionary } from "../../masterdata/dict-item.resource.js";
import type { AnyDb } from "../../resources/bind.js";
import type { DialectName } from "../index.js";

/**
 * Documents and 驳回原因 (docs/design/documents-and-credentials.md):
 * - every existing platform gets the starting 驳回原因 it lacks (an audit's 驳回 now picks one);
 * - an issued invoice holds its images (发票影像, uploaded documents, `/files/<id>` references).
 */
export function documentsAndReasonsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("invoices").addColumn("images", "text", (c) => c.notNull().defaultTo("[]")).execute();
      await startDictionary(db as unknown as AnyDb, "AUDIT_REJECT_REASON", STARTING_REJECT_REASONS);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("invoices").dropColumn("images").execute();
    },
  };
}
