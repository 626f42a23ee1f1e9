/**
 * Demo deliveries of /orderManage (domain 3.6–3.9), for every demo organisation and the
 * individual's own orders, consistent with the seeded waybills:
 * - 发货单: on open orders of each way, one being dispatched (existing waybills linked, 已派 = their
 *   planned weight), one waiting, one closed; their open remainder never exceeds the order's;
 * - 重新发货: the seeded cancelled waybills stay 待重新发货, except one re-dispatched (linked to a later
 *   waybill of the same order) and one set aside per organisation;
 * - 运输任务: accepted (with waybills), pending (assigned to the demo organisation by another one, so its
 *   dispatcher has one to answer), rejected and cancelled, within each order's free weight;
 * - 集装箱: in use, overdue, returned in time and returned late with demurrage, with their movements.
 */
import { sql, type Transaction } from "kysely";
import { containerCheckDigit, overdueDays, returnDeadline } from "../../contract/resources/container.js";
import type { Database } from "../db/schema.js";
import type { Db } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";
import { nextSerial } from "../resources/write.js";
import { orderStatusFor } from "../freight/rules.js";
import { refreshOrderProgress } from "./progress.js";
import { recordEvent } from "../freight/events.js";
import { tonnesPlain } from "../../contract/numbers.js";
import { isIndividual, isOrgUser } from "../../contract/platforms.js";

type Trx = Transaction<Database>;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const TONNE = 1000;
const roundTonnes = (kg: number) => Math.floor(kg / TONNE) * TONNE;

interface Actor {
  id: number | null;
  name: string;
}

interface Scoped {
  id: number;
  platform_id: string;
  tenant_id: number | null;
  org_id: number | null;
}

async function event(trx: Trx, resource: string, row: Scoped, actor: Actor, at: string, action: string, label: string, from: string | null, to: string | null, remark: string | null = null): Promise<void> {
  await trx
    .insertInto("resource_events")
    .values({ resource, record_id: row.id, action, action_label: label, from_status: from, to_status: to, remark, detail: null, operator_user_id: actor.id, operator_name: actor.name, platform_id: row.platform_id, tenant_id: row.tenant_id, org_id: row.org_id, created_at: at })
    .execute();
}

type Order = Awaited<ReturnType<typeof openOrders>>[number];

async function openOrders(trx: Trx, orgId: number, ownerUserId: number | null) {
  let query = trx.selectFrom("freight_orders").selectAll().where("org_id", "=", orgId).where("status", "in", ["WAIT_DISPATCH", "DISPATCHING"]).where("deleted_at", "is", null);
  query = ownerUserId === null ? query.where("owner_user_id", "is", null) : query.where("owner_user_id", "=", ownerUserId);
  return query.orderBy("id").execute();
}

const scopeOf = (order: Order) => ({ platform_id: order.platform_id, tenant_id: order.tenant_id, org_id: order.org_id, owner_user_id: order.owner_user_id ?? null });

/** Undispatched weight of the order not yet promised to a delivery note or a task. */
async function spare(trx: Trx, order: Order): Promise<number> {
  const fresh = await trx.selectFrom("freight_orders").select(["planned_weight", "dispatched_weight"]).where("id", "=", order.id).executeTakeFirstOrThrow();
  const deliveries = await trx.selectFrom("deliveries").select(sql<number>`coalesce(sum(planned_weight - dispatched_weight), 0)`.as("kg")).where("order_id", "=", order.id).where("status", "in", ["WAIT_DISPATCH", "DISPATCHING"]).executeTakeFirstOrThrow();
  const tasks = await trx.selectFrom("transport_tasks").select(sql<number>`coalesce(sum(planned_weight - dispatched_weight), 0)`.as("kg")).where("order_id", "=", order.id).where("status", "in", ["PENDING", "ACCEPTED"]).executeTakeFirstOrThrow();
  return Number(fresh.planned_weight) - Number(fresh.dispatched_weight) - Math.max(Number(deliveries.kg), Number(tasks.kg));
}

