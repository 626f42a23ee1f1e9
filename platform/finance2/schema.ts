import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";

/** Tables of migration 0022 (domain 5.7–5.9, 6.12). Money in integer fen, times ISO text, dates YYYY-MM-DD. */
export interface PayeeSettingsTable extends EngineColumns {
  carrier_user_id: number;
  carrier_mobile: string;
  carrier_name: string;
  payee_role: string;
  payee_user_id: number;
  payee_mobile: string;
  payee_name: string;
  payee_share_bp: number;
  agreement_no: string;
  valid_from: string;
  valid_to: string | null;
  audit_remark: string | null;
  status: string;
}

export interface TaxRegistrationsTable extends EngineColumns {
  /** DRIVER or CAPTAIN (migration 0026); `person_id` is the driver or captain profile's id. */
  person_type: string;
  person_id: number;
  driver_profile_id: number | null;
  captain_profile_id: number | null;
  name: string;
  id_card_no: string;
  mobile: string;
  tax_authority: string;
  taxpayer_no: string;
  registered_at: string | null;
  valid_to: string | null;
  authorization_file: string;
  fail_reason: string | null;
  status: string;
}

export interface MatchInvoicesTable extends EngineColumns {
  apply_no: string;
  request_no: string | null;
  order_no: string | null;
  invoice_kind: string;
  invoice_type: string;
  buyer_name: string;
  seller_name: string;
  driver_user_id: number | null;
  driver_name: string | null;
  driver_tax_no: string | null;
  goods_name: string;
  amount: number;
  tax_amount: number;
  items_amount: number;
  waybill_count: number;
  invoice_code: string | null;
  invoice_no: string | null;
  issue_date: string | null;
  express_company: string | null;
  express_no: string | null;
  finished_at: string | null;
  status: string;
}

export interface MatchInvoiceItemsTable extends EngineColumns {
  invoice_id: number;
  invoice_kind: string;
  freight_id: number;
  freight_no: string;
  carrier_name: string;
  conveyance_name: string;
  cargo_name: string;
  loading_place: string;
  unloading_place: string;
  weight: number;
  amount: number;
}

export interface RedEnvelopeCampaignsTable {
  id: Generated<number>;
  platform_id: string;
  campaign_no: string;
  request_no: string;
  request_hash: string;
  name: string;
  type: string;
  audience: string;
  amount_mode: string;
  amount_min: number;
  amount_max: number;
  budget: number;
  granted_amount: Generated<number>;
  received_amount: Generated<number>;
  per_user_limit: number;
  receive_days: number;
  valid_from: string;
  valid_to: string;
  status: string;
  created_by: number;
  created_name: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface RedEnvelopeGrantsTable {
  id: Generated<number>;
  platform_id: string;
  campaign_id: number;
  user_id: number;
  user_name: string;
  user_mobile: string;
  amount: number;
  biz_ref: string;
  status: string;
  granted_at: string;
  expire_at: string;
  received_at: string | null;
  revoked_at: string | null;
  ledger_txn_id: number | null;
  operator_name: string;
}

export interface Finance2Tables {
  payee_settings: PayeeSettingsTable;
  tax_registrations: TaxRegistrationsTable;
  match_invoices: MatchInvoicesTable;
  match_invoice_items: MatchInvoiceItemsTable;
  red_envelope_campaigns: RedEnvelopeCampaignsTable;
  red_envelope_grants: RedEnvelopeGrantsTable;
}
