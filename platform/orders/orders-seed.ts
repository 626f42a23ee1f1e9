/**
 * Demo orders (domain 3.1) for every demo organisation and the individual's personal organisation:
 * the freight seed's orders are linked to the organisation's master data (shipper, cargo) with their
 * waybills' copies kept in step, their progress computed from their waybills, and orders in every
 * state added (草稿, 已关闭, 已取消, 已完成), each with its history. The seeded ORDER and FREIGHT
 * notifications are then pointed at real orders and waybills the recipient may open.
 */
import type { Transaction } from "kysely";
import { tonnesPlain } from "../../contract/numbers.js";
import type { Database } from "../db/schema.js";
import type { Db } from "../db/index.js";
import type { SeedIds, SeedOwner as Owner } from "../db/seed.js";
import { refreshOrderProgress } from "./progress.js";
import { orderMessage } from "./order.resource.js";
import { nextSerial } from "../resources/write.js";
import type { Row } from "../resources/bind.js";
import { isIndividual, isOrgUser, isTenantStaff } from "../../contract/platforms.js";

type Trx = Transaction<Database>;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();


async function event(trx: Trx, o: Owner, orderId: number, action: string, label: string, at: string, from: string | null, to: string | null, remark: string | null = null): Promise<void> {
  await trx
    .insertInto("resource_events")
    .values({ resource: "order", record_id: orderId, action, action_label: label, from_status: from, to_status: to, remark, detail: null, operator_user_id: o.operator.id, operator_name: o.operator.name, platform_id: o.platformId, tenant_id: o.tenantId, org_id: o.orgId, created_at: at })
    .execute();
}

/** Links the organisation's existing orders to its shippers and cargos and fills the fields domain 3.1 added. */
async function linkExisting(trx: Trx, o: Owner): Promise<void> {
  const shippers = await trx.selectFrom("shippers").select(["id", "name"]).where("org_id", "=", o.orgId).where("audit_status", "=", "APPROVED").where("enabled", "=", "ENABLED").where("deleted_at", "is", null).orderBy("id").execute();
  const cargos = await trx.selectFrom("cargos").select(["id", "name", "category_name", "unit_price", "loss_allowance_bp"]).where("org_id", "=", o.orgId).where("enabled", "=", "ENABLED").where("deleted_at", "is", null).orderBy("id").execute();
  if (!shippers.length || !cargos.length) return;
  const orders = await trx.selectFrom("freight_orders").selectAll().where("org_id", "=", o.orgId).orderBy("id").execute();
  for (const [i, order] of orders.entries()) {
    const shipper = shippers[i % shippers.length]!;
    const cargo = cargos.find((c) => c.category_name === order.cargo_category) ?? cargos[i % cargos.length]!;
    const unit = Number(order.unit_price);
    await trx
      .updateTable("freight_orders")
      .set({
        shipper_id: Number(shipper.id),
        shipper_name: shipper.name,
        cargo_id: Number(cargo.id),
        cargo_name: cargo.name,
        cargo_category: String(cargo.category_name).slice(0, 16),
        consignee_name: order.unloading_place,
        distance_km: 80 + ((i * 37) % 400),
        loading_contact_name: "王库管",
        loading_contact_mobile: "13955301234",
        business_mode: i % 4 === 3 ? "MATCHMAKING" : "SELF_OPERATED",
        shipper_unit_price: unit + 500,
        cargo_unit_price: cargo.unit_price,
        loss_allowance_bp: cargo.loss_allowance_bp ?? 30,
        created_by: o.operator.id,
        updated_at: order.created_at,
      })
      .where("id", "=", order.id)
      .execute();
    await trx.updateTable("freights").set({ shipper_name: shipper.name, cargo_category: String(cargo.category_name).slice(0, 16) }).where("order_id", "=", order.id).execute();
    await trx.updateTable("freight_contracts").set({ party_a: shipper.name }).where("kind", "=", "ORDER").where("order_id", "=", order.id).execute();
    await event(trx, o, Number(order.id), "CREATE", "新增", order.created_at, null, "WAIT_DISPATCH");
  }
}

