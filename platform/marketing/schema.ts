import type { Generated } from "kysely";

/** Red envelopes (migration 0022, domain 6.12). Money in integer fen, times ISO text. */
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

export interface MarketingTables {
  red_envelope_campaigns: RedEnvelopeCampaignsTable;
  red_envelope_grants: RedEnvelopeGrantsTable;
}
