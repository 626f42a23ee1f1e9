import type { EngineColumns } from "../resources/schema.js";

/** 企业资料 (domain 2.1): `id` = organisations.id = org_id. */
export interface EnterpriseProfilesTable extends EngineColumns {
  kind: string;
  short_name: string | null;
  name: string;
  credit_code: string;
  legal_person: string | null;
  legal_person_id_no: string | null;
  registered_address: string | null;
  region_code: string | null;
  contact_name: string;
  contact_mobile: string;
  business_scope: string | null;
  road_permit_no: string | null;
  water_permit_no: string | null;
  admin_user_id: number | null;
  admin_name: string;
  admin_mobile: string;
  business_mode: string;
  remark: string | null;
  audit_status: string;
  audit_remark: string | null;
  enabled: string;
}

/** 注册邀请 (domain 2.9). */
export interface RegistrationInvitationsTable extends EngineColumns {
  invite_no: string;
  invitee_mobile: string;
  invitee_name: string | null;
  role: string;
  invite_code: string;
  channel: string;
  inviter_user_id: number | null;
  inviter_name: string;
  expires_at: string;
  status: string;
  registered_user_id: number | null;
  registered_at: string | null;
  certified_at: string | null;
  send_count_day: number;
  last_sent_day: string | null;
}

export interface EnterpriseTables {
  enterprise_profiles: EnterpriseProfilesTable;
  registration_invitations: RegistrationInvitationsTable;
}
