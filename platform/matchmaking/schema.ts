import type { SealedColumns } from "../db/personal.js";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { matchInvoice, matchInvoiceItem } from "../../contract/resources/match-invoice.js";

export const MATCH_INVOICE_TABLE = tableOf(matchInvoice, { status: "status", notNull: ["applyNo", "invoiceKind", "invoiceType", "buyerName", "sellerName", "goodsName", "amount", "taxAmount", "itemsAmount", "waybillCount"] });

/** 撮合开票 (migration 0022). Money in integer fen, times ISO text, dates YYYY-MM-DD. */
export interface MatchInvoicesTable extends TableOf<typeof MATCH_INVOICE_TABLE>, EngineColumns, SealedColumns<"driver_tax_no"> {
  request_no: string | null;
  driver_user_id: number | null;
}

export const MATCH_INVOICE_ITEM_TABLE = tableOf(matchInvoiceItem, { notNull: ["invoiceId", "freightNo", "carrierName", "conveyanceName", "cargoName", "loadingPlace", "unloadingPlace", "weight", "amount"] });

export interface MatchInvoiceItemsTable extends TableOf<typeof MATCH_INVOICE_ITEM_TABLE>, EngineColumns {
  invoice_kind: string;
  freight_id: number;
}

export interface MatchmakingTables {
  match_invoices: MatchInvoicesTable;
  match_invoice_items: MatchInvoiceItemsTable;
}
