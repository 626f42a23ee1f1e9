/** The ship binding: freight_ships, scoped like the freight service's rows (domain 0.7), water only. */
import { RefusalCode } from "../../contract/envelope.js";
import { ship } from "../../contract/resources/ship.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, orgScope, type AnyDb } from "../resources/bind.js";
import { requireCredentialsFor } from "./credentials.js";
import { INDIVIDUAL_ROWS } from "../scope.js";

/** Waybill states in which a ship or captain is still at work. */
export const OPEN_FREIGHT_STATUSES = ["WAIT_LOADING", "IN_TRANSIT", "UNLOADED"] as const;

/** 净吨 ≤ 总吨; the current captain must be on the roster (合作中). */
async function checkShip(trx: AnyDb, values: Record<string, unknown>): Promise<void> {
  if (values.gross_tonnage != null && values.net_tonnage != null && Number(values.net_tonnage) > Number(values.gross_tonnage)) {
    throw new Refusal(RefusalCode.invalid, "净吨不能大于总吨");
  }
  if (values.captain_id != null) {
    const captain = await trx.selectFrom("freight_captains").select(["name", "status"]).where("id", "=", Number(values.captain_id)).executeTakeFirst();
    if (captain && captain.status !== "ACTIVE") throw new Refusal(RefusalCode.illegalState, `船长 ${captain.name} 已解除合作，不能指定为当前船长`);
  }
}

export const shipBinding = bindResource(ship, {
  table: "freight_ships",
  // An individual sees the ships their captain rows sail (platform/scope.ts).
  scope: orgScope({ individual: INDIVIDUAL_ROWS.freight_ships }),
  water: true,
  labels: {
    shipownerName: { table: "shipowners", via: "shipowner_id", column: "name" },
    captainName: { table: "freight_captains", via: "captain_id", column: "name" },
  },
  unique: {
    shipName: (v) => `船名 ${String(v)} 已登记`,
    mmsi: (v) => `MMSI ${String(v)} 已被其他船舶使用`,
    shipIdentityNo: (v) => `船舶识别号 ${String(v)} 已登记`,
  },
  hooks: {
    beforeCreate: (trx, _scope, values) => checkShip(trx, values),
    beforeUpdate: (trx, _scope, before, values) => checkShip(trx, { ...before, ...values }),
    onTransition: requireCredentialsFor("SHIP"),
    beforeDelete: async (trx, _scope, row) => {
      const open = await trx.selectFrom("freights").select("freight_no").where("ship_id", "=", row.id).where("status", "in", [...OPEN_FREIGHT_STATUSES]).executeTakeFirst();
      if (open) throw new Refusal(RefusalCode.illegalState, `船舶 ${String(row.ship_name)} 有未完成的运单（${open.freight_no}），不能删除`);
    },
  },
});
