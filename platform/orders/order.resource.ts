/**
 * The order binding (domain 3.1): `freight_orders`, scoped like the freight service's rows (an
 * individual sees the orders they created). The hooks copy the shipper's and the cargo's names onto
 * the order, check the cross-field rules, restrict what an order with waybills may still change,
 * refuse to cancel an order with open waybills, and notify the order's organisation.
 */
import { RefusalCode } from "../../contract/envelope.js";
import { tonnesPlain } from "../../contract/numbers.js";
import { order, ORDER_EDITABLE_AFTER_DISPATCH, ORDER_STATES, DEFAULT_LOSS_BP } from "../../contract/resources/order.js";
import { columnOf } from "../../contract/resources/derive.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { Refusal } from "../http/envelope.js";
import { notifyUsers } from "../iam/notifications/notify.js";
import { bindResource, type AnyDb, type Row } from "../resources/bind.js";
import { visible, type CallerScope } from "../scope.js";
import { orderStatusFor } from "../freight/rules.js";

const FIXED_AFTER_DISPATCH = Object.entries(order.fields)
  .filter(([key, field]) => field.form && !(ORDER_EDITABLE_AFTER_DISPATCH as readonly string[]).includes(key))
  .map(([key, field]) => [columnOf(key, field), field.label] as const);

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The rules across an order's own fields (columns), each with the label of the field it concerns. */
export function orderRuleErrors(v: Record<string, unknown>): Array<{ column: string; message: string }> {
  const errors: Array<{ column: string; message: string }> = [];
  const carrier = num(v.unit_price);
  const shipperPrice = num(v.shipper_unit_price);
  if (v.business_mode === "SELF_OPERATED" && shipperPrice === null) errors.push({ column: "托运单价", message: "自营业务请填写托运单价" });
  if (carrier !== null && shipperPrice !== null && shipperPrice < carrier) errors.push({ column: "托运单价", message: "托运单价不能低于承运单价" });
  if (v.loading_from && v.loading_to && String(v.loading_to) < String(v.loading_from)) errors.push({ column: "装货截止", message: "装货截止时间不能早于装货开始时间" });
  if (v.loading_from && v.arrive_by && String(v.arrive_by) < String(v.loading_from)) errors.push({ column: "要求到达", message: "要求到达时间不能早于装货开始时间" });
  return errors;
}

/**
 * The rules across fields and tables for a new or edited order (values are columns, merged with the
 * stored row on edit): shipper, cargo and project of the order's organisation and usable; shipper
 * price not below the carrier price; time windows in order; water only with the water right.
 */
export async function checkOrder(trx: AnyDb, scope: CallerScope, values: Record<string, unknown>, before?: Row): Promise<void> {
  const v = { ...before, ...values };
  const orgId = Number(v.org_id);
  if (v.freight_way === "WATER" && !scope.water) throw new Refusal(RefusalCode.notPermitted, "当前账号没有水路运输权限，不能创建水运订单");
  if (values.shipper_id !== undefined && num(values.shipper_id) !== num(before?.shipper_id)) {
    const shipper = await trx.selectFrom("shippers").select(["name", "org_id", "enabled"]).where("id", "=", Number(values.shipper_id)).where("deleted_at", "is", null).executeTakeFirst();
    if (!shipper || Number(shipper.org_id) !== orgId) throw new Refusal(RefusalCode.invalid, "托运人不存在或不属于该订单的企业");
    if (shipper.enabled !== "ENABLED") throw new Refusal(RefusalCode.illegalState, `托运人 ${shipper.name} 已停用，不能下单`);
    values.shipper_name = shipper.name;
  }
  if (values.cargo_id !== undefined && num(values.cargo_id) !== num(before?.cargo_id)) {
    const cargo = await trx.selectFrom("cargos").select(["name", "org_id", "enabled", "category_name", "unit_price", "loss_allowance_bp"]).where("id", "=", Number(values.cargo_id)).where("deleted_at", "is", null).executeTakeFirst();
    if (!cargo || Number(cargo.org_id) !== orgId) throw new Refusal(RefusalCode.invalid, "货物不存在或不属于该订单的企业");
    if (cargo.enabled !== "ENABLED") throw new Refusal(RefusalCode.illegalState, `货物 ${cargo.name} 已停用，不能下单`);
    values.cargo_name = cargo.name;
    values.cargo_category = String(cargo.category_name).slice(0, 16);
    if (v.cargo_unit_price == null && cargo.unit_price != null) values.cargo_unit_price = Number(cargo.unit_price);
    if (values.loss_allowance_bp == null && before?.loss_allowance_bp == null) values.loss_allowance_bp = cargo.loss_allowance_bp ?? DEFAULT_LOSS_BP;
  }
  if (values.project_id != null && num(values.project_id) !== num(before?.project_id)) {
    const project = await trx.selectFrom("projects").select(["name", "org_id", "audit_status", "status"]).where("id", "=", Number(values.project_id)).where("deleted_at", "is", null).executeTakeFirst();
    if (!project || Number(project.org_id) !== orgId) throw new Refusal(RefusalCode.invalid, "项目不存在或不属于该订单的企业");
    if (project.audit_status !== "APPROVED" || project.status !== "ACTIVE") throw new Refusal(RefusalCode.illegalState, `项目 ${project.name} 未审核通过或已结束，不能下单`);
  }
  const [first] = orderRuleErrors(v);
  if (first) throw new Refusal(RefusalCode.invalid, first.message);
  if (values.external_no) {
    const taken = await trx.selectFrom("freight_orders").select("order_no").where("org_id", "=", orgId).where("external_no", "=", String(values.external_no)).where("deleted_at", "is", null).where("id", "<>", Number(before?.id ?? 0)).executeTakeFirst();
    if (taken) throw new Refusal(RefusalCode.illegalState, `原始单号 ${String(values.external_no)} 已用于订单 ${taken.order_no}`);
  }
}