async function addDelivery(trx: Trx, order: Order, actor: Actor, spec: { createdAt: number; plannedExtra: number; waybills: Array<{ id: number; planned_weight: number }>; close?: string; pickupNo: string }) {
  const dispatched = spec.waybills.reduce((sum, w) => sum + Number(w.planned_weight), 0);
  const planned = dispatched + spec.plannedExtra;
  if (planned <= 0) return;
  const at = iso(spec.createdAt);
  const status = spec.close ? "CLOSED" : orderStatusFor(planned, dispatched);
  const row = await trx
    .insertInto("deliveries")
    .values({
      ...scopeOf(order),
      delivery_no: await nextSerial(trx, "FH"),
      order_id: order.id,
      order_no: order.order_no,
      freight_way: order.freight_way,
      shipper_name: order.shipper_name,
      cargo_name: order.cargo_name ?? order.cargo_category,
      pickup_no: spec.pickupNo,
      loading_place: order.loading_place,
      unloading_place: order.unloading_place,
      planned_weight: planned,
      dispatched_weight: dispatched,
      loading_from: at,
      loading_to: iso(spec.createdAt + 5 * DAY),
      status,
      remark: spec.close ? null : "按提货单分批出库，每车需带出库小票",
      close_reason: spec.close ?? null,
      created_at: at,
      updated_at: at,
      created_by: actor.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (spec.waybills.length) await trx.updateTable("freights").set({ delivery_id: row.id }).where("id", "in", spec.waybills.map((w) => w.id)).execute();
  const scoped = { ...row, id: Number(row.id), tenant_id: Number(row.tenant_id), org_id: Number(row.org_id) };
  await event(trx, "delivery", scoped, actor, at, "CREATE", "新增", null, "WAIT_DISPATCH");
  if (dispatched > 0) await event(trx, "delivery", scoped, actor, iso(spec.createdAt + 3600_000), "DISPATCH", "派车", "WAIT_DISPATCH", status === "CLOSED" ? orderStatusFor(planned, dispatched) : status, `派车 ${spec.waybills.length} 辆`);
  if (spec.close) await event(trx, "delivery", scoped, actor, iso(spec.createdAt + DAY), "CLOSE", "关闭", orderStatusFor(planned, dispatched), "CLOSED", spec.close);
}

async function seedDeliveryNotes(trx: Trx, orders: Order[], actor: Actor, now: number): Promise<void> {
  for (const way of ["ROAD", "WATER"] as const) {
    const ofWay = orders.filter((o) => o.freight_way === way);
    for (const [i, order] of ofWay.slice(0, 2).entries()) {
      const waybills = await trx.selectFrom("freights").select(["id", "planned_weight"]).where("order_id", "=", order.id).where("status", "<>", "CANCELLED").where("delivery_id", "is", null).orderBy("id").limit(2).execute();
      const free = Math.max(0, await spare(trx, order));
      const part = roundTonnes(free / 4);
      const linked = waybills.map((w) => ({ id: Number(w.id), planned_weight: Number(w.planned_weight) }));
      await addDelivery(trx, order, actor, { createdAt: now - (6 - i) * DAY, plannedExtra: part, waybills: linked, pickupNo: `CK${order.order_no.slice(-6)}01` });
      if (i === 0) {
        await addDelivery(trx, order, actor, { createdAt: now - DAY, plannedExtra: part, waybills: [], pickupNo: `CK${order.order_no.slice(-6)}02` });
        await addDelivery(trx, order, actor, { createdAt: now - 8 * DAY, plannedExtra: part || TONNE, waybills: [], pickupNo: `CK${order.order_no.slice(-6)}03`, close: "库点临时封仓，该批次取消出库" });
      }
    }
  }
}

/** One cancelled waybill per organisation re-dispatched (a later waybill of its order replaces it), one set aside. */
async function seedRedeliveries(trx: Trx, orgId: number, ownerUserId: number | null, actor: Actor, now: number): Promise<void> {
  let query = trx.selectFrom("freights as f").innerJoin("freight_orders as o", "o.id", "f.order_id").select(["f.id", "f.order_id", "f.planned_weight", "f.cancel_time"]).where("f.org_id", "=", orgId).where("f.status", "=", "CANCELLED").where("o.status", "in", ["WAIT_DISPATCH", "DISPATCHING", "DISPATCHED"]);
  if (ownerUserId !== null) query = query.where("o.owner_user_id", "=", ownerUserId);
  const cancelled = await query.orderBy("f.id").execute();
  const [first, second] = cancelled;
  if (first) {
    const replacement = await trx.selectFrom("freights").select(["id", "freight_no", "created_at"]).where("order_id", "=", first.order_id).where("status", "<>", "CANCELLED").where("redispatch_of_id", "is", null).where("id", "<>", first.id).orderBy("id", "desc").executeTakeFirst();
    if (replacement) {
      await trx.updateTable("freights").set({ redispatch_of_id: first.id }).where("id", "=", replacement.id).execute();
      await trx.updateTable("freights").set({ redelivery_status: "REDISPATCHED", redispatched_at: replacement.created_at, redelivery_freight_no: replacement.freight_no, version: 1 }).where("id", "=", first.id).execute();
    }
  }
  if (second && cancelled.length > 2) {
    await trx.updateTable("freights").set({ redelivery_status: "IGNORED", redispatched_at: iso(now - DAY), redelivery_remark: "货主已减少该批次发运量，无需补派", updated_by: actor.id, version: 1 }).where("id", "=", second.id).execute();
  }
}

/**
 * The driver's own 待重新发货 row: a load he could not take, cancelled before loading, on an order of
 * the organisation he drives for (a cancelled waybill does not count towards the order's dispatched weight).
 */
async function seedDriversCancelledLoad(trx: Trx, driverUserId: number, now: number): Promise<void> {
  const source = await trx
    .selectFrom("freights as f")
    .innerJoin("freight_orders as o", "o.id", "f.order_id")
    .selectAll("f")
    .where("f.carrier_user_id", "=", driverUserId)
    .where("f.freight_way", "=", "ROAD")
    .where("o.status", "in", ["WAIT_DISPATCH", "DISPATCHING", "DISPATCHED"])
    .orderBy("f.id", "desc")
    .executeTakeFirst();
  if (!source) return;
  const { id: _id, ...copy } = source;
  const created = iso(now - 3 * DAY);
  const cancelled = iso(now - 2 * DAY);
  const row = await trx
    .insertInto("freights")
    .values({
      ...copy,
      freight_no: `YD${created.slice(0, 10).replace(/-/g, "")}88000001`,
      contract_no: `HT${created.slice(0, 10).replace(/-/g, "")}88000001`,
      status: "CANCELLED",
      loaded_weight: null,
      pickup_weight: null,
      unloaded_weight: null,
      loading_ticket_url: null,
      unloading_ticket_url: null,
      abnormal: 0,
      abnormal_reason: null,
      loading_time: null,
      unloading_time: null,
      sign_time: null,
      confirm_time: null,
      complete_time: null,
      cancel_time: cancelled,
      cancel_reason: "司机临时有事，无法按时装货",
      created_at: created,
      updated_at: cancelled,
      delivery_id: null,
      task_id: null,
      redispatch_of_id: null,
      redelivery_status: "WAITING",
      redispatched_at: null,
      redelivery_freight_no: null,
      redelivery_remark: null,
      version: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const dispatcher = { userId: source.dispatcher_user_id == null ? null : Number(source.dispatcher_user_id), name: source.dispatcher_name };
  await recordEvent(trx, Number(row.id), "DISPATCH", null, "WAIT_LOADING", dispatcher, `计划重量 ${tonnesPlain(Number(source.planned_weight))} 吨`, created);
  await recordEvent(trx, Number(row.id), "CANCEL", "WAIT_LOADING", "CANCELLED", dispatcher, "司机临时有事，无法按时装货", cancelled);
}

interface TaskSpec {
  status: "PENDING" | "ACCEPTED" | "REJECTED" | "CANCELLED";
  assignee: { type: "CARRIER_ORG" | "FLEET_LEADER" | "SHIPOWNER"; id: number; name: string };
  share: number;
  ageDays: number;
  reason?: string;
}

async function addTask(trx: Trx, order: Order, actor: Actor, now: number, spec: TaskSpec): Promise<void> {
  const waybills = spec.status === "ACCEPTED" ? await trx.selectFrom("freights").select(["id", "planned_weight"]).where("order_id", "=", order.id).where("status", "<>", "CANCELLED").where("task_id", "is", null).orderBy("id", "desc").limit(2).execute() : [];
  const dispatched = waybills.reduce((sum, w) => sum + Number(w.planned_weight), 0);
  const free = Math.max(0, await spare(trx, order));
  const planned = dispatched + roundTonnes(free * spec.share);
  if (planned <= 0) return;
  const created = now - spec.ageDays * DAY;
  const at = iso(created);
  const row = await trx
    .insertInto("transport_tasks")
    .values({
      ...scopeOf(order),
      task_no: await nextSerial(trx, "RW"),
      order_id: order.id,
      order_no: order.order_no,
      freight_way: order.freight_way,
      cargo_name: order.cargo_name ?? order.cargo_category,
      loading_place: order.loading_place,
      unloading_place: order.unloading_place,
      assignee_type: spec.assignee.type,
      carrier_org_id: spec.assignee.type === "CARRIER_ORG" ? spec.assignee.id : null,
      fleet_leader_id: spec.assignee.type === "FLEET_LEADER" ? spec.assignee.id : null,
      shipowner_id: spec.assignee.type === "SHIPOWNER" ? spec.assignee.id : null,
      assignee_name: spec.assignee.name,
      planned_weight: planned,
      dispatched_weight: dispatched,
      completed_weight: 0,
      unit_price: Math.max(1, Number(order.unit_price) - 300),
      period_from: at.slice(0, 10),
      period_to: iso(created + 20 * DAY).slice(0, 10),
      status: spec.status,
      remark: spec.status === "ACCEPTED" ? "承运方自行安排车辆，每日 18 点前回报进度" : null,
      reject_reason: spec.status === "REJECTED" ? spec.reason! : null,
      cancel_reason: spec.status === "CANCELLED" ? spec.reason! : null,
      created_at: at,
      updated_at: at,
      created_by: actor.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (waybills.length) await trx.updateTable("freights").set({ task_id: row.id }).where("id", "in", waybills.map((w) => Number(w.id))).execute();
  const scoped = { ...row, id: Number(row.id), tenant_id: Number(row.tenant_id), org_id: Number(row.org_id) };
  await event(trx, "transportTask", scoped, actor, at, "CREATE", "新增", null, "PENDING");
  const later = iso(created + 6 * 3600_000);
  if (spec.status === "ACCEPTED") await event(trx, "transportTask", scoped, { id: null, name: spec.assignee.name.slice(0, 32) }, later, "ACCEPT", "接受", "PENDING", "ACCEPTED");
  if (spec.status === "REJECTED") await event(trx, "transportTask", scoped, { id: null, name: spec.assignee.name.slice(0, 32) }, later, "REJECT", "拒绝", "PENDING", "REJECTED", spec.reason);
  if (spec.status === "CANCELLED") await event(trx, "transportTask", scoped, actor, later, "CANCEL", "取消", "PENDING", "CANCELLED", spec.reason);
}

async function seedTasks(trx: Trx, orders: Order[], actor: Actor, now: number, carriers: { org: { id: number; name: string } | null; fleetLeader: { id: number; name: string } | null; shipowner: { id: number; name: string } | null }): Promise<void> {
  const road = orders.filter((o) => o.freight_way === "ROAD");
  const water = orders.filter((o) => o.freight_way === "WATER");
  const [r1, r2] = road;
  if (r1 && carriers.org) await addTask(trx, r1, actor, now, { status: "ACCEPTED", assignee: { type: "CARRIER_ORG", ...carriers.org }, share: 0.2, ageDays: 4 });
  if (r1 && carriers.fleetLeader) await addTask(trx, r1, actor, now, { status: "PENDING", assignee: { type: "FLEET_LEADER", ...carriers.fleetLeader }, share: 0.2, ageDays: 0.3 });
  if (r2 && carriers.org) await addTask(trx, r2, actor, now, { status: "PENDING", assignee: { type: "CARRIER_ORG", ...carriers.org }, share: 0.2, ageDays: 1 });
  if (r2 && carriers.fleetLeader) await addTask(trx, r2, actor, now, { status: "REJECTED", assignee: { type: "FLEET_LEADER", ...carriers.fleetLeader }, share: 0.1, ageDays: 7, reason: "车队近期车辆已排满" });
  const [w1] = water;
  if (w1 && carriers.shipowner) await addTask(trx, w1, actor, now, { status: "ACCEPTED", assignee: { type: "SHIPOWNER", ...carriers.shipowner }, share: 0.3, ageDays: 3 });
  if (w1 && carriers.org) await addTask(trx, w1, actor, now, { status: "CANCELLED", assignee: { type: "CARRIER_ORG", ...carriers.org }, share: 0.1, ageDays: 9, reason: "货主调整发运计划" });
}

const OWNER_CODES = ["CSQ", "TGH", "MSK", "COS"];

async function seedContainers(trx: Trx, orgId: number, ownerUserId: number | null, actor: Actor, now: number, serial: { n: number }): Promise<void> {
  let query = trx.selectFrom("freight_orders").selectAll().where("org_id", "=", orgId).where("status", "in", ["WAIT_DISPATCH", "DISPATCHING", "DISPATCHED"]).where("deleted_at", "is", null);
  query = ownerUserId === null ? query.where("owner_user_id", "is", null) : query.where("owner_user_id", "=", ownerUserId);
  const orders = await query.orderBy("id").limit(2).execute();
  const specs = [
    { pickedDaysAgo: 3, freeDays: 7, returnedDaysAgo: null, events: [["GATE_IN", "进港", "芜湖港朱家桥码头", 1]] },
    { pickedDaysAgo: 12, freeDays: 7, returnedDaysAgo: null, events: [["LOADED", "装箱", "蚌埠中心粮库", 11]] },
    { pickedDaysAgo: 15, freeDays: 10, returnedDaysAgo: 8, events: [["UNLOADED", "拆箱", "合肥北粮库", 9]] },
    { pickedDaysAgo: 20, freeDays: 7, returnedDaysAgo: 9, events: [["GATE_IN", "进港", "南京港龙潭码头", 16]] },
  ] as const;
  for (const [i, spec] of specs.entries()) {
    const order = orders[i % Math.max(1, orders.length)];
    if (!order) return;
    const freight = await trx.selectFrom("freights").select(["id", "freight_no"]).where("order_id", "=", order.id).where("status", "<>", "CANCELLED").orderBy("id").executeTakeFirst();
    const prefix = `${OWNER_CODES[serial.n % OWNER_CODES.length]}U${String(3_054_38 + serial.n++).padStart(6, "0")}`;
    const picked = iso(now - spec.pickedDaysAgo * DAY);
    const deadline = returnDeadline(picked, spec.freeDays);
    const returned = spec.returnedDaysAgo === null ? null : iso(now - spec.returnedDaysAgo * DAY);
    const days = returned ? overdueDays(deadline, returned) : null;
    const perDay = 15_000;
    const [eventCode, eventLabel, eventPlace, eventDaysAgo] = spec.events[0];
    const status = returned ? "RETURNED" : deadline < iso(now) ? "OVERDUE" : "IN_USE";
    const row = await trx
      .insertInto("containers")
      .values({
        platform_id: order.platform_id,
        tenant_id: order.tenant_id,
        org_id: order.org_id,
        owner_user_id: order.owner_user_id ?? null,
        container_no: `${prefix}${containerCheckDigit(prefix)}`,
        size_type: i % 2 === 0 ? "20GP" : "40HQ",
        seal_no: `FS${String(880_000 + serial.n)}`,
        carrier_line: i % 2 === 0 ? "中远海运" : "安通控股",
        order_id: order.id,
        order_no: order.order_no,
        freight_id: freight ? Number(freight.id) : null,
        freight_no: freight?.freight_no ?? null,
        pickup_yard: "芜湖港集装箱堆场",
        picked_at: picked,
        free_days: spec.freeDays,
        return_deadline: deadline,
        return_yard: "芜湖港集装箱堆场",
        returned_at: returned,
        demurrage_per_day: perDay,
        demurrage_amount: days === null ? null : days * perDay,
        overdue_days: days,
        last_event: returned ? "RETURN" : eventCode,
        last_event_place: returned ? "芜湖港集装箱堆场" : eventPlace,
        last_event_at: returned ?? iso(now - eventDaysAgo * DAY),
        status,
        created_at: picked,
        updated_at: returned ?? picked,
        created_by: actor.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const scoped = { ...row, id: Number(row.id), tenant_id: Number(row.tenant_id), org_id: Number(row.org_id) };
    await event(trx, "container", scoped, actor, picked, "CREATE", "新增", null, "IN_USE", "芜湖港集装箱堆场");
    const key = eventCode === "GATE_IN" ? "GATEIN" : eventCode === "LOADED" ? "LOAD" : "UNPACK";
    await event(trx, "container", scoped, actor, iso(now - eventDaysAgo * DAY), key, `登记${eventLabel}`, "IN_USE", "IN_USE", eventPlace);
    if (returned) await event(trx, "container", scoped, actor, returned, "GIVEBACK", "登记还箱", deadline < returned ? "OVERDUE" : "IN_USE", "RETURNED", "芜湖港集装箱堆场");
  }
}

export async function seedDeliveries(db: Db, ids: SeedIds): Promise<void> {
  const now = Date.now();
  await db.kysely.transaction().execute(async (trx) => {
    const users = await trx.selectFrom("users").select(["id", "name", "type", "org_id", "tenant_id"]).where("id", "in", Object.values(ids.userIds)).execute();
    const orgUser = users.find((u) => isOrgUser(u))!;
    const orgs = await trx.selectFrom("organisations").select(["id", "name", "tenant_id"]).where("id", "in", ids.orgIds).orderBy("id").execute();
    const serial = { n: 0 };
    for (const [i, org] of orgs.entries()) {
      const orgId = Number(org.id);
      const actor = Number(orgUser.org_id) === orgId ? { id: Number(orgUser.id), name: String(orgUser.name) } : { id: null, name: "企业调度" };
      // Tasks go to another organisation of the tenant (the demo organisation receives the second's).
      const other = orgs.find((o, j) => j !== i && Number(o.tenant_id) === Number(org.tenant_id)) ?? null;
      const fleetLeader = await trx.selectFrom("fleet_leaders").select(["id", "name"]).where("platform_id", "=", "A").where("audit_status", "=", "APPROVED").where("deleted_at", "is", null).orderBy("id").executeTakeFirst();
      const shipowner = await trx.selectFrom("shipowners").select(["id", "name"]).where("org_id", "=", orgId).where("deleted_at", "is", null).orderBy("id").executeTakeFirst();
      const orders = await openOrders(trx, orgId, null);
      await seedDeliveryNotes(trx, orders, actor, now);
      await seedRedeliveries(trx, orgId, null, actor, now);
      await seedTasks(trx, orders, actor, now, {
        org: other ? { id: Number(other.id), name: other.name } : null,
        fleetLeader: fleetLeader ? { id: Number(fleetLeader.id), name: fleetLeader.name } : null,
        shipowner: shipowner ? { id: Number(shipowner.id), name: shipowner.name } : null,
      });
      await seedContainers(trx, orgId, null, actor, now, serial);
      for (const order of orders) await refreshOrderProgress(trx, Number(order.id), { userId: actor.id ?? 0, name: actor.name, platformId: order.platform_id });
    }
    const individual = users.find((u) => isIndividual(u));
    if (individual?.org_id != null) {
      const actor = { id: Number(individual.id), name: String(individual.name) };
      const orders = await openOrders(trx, Number(individual.org_id), Number(individual.id));
      const demoOrg = orgs.find((o) => Number(o.id) === Number(orgUser.org_id));
      await seedDeliveryNotes(trx, orders, actor, now);
      await seedRedeliveries(trx, Number(individual.org_id), Number(individual.id), actor, now);
      // The individual entrusts part of an order to the demo organisation, which has yet to answer.
      const [first] = orders;
      if (first && demoOrg) await addTask(trx, first, actor, now, { status: "PENDING", assignee: { type: "CARRIER_ORG", id: Number(demoOrg.id), name: demoOrg.name }, share: 0.25, ageDays: 0.5 });
      await seedContainers(trx, Number(individual.org_id), Number(individual.id), actor, now, serial);
      await seedDriversCancelledLoad(trx, Number(individual.id), now);
    }
  });
}
