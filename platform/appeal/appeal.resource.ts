/**
 * The risk-appeal binding: `risk_appeals`, visible exactly as its waybill is (the row copies the
 * waybill's platform, tenant, organisation, carrier and way, so the waybill rule applies without a
 * join). An audit stamps the auditor, clears the waybill's abnormal flag on 通过, logs the result on
 * the waybill, and notifies its parties once committed. Search, GET :id and submit are the spec's own
 * routes (routes.ts); the engine serves options, export and the approve / reject transitions.
 */
import type { Kysely } from "kysely";
import type { FreightAction } from "../../contract/freight.js";
import { appeal } from "../../contract/resources/appeal.js";
import type { ServiceContext } from "../context.js";
import type { Database } from "../db/schema.js";
import { recordEvent } from "../freight/events.js";
import { bindResource, type AnyDb, type Row } from "../resources/bind.js";
import { visible, type CallerScope } from "../scope.js";
import { notifyAppeal } from "./notify.js";
import type { AppealRow } from "./schema.js";

/** freight_events.remark holds at most 500 characters. */
export const clip = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const actionOf = (transition: string): FreightAction => (transition === "approve" ? "APPEAL_APPROVE" : "APPEAL_REJECT");

/** The waybill event's remark (and the notification's) for an audited appeal. */
function auditRemark(row: Row): string {
  const appealNo = String(row.appeal_no);
  const opinion = row.audit_remark ? `；审核意见：${String(row.audit_remark)}` : "";
  return clip(row.status === "APPROVED" ? `申诉单 ${appealNo} 已通过，风险标记已解除${opinion}` : `申诉单 ${appealNo} 已驳回${opinion}`);
}

async function onAudit(trx: AnyDb, scope: CallerScope, row: Row, transition: string): Promise<void> {
  const at = String(row.updated_at);
  const audited = { audited_by: scope.userId, audited_by_name: scope.name, audited_at: at };
  await trx.updateTable("risk_appeals").set(audited).where("id", "=", row.id).execute();
  // The engine returns this row object as the transition's result.
  Object.assign(row, audited);
  if (transition === "approve") await trx.updateTable("freights").set({ abnormal: 0, abnormal_reason: null, updated_at: at }).where("id", "=", row.freight_id).execute();
  const freight = await trx.selectFrom("freights").select(["id", "status"]).where("id", "=", row.freight_id).executeTakeFirstOrThrow();
  await recordEvent(trx as Kysely<Database>, Number(freight.id), actionOf(transition), freight.status, freight.status, { userId: scope.userId, name: scope.name }, auditRemark(row), at);
}

async function afterAudit(ctx: ServiceContext, scope: CallerScope, row: Row, transition: string): Promise<void> {
  const freight = await ctx.db.kysely.selectFrom("freights").selectAll().where("id", "=", Number(row.freight_id)).executeTakeFirstOrThrow();
  await notifyAppeal(ctx, actionOf(transition), row as unknown as AppealRow, freight, scope.userId, auditRemark(row));
}

export const appealBinding = bindResource(appeal, {
  table: "risk_appeals",
  scope: (scope, alias) => visible("freights", scope, alias),
  routes: { search: false, detail: false, create: false },
  hooks: { onTransition: onAudit, afterTransition: afterAudit },
});
