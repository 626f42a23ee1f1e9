import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";

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

export interface TimeoutConfigsTable extends EngineColumns {
  tenant_id: number;
  org_id: number;
  scope: string;
  loading_region_code: string | null;
  unloading_region_code: string | null;
  loading_timeout_h: number | null;
  transit_timeout_h: number | null;
  stop_timeout_min: number | null;
  offline_timeout_min: number | null;
  notify_mobiles: string | null;
  enabled: string;
}

export interface VehicleAlertsTable extends EngineColumns {
  tenant_id: number;
  org_id: number;
  alert_type: string;
  vehicle_id: number | null;
  freight_id: number;
  freight_no: string;
  plate_no: string;
  driver_name: string;
  threshold: string;
  actual: string;
  lat: number | null;
  lng: number | null;
  level: number;
  started_at: string;
  detected_at: string;
  status: string;
  closed_at: string | null;
  handled_by: number | null;
  handled_name: string | null;
  handled_at: string | null;
  handle_remark: string | null;
}
