/**
 * 陆运/水运待付款 on the engine (contract/resources/settlement.ts `payable`): read-only over the ledger's
 * `waybill_settlements`, the unpaid ones, scoped as the ledger's own settlement queries. The ticked rows
 * are paid by the ledger's `payWaybills` (`POST /pay/payments`, all or nothing, idempotent by request
 * number): the binding only says on which rows the caller may tick 支付 (`bulk.pay`) and why not.
 */
import { sql, type SqlBool } from "kysely";
import { payable } from "../../contract/resources/settlement.js";
import { bindResource, type ScopeRule } from "../resources/bind.js";
import { contains } from "../resources/query.js";
import { isOrgUser, rowsFor } from "../scope.js";

/** An organisation's settlements (staff: their tenant's or platform's); a payee his own; road-only callers road ones. */
export const settlementRows: ScopeRule = (scope, alias) => {
  const rows = rowsFor(scope, alias, { individual: (a, userId) => sql`${sql.ref(`${a}.payee_user_id`)} = ${userId}` });
  return scope.water ? rows : sql<SqlBool>`(${rows} and ${sql.ref(`${alias}.freight_way`)} = 'ROAD')`;
};

/** A column of the settlement's waybill. */
export const ofFreight = (column: string) => (alias: string) => sql<unknown>`(select ${sql.ref(`fw.${column}`)} from freights fw where fw.id = ${sql.ref(`${alias}.freight_id`)})`;

const payableBinding = bindResource(payable, {
  table: "waybill_settlements",
  scope: settlementRows,
  softDelete: false,
  where: (alias) => sql<SqlBool>`${sql.ref(`${alias}.pay_status`)} = 'UNPAID'`,
  computed: { order_no: ofFreight("order_no"), shipper_name: ofFreight("shipper_name"), carrier_name: ofFreight("carrier_name"), conveyance_name: ofFreight("conveyance_name") },
  // 运单号/订单号/司机/船长/车牌/船名.
  keywordAlso: (alias, text) =>
    sql<SqlBool>`exists (select 1 from freights fk where fk.id = ${sql.ref(`${alias}.freight_id`)} and (${sql.join([contains("fk.order_no", text), contains("fk.carrier_name", text), contains("fk.conveyance_name", text)], sql` or `)}))`,
  bulk: {
    // The ledger's payWaybills: an organisation with 支付管理 pays its waybills into registered payees' wallets.
    pay: {
      offered: (_record, scope) => isOrgUser(scope) && scope.permissions.has("PAY_PAYMENT_MANAGEMENT"),
      blocked: async (_db, _scope, records) => new Map(records.filter((r) => r.payeeUserId == null).map((r) => [Number(r.id), `收款人「${String(r.payeeName)}」未注册账号，无法入账`])),
    },
  },
});

export const SETTLEMENT_BINDINGS = [payableBinding];
