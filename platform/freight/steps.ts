/**
 * The waybill steps of the status machine (status.ts), each in one transaction: check who may take
 * it, find the waybill in the caller's scope, check the step is legal now, apply it guarded by the
 * status it was read in, write the event row; then, committed, notify.
 */
import type { Kysely, Transaction, Updateable } from "kysely";
import {
  FreightRefusalCode,
  ORDER_OPEN_STATUSES,
  type AddressUpdateRequest,
  type FreightAction,
  type FreightRecord,
  type LoadingRequest,
  type LoadingUpdateRequest,
  type RemarkStepRequest,
  type StepCheckRequest,
  type StepCheckResult,
  type UnloadingRequest,
} from "../../contract/freight.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { notFound, Refusal } from "../http/envelope.js";
import { notifyStep, recordEvent } from "./events.js";
import { refreshOrderProgress } from "../orders/progress.js";
import { settleWaybills } from "../ledger/settlements.js";
import { releaseLinkedWeight } from "../orders/dispatch-links.js";
import { toFreightRecords, type FreightRow } from "./records.js";
import {
  checkLoadWeight,
  checkStepTime,
  checkUnloadedWeight,
  freightAmount,
  weightAbnormalities,
  type WeightLimits,
  orderStatusFor,
  settledWeight,
} from "./rules.js";
import type { FreightsTable } from "./schema.js";
import { visible, type CallerScope } from "../scope.js";
import { enterpriseConfigOf } from "../system/enterprise-config.js";
import { assertActor, illegalStepMessage, nextStatus } from "./status.js";
import { checkDocumentRefs } from "../documents/refs.js";
import { tonnesPlain } from "../../contract/numbers.js";
import { placeRegionOf } from "../db/place-regions.js";

interface StepPlan {
  changes: Updateable<FreightsTable>;
  /** Recorded on the event row and quoted in the notification. */
  remark: string | null;
  /** Further writes in the same transaction (e.g. giving a cancelled waybill's weight back to its order). */
  alsoWrite?: (trx: Transaction<Database>, row: FreightRow) => Promise<void>;
}

export async function findVisibleFreight(db: Kysely<Database>, scope: CallerScope, id: number): Promise<FreightRow | undefined> {
  return db.selectFrom("freights").selectAll().where("id", "=", id).where(visible("freights", scope)).executeTakeFirst();
}

const operatorOf = (scope: CallerScope) => ({ userId: scope.userId, name: scope.name });

/** Applies one step to one waybill inside `trx`; returns the waybill after it. */
async function applyStep(
  trx: Transaction<Database>,
  scope: CallerScope,
  row: FreightRow,
  action: FreightAction,
  plan: (row: FreightRow, at: string, trx: Transaction<Database>) => StepPlan | Promise<StepPlan>,
): Promise<{ after: FreightRow; remark: string | null }> {
  const to = nextStatus(action, row.status);
  const at = nowIso();
  const { changes, remark, alsoWrite } = await plan(row, at, trx);
  // The row as written comes back with the write: what follows in the step writes other tables only.
  const after = await trx
    .updateTable("freights")
    .set({ ...changes, status: to, updated_at: at })
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .returningAll()
    .executeTakeFirst();
  if (!after) {
    // Someone else moved the waybill on between our read and our write.
    const current = await trx.selectFrom("freights").select("status").where("id", "=", row.id).executeTakeFirstOrThrow();
    throw new Refusal(FreightRefusalCode.illegalState, illegalStepMessage(action, current.status));
  }
  await alsoWrite?.(trx, row);
  // 已完成 makes the waybill payable: its settlement is written with the step, never derived on a read.
  if (to === "COMPLETED") await settleWaybills(trx, [Number(row.id)]);
  await recordEvent(trx, Number(row.id), action, row.status, to, operatorOf(scope), remark, at);
  await refreshOrderProgress(trx, Number(row.order_id), scope, row.task_id == null ? [] : [Number(row.task_id)]);
  return { after, remark };
}

