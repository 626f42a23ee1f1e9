/**
 * Who hears about an appeal: on submission, the users who may audit it (the platform's, the tenant's
 * or the organisation's holders of TMS_RISK_APPEAL_AUDIT); on the audit result, the submitter, the
 * waybill's organisation and its driver or captain. Never the person who acted. A FREIGHT notification
 * (freightNo, freightWay) so the message centre opens the waybill. Runs after the transaction
 * committed; a failure is logged, not raised, as the appeal itself has happened.
 */
import type { FreightAction } from "../../contract/freight.js";
import type { ServiceContext } from "../context.js";
import { eventMessage } from "../freight/events.js";
import type { FreightRow } from "../freight/records.js";
import { holdersOf, notifyUsers } from "../iam/notifications/notify.js";
import type { AppealRow } from "./schema.js";

const ids = (rows: Array<{ id: number }>) => rows.map((r) => Number(r.id));

function auditorsOf(ctx: ServiceContext, appeal: AppealRow): Promise<number[]> {
  return holdersOf(ctx, "TMS_RISK_APPEAL_AUDIT", { platformId: appeal.platform_id, tenantId: appeal.tenant_id, orgId: appeal.org_id });
}

async function partiesOf(ctx: ServiceContext, appeal: AppealRow, freight: FreightRow): Promise<number[]> {
  const orgUsers = await ctx.db.kysely.selectFrom("users").select("id").where("org_id", "=", freight.org_id).where("status", "=", "ACTIVE").execute();
  return [Number(appeal.submitted_by), ...ids(orgUsers), ...(freight.carrier_user_id == null ? [] : [Number(freight.carrier_user_id)])];
}

export async function notifyAppeal(ctx: ServiceContext, action: FreightAction, appeal: AppealRow, freight: FreightRow, actorUserId: number, remark: string): Promise<void> {
  try {
    const recipients = action === "APPEAL_SUBMIT" ? await auditorsOf(ctx, appeal) : await partiesOf(ctx, appeal, freight);
    await notifyUsers(
      ctx,
      recipients.filter((id) => id !== actorUserId),
      {
        content: eventMessage(action, freight, remark),
        targetType: "FREIGHT",
        targetId: Number(freight.id),
        tags: ["freight", "appeal"],
        freightNo: freight.freight_no,
        freightWay: freight.freight_way,
      },
    );
  } catch (error) {
    ctx.log.error({ err: error, appealNo: appeal.appeal_no, action }, "appeal notification failed");
  }
}
