/**
 * What dispatch owes the delivery notes, transport tasks and re-deliveries (domain 3.6–3.8), written
 * once for dispatch, waybill cancellation and the forms that take weight from an order:
 *
 * - an order's **free weight** = planned − dispatched − the weight open transport tasks reserve (their
 *   undispatched part); dispatch outside a task may spend only that, dispatch under a task also its own
 *   reservation;
 * - a delivery's or a task's remaining = its planned − its dispatched; dispatch against it may not exceed it;
 * - a re-delivery replaces one cancelled waybill of the same order with one waybill of at most its weight.
 */
import { sql } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { tonnesPlain } from "../../contract/numbers.js";
import { DELIVERY_OPEN_STATES } from "../../contract/resources/delivery.js";
import { TASK_OPEN_STATES } from "../../contract/resources/transport-task.js";
import { HttpError, Refusal } from "../http/envelope.js";
import { nowIso } from "../db/index.js";
import type { AnyDb } from "../resources/bind.js";
import { orderStatusFor } from "../freight/rules.js";

export interface DispatchLinks {
  deliveryId?: number;
  taskId?: number;
  redispatchOfId?: number;
}

interface OrderLike {
  id: number | bigint;
  order_no: string;
  planned_weight: number | bigint;
  dispatched_weight: number | bigint;
}

const tonnes = (kg: number) => `${tonnesPlain(Math.max(0, kg))} 吨`;

/** The weight open tasks of an order hold back for themselves (optionally except one task). */
export async function reservedWeight(trx: AnyDb, orderId: number, exceptTaskId?: number): Promise<number> {
  let query = trx
    .selectFrom("transport_tasks")
    .select(sql<number>`coalesce(sum(case when planned_weight > dispatched_weight then planned_weight - dispatched_weight else 0 end), 0)`.as("kg"))
    .where("order_id", "=", orderId)
    .where("status", "in", [...TASK_OPEN_STATES])
    .where("deleted_at", "is", null);
  if (exceptTaskId !== undefined) query = query.where("id", "<>", exceptTaskId);
  return Number((await query.executeTakeFirstOrThrow()).kg);
}

/** The weight open delivery notes of an order still have to dispatch (optionally except one). */
export async function undispatchedDeliveries(trx: AnyDb, orderId: number, exceptId?: number): Promise<number> {
  let query = trx
    .selectFrom("deliveries")
    .select(sql<number>`coalesce(sum(case when planned_weight > dispatched_weight then planned_weight - dispatched_weight else 0 end), 0)`.as("kg"))
    .where("order_id", "=", orderId)
    .where("status", "in", [...DELIVERY_OPEN_STATES])
    .where("deleted_at", "is", null);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return Number((await query.executeTakeFirstOrThrow()).kg);
}

/** Undispatched weight of the order nobody has taken yet: what a new waybill outside a task may carry. */
export async function freeWeight(trx: AnyDb, order: OrderLike, exceptTaskId?: number): Promise<number> {
  return Number(order.planned_weight) - Number(order.dispatched_weight) - (await reservedWeight(trx, Number(order.id), exceptTaskId));
}

/**
 * Checks a dispatch's links against the order and the total weight; returns the columns each new waybill
 * carries. A re-delivery inherits the original's delivery note and task while they are still open.
 */