/** Once an order has waybills only plans, prices, contacts, time windows and the remark may change. */
async function checkEditAfterDispatch(trx: AnyDb, before: Row, values: Record<string, unknown>): Promise<void> {
  const waybills = await trx.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).where("order_id", "=", before.id).executeTakeFirstOrThrow();
  if (Number(waybills.n) > 0) {
    const changed = FIXED_AFTER_DISPATCH.filter(([column]) => column in values && String(values[column] ?? "") !== String(before[column] ?? "")).map(([, label]) => label);
    if (changed.length) throw new Refusal(RefusalCode.illegalState, `订单 ${String(before.order_no)} 已派单，不能修改${changed.map((l) => `「${l}」`).join("")}；已派单的订单只能修改计划重量、价格、联系人、时间窗和备注`);
  }
  const planned = num(values.planned_weight);
  const dispatched = Number(before.dispatched_weight);
  if (planned !== null && planned < dispatched) throw new Refusal(RefusalCode.invalid, `计划重量不能小于已调度重量 ${tonnesPlain(dispatched)} 吨`);
  if (planned !== null && ["WAIT_DISPATCH", "DISPATCHING", "DISPATCHED"].includes(String(before.status))) values.status = orderStatusFor(planned, dispatched);
}

/** The organisation's users and the individual who created it, except whoever acted. */
async function orderRecipients(ctx: ServiceContext, row: Row, actorUserId: number): Promise<number[]> {
  const users = await ctx.db.kysely.selectFrom("users").select("id").where("org_id", "=", Number(row.org_id)).where("status", "=", "ACTIVE").execute();
  const ids = users.map((u) => Number(u.id));
  if (row.owner_user_id != null) ids.push(Number(row.owner_user_id));
  return ids.filter((id) => id !== actorUserId);
}

const route = (row: Row) => `${String(row.loading_place)} → ${String(row.unloading_place)}`;

export function orderMessage(row: Row, event: string): string {
  const what = `${String(row.cargo_name ?? row.cargo_category)} ${tonnesPlain(Number(row.planned_weight))} 吨`;
  switch (event) {
    case "create":
      return `新订单 ${String(row.order_no)}：${route(row)}，${what}，请及时安排派车。`;
    case "close":
      return `订单 ${String(row.order_no)} 已关闭（${String(row.closed_reason ?? "")}），剩余重量不再派单，在途运单继续执行。`;
    case "cancel":
      return `订单 ${String(row.order_no)} 已取消（${String(row.cancel_reason ?? "")}）。`;
    default:
      return `订单 ${String(row.order_no)}（${route(row)}，${what}）状态变更为「${ORDER_STATES[row.status as keyof typeof ORDER_STATES]?.label ?? String(row.status)}」。`;
  }
}

export async function notifyOrder(ctx: ServiceContext, row: Row, event: string, actorUserId: number): Promise<void> {
  await notifyUsers(ctx, await orderRecipients(ctx, row, actorUserId), { content: orderMessage(row, event), targetType: "ORDER", targetId: Number(row.id), tags: ["order"] });
}

export const orderBinding = bindResource(order, {
  table: "freight_orders",
  scope: (scope, alias) => visible("freight_orders", scope, alias),
  labels: {
    shipperLabel: { table: "shippers", via: "shipper_id", column: "name" },
    cargoLabel: { table: "cargos", via: "cargo_id", column: "name" },
    projectName: { table: "projects", via: "project_id", column: "name" },
  },
  number: { field: "orderNo", prefix: "DD" },
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      values.contract_no = `HT${String(values.order_no)}`;
      values.cargo_category ??= "";
      await checkOrder(trx, scope, values);
    },
    beforeUpdate: async (trx, scope, before, values) => {
      await checkEditAfterDispatch(trx, before, values);
      await checkOrder(trx, scope, values, before);
    },
    onTransition: async (trx, _scope, row, transition) => {
      const at = nowIso();
      if (transition === "cancel") {
        const open = await trx.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).where("order_id", "=", row.id).where("status", "<>", "CANCELLED").executeTakeFirstOrThrow();
        if (Number(open.n) > 0) throw new Refusal(RefusalCode.illegalState, `订单 ${String(row.order_no)} 还有 ${Number(open.n)} 条未取消的运单，不能取消；请先取消这些运单，或关闭订单`);
        await trx.updateTable("freight_orders").set({ cancelled_at: at }).where("id", "=", row.id).execute();
      }
      if (transition === "close") await trx.updateTable("freight_orders").set({ closed_at: at }).where("id", "=", row.id).execute();
    },
    afterCreate: (ctx, scope, row) => notifyOrder(ctx, row, "create", scope.userId),
    afterTransition: (ctx, scope, row, transition) => notifyOrder(ctx, row, transition, scope.userId),
  },
});