/** Orders whose waybills are all completed become 已完成 (planned = dispatched); one open order per organisation is closed. */
async function settleStates(trx: Trx, o: Owner, now: number): Promise<void> {
  const operator = { userId: o.operator.id ?? 0, name: o.operator.name, platformId: o.platformId };
  const orders = await trx.selectFrom("freight_orders").select(["id", "status", "planned_weight", "dispatched_weight"]).where("org_id", "=", o.orgId).orderBy("id").execute();
  let dispatching = orders.filter((r) => r.status === "DISPATCHING").length;
  let completed = 0;
  // Fully dispatched orders first; a partly dispatched one only while another stays partly dispatched.
  for (const order of [...orders].sort((a, b) => Number(a.status !== "DISPATCHED") - Number(b.status !== "DISPATCHED"))) {
    const open = await trx.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).where("order_id", "=", order.id).where("status", "not in", ["CANCELLED", "COMPLETED"]).executeTakeFirstOrThrow();
    const done = await trx.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).where("order_id", "=", order.id).where("status", "=", "COMPLETED").executeTakeFirstOrThrow();
    const spare = order.status === "DISPATCHED" || (order.status === "DISPATCHING" && dispatching > 2);
    if (Number(open.n) === 0 && Number(done.n) > 0 && completed < 3 && spare) {
      await trx.updateTable("freight_orders").set({ planned_weight: Number(order.dispatched_weight), status: "DISPATCHED" }).where("id", "=", order.id).execute();
      if (order.status === "DISPATCHING") dispatching--;
      completed++;
    }
    await refreshOrderProgress(trx, Number(order.id), operator);
  }
  // A fully dispatched order still on the road: a partly dispatched one with open waybills, its plan met.
  const stillDispatched = await trx.selectFrom("freight_orders").select("id").where("org_id", "=", o.orgId).where("status", "=", "DISPATCHED").executeTakeFirst();
  if (!stillDispatched && dispatching > 2) {
    const open = await trx
      .selectFrom("freight_orders as fo")
      .select(["fo.id", "fo.dispatched_weight"])
      .where("fo.org_id", "=", o.orgId)
      .where("fo.status", "=", "DISPATCHING")
      .where(({ exists, selectFrom }) => exists(selectFrom("freights as w").select("w.id").whereRef("w.order_id", "=", "fo.id").where("w.status", "not in", ["CANCELLED", "COMPLETED"])))
      .orderBy("fo.id", "desc")
      .executeTakeFirst();
    if (open) {
      await trx.updateTable("freight_orders").set({ planned_weight: Number(open.dispatched_weight), status: "DISPATCHED" }).where("id", "=", open.id).execute();
      dispatching--;
    }
  }
  // A partly dispatched order, when the generated waybills (they follow today's date) happen to cover
  // every plan of the organisation: the newest fully dispatched one is given another truckload to carry.
  if (dispatching === 0) {
    const dispatched = await trx.selectFrom("freight_orders").select(["id", "planned_weight"]).where("org_id", "=", o.orgId).where("status", "=", "DISPATCHED").orderBy("id", "desc").execute();
    if (dispatched.length > 1) {
      await trx.updateTable("freight_orders").set({ planned_weight: Number(dispatched[0]!.planned_weight) + 30_000, status: "DISPATCHING" }).where("id", "=", dispatched[0]!.id).execute();
      dispatching++;
    }
  }
  const closable = dispatching > 1 ? await trx.selectFrom("freight_orders").select(["id", "status"]).where("org_id", "=", o.orgId).where("status", "=", "DISPATCHING").orderBy("id").executeTakeFirst() : undefined;
  if (closable) {
    const at = iso(now - 2 * DAY);
    const reason = "货主通知剩余货物改由铁路发运";
    await trx.updateTable("freight_orders").set({ status: "CLOSED", closed_reason: reason, closed_at: at, updated_at: at }).where("id", "=", closable.id).execute();
    await event(trx, o, Number(closable.id), "CLOSE", "关闭订单", at, "DISPATCHING", "CLOSED", reason);
  }
}

const NEW_ORDERS: Array<{ status: "DRAFT" | "WAIT_DISPATCH" | "CANCELLED" | "CLOSED"; tonnes: number; ageDays: number; remark: string | null; reason?: string }> = [
  { status: "DRAFT", tonnes: 600, ageDays: 0.2, remark: "待与货主确认装货时间后提交" },
  { status: "DRAFT", tonnes: 1200, ageDays: 1, remark: null },
  { status: "WAIT_DISPATCH", tonnes: 800, ageDays: 0.5, remark: "优先安排有篷布车辆" },
  { status: "CANCELLED", tonnes: 300, ageDays: 5, remark: null, reason: "货主合同变更，本批次不再发运" },
  { status: "CLOSED", tonnes: 450, ageDays: 9, remark: null, reason: "库点停止出库，订单提前结束" },
];

