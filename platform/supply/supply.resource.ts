/**
 * 货源管理 bindings (domain 4). A supply belongs to the organisation that publishes it (staff see their
 * platform's or tenant's); its price changes, calls, favourites and disputes copy its scope columns. The
 * hooks hold the rules a definition cannot say: stowage, price and prepay consistency, the time window,
 * the order's remaining tonnage, what an edit of a published supply may change, the price-change history,
 * and a dispute's handler and compensation.
 */
import { isMobile } from "../../contract/validation.js";
import { RefusalCode } from "../../contract/envelope.js";
import { LARGE_PRICE_CHANGE, OPEN_SUPPLY_STATES, supply, supplyCallLog, supplyDispute, supplyFavorite, supplyPriceChange, supplySubscription, VALID_AFTER_LOADING_MS } from "../../contract/resources/supply.js";
import { yuanPlain } from "../../contract/numbers.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, orgScope, type AnyDb, type Row, type ScopeRule } from "../resources/bind.js";
import { rowsFor, visible, type CallerScope } from "../scope.js";
import { notifySupply } from "./notify.js";

const refuse = (message: string) => new Refusal(RefusalCode.invalid, message);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Orders still open for more tonnage (the order service's states before 已调度). */
const OPEN_ORDER_STATES = ["WAIT_DISPATCH", "DISPATCHING"];

/** An optional yes/no left blank is 否 (the column is not null). */
function defaultFlags(values: Record<string, unknown>): void {
  if ("scan_to_accept" in values && values.scan_to_accept == null) values.scan_to_accept = 0;
}

/** Cross-field rules of domain 4.1 on the row as it will be (columns). */
export function checkSupply(row: Record<string, unknown>, now = Date.now()): void {
  if (row.stowage_mode === "BY_WEIGHT" && num(row.total_weight) == null) throw refuse("按重量配载时请填写货源总量");
  if (row.stowage_mode === "BY_VEHICLE" && (num(row.total_vehicles) == null || num(row.per_vehicle_weight) == null)) throw refuse("按车数配载时请填写需车数和单车约载");
  if (row.business_mode === "SELF_OPERATED" && num(row.shipper_unit_price) == null) throw refuse("自营业务请填写托运单价");
  if (Number(row.prepay_enabled) === 1 || row.prepay_enabled === true) {
    if (row.prepay_type === "FIXED" && num(row.prepay_amount) == null) throw refuse("定额预付请填写预付金额");
    if (row.prepay_type === "RATE" && num(row.prepay_rate_pct) == null) throw refuse("定率预付请填写预付比例");
    if (!row.prepay_type) throw refuse("预付运费时请选择预付类型");
  }
  if (row.publish_scope !== "PUBLIC" && !String(row.assigned_mobiles ?? "").trim()) throw refuse("指定或合作车队发布时请填写指定接单人手机号");
  for (const mobile of String(row.assigned_mobiles ?? "").split(/[,，\s]+/).filter(Boolean)) {
    if (!isMobile(mobile)) throw refuse(`指定接单人手机号 ${mobile} 不正确`);
  }
  const from = Date.parse(String(row.loading_from));
  const to = Date.parse(String(row.loading_to));
  const valid = Date.parse(String(row.valid_until));
  if (to < from) throw refuse("装货截止不能早于装货开始");
  if (valid <= now) throw refuse("有效期至须晚于当前时间");
  if (valid > to + VALID_AFTER_LOADING_MS) throw refuse("有效期至不能晚于装货截止后 3 天");
}

/** The tonnage a supply still offers (BY_VEHICLE: vehicles × per-vehicle load). */
export const offeredKg = (row: Record<string, unknown>) =>
  row.stowage_mode === "BY_VEHICLE" ? (num(row.total_vehicles) ?? 0) * (num(row.per_vehicle_weight) ?? 0) : (num(row.total_weight) ?? 0);
const takenKg = (row: Record<string, unknown>) => (row.stowage_mode === "BY_VEHICLE" ? (num(row.taken_vehicles) ?? 0) * (num(row.per_vehicle_weight) ?? 0) : (num(row.taken_weight) ?? 0));
export const isFull = (row: Record<string, unknown>) =>
  row.stowage_mode === "BY_VEHICLE" ? (num(row.taken_vehicles) ?? 0) >= (num(row.total_vehicles) ?? Infinity) : (num(row.taken_weight) ?? 0) >= (num(row.total_weight) ?? Infinity);

/** Domain 4.1: from an order, the supply's remaining ≤ order remaining − other open supplies' remaining. */
async function checkOrder(trx: AnyDb, row: Record<string, unknown>, exceptId: number | null): Promise<void> {
  if (row.order_id == null) return;
  const order = await trx.selectFrom("freight_orders").select(["id", "order_no", "status", "planned_weight", "dispatched_weight"]).where("id", "=", Number(row.order_id)).executeTakeFirst();
  if (!order) throw refuse("来源订单不存在");
  if (!OPEN_ORDER_STATES.includes(String(order.status))) throw new Refusal(RefusalCode.illegalState, `订单 ${order.order_no} 已不能再发布货源`);
  let others = trx
    .selectFrom("supplies")
    .select(["stowage_mode", "total_weight", "total_vehicles", "per_vehicle_weight", "taken_weight", "taken_vehicles"])
    .where("order_id", "=", Number(order.id))
    .where("deleted_at", "is", null)
    .where("status", "in", [...OPEN_SUPPLY_STATES]);
  if (exceptId !== null) others = others.where("id", "<>", exceptId);
  const open = (await others.execute()).reduce((sum, r) => sum + Math.max(0, offeredKg(r) - takenKg(r)), 0);
  const remaining = Number(order.planned_weight) - Number(order.dispatched_weight) - open;
  if (offeredKg(row) - takenKg(row) > remaining) throw refuse(`货源总量超过订单 ${order.order_no} 的剩余量 ${Math.max(0, remaining) / 1000} 吨`);
}

/** 来源订单号 → the order the caller may see. */
async function resolveOrder(trx: AnyDb, scope: CallerScope, values: Record<string, unknown>): Promise<void> {
  const orderNo = values.order_no;
  if (orderNo == null || orderNo === "") {
    values.order_id = null;
    return;
  }
  const order = await trx.selectFrom("freight_orders as o").select(["o.id", "o.status", "o.freight_way"]).where("o.order_no", "=", String(orderNo)).where(visible("freight_orders", scope, "o")).executeTakeFirst();
  if (!order) throw refuse(`来源订单 ${String(orderNo)} 不存在或不在您的管理范围内`);
  values.order_id = Number(order.id);
}

/** 托运人, 货物 and 项目 must be the supply's organisation's own (staff publish on an organisation's behalf). */
async function checkOwnRefs(trx: AnyDb, orgId: unknown, values: Record<string, unknown>): Promise<void> {
  const refs: Array<[column: string, table: "shippers" | "cargos" | "projects", label: string]> = [["shipper_id", "shippers", "托运人"], ["cargo_id", "cargos", "货物"], ["project_id", "projects", "项目"]];
  for (const [column, table, label] of refs) {
    if (values[column] == null) continue;
    const row = await trx.selectFrom(table).select("org_id").where("id", "=", Number(values[column])).executeTakeFirst();
    if (!row || Number(row.org_id) !== Number(orgId)) throw refuse(`${label}不属于货源的所属企业，请重新选择`);
  }
}

async function cargoNames(trx: AnyDb, values: Record<string, unknown>): Promise<void> {
  if (values.cargo_id == null) return;
  const cargo = await trx.selectFrom("cargos").select(["name", "category_name"]).where("id", "=", Number(values.cargo_id)).executeTakeFirstOrThrow();
  values.cargo_name = cargo.name;
  values.category_name = cargo.category_name;
}

const KEY_COLUMNS = ["cargo_id", "loading_place", "loading_region_code", "loading_address", "unloading_place", "unloading_region_code", "unloading_address"];
const PRICE_COLUMNS = ["carrier_unit_price", "shipper_unit_price"];
const changed = (before: Row, values: Record<string, unknown>, columns: string[]) => columns.filter((c) => c in values && String(values[c] ?? "") !== String(before[c] ?? ""));

async function beforeUpdate(trx: AnyDb, _scope: CallerScope, before: Row, values: Record<string, unknown>): Promise<void> {
  defaultFlags(values);
  await checkOwnRefs(trx, before.org_id, values);
  await cargoNames(trx, values);
  checkSupply({ ...before, ...values });
  if (before.status !== "PUBLISHED") return;
  if (changed(before, values, PRICE_COLUMNS).length) throw new Refusal(RefusalCode.illegalState, "已发布的货源请通过「改价」调整运价");
  const keys = changed(before, values, KEY_COLUMNS);
  if (keys.length && takenKg(before) > 0) throw new Refusal(RefusalCode.illegalState, "货源已有司机接单，不能再修改货物和装卸地");
  // Domain 4.1: a key-field edit of a published supply is audited again.
  if (keys.length) values.status = "PENDING_AUDIT";
  await checkOrder(trx, { ...before, ...values }, Number(before.id));
}

/** 改价: the new prices, the history row, and 已满载 kept when it was full. */
async function reprice(trx: AnyDb, scope: CallerScope, row: Row, input: Record<string, unknown>): Promise<void> {
  const oldCarrier = Number(row.carrier_unit_price);
  const newCarrier = Number(input.newCarrierPrice);
  const oldShipper = num(row.shipper_unit_price);
  const newShipper = input.newShipperPrice == null ? oldShipper : Number(input.newShipperPrice);
  if (newCarrier <= 0) throw refuse("新司机运价必须大于 0");
  if (newCarrier === oldCarrier && newShipper === oldShipper) throw refuse("新价格与原价格相同，无需调价");
  const large = (old: number | null, next: number | null) => old !== null && next !== null && old > 0 && Math.abs(next - old) / old > LARGE_PRICE_CHANGE;
  if ((large(oldCarrier, newCarrier) || large(oldShipper, newShipper)) && input.confirmLarge !== true) {
    throw refuse(`调价幅度超过 ${LARGE_PRICE_CHANGE * 100}%（${yuanPlain(oldCarrier)} → ${yuanPlain(newCarrier)} 元/吨），请在「确认大幅调价」选择「是」后再提交`);
  }
  const at = nowIso();
  await trx
    .insertInto("supply_price_changes")
    .values({
      platform_id: String(row.platform_id),
      tenant_id: num(row.tenant_id),
      org_id: num(row.org_id),
      owner_user_id: num(row.owner_user_id),
      supply_id: row.id,
      old_carrier_price: oldCarrier,
      new_carrier_price: newCarrier,
      old_shipper_price: oldShipper,
      new_shipper_price: newShipper,
      reason: String(input.priceReason),
      operator_name: scope.name,
      created_at: at,
      updated_at: at,
      created_by: scope.userId,
      updated_by: scope.userId,
    })
    .execute();
  await trx
    .updateTable("supplies")
    .set({ carrier_unit_price: newCarrier, shipper_unit_price: newShipper, status: isFull(row) ? "FULL" : "PUBLISHED" })
    .where("id", "=", row.id)
    .execute();
}

async function onSupplyTransition(trx: AnyDb, scope: CallerScope, row: Row, transition: string, input: Record<string, unknown>): Promise<void> {
  switch (transition) {
    case "publish":
      checkSupply(row);
      await checkOrder(trx, row, row.id);
      return;
    case "reshelf":
      if (Date.parse(String(row.valid_until)) <= Date.now()) throw new Refusal(RefusalCode.illegalState, "货源已过有效期，请先修改有效期后再上架");
      await checkOrder(trx, row, row.id);
      return;
    case "approve":
      await trx.updateTable("supplies").set({ published_at: String(row.updated_at) }).where("id", "=", row.id).execute();
      return;
    case "reprice":
      await reprice(trx, scope, row, input);
      return;
  }
}

async function afterSupplyTransition(ctx: ServiceContext, scope: CallerScope, row: Row, transition: string): Promise<void> {
  let oldPrice: number | null = null;
  if (transition === "reprice") {
    const last = await ctx.db.kysely.selectFrom("supply_price_changes").select("old_carrier_price").where("supply_id", "=", row.id).orderBy("id", "desc").executeTakeFirst();
    oldPrice = last ? Number(last.old_carrier_price) : null;
  }
  const fresh = (await ctx.db.kysely.selectFrom("supplies").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow()) as unknown as Row;
  await notifySupply(ctx, fresh, transition, scope.userId, { oldPrice });
}

const supplyScope = orgScope({ individual: null });

export const supplyBinding = bindResource(supply, {
  table: "supplies",
  scope: supplyScope,
  labels: {
    shipperName: { table: "shippers", via: "shipper_id", column: "name" },
    projectName: { table: "projects", via: "project_id", column: "name" },
    cargoLabel: { table: "cargos", via: "cargo_id", column: "name" },
  },
  number: { field: "supplyNo", prefix: "HY" },
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      defaultFlags(values);
      await resolveOrder(trx, scope, values);
      await checkOwnRefs(trx, values.org_id, values);
      await cargoNames(trx, values);
      checkSupply(values);
      await checkOrder(trx, values, null);
    },
    beforeUpdate,
    beforeDelete: async (_trx, _scope, row) => {
      if (row.status !== "DRAFT") throw new Refusal(RefusalCode.illegalState, "只能删除草稿状态的货源");
    },
    onTransition: onSupplyTransition,
    afterTransition: afterSupplyTransition,
  },
});

