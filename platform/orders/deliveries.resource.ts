/**
 * Bindings of the deliveries of /orderManage (domain 3.6–3.9): the order views the forms pick from, delivery
 * notes, the re-delivery list over cancelled waybills, a delivery's or task's waybills, transport tasks
 * and containers. Each new row copies its order's scope (organisation, tenant, the individual who owns
 * it) and the names it shows; the hooks hold the weight, time and state rules. Dispatch's side of the
 * rules is in `dispatch-links.ts`.
 */
import { sql, type Selectable, type SqlBool } from "kysely";
import type { FreightOrdersTable } from "../freight/schema.js";
import { RefusalCode } from "../../contract/envelope.js";
import { activeOrder, ACTIVE_ORDER_STATES, delivery, DISPATCHABLE_ORDER_STATES, DELIVERY_OPEN_STATES, linkedWaybill, openOrder, redelivery } from "../../contract/resources/delivery.js";
import { ASSIGNEE_FIELDS, ASSIGNEE_TYPES, transportTask, type AssigneeType } from "../../contract/resources/transport-task.js";
import { container, CONTAINER_EVENTS, overdueDays, returnDeadline } from "../../contract/resources/container.js";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../contract/freight.js";
import { yuanPlain, tonnesPlain } from "../../contract/numbers.js";
import { nowIso } from "../db/index.js";
import { HttpError, Refusal } from "../http/envelope.js";
import { bindResource, orgScope, ownerWrites, type AnyDb, type ScopeRule } from "../resources/bind.js";
import { isIndividual, rowsFor, visible, type CallerScope } from "../scope.js";
import { freeWeight, undispatchedDeliveries } from "./dispatch-links.js";
import { orderStatusFor } from "../freight/rules.js";

const refuse = (message: string) => new Refusal(RefusalCode.invalid, message);
const tonnes = (kg: number) => `${tonnesPlain(Math.max(0, kg))} 吨`;
const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** Rows with a freight way: callers without the water right see only road ones (as orders and waybills). */
const roadUnlessWater = (rule: ScopeRule): ScopeRule => (scope, alias) => (scope.water ? rule(scope, alias) : sql<SqlBool>`(${rule(scope, alias)} and ${ref(alias, "freight_way")} = 'ROAD')`);
const orderRule: ScopeRule = (scope, alias) => visible("freight_orders", scope, alias);
const freightRule: ScopeRule = (scope, alias) => visible("freights", scope, alias);

const ordersIn = (states: readonly string[]) => (alias: string) => sql<SqlBool>`${ref(alias, "status")} in (${sql.join(states.map((s) => sql.lit(s)))})`;

export const openOrderBinding = bindResource(openOrder, { table: "freight_orders", scope: orderRule, where: ordersIn(DISPATCHABLE_ORDER_STATES) });
export const activeOrderBinding = bindResource(activeOrder, { table: "freight_orders", scope: orderRule, where: ordersIn(ACTIVE_ORDER_STATES) });

/** The order a new row starts from: its scope and the copies the row shows. */
async function orderOf(trx: AnyDb, orderId: number, states: readonly string[], what: string) {
  const order = (await trx.selectFrom("freight_orders").selectAll().where("id", "=", orderId).where("deleted_at", "is", null).executeTakeFirst()) as Selectable<FreightOrdersTable> | undefined;
  if (!order) throw new HttpError(400, "订单不存在或不可选");
  if (!states.includes(order.status)) throw new Refusal(RefusalCode.illegalState, `订单 ${order.order_no} 当前状态为「${ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status}」，不能${what}`);
  return order;
}

type OrderRow = Awaited<ReturnType<typeof orderOf>>;
const scopeOfOrder = (order: OrderRow) => ({ platform_id: order.platform_id, tenant_id: order.tenant_id, org_id: order.org_id, owner_user_id: order.owner_user_id ?? null });

function checkWindow(from: unknown, to: unknown, labels: [string, string]): void {
  if (from && to && String(to) < String(from)) throw refuse(`${labels[1]}不能早于${labels[0]}`);
}

// ---------------------------------------------------------------------------------------------
// 发货单

/** Domain 3.6: a delivery's undispatched weight ≤ the order's undispatched weight less other open deliveries'. */
async function checkDeliveryWeight(trx: AnyDb, order: OrderRow, planned: number, dispatched: number, exceptId?: number): Promise<void> {
  if (planned < dispatched) throw refuse(`发货重量不能小于已派重量 ${tonnes(dispatched)}`);
  const left = Number(order.planned_weight) - Number(order.dispatched_weight) - (await undispatchedDeliveries(trx, Number(order.id), exceptId));
  if (planned - dispatched > left) throw refuse(`发货重量超过订单 ${order.order_no} 可发货的剩余重量 ${tonnes(left + dispatched)}`);
}