/** The plan with the enterprise's 超载容差 and the conveyance's approved load, for `weightAbnormalities`. */
async function weightLimitsOf(trx: Kysely<Database>, row: FreightRow): Promise<WeightLimits> {
  const config = await enterpriseConfigOf(trx, Number(row.org_id));
  const conveyance =
    row.vehicle_id != null
      ? await trx.selectFrom("freight_vehicles").select(["load_capacity as capacity", "plate_no as name"]).where("id", "=", row.vehicle_id).executeTakeFirst()
      : row.ship_id != null
        ? await trx.selectFrom("freight_ships").select(["load_capacity as capacity", "ship_name as name"]).where("id", "=", row.ship_id).executeTakeFirst()
        : undefined;
  return {
    plannedKg: Number(row.planned_weight),
    toleranceBp: config.overloadToleranceBp,
    capacityKg: conveyance ? Number(conveyance.capacity) : null,
    conveyance: `${row.freight_way === "ROAD" ? "车辆" : "船舶"}${conveyance?.name ?? row.conveyance_name}`,
  };
}

/**
 * What 装货 or 卸货 with these weights would mark (异常), without taking the step: the same limits and
 * rule as the step, for the caller who may take it on a waybill he sees, in the status it is taken from.
 */
export async function stepCheck(ctx: ServiceContext, scope: CallerScope, body: StepCheckRequest): Promise<StepCheckResult> {
  assertActor(body.action, scope.type);
  const db = ctx.db.kysely;
  const row = await findVisibleFreight(db, scope, body.id);
  if (!row) throw notFound("运单不存在");
  nextStatus(body.action, row.status);
  const limits = await weightLimitsOf(db, row);
  const reasons =
    body.action === "LOADING" ? weightAbnormalities(limits, body.loadedWeight, null) : weightAbnormalities(limits, Number(row.loaded_weight), body.unloadedWeight);
  return { abnormalReasons: reasons };
}

/** The abnormal flag and reason of a list of reasons. */
const abnormalityOf = (reasons: string[]) => ({ abnormal: reasons.length ? 1 : 0, abnormal_reason: reasons.length ? reasons.join("；") : null });
const withReason = (a: ReturnType<typeof abnormalityOf>) => (a.abnormal_reason ? `；${a.abnormal_reason}` : "");

async function takeStep(
  ctx: ServiceContext,
  scope: CallerScope,
  id: number,
  action: FreightAction,
  plan: (row: FreightRow, at: string, trx: Transaction<Database>) => StepPlan | Promise<StepPlan>,
): Promise<FreightRecord> {
  assertActor(action, scope.type);
  const { after, remark } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await findVisibleFreight(trx, scope, id);
    if (!row) throw notFound("运单不存在");
    return applyStep(trx, scope, row, action, plan);
  });
  await notifyStep(ctx, after, action, scope.userId, remark);
  const [record] = await toFreightRecords(ctx.db.kysely, [after], scope.type);
  return record!;
}

export function loading(ctx: ServiceContext, scope: CallerScope, body: LoadingRequest): Promise<FreightRecord> {
  return takeStep(ctx, scope, body.id, "LOADING", async (row, at, trx) => {
    const pickup = body.pickupWeight ?? body.loadedWeight;
    checkLoadWeight(row.freight_way, body.loadedWeight, "装货重量");
    checkLoadWeight(row.freight_way, pickup, "提货重量");
    const time = body.loadingTime ?? at;
    checkStepTime("装货时间", time, { label: "派单时间", time: row.created_at });
    const abnormality = abnormalityOf(weightAbnormalities(await weightLimitsOf(trx, row), body.loadedWeight, null));
    if (body.weighTicketUrl) await checkDocumentRefs(trx, scope, "装货磅单", [body.weighTicketUrl], [], { strict: false });
    return {
      changes: {
        loaded_weight: body.loadedWeight,
        pickup_weight: pickup,
        loading_time: time,
        loading_ticket_url: body.weighTicketUrl,
        ...abnormality,
        freight_amount: freightAmount(settledWeight(Number(row.planned_weight), body.loadedWeight, null), Number(row.unit_price)),
      },
      remark: `装货重量 ${tonnesPlain(body.loadedWeight)} 吨${withReason(abnormality)}`,
    };
  });
}