/** New orders through the engine's columns, in the states nothing else seeds. */
async function addOrders(trx: Trx, o: Owner, now: number, places: { from: [string, string]; to: [string, string] } | null): Promise<void> {
  const shipper = await trx.selectFrom("shippers").select(["id", "name"]).where("org_id", "=", o.orgId).where("audit_status", "=", "APPROVED").where("enabled", "=", "ENABLED").where("deleted_at", "is", null).orderBy("id").executeTakeFirst();
  const cargo = await trx.selectFrom("cargos").select(["id", "name", "category_name", "unit_price", "loss_allowance_bp"]).where("org_id", "=", o.orgId).where("enabled", "=", "ENABLED").where("deleted_at", "is", null).orderBy("id").executeTakeFirst();
  if (!shipper || !cargo) return;
  const sample = await trx.selectFrom("freight_orders").select(["loading_place", "loading_address", "unloading_place", "unloading_address"]).where("org_id", "=", o.orgId).where("freight_way", "=", "ROAD").executeTakeFirst();
  const from = sample ? [sample.loading_place, sample.loading_address] : places!.from;
  const to = sample ? [sample.unloading_place, sample.unloading_address] : places!.to;
  for (const spec of NEW_ORDERS) {
    const at = iso(now - spec.ageDays * DAY);
    const orderNo = await nextSerial(trx, "DD");
    const row = await trx
      .insertInto("freight_orders")
      .values({
        platform_id: o.platformId,
        tenant_id: o.tenantId,
        org_id: o.orgId,
        owner_user_id: o.ownerUserId,
        order_no: orderNo,
        freight_way: "ROAD",
        status: spec.status,
        shipper_id: Number(shipper.id),
        shipper_name: shipper.name,
        cargo_id: Number(cargo.id),
        cargo_name: cargo.name,
        cargo_category: String(cargo.category_name).slice(0, 16),
        consignee_name: to[0]!,
        loading_place: from[0]!,
        loading_address: from[1]!,
        unloading_place: to[0]!,
        unloading_address: to[1]!,
        distance_km: 180,
        planned_weight: spec.tonnes * 1000,
        dispatched_weight: 0,
        unit_price: 9_000,
        shipper_unit_price: 9_600,
        cargo_unit_price: cargo.unit_price,
        loss_allowance_bp: cargo.loss_allowance_bp ?? 30,
        contract_no: `HT${orderNo}`,
        remark: spec.remark,
        closed_reason: spec.status === "CLOSED" ? spec.reason! : null,
        closed_at: spec.status === "CLOSED" ? iso(now - (spec.ageDays - 1) * DAY) : null,
        cancel_reason: spec.status === "CANCELLED" ? spec.reason! : null,
        cancelled_at: spec.status === "CANCELLED" ? iso(now - (spec.ageDays - 1) * DAY) : null,
        created_at: at,
        updated_at: at,
        created_by: o.operator.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await event(trx, o, id, "CREATE", "新增", at, null, spec.status === "DRAFT" ? "DRAFT" : "WAIT_DISPATCH");
    if (spec.status === "CANCELLED") await event(trx, o, id, "CANCEL", "取消订单", iso(now - (spec.ageDays - 1) * DAY), "WAIT_DISPATCH", "CANCELLED", spec.reason);
    if (spec.status === "CLOSED") await event(trx, o, id, "CLOSE", "关闭订单", iso(now - (spec.ageDays - 1) * DAY), "WAIT_DISPATCH", "CLOSED", spec.reason);
  }
}

/** The individual's own shipper (an individual who places orders needs one; its cargos and contacts are seeded already). */
async function individualShipper(trx: Trx, o: Owner, at: string): Promise<void> {
  const has = await trx.selectFrom("shippers").select("id").where("org_id", "=", o.orgId).executeTakeFirst();
  if (has) return;
  await trx
    .insertInto("shippers")
    .values({
      platform_id: o.platformId,
      tenant_id: o.tenantId,
      org_id: o.orgId,
      owner_user_id: o.ownerUserId,
      shipper_no: await nextSerial(trx, "TY"),
      kind: "COMPANY",
      name: "蚌埠市淮上粮油购销有限公司",
      credit_code: null,
      id_card_no: null,
      legal_person: null,
      address: "安徽省蚌埠市淮上区沫河口镇 18 号",
      contact_name: "刘经理",
      contact_mobile: "13955302468",
      tax_title: null,
      tax_no: null,
      tax_address: null,
      tax_phone: null,
      tax_bank_name: null,
      tax_bank_account: null,
      tax_complete: 0,
      receive_name: null,
      receive_mobile: null,
      receive_address: null,
      receive_email: null,
      settle_mode: "PREPAID",
      credit_limit: null,
      audit_status: "APPROVED",
      audit_remark: null,
      enabled: "ENABLED",
      remark: null,
      created_at: at,
      updated_at: at,
      created_by: o.ownerUserId,
    })
    .execute();
}

/** ORDER and FREIGHT notifications of each demo user point at orders and waybills that user may open. */
async function pointNotifications(trx: Trx, ids: SeedIds): Promise<void> {
  for (const userId of Object.values(ids.userIds)) {
    const user = await trx.selectFrom("users").select(["type", "org_id", "tenant_id"]).where("id", "=", userId).executeTakeFirstOrThrow();
    let orders = trx.selectFrom("freight_orders").selectAll().where("platform_id", "=", "A").where("deleted_at", "is", null);
    let freights = trx.selectFrom("freights").select(["id", "freight_no", "freight_way", "status", "loading_place", "unloading_place", "cargo_category", "planned_weight"]).where("platform_id", "=", "A");
    if (isTenantStaff(user)) {
      orders = orders.where("tenant_id", "=", Number(user.tenant_id));
      freights = freights.where("tenant_id", "=", Number(user.tenant_id));
    } else if (isOrgUser(user)) {
      orders = orders.where("org_id", "=", Number(user.org_id));
      freights = freights.where("org_id", "=", Number(user.org_id));
    } else if (isIndividual(user)) {
      orders = orders.where("owner_user_id", "=", userId);
      freights = freights.where("carrier_user_id", "=", userId).where("freight_way", "=", "ROAD");
    }
    const orderRows = (await orders.orderBy("id", "desc").limit(60).execute()) as unknown as Row[];
    const freightRows = await freights.orderBy("id", "desc").limit(120).execute();
    const notes = await trx.selectFrom("notifications").select(["id", "target_type"]).where("user_id", "=", userId).where("target_type", "in", ["ORDER", "FREIGHT"]).orderBy("id").execute();
    let oi = 0;
    let fi = 0;
    for (const note of notes) {
      if (note.target_type === "ORDER") {
        const order = orderRows[oi++ % Math.max(1, orderRows.length)];
        if (!order) {
          await trx.deleteFrom("notifications").where("id", "=", note.id).execute();
          continue;
        }
        const kind = order.status === "CLOSED" ? "close" : order.status === "CANCELLED" ? "cancel" : order.status === "WAIT_DISPATCH" || order.status === "DRAFT" ? "create" : "status";
        await trx.updateTable("notifications").set({ target_id: String(order.id), content: orderMessage(order, kind) }).where("id", "=", note.id).execute();
      } else {
        const w = freightRows[fi++ % Math.max(1, freightRows.length)];
        if (!w) {
          await trx.deleteFrom("notifications").where("id", "=", note.id).execute();
          continue;
        }
        const content = `${w.freight_way === "WATER" ? "水运运单" : "运单"} ${w.freight_no}（${w.loading_place} → ${w.unloading_place}，${w.cargo_category} ${tonnesPlain(Number(w.planned_weight))} 吨）有新的动态，请查看。`;
        await trx.updateTable("notifications").set({ target_id: String(w.id), freight_no: w.freight_no, freight_way: w.freight_way, content }).where("id", "=", note.id).execute();
      }
    }
  }
}

export async function seedOrders(db: Db, ids: SeedIds): Promise<void> {
  const now = Date.now();
  await db.kysely.transaction().execute(async (trx) => {
    const users = await trx.selectFrom("users").select(["id", "name", "type", "org_id", "tenant_id"]).where("id", "in", Object.values(ids.userIds)).execute();
    const orgUser = users.find((u) => isOrgUser(u))!;
    for (const orgId of ids.orgIds) {
      const org = await trx.selectFrom("organisations").select(["platform_id", "tenant_id"]).where("id", "=", orgId).executeTakeFirstOrThrow();
      const operator = Number(orgUser.org_id) === orgId ? { id: Number(orgUser.id), name: String(orgUser.name) } : { id: null, name: "企业调度" };
      const o: Owner = { platformId: String(org.platform_id), tenantId: Number(org.tenant_id), orgId, ownerUserId: null, operator };
      await linkExisting(trx, o);
      await settleStates(trx, o, now);
      await addOrders(trx, o, now, null);
    }
    const individual = users.find((u) => isIndividual(u));
    if (individual?.org_id != null && individual.tenant_id != null) {
      const o: Owner = { platformId: "A", tenantId: Number(individual.tenant_id), orgId: Number(individual.org_id), ownerUserId: Number(individual.id), operator: { id: Number(individual.id), name: String(individual.name) } };
      await individualShipper(trx, o, iso(now - 20 * DAY));
      await addOrders(trx, o, now, { from: ["蚌埠中心粮库", "安徽省蚌埠市淮上区沫河口工业园 8 号"], to: ["合肥北粮库", "安徽省合肥市庐阳区北城大道 100 号"] });
    }
    await pointNotifications(trx, ids);
  });
}