const mayDispatch = (scope: CallerScope) => !isIndividual(scope) && scope.permissions.has("TMS_FREIGHT_DISPATCH");

export const deliveryBinding = bindResource(delivery, {
  table: "deliveries",
  scope: roadUnlessWater(orgScope()),
  stamp: "platform",
  number: { field: "deliveryNo", prefix: "FH" },
  labels: { orderLabel: { table: "freight_orders", via: "order_id", column: "order_no" } },
  linkActions: { dispatch: (record, scope) => mayDispatch(scope) && (DELIVERY_OPEN_STATES as readonly string[]).includes(String(record.status)) },
  hooks: {
    beforeCreate: async (trx, _scope, values) => {
      const order = await orderOf(trx, Number(values.order_id), DISPATCHABLE_ORDER_STATES, "新建发货单");
      checkWindow(values.loading_from, values.loading_to, ["发货开始", "发货截止"]);
      await checkDeliveryWeight(trx, order, Number(values.planned_weight), 0);
      Object.assign(values, scopeOfOrder(order), {
        order_no: order.order_no,
        freight_way: order.freight_way,
        shipper_name: order.shipper_name,
        cargo_name: order.cargo_name ?? order.cargo_category,
        loading_place: values.loading_place ?? order.loading_place,
        unloading_place: order.unloading_place,
        dispatched_weight: 0,
      });
    },
    beforeUpdate: async (trx, _scope, before, values) => {
      const v = { ...before, ...values };
      checkWindow(v.loading_from, v.loading_to, ["发货开始", "发货截止"]);
      if (values.loading_place === null) values.loading_place = before.loading_place;
      if (values.planned_weight !== undefined) {
        const order = await orderOf(trx, Number(before.order_id), [...DISPATCHABLE_ORDER_STATES, "DISPATCHED"], "修改发货单");
        await checkDeliveryWeight(trx, order, Number(values.planned_weight), Number(before.dispatched_weight), before.id);
        values.status = orderStatusFor(Number(values.planned_weight), Number(before.dispatched_weight));
      }
    },
    beforeDelete: async (trx, _scope, row) => {
      const used = await trx.selectFrom("freights").select("freight_no").where("delivery_id", "=", row.id).executeTakeFirst();
      if (used) throw new Refusal(RefusalCode.illegalState, `发货单 ${String(row.delivery_no)} 已有运单 ${used.freight_no}，不能删除，请关闭`);
    },
  },
});

// ---------------------------------------------------------------------------------------------
// 重新发货: cancelled waybills of orders still open (and those already handled, for the 已处理 tab)

const ORDER_STILL_OPEN = sql.join([...DISPATCHABLE_ORDER_STATES, "DISPATCHED"].map((s) => sql.lit(s)));

export const redeliveryBinding = bindResource(redelivery, {
  table: "freights",
  scope: freightRule,
  where: (alias) =>
    sql<SqlBool>`${ref(alias, "status")} = 'CANCELLED' and (${ref(alias, "redelivery_status")} <> 'WAITING' or exists (select 1 from freight_orders o where o.id = ${ref(alias, "order_id")} and o.status in (${ORDER_STILL_OPEN})))`,
  labels: { deliveryNo: { table: "deliveries", via: "delivery_id", column: "delivery_no" } },
  linkActions: { redispatch: (record, scope) => mayDispatch(scope) && record.redeliveryStatus === "WAITING" },
  hooks: {
    onTransition: async (trx, _scope, row) => {
      await trx.updateTable("freights").set({ redispatched_at: nowIso() }).where("id", "=", row.id).execute();
    },
  },
});

export const linkedWaybillBinding = bindResource(linkedWaybill, {
  table: "freights",
  scope: freightRule,
  labels: {
    deliveryNo: { table: "deliveries", via: "delivery_id", column: "delivery_no" },
    taskNo: { table: "transport_tasks", via: "task_id", column: "task_no" },
    redispatchOfNo: { table: "freights", via: "redispatch_of_id", column: "freight_no" },
  },
});

// ---------------------------------------------------------------------------------------------
// 运输任务

const ASSIGNEE_TABLES = {
  CARRIER_ORG: { table: "enterprise_profiles", column: "carrier_org_id" },
  FLEET_LEADER: { table: "fleet_leaders", column: "fleet_leader_id" },
  SHIPOWNER: { table: "shipowners", column: "shipowner_id" },
} as const satisfies Record<AssigneeType, { table: string; column: string }>;

