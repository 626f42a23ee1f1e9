/** Orders awaiting dispatch, and dispatching them: one waybill per driver+vehicle or captain+ship. */
import { randomInt } from "node:crypto";
import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import {
  FreightRefusalCode,
  ORDER_OPEN_STATUSES,
  ORDER_STATUS_LABELS,
  type DispatchRequest,
  type DispatchResult,
  type OrderRecord,
} from "../../contract/freight.js";
import { RefusalCode, type Paged } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { HttpError, notFound, offsetOf, Refusal } from "../http/envelope.js";
import { notifyStep, recordEvent } from "./events.js";
import { recordResourceEvent } from "../resources/events.js";
import { contains, orgNames } from "./records.js";
import { checkLoadWeight, freightAmount, orderStatusFor } from "./rules.js";
import type { FreightOrdersTable, FreightsTable } from "./schema.js";
import { visible, type CallerScope } from "../scope.js";
import { assertActor } from "./status.js";
import { chinaCompactDate } from "../../contract/units.js";
import { roadCarrierReasons, waterCarrierReasons } from "../masterdata/eligibility.js";
import type { DialectName } from "../db/index.js";
import { applyDispatchLinks, checkDispatchLinks } from "../orders/dispatch-links.js";
import { tonnesPlain } from "../../contract/numbers.js";

type OrderRow = Selectable<FreightOrdersTable>;

function toOrderRecord(row: OrderRow, orgName: string): OrderRecord {
  const planned = Number(row.planned_weight);
  const dispatched = Number(row.dispatched_weight);
  return {
    id: Number(row.id),
    orderNo: row.order_no,
    freightWay: row.freight_way,
    status: row.status,
    orgId: Number(row.org_id),
    orgName,
    shipperName: row.shipper_name,
    cargoCategory: row.cargo_category,
    loadingPlace: row.loading_place,
    loadingAddress: row.loading_address,
    unloadingPlace: row.unloading_place,
    unloadingAddress: row.unloading_address,
    plannedWeight: planned,
    dispatchedWeight: dispatched,
    remainingWeight: Math.max(0, planned - dispatched),
    unitPrice: Number(row.unit_price),
    contractNo: row.contract_no,
    createdTime: row.created_at,
  };
}

export async function searchOrders(
  db: Kysely<Database>,
  scope: CallerScope,
  filter: { orderNo?: string; cargoCategory?: string; freightWay?: "ROAD" | "WATER"; scope: "AWAITING" | "ALL" },
  { current, size }: { current: number; size: number },
): Promise<Paged<OrderRecord>> {
  let query = db.selectFrom("freight_orders").where(visible("freight_orders", scope)).where("deleted_at", "is", null);
  if (filter.scope === "AWAITING") query = query.where("status", "in", ["WAIT_DISPATCH", "DISPATCHING"]);
  if (filter.orderNo) query = query.where(contains("freight_orders.order_no", filter.orderNo.toUpperCase()));
  if (filter.cargoCategory) query = query.where("cargo_category", "=", filter.cargoCategory);
  if (filter.freightWay) query = query.where("freight_way", "=", filter.freightWay);
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(size).offset(offsetOf(current, size)).execute(),
  ]);
  const names = await orgNames(db, rows.map((r) => Number(r.org_id)));
  return { records: rows.map((r) => toOrderRecord(r, names.get(Number(r.org_id)) ?? "")), total: Number(total), current, size };
}

