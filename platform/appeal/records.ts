/** Appeal rows as the wire contract shows them, who may see them, and who may make which call. */
import type { Kysely, Selectable } from "kysely";
import type { AppealRecord } from "../../contract/appeal.js";
import { FreightRefusalCode } from "../../contract/freight.js";
import { PERMISSIONS, type PermissionCode } from "../../contract/permissions.js";
import type { Database } from "../db/schema.js";
import { notFound, Refusal } from "../http/envelope.js";
import { orgNames } from "../freight/records.js";
import { visible, type CallerScope } from "../freight/scope.js";
import type { RiskAppealsTable } from "./schema.js";

export type AppealRow = Selectable<RiskAppealsTable>;

/**
 * The appeals the caller may see: exactly those of the waybills they may see. The appeal row carries
 * the waybill's platform, tenant, organisation, carrier and way, so the waybill rule applies to it.
 */
export const appealVisible = (scope: CallerScope) => visible("freights", scope, "risk_appeals");

/** Refuses (4003, naming the permission) a caller who holds none of `codes`. */
export function assertPermission(scope: CallerScope, codes: readonly PermissionCode[]): void {
  if (codes.some((code) => scope.permissions.has(code))) return;
  throw new Refusal(FreightRefusalCode.notPermitted, `当前账号没有「${PERMISSIONS[codes[0]!].name}」权限`);
}

export async function findVisibleAppeal(db: Kysely<Database>, scope: CallerScope, id: number): Promise<AppealRow> {
  const row = await db.selectFrom("risk_appeals").selectAll().where("id", "=", id).where(appealVisible(scope)).executeTakeFirst();
  if (!row) throw notFound("申诉不存在");
  return row;
}

function evidenceOf(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export function toAppealRecord(row: AppealRow, orgName: string): AppealRecord {
  return {
    id: Number(row.id),
    appealNo: row.appeal_no,
    freightId: Number(row.freight_id),
    freightNo: row.freight_no,
    freightWay: row.freight_way,
    orgId: Number(row.org_id),
    orgName,
    riskReason: row.risk_reason,
    reason: row.reason,
    evidence: evidenceOf(row.evidence),
    status: row.status,
    submittedByName: row.submitted_by_name,
    submittedTime: row.submitted_at,
    auditedByName: row.audited_by_name,
    auditedTime: row.audited_at,
    auditRemark: row.audit_remark,
  };
}

export async function toAppealRecords(db: Kysely<Database>, rows: AppealRow[]): Promise<AppealRecord[]> {
  const names = await orgNames(db, rows.map((r) => Number(r.org_id)));
  return rows.map((row) => toAppealRecord(row, names.get(Number(row.org_id)) ?? ""));
}