/** Exactly the reference of the chosen assignee type, for a way that type may carry; returns its name. */
async function assigneeName(trx: AnyDb, values: Record<string, unknown>, way: string): Promise<string> {
  const type = values.assignee_type as AssigneeType;
  const spec = ASSIGNEE_FIELDS[type];
  if (!(spec.ways as readonly string[]).includes(way)) throw refuse(`${way === "WATER" ? "水路" : "公路"}订单不能指派给${ASSIGNEE_TYPES[type].label}`);
  for (const [other, t] of Object.entries(ASSIGNEE_TABLES)) if (other !== type) values[t.column] = null;
  const { table, column } = ASSIGNEE_TABLES[type];
  const id = values[column];
  const label = transportTask.fields[spec.field].label;
  if (id == null) throw refuse(`承运方类型为${ASSIGNEE_TYPES[type].label}时请选择${label}`);
  const row = await trx.selectFrom(table).select("name").where("id", "=", Number(id)).where("deleted_at", "is", null).executeTakeFirst();
  if (!row) throw refuse(`${label}不存在或不可选`);
  return String(row.name);
}

async function checkTask(trx: AnyDb, order: OrderRow, v: Record<string, unknown>, exceptId?: number): Promise<void> {
  const planned = Number(v.planned_weight);
  const dispatched = Number(v.dispatched_weight ?? 0);
  if (planned < dispatched) throw refuse(`任务重量不能小于已派重量 ${tonnes(dispatched)}`);
  const free = await freeWeight(trx, order, exceptId);
  if (planned - dispatched > free) throw refuse(`任务重量超过订单 ${order.order_no} 可分配的剩余重量 ${tonnes(free + dispatched)}`);
  if (Number(v.unit_price) > Number(order.unit_price)) throw refuse(`任务单价不能高于订单的承运单价 ${yuanPlain(Number(order.unit_price))} 元/吨`);
  checkWindow(v.period_from, v.period_to, ["周期开始", "周期结束"]);
}

/** The order's organisation sees its tasks; a carrier enterprise also sees (and answers) the tasks assigned to it. */
const taskScope: ScopeRule = (scope, alias) => {
  const own = orgScope()(scope, alias);
  const assigned = rowsFor(scope, alias, { org: "carrier_org_id", tenant: null, individual: null });
  return sql<SqlBool>`(${own} or (${assigned} and ${ref(alias, "assignee_type")} = 'CARRIER_ORG'))`;
};

/** The carrier answers a task (接受, 拒绝, 完成); editing, deleting and cancelling it stay with the order's organisation. */
const CARRIER_WRITES = new Set(["accept", "reject", "complete"]);
const ownTasks = ownerWrites();

export const transportTaskBinding = bindResource(transportTask, {
  table: "transport_tasks",
  scope: roadUnlessWater(taskScope),
  writeScope: (scope, alias, write) => (CARRIER_WRITES.has(write) ? taskScope(scope, alias) : ownTasks(scope, alias, write)),
  stamp: "platform",
  number: { field: "taskNo", prefix: "RW" },
  labels: {
    orderLabel: { table: "freight_orders", via: "order_id", column: "order_no" },
    carrierOrgName: { table: "organisations", via: "carrier_org_id", column: "name" },
    fleetLeaderName: { table: "fleet_leaders", via: "fleet_leader_id", column: "name" },
    shipownerName: { table: "shipowners", via: "shipowner_id", column: "name" },
  },
  linkActions: { dispatch: (record, scope) => mayDispatch(scope) && record.status === "ACCEPTED" && Number(record.orgId) === scope.orgId },
  hooks: {
    beforeCreate: async (trx, _scope, values) => {
      const order = await orderOf(trx, Number(values.order_id), DISPATCHABLE_ORDER_STATES, "分配运输任务");
      values.assignee_name = await assigneeName(trx, values, order.freight_way);
      await checkTask(trx, order, values);
      Object.assign(values, scopeOfOrder(order), {
        order_no: order.order_no,
        freight_way: order.freight_way,
        cargo_name: order.cargo_name ?? order.cargo_category,
        loading_place: order.loading_place,
        unloading_place: order.unloading_place,
        dispatched_weight: 0,
        completed_weight: 0,
      });
    },
    beforeUpdate: async (trx, _scope, before, values) => {
      const order = await orderOf(trx, Number(before.order_id), [...DISPATCHABLE_ORDER_STATES, "DISPATCHED"], "修改运输任务");
      await checkTask(trx, order, { ...before, ...values }, before.id);
    },
    onTransition: async (trx, _scope, row, transition) => {
      if (transition !== "cancel") return;
      const open = await trx.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).where("task_id", "=", row.id).where("status", "not in", ["CANCELLED", "COMPLETED"]).executeTakeFirstOrThrow();
      if (Number(open.n) > 0) throw new Refusal(RefusalCode.illegalState, `运输任务 ${String(row.task_no)} 还有 ${Number(open.n)} 条在途运单，不能取消；请等运单完成或先取消运单`);
    },
  },
});

