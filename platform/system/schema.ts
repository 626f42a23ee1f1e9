/** Tables of the other /system pages (migration 0015). */
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { appDeviceReport, enterpriseConfig, noPushRule, pushLog } from "../../contract/resources/system-ops.js";
import { safetyNotice, sensitiveWord, wxGroup } from "../../contract/resources/system-content.js";
import { complaint, complaintReply } from "../../contract/resources/complaint.js";

export const APP_DEVICE_REPORT_TABLE = tableOf(appDeviceReport, { generated: ["backgroundLocation", "pushEnabled"], notNull: ["userName", "mobile", "reportedAt"] });

export interface AppDeviceReportsTable extends TableOf<typeof APP_DEVICE_REPORT_TABLE>, EngineColumns {
  user_id: number;
  device_id_hash: string;
  last_lat: number | null;
  last_lng: number | null;
}

export const ENTERPRISE_CONFIG_TABLE = tableOf(enterpriseConfig, { generated: ["serviceFeeBp", "taxReserveBp", "withholdBp", "invoiceRequiresReport", "lossAllowanceBp", "allowEditCarrierPayable", "paymentRequiresAudit", "singlePaymentMax", "allowUncertifiedDispatch", "supplyRequiresAudit", "requireLoadingProof", "requireUnloadingProof", "driverMustBindCard", "overloadToleranceBp", "creditLimit", "prepayAllowed"], notNull: ["enterpriseName"] });

export interface EnterpriseConfigsTable extends TableOf<typeof ENTERPRISE_CONFIG_TABLE>, EngineColumns {}

export const PUSH_LOG_TABLE = tableOf(pushLog, { notNull: ["sentAt", "channel", "content", "status"] });

export interface PushLogsTable extends TableOf<typeof PUSH_LOG_TABLE>, EngineColumns {
  target_user_id: number | null;
  title: string | null;
  biz_type: string | null;
  /** The no-push rule that skipped the message. */
  rule_id: number | null;
}

export const NO_PUSH_RULE_TABLE = tableOf(noPushRule, { status: "status", notNull: ["subjectName"] });

export interface NoPushRulesTable extends TableOf<typeof NO_PUSH_RULE_TABLE>, EngineColumns {}

export const SENSITIVE_WORD_TABLE = tableOf(sensitiveWord, { status: "enabled" });

export interface SensitiveWordsTable extends TableOf<typeof SENSITIVE_WORD_TABLE>, EngineColumns {
  /** The word trimmed and lower-cased: unique per platform. */
  word_key: string;
}

/** `stage` (which page works the complaint) follows the status (`stageOf`). */
export const COMPLAINT_TABLE = tableOf(complaint, { status: "status", notNull: ["complaintNo", "stage", "deadlineAt"] });

export interface ComplaintsTable extends TableOf<typeof COMPLAINT_TABLE>, EngineColumns {
  complainant_user_id: number | null;
  attachments: string | null;
  handler_user_id: number | null;
}

export const COMPLAINT_REPLY_TABLE = tableOf(complaintReply, { notNull: ["complaintId", "createdAt", "authorType", "authorName", "content"] });

export interface ComplaintRepliesTable extends TableOf<typeof COMPLAINT_REPLY_TABLE>, EngineColumns {}

export const WX_GROUP_TABLE = tableOf(wxGroup, { status: "enabled", generated: ["showInApp"] });

export interface WxGroupsTable extends TableOf<typeof WX_GROUP_TABLE>, EngineColumns {}

export const SAFETY_NOTICE_TABLE = tableOf(safetyNotice, { status: "status", generated: ["mustConfirm", "noticeVersion"] });

export interface SafetyNoticesTable extends TableOf<typeof SAFETY_NOTICE_TABLE>, EngineColumns {}

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
