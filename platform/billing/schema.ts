/** The invoicing and tax tables (migration 0021_billing, domain 5.7, 5.8, 6.9). Money in fen, rates in bp. */
import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";

export interface InvoiceCompaniesTable extends EngineColumns {
  name: string;
  credit_code: string;
  road_permit_no: string;
  water_permit_no: string | null;
  tax_address: string;
  tax_phone: string;
  tax_bank_name: string;
  tax_bank_account: string;
  freight_tax_rate_bp: number;
  service_tax_rate_bp: number;
  agent_levy_rate_bp: number;
  max_invoice_amount: number;
  limit_basis: string;
  drawer: string;
  reviewer: string | null;
  payee: string | null;
  goods_name_road: string;
  goods_name_water: string;
  goods_name_service: string;
  collect_account_name: string;
  collect_account_no: string;
  collect_bank: string;
  enabled: string;
}

export interface InvoiceApplicationsTable extends EngineColumns {
  application_no: string;
  request_no: string;
  request_hash: string;
  business_mode: string;
  invoice_kind: string;
  invoice_type: string;
  invoice_company_id: number;
  shipper_name: string;
  buyer_tax_no: string | null;
  buyer_address_phone: string | null;
  buyer_bank_account: string | null;
  waybill_count: number;
  total_weight: number;
  amount_incl_tax: number;
  tax_rate_bp: number;
  tax_amount: number;
  amount_excl_tax: number;
  delivery_method: string;
  remark_text: string | null;
  applicant_name: string;
  submitted_at: string | null;
  audited_by_name: string | null;
  audited_at: string | null;
  audit_remark: string | null;
  invoice_count: number;
  issued_at: string | null;
  express_company: string | null;
  express_no: string | null;
  status: string;
}

export interface InvoicesTable extends EngineColumns {
  application_id: number;
  application_no: string;
  invoice_no: string;
  invoice_code: string | null;
  invoice_kind: string;
  invoice_type: string;
  invoice_company_id: number;
  seller_name: string;
  seller_tax_no: string;
  buyer_name: string;
  buyer_tax_no: string | null;
  goods_name: string;
  amount_excl_tax: number;
  tax_rate_bp: number;
  tax_amount: number;
  amount_incl_tax: number;
  issue_date: string;
  waybill_count: number;
  weight: number;
  remark_text: string | null;
  drawer: string;
  reviewer: string | null;
  payee: string | null;
  flush_reason: string | null;
  red_info_no: string | null;
  red_at: string | null;
  status: string;
  /** JSON array of the invoice's images (发票影像). */
  images: Generated<string>;
}

export interface InvoiceApplicationItemsTable extends EngineColumns {
  application_id: number;
  invoice_id: number | null;
  invoice_no: string | null;
  freight_id: number;
  settlement_id: number;
  freight_no: string;
  order_no: string;
  cargo_name: string;
  loading_place: string;
  unloading_place: string;
  conveyance_name: string;
  weight: number;
  amount_incl_tax: number;
  line_status: string;
}

export interface InputTaxTicketsTable extends EngineColumns {
  ticket_no: string;
  invoice_company_id: number;
  category: string;
  ticket_type: string;
  invoice_code: string | null;
  invoice_no: string;
  issue_date: string;
  seller_name: string;
  seller_tax_no: string;
  amount_excl_tax: number;
  tax_rate_bp: number;
  tax_amount: number;
  amount_incl_tax: number;
  certified_period: string | null;
  handle_remark: string | null;
  remark: string | null;
  certify_status: string;
}

export interface VatDeclarationsTable extends EngineColumns {
  declaration_no: string;
  invoice_company_id: number;
  period: string;
  output_sales: number;
  output_tax: number;
  output_invoice_count: number;
  input_tax: number;
  input_ticket_count: number;
  input_transfer_out: number;
  previous_credit: number;
  payable_tax: number;
  carried_credit: number;
  rate_breakdown: string | null;
  declared_on: string | null;
  voucher_no: string | null;
  remark: string | null;
  status: string;
}

export interface DeclareLogsTable extends EngineColumns {
  period: string;
  invoice_company_id: number;
  person_name: string;
  id_card_no: string;
  tax_type: string;
  income_amount: number;
  tax_amount: number;
  withheld_amount: number | null;
  declared_at: string;
  result: string;
  tax_voucher_no: string | null;
  response_message: string | null;
  operator_name: string | null;
}

export interface BillingTables {
  invoice_companies: InvoiceCompaniesTable;
  invoice_applications: InvoiceApplicationsTable;
  invoices: InvoicesTable;
  invoice_application_items: InvoiceApplicationItemsTable;
  input_tax_tickets: InputTaxTicketsTable;
  vat_declarations: VatDeclarationsTable;
  declare_logs: DeclareLogsTable;
}
