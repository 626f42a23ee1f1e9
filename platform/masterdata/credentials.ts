/** What subject bindings do with their credentials (证照, domain 0.4.2). */
import { RefusalCode } from "../../contract/envelope.js";
import { credentialGaps, SUBJECT_TYPES, type HeldCredential, type SubjectType } from "../../contract/resources/credential.js";
import { chinaDate } from "../../contract/units.js";
import { Refusal } from "../http/envelope.js";
import type { CallerScope } from "../scope.js";
import type { AnyDb, Row } from "../resources/bind.js";

/** The live (not deleted) credentials of subjects of one type, by subject id. */
export async function heldCredentials(db: AnyDb, type: SubjectType, ids: readonly number[]): Promise<Map<number, HeldCredential[]>> {
  const out = new Map<number, HeldCredential[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .selectFrom("credentials")
    .select(["subject_id", "cred_type", "status", "valid_to", "long_term"])
    .where("subject_type", "=", type)
    .where("subject_id", "in", [...ids])
    .where("deleted_at", "is", null)
    .execute();
  for (const r of rows) out.get(Number(r.subject_id))?.push({ credType: String(r.cred_type), status: String(r.status), validTo: (r.valid_to as string | null) ?? null, longTerm: Number(r.long_term) === 1 || r.long_term === true });
  return out;
}

/**
 * For a subject binding's onTransition: approving the subject needs its mandatory credentials
 * (MANDATORY_CREDENTIALS) uploaded, each approved on its own by the auditor and unexpired; the refusal
 * names each one that is missing, pending, rejected or expired. Runs in the transition's transaction.
 */
export function requireCredentialsFor(type: SubjectType) {
  return async (trx: AnyDb, _scope: CallerScope, row: Row, transition: string) => {
    if (transition !== "approve") return;
    const held = (await heldCredentials(trx, type, [Number(row.id)])).get(Number(row.id)) ?? [];
    const gaps = credentialGaps(type, held, chinaDate());
    if (gaps.length) throw new Refusal(RefusalCode.prerequisite, `${SUBJECT_TYPES[type].label}的必备证照不齐，不能通过审核：${gaps.join("；")}。请先逐项审核证照或通知其重新上传`);
  };
}
