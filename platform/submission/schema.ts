import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { timeoutConfig, vehicleAlert } from "../../contract/resources/fleet.js";

export interface ReportTargetsTable {
  id: Generated<number>;
  platform_id: string;
  code: string;
  name: string;
  base_url: string;
  carrier_name: string;
  credit_code: string;
  permit_number: string;
  sender_code: string;
  /** JSON MessageType[]. */
  message_types: string;
  auto_report: number;
  report_delay_min: number;
  max_attempts: number;
  enabled: number;
  paused: number;
  paused_reason: string | null;
  credentials_env: string;
  token: string | null;
  token_at: string | null;
  updated_at: string;
}

export interface ReportRecordsTable {
  id: Generated<number>;
  platform_id: string;
  tenant_id: number | null;
  org_id: number | null;
  record_no: string;
  target: string;
  message_type: string;
  subject_type: string;
  subject_id: number;
  biz_no: string;
  freight_id: number | null;
  freight_no: string | null;
  /** JSON record ids. */
  depends_on: string;
  payload: string;
  payload_hash: string;
  check_result: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  last_result_code: string | null;
  last_result_message: string | null;
  last_outcome: string | null;
  last_reference: string | null;
  success_at: string | null;
  marked_abnormal: number;
  mark_remark: string | null;
  superseded_by: number | null;
  trigger_at: string;
  created_at: string;
  updated_at: string;
}

export interface ReportAttemptsTable {
  id: Generated<number>;
  record_id: number;
  attempt_no: number;
  message_reference_number: string;
  sent_at: string;
  duration_ms: number;
  http_status: number | null;
  result_code: string | null;
  result_message: string | null;
  outcome: string;
  operator_user_id: number | null;
  operator_name: string | null;
  request_excerpt: string;
  response_excerpt: string | null;
}

export interface SubmissionTables {
  report_targets: ReportTargetsTable;
  report_records: ReportRecordsTable;
  report_attempts: ReportAttemptsTable;
  timeout_configs: TimeoutConfigsTable;
  vehicle_alerts: VehicleAlertsTable;
}

export const TIMEOUT_CONFIG_TABLE = tableOf(timeoutConfig, { status: "enabled", generated: ["enabled"] });

export interface TimeoutConfigsTable extends TableOf<typeof TIMEOUT_CONFIG_TABLE>, EngineColumns {
  tenant_id: number;
  org_id: number;
}

export const VEHICLE_ALERT_TABLE = tableOf(vehicleAlert, { status: "status", generated: ["level"], notNull: ["alertType", "plateNo", "driverName", "freightNo", "threshold", "actual", "detectedAt", "startedAt"] });

export interface VehicleAlertsTable extends TableOf<typeof VEHICLE_ALERT_TABLE>, EngineColumns {
  tenant_id: number;
  org_id: number;
  vehicle_id: number | null;
  freight_id: number;
  lat: number | null;
  lng: number | null;
  closed_at: string | null;
  handled_by: number | null;
  handled_at: string | null;
}
