import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { smsTemplate } from "../../contract/resources/sms-template.js";
import { vehicleAvailability } from "../../contract/resources/vehicle-availability.js";

/** 车源 (找车 / 设置车辆信息): one vehicle's published availability. Weights kg, price fen per tonne. */
export const VEHICLE_AVAILABILITY_TABLE = tableOf(vehicleAvailability, { status: "status", generated: ["contactCount"], notNull: ["plateNo", "vehicleType"] });

export interface VehicleAvailabilitiesTable extends TableOf<typeof VEHICLE_AVAILABILITY_TABLE>, EngineColumns {
  tenant_id: number;
  org_id: number;
  lat: number | null;
  lng: number | null;
}

/** A contact made from 找车 (a phone number revealed, or an SMS invitation sent). */
export interface VehicleContactLogsTable {
  id: Generated<number>;
  platform_id: string;
  availability_id: number;
  org_id: number | null;
  user_id: number;
  user_name: string;
  channel: string;
  sms_log_id: number | null;
  created_at: string;
}

/** 短信模板: org_id null is the platform's template, which an organisation's own template of the same code overrides. */
export const SMS_TEMPLATE_TABLE = tableOf(smsTemplate, { status: "status" });

export interface SmsTemplatesTable extends TableOf<typeof SMS_TEMPLATE_TABLE>, EngineColumns {}

/** Every message handed to the SMS gateway, with the request and the gateway's answer. */
export interface SmsSendLogsTable {
  id: Generated<number>;
  platform_id: string;
  org_id: number | null;
  user_id: number | null;
  template_id: number | null;
  template_code: string;
  purpose: string;
  mobile: string;
  content: string;
  status: string;
  provider_message_id: string | null;
  /** aliyun, tencent or standin; null on rows from before the providers. */
  provider: string | null;
  request_id: string | null;
  request_excerpt: string;
  response_excerpt: string | null;
  error: string | null;
  /** What the message was about (INVITATION, CREDENTIAL) when it can be rebuilt; null for codes and passwords. */
  subject_type: string | null;
  subject_id: number | null;
  created_at: string;
}

export interface FindCarTables {
  vehicle_availabilities: VehicleAvailabilitiesTable;
  vehicle_contact_logs: VehicleContactLogsTable;
  sms_templates: SmsTemplatesTable;
  sms_send_logs: SmsSendLogsTable;
}
