/** The waybill event log and the notifications each step sends. */
import type { Kysely } from "kysely";
import { FREIGHT_ACTION_LABELS, type FreightAction, type FreightStatus } from "../../contract/freight.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { notifyUsers } from "../iam/notifications/notify.js";
import type { FreightRow } from "./records.js";
import { tonnesPlain, yuanPlain } from "../../contract/numbers.js";

export interface Operator {
  userId: number | null;
  name: string;
}

export async function recordEvent(
  db: Kysely<Database>,
  freightId: number,
  action: FreightAction,
  fromStatus: FreightStatus | null,
  toStatus: FreightStatus,
  operator: Operator,
  remark: string | null = null,
  at: string = nowIso(),
): Promise<void> {
  await db
    .insertInto("freight_events")
    .values({
      freight_id: freightId,
      action,
      from_status: fromStatus,
      to_status: toStatus,
      operator_user_id: operator.userId,
      operator_name: operator.name,
      remark,
      created_at: at,
    })
    .execute();
}

/** What the message centre says about a step, from the waybill as it is after the step. */
export function eventMessage(action: FreightAction, row: FreightRow, remark: string | null): string {
  const no = `运单 ${row.freight_no}`;
  switch (action) {
    case "DISPATCH":
      return `${no} 已派单：${row.carrier_name}（${row.conveyance_name}），${row.loading_place} → ${row.unloading_place}，${row.cargo_category} ${tonnesPlain(Number(row.planned_weight))} 吨`;
    case "LOADING":
      return `${no} 已装货，装货重量 ${tonnesPlain(Number(row.loaded_weight))} 吨，运输中`;
    case "UNLOADING":
      return `${no} 已卸货，卸货重量 ${tonnesPlain(Number(row.unloaded_weight))} 吨${row.abnormal_reason ? `，异常：${row.abnormal_reason}` : ""}`;
    case "SIGN":
      return `${no} 已签收`;
    case "REVIEW":
      return `${no} 已审核确认`;
    case "FLEET_CONFIRM":
      return `${no} 已由车队确认`;
    case "COMPLETE":
      return `${no} 已完成，运费 ${yuanPlain(Number(row.freight_amount))} 元`;
    case "CANCEL":
      return `${no} 已取消，原因：${remark ?? ""}`;
    case "LOADING_UPDATE":
      return `${no} 的装货信息已修改，原因：${remark ?? ""}`;
    case "ADDRESS_UPDATE":
      return `${no} 的装卸地址已修改：${row.loading_place} → ${row.unloading_place}`;
    case "APPEAL_SUBMIT":
    case "APPEAL_APPROVE":
    case "APPEAL_REJECT":
      return `${no} ${FREIGHT_ACTION_LABELS[action]}${remark ? `：${remark}` : ""}`;
  }
}

/**
 * Tells the waybill's organisation and its driver or captain about a step (not the person who took
 * it). Runs after the step's transaction committed; a failure to notify is logged, not raised, as
 * the step itself has happened.
 */
export async function notifyStep(ctx: ServiceContext, row: FreightRow, action: FreightAction, actorUserId: number, remark: string | null = null): Promise<void> {
  try {
    const orgUsers = await ctx.db.kysely.selectFrom("users").select("id").where("org_id", "=", row.org_id).where("status", "=", "ACTIVE").execute();
    const recipients = [...orgUsers.map((u) => Number(u.id)), ...(row.carrier_user_id == null ? [] : [Number(row.carrier_user_id)])].filter(
      (id) => id !== actorUserId,
    );
    await notifyUsers(ctx, recipients, {
      content: eventMessage(action, row, remark),
      targetType: "FREIGHT",
      targetId: Number(row.id),
      tags: ["freight"],
      freightNo: row.freight_no,
      freightWay: row.freight_way,
    });
  } catch (error) {
    ctx.log.error({ err: error, freightNo: row.freight_no, action }, "freight notification failed");
  }
}