/** A waybill number: "YD", the China date, and 8 random digits (below 9xxxxxxx, which bulk data uses). */
async function newFreightNo(trx: Transaction<Database>): Promise<string> {
  for (;;) {
    const candidate = `YD${chinaCompactDate()}${String(randomInt(0, 90_000_000)).padStart(8, "0")}`;
    const taken = await trx.selectFrom("freights").select("id").where("freight_no", "=", candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

interface Carrier {
  driverId: number | null;
  vehicleId: number | null;
  captainId: number | null;
  shipId: number | null;
  userId: number | null;
  name: string;
  mobile: string;
  conveyance: string;
}

const badItem = (index: number, message: string) => new HttpError(400, `第 ${index + 1} 条派单：${message}`);

/**
 * PostgreSQL row locks on the carrier's rows as they are read (the person, then the conveyance: one order
 * for every dispatch), so two dispatches of the same driver, vehicle, captain or ship run one after the
 * other and the second sees the first's waybill. SQLite's single writer already serialises them.
 */
const locked =
  (dialect: DialectName) =>
  <Q extends { forUpdate(): Q }>(query: Q): Q =>
    dialect === "postgres" ? query.forUpdate() : query;

/** The driver and vehicle (ROAD) or captain and ship (WATER) of one item, which must belong to the order's organisation. */
async function carrierFor(trx: Transaction<Database>, dialect: DialectName, order: OrderRow, item: DispatchRequest["items"][number], index: number): Promise<Carrier> {
  const refuse = (reasons: string[]) => {
    if (reasons.length) throw new Refusal(RefusalCode.prerequisite, `第 ${index + 1} 条派单：${reasons.join("；")}`);
  };
  if (order.freight_way === "ROAD") {
    if (item.driverId === undefined || item.vehicleId === undefined) throw badItem(index, "公路运输订单须指定司机和车辆");
    // Two dispatches of one driver or vehicle wait for each other, so the second sees the first's waybill.
    const driver = await trx.selectFrom("freight_drivers").selectAll().where("id", "=", item.driverId).where("org_id", "=", order.org_id).$call(locked(dialect)).executeTakeFirst();
    if (!driver) throw badItem(index, "司机不存在或不属于该订单所属企业");
    const vehicle = await trx.selectFrom("freight_vehicles").selectAll().where("id", "=", item.vehicleId).where("org_id", "=", order.org_id).$call(locked(dialect)).executeTakeFirst();
    if (!vehicle) throw badItem(index, "车辆不存在或不属于该订单所属企业");
    // Domain 0.5 rule 1: certified, enabled, unexpired, linked and within the vehicle's approved load.
    checkLoadWeight(order.freight_way, item.plannedWeight, `第 ${index + 1} 条派单的计划重量`);
    refuse(await roadCarrierReasons(trx, { driverId: Number(driver.id), vehicleId: Number(vehicle.id), orgId: Number(order.org_id), plannedWeight: item.plannedWeight }));
    return {
      driverId: Number(driver.id),
      vehicleId: Number(vehicle.id),
      captainId: null,
      shipId: null,
      userId: driver.user_id == null ? null : Number(driver.user_id),
      name: driver.name,
      mobile: driver.mobile,
      conveyance: vehicle.plate_no,
    };
  }
  if (item.captainId === undefined || item.shipId === undefined) throw badItem(index, "水路运输订单须指定船长和船舶");
  const captain = await trx.selectFrom("freight_captains").selectAll().where("id", "=", item.captainId).where("org_id", "=", order.org_id).$call(locked(dialect)).executeTakeFirst();
  if (!captain) throw badItem(index, "船长不存在或不属于该订单所属企业");
  const ship = await trx.selectFrom("freight_ships").selectAll().where("id", "=", item.shipId).where("org_id", "=", order.org_id).$call(locked(dialect)).executeTakeFirst();
  if (!ship) throw badItem(index, "船舶不存在或不属于该订单所属企业");
  if (item.plannedWeight > Number(ship.load_capacity)) {
    throw badItem(index, `计划重量 ${tonnesPlain(item.plannedWeight)} 吨超过船舶 ${ship.ship_name} 的载重 ${tonnesPlain(Number(ship.load_capacity))} 吨`);
  }
  refuse(await waterCarrierReasons(trx, { captainId: Number(captain.id), shipId: Number(ship.id) }));
  return {
    driverId: null,
    vehicleId: null,
    captainId: Number(captain.id),
    shipId: Number(ship.id),
    userId: captain.user_id == null ? null : Number(captain.user_id),
    name: captain.name,
    mobile: captain.mobile,
    conveyance: ship.ship_name,
  };
}

/** The waybill row of a dispatch: the order's cargo, route and price, the carrier, the planned weight. */
export function waybillValues(
  order: OrderRow,
  carrier: Carrier,
  plannedWeight: number,
  freightNo: string,
  dispatcher: { userId: number | null; name: string },
  at: string,
): Insertable<FreightsTable> {
  return {
    platform_id: order.platform_id,
    tenant_id: order.tenant_id,
    org_id: order.org_id,
    freight_no: freightNo,
    freight_way: order.freight_way,
    status: "WAIT_LOADING",
    order_id: order.id,
    order_no: order.order_no,
    shipper_name: order.shipper_name,
    cargo_category: order.cargo_category,
    driver_id: carrier.driverId,
    vehicle_id: carrier.vehicleId,
    captain_id: carrier.captainId,
    ship_id: carrier.shipId,
    carrier_user_id: carrier.userId,
    carrier_name: carrier.name,
    carrier_mobile: carrier.mobile,
    conveyance_name: carrier.conveyance,
    loading_place: order.loading_place,
    loading_address: order.loading_address,
    loading_region_code: order.loading_region_code,
    unloading_place: order.unloading_place,
    unloading_address: order.unloading_address,
    unloading_region_code: order.unloading_region_code,
    planned_weight: plannedWeight,
    unit_price: order.unit_price,
    freight_amount: freightAmount(plannedWeight, Number(order.unit_price)),
    abnormal: 0,
    contract_no: `HT${freightNo.slice(2)}`,
    dispatcher_user_id: dispatcher.userId,
    dispatcher_name: dispatcher.name,
    created_at: at,
    updated_at: at,
  };
}

export async function dispatch(ctx: ServiceContext, scope: CallerScope, body: DispatchRequest): Promise<DispatchResult> {
  assertActor("DISPATCH", scope.type);
  if (!scope.permissions.has("TMS_FREIGHT_DISPATCH")) throw new Refusal(FreightRefusalCode.notPermitted, "没有运单调度权限（TMS_FREIGHT_DISPATCH）");
  const result = await ctx.db.kysely.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("freight_orders").selectAll().where("id", "=", body.orderId).where(visible("freight_orders", scope)).executeTakeFirst();
    if (!order || order.deleted_at) throw notFound("订单不存在");
    if (!(ORDER_OPEN_STATUSES as readonly string[]).includes(order.status)) {
      throw new Refusal(FreightRefusalCode.illegalState, `订单 ${order.order_no} 当前状态为「${ORDER_STATUS_LABELS[order.status]}」，不能派单`);
    }
    const planned = Number(order.planned_weight);
    const dispatched = Number(order.dispatched_weight);
    const total = body.items.reduce((sum, item) => sum + item.plannedWeight, 0);
    // The order's free weight (less what transport tasks reserve), and the delivery, task or re-delivery named.
    const links = await checkDispatchLinks(trx, order, body, body.items.length, total);
    const at = nowIso();
    const created: Array<Selectable<FreightsTable>> = [];
    for (const [index, item] of body.items.entries()) {
      const carrier = await carrierFor(trx, ctx.db.dialect, order, item, index);
      checkLoadWeight(order.freight_way, item.plannedWeight, `第 ${index + 1} 条派单的计划重量`);
      const values = { ...waybillValues(order, carrier, item.plannedWeight, await newFreightNo(trx), { userId: scope.userId, name: scope.name }, at), ...links };
      const row = await trx.insertInto("freights").values(values).returningAll().executeTakeFirstOrThrow();
      await recordEvent(trx, Number(row.id), "DISPATCH", null, "WAIT_LOADING", { userId: scope.userId, name: scope.name }, `计划重量 ${tonnesPlain(item.plannedWeight)} 吨`, at);
      created.push(row);
    }
    await applyDispatchLinks(trx, links, total, created[0]!.freight_no);
    const orderStatus = orderStatusFor(planned, dispatched + total);
    // Guarded by the dispatched weight we read, so two dispatches cannot both spend the same remainder.
    const updated = await trx
      .updateTable("freight_orders")
      .set({ dispatched_weight: dispatched + total, status: orderStatus, version: Number(order.version) + 1 })
      .where("id", "=", order.id)
      .where("dispatched_weight", "=", order.dispatched_weight)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Refusal(FreightRefusalCode.illegalState, "订单已被他人同时调度，请刷新后重试");
    await recordResourceEvent(trx, scope, "order", { ...order, id: Number(order.id) }, { action: "DISPATCH", label: "派单", from: order.status, to: orderStatus, remark: `派单 ${body.items.length} 条，计划重量 ${tonnesPlain(total)} 吨` });
    return { orderId: Number(order.id), orderStatus, rows: created };
  });
  for (const row of result.rows) await notifyStep(ctx, row, "DISPATCH", scope.userId);
  return { orderId: result.orderId, orderStatus: result.orderStatus, freights: result.rows.map((r) => ({ id: Number(r.id), freightNo: r.freight_no })) };
}
