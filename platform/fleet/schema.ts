import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";

/** 车源 (找车 / 设置车辆信息): one vehicle's published availability. Weights kg, price fen per tonne. */
export interface VehicleAvailabilitiesTable extends EngineColumns {
  tenant_id: number;
  org_id: number;
  vehicle_id: number;
  driver_id: number | null;
  plate_no: string;
  vehicle_type: string;
  vehicle_length: string;
  current_region_code: string;
  current_place: string;
  lat: number | null;
  lng: number | null;
  to_places: string | null;
  available_from: string;
  available_to: string;
  available_load: number;
  expected_price: number | null;
  contact_mobile: string;
  remark: string | null;
  status: string;
  off_reason: string | null;
  contact_count: Generated<number>;
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
export interface SmsTemplatesTable extends EngineColumns {
  tenant_id: number | null;
  org_id: number | null;
  code: string;
  name: string;
  content: string;
  sign_name: string;
  provider_template_id: string | null;
  status: string;
  reject_reason: string | null;
  last_test_result: string | null;
}

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
  request_excerpt: string;
  response_excerpt: string | null;
  error: string | null;
  created_at: string;
}

export interface FindCarTables {
  vehicle_availabilities: VehicleAvailabilitiesTable;
  vehicle_contact_logs: VehicleContactLogsTable;
  sms_templates: SmsTemplatesTable;
  sms_send_logs: SmsSendLogsTable;
}