export function unloading(ctx: ServiceContext, scope: CallerScope, body: UnloadingRequest): Promise<FreightRecord> {
  return takeStep(ctx, scope, body.id, "UNLOADING", async (row, at, trx) => {
    const loaded = Number(row.loaded_weight);
    checkUnloadedWeight(loaded, body.unloadedWeight);
    const time = body.unloadingTime ?? at;
    checkStepTime("卸货时间", time, { label: "装货时间", time: row.loading_time });
    const abnormality = abnormalityOf(weightAbnormalities(await weightLimitsOf(trx, row), loaded, body.unloadedWeight));
    if (body.weighTicketUrl) await checkDocumentRefs(trx, scope, "卸货磅单", [body.weighTicketUrl], [], { strict: false });
    return {
      changes: {
        unloaded_weight: body.unloadedWeight,
        unloading_time: time,
        unloading_ticket_url: body.weighTicketUrl,
        ...abnormality,
        freight_amount: freightAmount(settledWeight(Number(row.planned_weight), loaded, body.unloadedWeight), Number(row.unit_price)),
      },
      remark: `卸货重量 ${tonnesPlain(body.unloadedWeight)} 吨${withReason(abnormality)}`,
    };
  });
}

/** Steps that only stamp their time and may carry a remark, and the column each stamps. */
const STAMPED = {
  SIGN: "sign_time",
  REVIEW: "confirm_time",
  FLEET_CONFIRM: "confirm_time",
  COMPLETE: "complete_time",
} as const satisfies Partial<Record<FreightAction, keyof FreightsTable>>;

export function stampStep(ctx: ServiceContext, scope: CallerScope, action: keyof typeof STAMPED, body: RemarkStepRequest): Promise<FreightRecord> {
  const changes: Updateable<FreightsTable> = {};
  return takeStep(ctx, scope, body.id, action, (_row, at) => {
    changes[STAMPED[action]] = at;
    return { changes, remark: body.remark || null };
  });
}

/** Gives a cancelled waybill's planned weight back to its order. */
async function releaseOrderWeight(trx: Transaction<Database>, row: FreightRow): Promise<void> {
  await releaseLinkedWeight(trx, row);
  const order = await trx.selectFrom("freight_orders").select(["planned_weight", "dispatched_weight", "status", "version"]).where("id", "=", row.order_id).executeTakeFirstOrThrow();
  const dispatched = Math.max(0, Number(order.dispatched_weight) - Number(row.planned_weight));
  // A closed order stays closed: the weight returns but is not offered for dispatch again (domain 3.1).
  const status = (ORDER_OPEN_STATUSES as readonly string[]).includes(order.status) || order.status === "DISPATCHED" ? orderStatusFor(Number(order.planned_weight), dispatched) : order.status;
  await trx
    .updateTable("freight_orders")
    .set({ dispatched_weight: dispatched, status, version: Number(order.version) + 1 })
    .where("id", "=", row.order_id)
    .execute();
}

export function cancel(ctx: ServiceContext, scope: CallerScope, id: number, reason: string): Promise<FreightRecord> {
  return takeStep(ctx, scope, id, "CANCEL", (_row, at) => ({
    changes: { cancel_time: at, cancel_reason: reason },
    remark: reason,
    alsoWrite: releaseOrderWeight,
  }));
}