export async function checkDispatchLinks(trx: AnyDb, order: OrderLike, links: DispatchLinks, items: number, total: number) {
  const orderId = Number(order.id);
  let deliveryId = links.deliveryId ?? null;
  let taskId = links.taskId ?? null;
  if (links.redispatchOfId !== undefined) {
    const original = await trx.selectFrom("freights").select(["id", "freight_no", "order_id", "status", "redelivery_status", "planned_weight", "delivery_id", "task_id"]).where("id", "=", links.redispatchOfId).executeTakeFirst();
    if (!original || Number(original.order_id) !== orderId) throw new HttpError(400, "原运单不存在或不属于该订单");
    if (original.status !== "CANCELLED" || original.redelivery_status !== "WAITING") throw new Refusal(RefusalCode.illegalState, `运单 ${original.freight_no} 不是待重新发货的已取消运单`);
    if (items !== 1) throw new HttpError(400, "重新发货只能派一条运单");
    if (total > Number(original.planned_weight)) throw new HttpError(400, `重新发货的计划重量不能超过原运单的 ${tonnes(Number(original.planned_weight))}`);
    if (deliveryId === null && original.delivery_id != null) {
      const open = await trx.selectFrom("deliveries").select("id").where("id", "=", Number(original.delivery_id)).where("status", "in", [...DELIVERY_OPEN_STATES]).executeTakeFirst();
      if (open) deliveryId = Number(original.delivery_id);
    }
    if (taskId === null && original.task_id != null) {
      const open = await trx.selectFrom("transport_tasks").select("id").where("id", "=", Number(original.task_id)).where("status", "=", "ACCEPTED").executeTakeFirst();
      if (open) taskId = Number(original.task_id);
    }
  }
  if (deliveryId !== null) {
    const delivery = await trx.selectFrom("deliveries").selectAll().where("id", "=", deliveryId).where("deleted_at", "is", null).executeTakeFirst();
    if (!delivery || Number(delivery.order_id) !== orderId) throw new HttpError(400, "发货单不存在或不属于该订单");
    if (!(DELIVERY_OPEN_STATES as readonly string[]).includes(delivery.status)) throw new Refusal(RefusalCode.illegalState, `发货单 ${delivery.delivery_no} 已派完或已关闭，不能再派车`);
    const left = Number(delivery.planned_weight) - Number(delivery.dispatched_weight);
    if (total > left) throw new HttpError(400, `派单重量合计 ${tonnes(total)}，超过发货单 ${delivery.delivery_no} 的剩余重量 ${tonnes(left)}`);
  }
  if (taskId !== null) {
    const task = await trx.selectFrom("transport_tasks").selectAll().where("id", "=", taskId).where("deleted_at", "is", null).executeTakeFirst();
    if (!task || Number(task.order_id) !== orderId) throw new HttpError(400, "运输任务不存在或不属于该订单");
    if (task.status !== "ACCEPTED") throw new Refusal(RefusalCode.illegalState, `运输任务 ${task.task_no} 不在执行中，不能按任务派单`);
    const left = Number(task.planned_weight) - Number(task.dispatched_weight);
    if (total > left) throw new HttpError(400, `派单重量合计 ${tonnes(total)}，超过运输任务 ${task.task_no} 的剩余重量 ${tonnes(left)}`);
  }
  const free = await freeWeight(trx, order, taskId ?? undefined);
  if (total > free) {
    const reserved = Number(order.planned_weight) - Number(order.dispatched_weight) - free;
    throw new HttpError(400, `派单重量合计 ${tonnes(total)}，超过订单剩余可派重量 ${tonnes(free)}${reserved > 0 ? `（另有 ${tonnes(reserved)} 已分配给运输任务）` : ""}`);
  }
  return { delivery_id: deliveryId, task_id: taskId, redispatch_of_id: links.redispatchOfId ?? null };
}

/** A delivery's state from its weights (the order's rule, same codes), unless it was closed by hand. */
async function moveDelivery(trx: AnyDb, deliveryId: number, deltaKg: number): Promise<void> {
  const delivery = await trx.selectFrom("deliveries").select(["planned_weight", "dispatched_weight", "status", "version"]).where("id", "=", deliveryId).executeTakeFirstOrThrow();
  const dispatched = Math.max(0, Number(delivery.dispatched_weight) + deltaKg);
  const status = delivery.status === "CLOSED" ? "CLOSED" : orderStatusFor(Number(delivery.planned_weight), dispatched);
  await trx.updateTable("deliveries").set({ dispatched_weight: dispatched, status, version: Number(delivery.version) + 1, updated_at: nowIso() }).where("id", "=", deliveryId).execute();
}

async function moveTask(trx: AnyDb, taskId: number, deltaKg: number): Promise<void> {
  await trx
    .updateTable("transport_tasks")
    .set({ dispatched_weight: sql`case when dispatched_weight + ${deltaKg} < 0 then 0 else dispatched_weight + ${deltaKg} end`, version: sql`version + 1`, updated_at: nowIso() })
    .where("id", "=", taskId)
    .execute();
}

/** After the waybills are written: the delivery and task count them, the replaced waybill is marked. */
export async function applyDispatchLinks(trx: AnyDb, links: { delivery_id: number | null; task_id: number | null; redispatch_of_id: number | null }, total: number, firstFreightNo: string): Promise<void> {
  if (links.delivery_id !== null) await moveDelivery(trx, links.delivery_id, total);
  if (links.task_id !== null) await moveTask(trx, links.task_id, total);
  if (links.redispatch_of_id !== null) {
    const updated = await trx
      .updateTable("freights")
      .set({ redelivery_status: "REDISPATCHED", redispatched_at: nowIso(), redelivery_freight_no: firstFreightNo, version: sql`version + 1` })
      .where("id", "=", links.redispatch_of_id)
      .where("redelivery_status", "=", "WAITING")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Refusal(RefusalCode.illegalState, "原运单已被他人重新发货，请刷新后重试");
  }
}

/** A cancelled waybill's weight goes back to its delivery note and task too. */
export async function releaseLinkedWeight(trx: AnyDb, row: { delivery_id: number | null; task_id: number | null; planned_weight: number }): Promise<void> {
  if (row.delivery_id != null) await moveDelivery(trx, Number(row.delivery_id), -Number(row.planned_weight));
  if (row.task_id != null) await moveTask(trx, Number(row.task_id), -Number(row.planned_weight));
}