// ---------------------------------------------------------------------------------------------
// 集装箱 / 还箱动态

/** 已超期 once the deadline has passed (while out); 用箱中 before. */
const outState = (deadline: string, now = nowIso()) => (deadline < now ? "OVERDUE" : "IN_USE");

async function checkContainer(trx: AnyDb, v: Record<string, unknown>, exceptId?: number): Promise<void> {
  let query = trx.selectFrom("containers").select("id").where("container_no", "=", String(v.container_no)).where("status", "<>", "RETURNED").where("deleted_at", "is", null).where("platform_id", "=", String(v.platform_id));
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) throw new Refusal(RefusalCode.illegalState, `集装箱 ${String(v.container_no)} 尚未还箱，不能重复登记提箱`);
  if (Date.parse(String(v.picked_at)) > Date.now() + 5 * 60_000) throw refuse("提箱时间不能晚于当前时间");
}

/** 运单号 → the order's waybill (or none). */
async function resolveFreight(trx: AnyDb, values: Record<string, unknown>, orderId: number): Promise<void> {
  if (values.freight_no === undefined) return;
  if (values.freight_no === null || values.freight_no === "") {
    values.freight_id = null;
    values.freight_no = null;
    return;
  }
  const freight = await trx.selectFrom("freights").select(["id", "freight_no"]).where("freight_no", "=", String(values.freight_no)).where("order_id", "=", orderId).executeTakeFirst();
  if (!freight) throw refuse(`运单 ${String(values.freight_no)} 不是该订单的运单`);
  values.freight_id = Number(freight.id);
}

export const containerBinding = bindResource(container, {
  table: "containers",
  scope: orgScope(),
  stamp: "platform",
  labels: { orderLabel: { table: "freight_orders", via: "order_id", column: "order_no" } },
  hooks: {
    beforeCreate: async (trx, _scope, values) => {
      const order = await orderOf(trx, Number(values.order_id), ACTIVE_ORDER_STATES, "登记集装箱");
      Object.assign(values, scopeOfOrder(order), { order_no: order.order_no });
      await checkContainer(trx, values);
      await resolveFreight(trx, values, Number(order.id));
      const deadline = returnDeadline(String(values.picked_at), Number(values.free_days));
      Object.assign(values, { return_deadline: deadline, status: outState(deadline), last_event: "PICKUP", last_event_place: values.pickup_yard, last_event_at: values.picked_at });
    },
    beforeUpdate: async (trx, _scope, before, values) => {
      const v = { ...before, ...values };
      if (Date.parse(String(v.picked_at)) > Date.now() + 5 * 60_000) throw refuse("提箱时间不能晚于当前时间");
      await resolveFreight(trx, values, Number(before.order_id));
      const deadline = returnDeadline(String(v.picked_at), Number(v.free_days));
      Object.assign(values, { return_deadline: deadline, status: outState(deadline) });
    },
    onTransition: async (trx, _scope, row, transition) => {
      const at = String(row.last_event_at ?? row.returned_at ?? "");
      if (transition === "giveBack") {
        const returned = String(row.returned_at);
        if (returned < String(row.picked_at)) throw refuse("还箱时间不能早于提箱时间");
        if (Date.parse(returned) > Date.now() + 5 * 60_000) throw refuse("还箱时间不能晚于当前时间");
        const days = overdueDays(String(row.return_deadline), returned);
        const amount = row.demurrage_per_day == null ? null : days * Number(row.demurrage_per_day);
        await trx.updateTable("containers").set({ overdue_days: days, demurrage_amount: amount, last_event: "RETURN", last_event_place: String(row.return_yard), last_event_at: returned }).where("id", "=", row.id).execute();
        return;
      }
      if (at < String(row.picked_at)) throw refuse(`${CONTAINER_EVENTS.PICKUP.label}之后才能登记动态：动态时间不能早于提箱时间`);
      if (Date.parse(at) > Date.now() + 5 * 60_000) throw refuse("动态时间不能晚于当前时间");
      const event = transition === "load" ? "LOADED" : transition === "gateIn" ? "GATE_IN" : "UNLOADED";
      await trx.updateTable("containers").set({ last_event: event, status: outState(String(row.return_deadline)) }).where("id", "=", row.id).execute();
    },
  },
});

/** Containers still out past their deadline become 已超期 (run every minute with the other sweeps). */
export async function markOverdueContainers(db: AnyDb, now = nowIso()): Promise<number> {
  const result = await db.updateTable("containers").set({ status: "OVERDUE", updated_at: now }).where("status", "=", "IN_USE").where("return_deadline", "<", now).where("deleted_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const DELIVERY_BINDINGS = [openOrderBinding, activeOrderBinding, deliveryBinding, redeliveryBinding, linkedWaybillBinding, transportTaskBinding, containerBinding];
