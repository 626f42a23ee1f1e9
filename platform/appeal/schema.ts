import type { Generated, Selectable } from "kysely";
import type { WriteColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { appeal } from "../../contract/resources/appeal.js";

/** `evidence` is a JSON array of image or document addresses; `risk_reason` the waybill's abnormal reason at submission. */
export const APPEAL_TABLE = tableOf(appeal, { status: "status", generated: ["evidence"], notNull: ["appealNo", "freightId", "freightNo", "freightWay", "riskReason", "submittedByName", "submittedTime", "submitted"] });

/**
 * A risk appeal (风险申诉) of one waybill. It copies the waybill's scoping columns (platform, tenant,
 * organisation, carrier's user, way of transport) — none of which change after dispatch — so the
 * waybill's own visibility rule (platform/scope.ts) applies to it without a join. The resource engine's
 * columns came with migration 0011: created_at is the submission time.
 */
export interface RiskAppealsTable extends TableOf<typeof APPEAL_TABLE>, WriteColumns {
  id: Generated<number>;
  platform_id: string;
  tenant_id: number;
  org_id: number;
  carrier_user_id: number | null;
  submitted_by: number;
  audited_by: number | null;
}

export type AppealRow = Selectable<RiskAppealsTable>;

export interface AppealTables {
  risk_appeals: RiskAppealsTable;
}