export const supplyPriceChangeBinding = bindResource(supplyPriceChange, { table: "supply_price_changes", scope: supplyScope });

/** Subscriptions are the platform's: staff see their platform's or tenant's, an organisation its tenant's cargo hall. */
const subscriptionScope: ScopeRule = (scope, alias) => rowsFor(scope, alias, { org: "tenant", individual: null });
export const supplySubscriptionBinding = bindResource(supplySubscription, { table: "supply_subscriptions", scope: subscriptionScope, stamp: "platform" });

export const supplyCallLogBinding = bindResource(supplyCallLog, { table: "supply_call_logs", scope: supplyScope });
export const supplyFavoriteBinding = bindResource(supplyFavorite, { table: "supply_favorites", scope: supplyScope });

/** 受理 names the handler; 处理 checks the compensation against the claim; each stamps its time. */
async function onDisputeTransition(trx: AnyDb, scope: CallerScope, row: Row, transition: string): Promise<void> {
  const at = String(row.updated_at);
  const set: Record<string, unknown> = {};
  if (transition === "accept") Object.assign(set, { handler_user_id: scope.userId, handler_name: scope.name });
  if (transition === "resolve") {
    const amount = num(row.compensation_amount);
    const claim = num(row.claim_amount);
    if (amount !== null && amount > 0) {
      if (claim !== null && amount > claim) throw refuse(`补偿金额不能超过诉求金额 ${yuanPlain(claim)} 元`);
      if (!row.compensation_payer) throw refuse("有补偿金额时请选择补偿方");
    }
    Object.assign(set, { resolved_at: at, handler_user_id: row.handler_user_id ?? scope.userId, handler_name: row.handler_name ?? scope.name });
  }
  if (transition === "reject") Object.assign(set, { resolved_at: at, handler_user_id: scope.userId, handler_name: scope.name });
  if (transition === "close") set.closed_at = at;
  await trx.updateTable("supply_disputes").set(set).where("id", "=", row.id).execute();
}

export const supplyDisputeBinding = bindResource(supplyDispute, { table: "supply_disputes", scope: supplyScope, hooks: { onTransition: onDisputeTransition } });
