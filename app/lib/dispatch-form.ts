/**
 * The dispatch form's rules (派单): one row per waybill, a driver and a vehicle (ROAD) or a captain
 * and a ship (WATER), and the planned weight in 吨. Pure and isomorphic: checked as the user types
 * and again in the page's action, before the platform checks them once more.
 */
import { z } from "zod";
import {
  FREIGHT_LIMITS,
  type CaptainRecord,
  type DispatchRequest,
  type DriverRecord,
  type FreightWay,
  type OrderRecord,
  type ShipRecord,
  type VehicleRecord,
} from "../../contract/freight";
import { tonnesSchema } from "~/lib/steps";
import { tonnesPlain } from "../../contract/numbers";

/** The selectors of the dispatch panel: whom and what the order may be dispatched to. */
export interface DispatchResources {
  drivers: DriverRecord[];
  vehicles: VehicleRecord[];
  captains: CaptainRecord[];
  ships: ShipRecord[];
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
