/**
 * 撮合发票 and their waybills on the engine (contract/resources/match-invoice.ts): organisation rows;
 * cancelling releases the invoice's waybills.
 */
import { matchInvoice, matchInvoiceItem } from "../../contract/resources/match-invoice.js";
import { nowIso } from "../db/index.js";
import { bindResource, orgScope } from "../resources/bind.js";

export const matchInvoiceBinding = bindResource(matchInvoice, {
  table: "match_invoices",
  scope: orgScope({ individual: null }),
  hooks: {
    async onTransition(trx, _scope, row, transition) {
      const at = nowIso();
      if (transition === "issue") await trx.updateTable("match_invoices").set({ finished_at: at }).where("id", "=", row.id).execute();
      // Cancelling releases the waybills: they may be applied for again.
      if (transition === "cancel") await trx.updateTable("match_invoice_items").set({ deleted_at: at }).where("invoice_id", "=", row.id).where("deleted_at", "is", null).execute();
    },
  },
});

export const matchInvoiceItemBinding = bindResource(matchInvoiceItem, {
  table: "match_invoice_items",
  scope: orgScope({ individual: null }),
  labels: { applyNo: { table: "match_invoices", via: "invoice_id", column: "apply_no" } },
});

export const MATCHMAKING_BINDINGS = [matchInvoiceBinding, matchInvoiceItemBinding];
