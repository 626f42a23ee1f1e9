/**
 * The dispatch form's rules (派单): one row per waybill, a driver and a vehicle (ROAD) or a captain
 * and a ship (WATER), and the planned weight in 吨. Pure and isomorphic: checked as the user types
 * and again in the page's action, before the platform checks them once more.
 */
import { z } from "zod";
import {
  FREIGHT_LIMITS,
  type DispatchRequest,
  type FreightWay,
  type OrderRecord,
  type ShipRecord,
} from "../../contract/freight";
import { tonnesSchema } from "~/lib/steps";
import type { PickerData } from "~/lib/picker";
import { tonnesPlain } from "../../contract/numbers";

/** The dispatch rows' pickers by way: row field → picker source (app/services/picker-sources.server.ts). */
export const DISPATCH_PICKERS = {
  ROAD: { driverId: "dispatchDriver", vehicleId: "dispatchVehicle" },
  WATER: { captainId: "dispatchCaptain", shipId: "dispatchShip" },
} as const;

/** The dispatch panel's pickers: by row field name (`items[1].driverId`) or, for a fresh row, by kind (`driverId`); ships' capacities for water. */
export interface DispatchPickers {
  pickers: Record<string, PickerData>;
  capacities: Record<string, number> | null;
}

export const shipCapacities = (ships: ShipRecord[]) => Object.fromEntries(ships.map((s) => [String(s.id), s.loadCapacity]));

/** What the rules need to know about the order and, for water, the ships' capacities (kg by ship id). */
export interface DispatchContext {
  freightWay: FreightWay;
  /** Kilograms of the order still to dispatch. */
  remainingWeight: number;
  shipCapacities?: Record<string, number>;
}

export function dispatchContext(order: Pick<OrderRecord, "freightWay" | "remainingWeight">, shipCapacities?: Record<string, number>): DispatchContext {
  return { freightWay: order.freightWay, remainingWeight: order.remainingWeight, shipCapacities };
}

const idField = (label: string) =>
  z
    .string({ required_error: `请选择${label}` })
    .regex(/^[1-9]\d{0,14}$/, `请选择${label}`)
    .transform(Number);

function itemSchema(freightWay: FreightWay) {
  const plannedWeight = tonnesSchema("计划重量", freightWay);
  return freightWay === "ROAD"
    ? z.object({ driverId: idField("司机"), vehicleId: idField("车辆"), plannedWeight })
    : z.object({ captainId: idField("船长"), shipId: idField("船舶"), plannedWeight });
}

export function dispatchFormSchema(context: DispatchContext) {
  return z
    .object({
      items: z
        .array(itemSchema(context.freightWay), { required_error: "请添加派单明细" })
        .min(1, "请添加派单明细")
        .max(FREIGHT_LIMITS.maxDispatchItems, `一次最多派 ${FREIGHT_LIMITS.maxDispatchItems} 单`),
    })
    .superRefine(({ items }, ctx) => {
      const total = items.reduce((sum, item) => sum + item.plannedWeight, 0);
      if (total > context.remainingWeight) {
        ctx.addIssue({
          code: "custom",
          path: [],
          message: `派单重量合计 ${tonnesPlain(total)} 吨，超过订单剩余可派重量 ${tonnesPlain(context.remainingWeight)} 吨`,
        });
      }
      items.forEach((item, index) => {
        if (!("shipId" in item)) return;
        const capacity = context.shipCapacities?.[String(item.shipId)];
        if (capacity !== undefined && item.plannedWeight > capacity) {
          ctx.addIssue({ code: "custom", path: ["items", index, "plannedWeight"], message: `计划重量超过该船载重 ${tonnesPlain(capacity)} 吨` });
        }
      });
    });
}

export type DispatchFormValue = z.infer<ReturnType<typeof dispatchFormSchema>>;

/** The platform's dispatch request for a checked form. */
export function dispatchRequest(orderId: number, value: DispatchFormValue): DispatchRequest {
  return { orderId, items: value.items.map((item) => ({ ...item })) };
}
