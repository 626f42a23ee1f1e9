import type { Generated } from "kysely";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { redEnvelopeCampaign, redEnvelopeGrant } from "../../contract/resources/red-envelope.js";

export const RED_ENVELOPE_CAMPAIGN_TABLE = tableOf(redEnvelopeCampaign, { status: "status", generated: ["grantedAmount", "receivedAmount"], notNull: ["campaignNo", "name", "type", "audience", "amountMode", "amountMin", "amountMax", "budget", "perUserLimit", "receiveDays", "validFrom", "validTo", "createdName"] });

/** Red envelopes (migration 0022, domain 6.12). Money in integer fen, times ISO text. */
export interface RedEnvelopeCampaignsTable extends TableOf<typeof RED_ENVELOPE_CAMPAIGN_TABLE> {
  id: Generated<number>;
  platform_id: string;
  request_no: string;
  request_hash: string;
  created_by: number;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export const RED_ENVELOPE_GRANT_TABLE = tableOf(redEnvelopeGrant, { status: "status", notNull: ["campaignId", "userName", "userMobile", "amount", "bizRef", "grantedAt", "expireAt", "operatorName"] });

export interface RedEnvelopeGrantsTable extends TableOf<typeof RED_ENVELOPE_GRANT_TABLE> {
  id: Generated<number>;
  platform_id: string;
  user_id: number;
  ledger_txn_id: number | null;
}

export interface MarketingTables {
  red_envelope_campaigns: RedEnvelopeCampaignsTable;
  red_envelope_grants: RedEnvelopeGrantsTable;
}