export function loadingUpdate(ctx: ServiceContext, scope: CallerScope, body: LoadingUpdateRequest): Promise<FreightRecord> {
  return takeStep(ctx, scope, body.id, "LOADING_UPDATE", async (row, _at, trx) => {
    const oldLoaded = Number(row.loaded_weight);
    const loaded = body.loadedWeight ?? oldLoaded;
    const pickup = body.pickupWeight ?? Number(row.pickup_weight ?? oldLoaded);
    const unloaded = row.unloaded_weight == null ? null : Number(row.unloaded_weight);
    checkLoadWeight(row.freight_way, loaded, "装货重量");
    checkLoadWeight(row.freight_way, pickup, "提货重量");
    if (unloaded !== null) checkUnloadedWeight(loaded, unloaded);
    const time = body.loadingTime ?? row.loading_time!;
    checkStepTime("装货时间", time, { label: "派单时间", time: row.created_at }, { label: "卸货时间", time: row.unloading_time });
    const abnormality = abnormalityOf(weightAbnormalities(await weightLimitsOf(trx, row), loaded, unloaded));
    const changed: string[] = [];
    if (loaded !== oldLoaded) changed.push(`装货重量 ${tonnesPlain(oldLoaded)} → ${tonnesPlain(loaded)} 吨`);
    if (body.pickupWeight !== undefined) changed.push(`提货重量 ${tonnesPlain(pickup)} 吨`);
    if (body.loadingTime !== undefined) changed.push("装货时间");
    if (body.weighTicketUrl !== undefined) changed.push("装货磅单");
    if (body.weighTicketUrl) await checkDocumentRefs(trx, scope, "装货磅单", [body.weighTicketUrl], row.loading_ticket_url ? [row.loading_ticket_url] : [], { strict: false });
    return {
      changes: {
        loaded_weight: loaded,
        pickup_weight: pickup,
        loading_time: time,
        loading_ticket_url: body.weighTicketUrl ?? row.loading_ticket_url,
        ...abnormality,
        freight_amount: freightAmount(settledWeight(Number(row.planned_weight), loaded, unloaded), Number(row.unit_price)),
      },
      remark: `${body.reason}（${changed.join("，") || "无变化"}）`,
    };
  });
}

export function updateAddress(ctx: ServiceContext, scope: CallerScope, body: AddressUpdateRequest): Promise<FreightRecord> {
  return takeStep(ctx, scope, body.id, "ADDRESS_UPDATE", (row) => {
    const changes = {
      loading_place: body.loadingPlace ?? row.loading_place,
      loading_address: body.loadingAddress ?? row.loading_address,
      unloading_place: body.unloadingPlace ?? row.unloading_place,
      unloading_address: body.unloadingAddress ?? row.unloading_address,
      // A corrected address brings its own county (place-regions.ts); an unchanged one keeps the chosen code.
      loading_region_code: body.loadingAddress === undefined || body.loadingAddress === row.loading_address ? row.loading_region_code : placeRegionOf(body.loadingAddress),
      unloading_region_code: body.unloadingAddress === undefined || body.unloadingAddress === row.unloading_address ? row.unloading_region_code : placeRegionOf(body.unloadingAddress),
    };
    return {
      changes,
      remark: `装货地 ${changes.loading_place}（${changes.loading_address}），卸货地 ${changes.unloading_place}（${changes.unloading_address}）`,
    };
  });
}

/** Completes every listed waybill, or none: the refusal names the first one that cannot be completed. */
export async function batchComplete(ctx: ServiceContext, scope: CallerScope, ids: number[]): Promise<FreightRecord[]> {
  assertActor("COMPLETE", scope.type);
  const done = await ctx.db.kysely.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("freights").selectAll().where("id", "in", ids).where(visible("freights", scope)).execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw notFound(`运单不存在：id ${missing.join("、")}，本次未完成任何运单`);
    for (const id of ids) {
      const row = byId.get(id)!;
      if (row.status !== "CONFIRMED") {
        throw new Refusal(FreightRefusalCode.illegalState, `${illegalStepMessage("COMPLETE", row.status, row.freight_no)}，本次未完成任何运单`);
      }
    }
    const out: Array<{ after: FreightRow; remark: string | null }> = [];
    for (const id of ids) out.push(await applyStep(trx, scope, byId.get(id)!, "COMPLETE", (_r, at) => ({ changes: { complete_time: at }, remark: "批量完成" })));
    return out;
  });
  for (const { after, remark } of done) await notifyStep(ctx, after, "COMPLETE", scope.userId, remark);
  return toFreightRecords(ctx.db.kysely, done.map((d) => d.after), scope.type);
}
