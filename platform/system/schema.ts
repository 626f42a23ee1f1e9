/** Tables of the other /system pages (migration 0015). */
import type { EngineColumns } from "../resources/schema.js";

export interface AppDeviceReportsTable extends EngineColumns {
  user_id: number;
  user_name: string;
  mobile: string;
  app_code: string;
  app_version: string;
  os: string;
  os_version: string;
  device_brand: string;
  device_model: string;
  device_id_hash: string;
  network: string;
  location_permission: string;
  background_location: number;
  push_enabled: number;
  last_lat: number | null;
  last_lng: number | null;
  reported_at: string;
}

export interface EnterpriseConfigsTable extends EngineColumns {
  /** The organisation's name when the row was created (the row's title). */
  enterprise_name: string;
  business_modes: string;
  default_business_mode: string;
  ticket_type: string;
  service_fee_bp: number;
  tax_reserve_bp: number;
  withhold_bp: number;
  invoice_requires_report: number;
  settle_basis: string;
  wipe_mode: string;
  loss_allowance_bp: number;
  allow_edit_carrier_payable: number;
  payment_requires_audit: number;
  /** fen; 0 = 不限. */
  single_payment_max: number;
  allow_uncertified_dispatch: number;
  supply_requires_audit: number;
  require_loading_proof: number;
  require_unloading_proof: number;
  driver_must_bind_card: number;
  settle_cycle: string;
  credit_limit: number;
  prepay_allowed: number;
  /** 超载容差: loading or unloading above the plan by more than this many basis points marks the waybill abnormal (migration 0033). */
  overload_tolerance_bp: number;
}

export interface PushLogsTable extends EngineColumns {
  channel: string;
  template_code: string | null;
  target_user_id: number | null;
  target_name: string | null;
  target: string | null;
  title: string | null;
  content: string;
  biz_type: string | null;
  biz_no: string | null;
  status: string;
  /** The no-push rule that skipped the message. */
  rule_id: number | null;
  error_msg: string | null;
  sent_at: string;
}

export interface NoPushRulesTable extends EngineColumns {
  subject_type: string;
  subject_id: number;
  subject_name: string;
  target: string;
  reason: string;
  valid_from: string | null;
  valid_to: string | null;
  status: string;
}

export interface SensitiveWordsTable extends EngineColumns {
  word: string;
  /** The word trimmed and lower-cased: unique per platform. */
  word_key: string;
  category: string;
  match_mode: string;
  action: string;
  enabled: string;
}

export interface ComplaintsTable extends EngineColumns {
  complaint_no: string;
  kind: string;
  source: string;
  complainant_user_id: number | null;
  complainant_name: string;
  complainant_mobile: string;
  target_type: string | null;
  target_name: string | null;
  freight_no: string | null;
  category: string;
  content: string;
  attachments: string | null;
  status: string;
  /** Which page works the complaint (derived from status by `stageOf`). */
  stage: string;
  handler_user_id: number | null;
  handler_name: string | null;
  accepted_at: string | null;
  handle_result: string | null;
  penalty_amount: number | null;
  reply_content: string | null;
  replied_at: string | null;
  deadline_at: string;
  closed_at: string | null;
}

export interface ComplaintRepliesTable extends EngineColumns {
  complaint_id: number;
  author_type: string;
  author_name: string;
  content: string;
}

export interface WxGroupsTable extends EngineColumns {
  name: string;
  purpose: string;
  route_text: string | null;
  qr_code: string | null;
  qr_expires_at: string | null;
  owner_name: string;
  owner_mobile: string | null;
  member_count: number | null;
  show_in_app: number;
  sort: number | null;
  enabled: string;
  remark: string | null;
}

export interface SafetyNoticesTable extends EngineColumns {
  title: string;
  content: string;
  audience: string;
  freight_way: string | null;
  must_confirm: number;
  min_read_seconds: number | null;
  notice_version: number;
  status: string;
  published_at: string | null;
}

export interface SystemPageTables {
  app_device_reports: AppDeviceReportsTable;
  enterprise_configs: EnterpriseConfigsTable;
  push_logs: PushLogsTable;
  no_push_rules: NoPushRulesTable;
  sensitive_words: SensitiveWordsTable;
  complaints: ComplaintsTable;
  complaint_replies: ComplaintRepliesTable;
  wx_groups: WxGroupsTable;
  safety_notices: SafetyNoticesTable;
}
