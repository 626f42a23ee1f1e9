/**
 * 新开票列表 on the engine (contract/resources/settlement.ts `invoiceable`): read-only over the ledger's
 * `waybill_settlements` of completed waybills that are paid and not yet invoiced. 上报状态 is the invoice
 * gate's own predicate (`reportedForInvoice`); the ticked rows go to 申请开票 (`applyForInvoice`,
 * `POST /pay-invoice-application`), which locks and re-checks them. The binding only says on which rows
 * the caller may tick 申请开票 (`bulk.apply`) and why not (what the waybill's reports lack).
 */
import { expressionBuilder, sql, type SqlBool } from "kysely";
import { invoiceable } from "../../contract/resources/settlement.js";
import { bindResource } from "../resources/bind.js";
import { contains } from "../resources/query.js";
import { isOrgUser } from "../scope.js";
import { ofFreight, settlementRows } from "../ledger/settlement.resource.js";
import { reportedForInvoice, reportGaps } from "../submission/invoice-gate.js";

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const eb = expressionBuilder<any, any>();
/** Whether the settlement's waybill passes the invoice gate (开票须上报成功). */
const reported = (alias: string) => sql<SqlBool>`exists (select 1 from freights fr where fr.id = ${ref(alias, "freight_id")} and ${reportedForInvoice(eb, "fr")})`;
const reportState = (alias: string) => sql<string>`(case when ${reported(alias)} then 'ELIGIBLE' else 'BLOCKED' end)`;
/** The settled weight: the smaller of loaded and unloaded (the existing rule). */
const settledWeight = (alias: string) =>
  sql<number>`(select case when coalesce(fw.loaded_weight, fw.unloaded_weight, 0) <= coalesce(fw.unloaded_weight, fw.loaded_weight, 0) then coalesce(fw.loaded_weight, fw.unloaded_weight, 0) else coalesce(fw.unloaded_weight, fw.loaded_weight, 0) end from freights fw where fw.id = ${ref(alias, "freight_id")})`;

const invoiceableBinding = bindResource(invoiceable, {
  table: "waybill_settlements",
  scope: settlementRows,
  softDelete: false,
  where: (alias) =>
    sql<SqlBool>`(${ref(alias, "pay_status")} = 'PAID' and ${ref(alias, "invoice_status")} = 'NOT_INVOICED' and exists (select 1 from freights fc where fc.id = ${ref(alias, "freight_id")} and fc.status = 'COMPLETED'))`,
  computed: {
    order_no: ofFreight("order_no"),
    shipper_name: ofFreight("shipper_name"),
    cargo_name: ofFreight("cargo_category"),
    route: (alias) => sql`(select fw.loading_place || ' → ' || fw.unloading_place from freights fw where fw.id = ${ref(alias, "freight_id")})`,
    conveyance_name: ofFreight("conveyance_name"),
    weight: settledWeight,
    complete_time: ofFreight("complete_time"),
    report_state: reportState,
  },
  keywordAlso: (alias, text) => sql<SqlBool>`exists (select 1 from freights fk where fk.id = ${ref(alias, "freight_id")} and ${contains("fk.order_no", text)})`,
  // 可开票金额: what may be invoiced now.
  sumsOf: { invoiceAmount: (alias) => sql<number>`sum(case when ${reported(alias)} then ${ref(alias, "shipper_payable")} else 0 end)` },
  bulk: {
    apply: {
      offered: (_record, scope) => isOrgUser(scope) && scope.permissions.has("TMS_INVOICE_APPLY"),
      blocked: async (db, _scope, records) => {
        const held = records.filter((r) => r.reportState === "BLOCKED");
        const gaps = await reportGaps(db, held.map((r) => Number(r.freightId)));
        return new Map(held.map((r) => [Number(r.id), `未上报成功：${gaps.get(Number(r.freightId)) ?? "上报未成功"}`]));
      },
    },
  },
});

export const INVOICEABLE_BINDINGS = [invoiceableBinding];
