/** The settlement unit binding (domain 1.9): org-scoped `settlement_units`; codes unique per shipper. */
import { settlementUnit } from "../../contract/resources/settlement-unit.js";
import { bindResource, orgScope, type AnyDb } from "../resources/bind.js";
import { liveRowExists, taken } from "./org-rules.js";

async function uniqueCode(trx: AnyDb, shipperId: unknown, code: unknown, exceptId?: number): Promise<void> {
  if (await liveRowExists(trx, "settlement_units", { shipper_id: Number(shipperId), code }, exceptId)) throw taken(`该托运人下已有编码为 ${String(code)} 的核算单位`);
}

export const settlementUnitBinding = bindResource(settlementUnit, {
  table: "settlement_units",
  scope: orgScope(),
  labels: { shipperName: { table: "shippers", via: "shipper_id", column: "name" } },
  hooks: {
    beforeCreate: async (trx, _scope, values) => uniqueCode(trx, values.shipper_id, values.code),
    beforeUpdate: async (trx, _scope, before, values) => {
      if (values.code === undefined && values.shipper_id === undefined) return;
      await uniqueCode(trx, values.shipper_id ?? before.shipper_id, values.code ?? before.code, before.id);
    },
  },
});
