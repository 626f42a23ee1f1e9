/**
 * Engine bindings of 红包管理's lists (contract/resources/red-envelope.ts): read-only over the marketing
 * tables, the platform's staff only. Their transitions are the marketing service's (`moveCampaign`,
 * `revokeGrant`: budget and status in one money transaction); unclaimed envelopes past their expiry are
 * expired (budget returned) before every read, as the service's own lists did.
 */
import { sql, type SqlBool } from "kysely";
import { redEnvelopeCampaign, redEnvelopeGrant } from "../../contract/resources/red-envelope.js";
import type { CampaignMove } from "../../contract/red-envelope.js";
import { bindResource, platformStaffScope, type TransitionService } from "../resources/bind.js";
import { contains } from "../resources/query.js";
import { expireGrants, moveCampaign, revokeGrant } from "./red-envelopes.js";

const moved = (key: CampaignMove): TransitionService => (ctx, scope, id) => moveCampaign(ctx.db, scope, id, key);
const expire = (ctx: Parameters<TransitionService>[0], scope: Parameters<TransitionService>[1]) => expireGrants(ctx.db, scope.platformId);

const campaignBinding = bindResource(redEnvelopeCampaign, {
  table: "red_envelope_campaigns",
  scope: platformStaffScope,
  softDelete: false,
  beforeRead: expire,
  services: { activate: moved("activate"), pause: moved("pause"), end: moved("end") },
  // 手动发放 (a form of its own, with its request number) while the campaign runs; 发放记录 always.
  linkActions: {
    grant: (record, scope) => record.status === "ACTIVE" && scope.permissions.has("TMS_RED_ENVELOPE"),
    grants: () => true,
  },
});

const grantBinding = bindResource(redEnvelopeGrant, {
  table: "red_envelope_grants",
  scope: platformStaffScope,
  softDelete: false,
  beforeRead: expire,
  labels: { campaignName: { table: "red_envelope_campaigns", via: "campaign_id", column: "name" } },
  keywordAlso: (alias, text) => sql<SqlBool>`${sql.ref(`${alias}.campaign_id`)} in (select c.id from red_envelope_campaigns c where ${contains("c.name", text)})`,
  services: { revoke: (ctx, scope, id) => revokeGrant(ctx.db, scope, id) },
});

export const RED_ENVELOPE_BINDINGS = [campaignBinding, grantBinding];
