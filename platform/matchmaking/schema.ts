import type { EngineColumns } from "../resources/schema.js";

/** 撮合开票 (migration 0022). Money in integer fen, times ISO text, dates YYYY-MM-DD. */
export interface MatchInvoicesTable extends EngineColumns {
  apply_no: string;
  request_no: string | null;
  order_no: string | null;
  invoice_kind: string;
  invoice_type: string;
  buyer_name: string;
  seller_name: string;
  driver_user_id: number | null;
  driver_name: string | null;
  driver_tax_no: string | null;
  goods_name: string;
  amount: number;
  tax_amount: number;
  items_amount: number;
  waybill_count: number;
  invoice_code: string | null;
  invoice_no: string | null;
  issue_date: string | null;
  express_company: string | null;
  express_no: string | null;
  finished_at: string | null;
  status: string;
}

export interface MatchInvoiceItemsTable extends EngineColumns {
  invoice_id: number;
  invoice_kind: string;
  freight_id: number;
  freight_no: string;
  carrier_name: string;
  conveyance_name: string;
  cargo_name: string;
  loading_place: string;
  unloading_place: string;
  weight: number;
  amount: number;
}

export interface MatchmakingTables {
  match_invoices: MatchInvoicesTable;
  match_invoice_items: MatchInvoiceItemsTable;
}
