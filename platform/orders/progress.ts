/**
 * An order's progress from its waybills (domain 3.1): 已装/已卸 sum the non-cancelled waybills' weights,
 * 已完成 the settled weight of completed ones; a fully dispatched order whose waybills are all completed
 * becomes 已完成. Run in the transaction of every waybill step.
 */
import { sql } from "kysely";
import { nowIso } from "../db/index.js";
import type { AnyDb } from "../resources/bind.js";
import { recordResourceEvent } from "../resources/events.js";

const SETTLED = sql`case when f.unloaded_weight is not null and f.loaded_weight is not null and f.unloaded_weight < f.loaded_weight then f.unloaded_weight else coalesce(f.loaded_weight, f.planned_weight) end`;

/**
 * `taskIds`: the transport tasks whose figures may have moved (a step moves only its own waybill's task:
 * none for most waybills, which then skip that write); all of the order's when not given.
 */
export async function refreshOrderProgress(trx: AnyDb, orderId: number, operator: { userId: number; name: string; platformId: string }, taskIds?: readonly number[]): Promise<void> {
  const sums = await sql<{ loaded: number | null; unloaded: number | null; completed: number | null; open: number; total: number }>`
    select
      sum(case when f.status <> 'CANCELLED' then f.loaded_weight end) as loaded,
      sum(case when f.status <> 'CANCELLED' then f.unloaded_weight end) as unloaded,
      sum(case when f.status = 'COMPLETED' then ${SETTLED} end) as completed,
      sum(case when f.status not in ('CANCELLED', 'COMPLETED') then 1 else 0 end) as open,
      sum(case when f.status <> 'CANCELLED' then 1 else 0 end) as total
    from freights f where f.order_id = ${orderId}`.execute(trx);
  const s = sums.rows[0]!;
  const order = await trx.selectFrom("freight_orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  const completes = order.status === "DISPATCHED" && Number(s.total) > 0 && Number(s.open) === 0;
  await trx
    .updateTable("freight_orders")
    .set({
      loaded_weight: Number(s.loaded ?? 0),
      unloaded_weight: Number(s.unloaded ?? 0),
      completed_weight: Number(s.completed ?? 0),
      ...(completes ? { status: "COMPLETED", updated_at: nowIso(), version: Number(order.version) + 1 } : {}),
    })
    .where("id", "=", orderId)
    .execute();
  // Transport tasks of the order: 已完成 = the settled weight of their completed waybills (domain 3.8).
  if (taskIds?.length !== 0) {
    const which = taskIds ? sql`id in (${sql.join([...taskIds])})` : sql`order_id = ${orderId}`;
    await sql`update transport_tasks set completed_weight = coalesce((select sum(${SETTLED}) from freights f where f.task_id = transport_tasks.id and f.status = 'COMPLETED'), 0) where ${which}`.execute(trx);
  }
  if (completes) await recordResourceEvent(trx, operator, "order", { ...order, id: Number(order.id) }, { action: "COMPLETE", label: "完成", from: "DISPATCHED", to: "COMPLETED", remark: "全部运单已完成" });
}
