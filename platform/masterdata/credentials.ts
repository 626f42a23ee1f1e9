/** What subject bindings do with their credentials (证照, domain 0.4.2). */
import { sql } from "kysely";
import type { SubjectType } from "../../contract/resources/credential.js";
import { nowIso } from "../db/index.js";
import type { CallerScope } from "../scope.js";
import type { AnyDb, Row } from "../resources/bind.js";

/**
 * For a subject binding's onTransition: approving the subject approves its credentials awaiting audit
 * (the auditor reviewed them on the audit page), in the same transaction.
 */
export function approveCredentialsWith(type: SubjectType) {
  return async (trx: AnyDb, scope: CallerScope, row: Row, transition: string) => {
    if (transition !== "approve") return;
    await trx.updateTable("credentials").set({ status: "APPROVED", updated_at: nowIso(), updated_by: scope.userId, version: sql`version + 1` }).where("subject_type", "=", type).where("subject_id", "=", row.id).where("status", "=", "PENDING").where("deleted_at", "is", null).execute();
  };
}
