import type { Generated, Selectable } from "kysely";
import type { AppealStatus } from "../../contract/appeal.js";
import type { FreightWay } from "../../contract/freight.js";
import type { WriteColumns } from "../resources/schema.js";

/**
 * A risk appeal (风险申诉) of one waybill. It copies the waybill's scoping columns (platform, tenant,
 * organisation, carrier's user, way of transport) — none of which change after dispatch — so the
 * waybill's own visibility rule (platform/scope.ts) applies to it without a join. The resource engine's
 * columns came with migration 0011: created_at is the submission time.
 */
export interface RiskAppealsTable extends WriteColumns {
  id: Generated<number>;
  appeal_no: string;
  platform_id: string;
  tenant_id: number;
  org_id: number;
  freight_id: number;
  freight_no: string;
  freight_way: FreightWay;
  carrier_user_id: number | null;
  /** The waybill's abnormal reason when the appeal was submitted. */
  risk_reason: string;
  reason: string;
  /** JSON array of evidence references (image or document addresses). */
  evidence: string;
  status: AppealStatus;
  submitted_by: number;
  submitted_by_name: string;
  submitted_at: string;
  audited_by: number | null;
  audited_by_name: string | null;
  audited_at: string | null;
  audit_remark: string | null;
}

export type AppealRow = Selectable<RiskAppealsTable>;

export interface AppealTables {
  risk_appeals: RiskAppealsTable;
}
