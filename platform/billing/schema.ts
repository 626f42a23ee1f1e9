/** The invoicing and tax tables (migration 0021_billing, domain 5.7, 5.8, 6.9). Money in fen, rates in bp. */
import type { SealedColumns } from "../db/personal.js";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { declareLog, inputTaxTicket, invoice, invoiceApplication, invoiceCompany, invoiceLine, vatDeclaration } from "../../contract/resources/billing.js";

export const INVOICE_COMPANY_TABLE = tableOf(invoiceCompany, { status: "enabled", generated: ["enabled"] });

export interface InvoiceCompaniesTable extends TableOf<typeof INVOICE_COMPANY_TABLE>, EngineColumns {}

export const INVOICE_APPLICATION_TABLE = tableOf(invoiceApplication, { status: "status", generated: ["invoiceCount"], notNull: ["applicationNo", "shipperName", "invoiceKind", "invoiceType", "invoiceCompanyId", "waybillCount", "totalWeight", "amountInclTax", "taxRateBp", "taxAmount", "amountExclTax", "deliveryMethod", "applicantName"] });

export interface InvoiceApplicationsTable extends TableOf<typeof INVOICE_APPLICATION_TABLE>, EngineColumns {
  request_no: string;
  request_hash: string;
  business_mode: string;
}

export const INVOICE_TABLE = tableOf(invoice, { status: "status", generated: ["images"], notNull: ["invoiceNo", "invoiceKind", "invoiceType", "invoiceCompanyId", "sellerName", "sellerTaxNo", "buyerName", "goodsName", "amountExclTax", "taxRateBp", "taxAmount", "amountInclTax", "issueDate", "applicationNo", "applicationId", "waybillCount", "weight", "drawer"] });

export interface InvoicesTable extends TableOf<typeof INVOICE_TABLE>, EngineColumns {}

export const INVOICE_LINE_TABLE = tableOf(invoiceLine, { notNull: ["freightNo", "orderNo", "cargoName", "loadingPlace", "unloadingPlace", "conveyanceName", "weight", "amountInclTax", "applicationId", "lineStatus"] });

export interface InvoiceApplicationItemsTable extends TableOf<typeof INVOICE_LINE_TABLE>, EngineColumns {
  freight_id: number;
  settlement_id: number;
}

export const INPUT_TAX_TICKET_TABLE = tableOf(inputTaxTicket, { status: "certifyStatus", notNull: ["ticketNo", "taxAmount"] });

export interface InputTaxTicketsTable extends TableOf<typeof INPUT_TAX_TICKET_TABLE>, EngineColumns {}

export const VAT_DECLARATION_TABLE = tableOf(vatDeclaration, { status: "status", generated: ["outputSales", "outputTax", "outputInvoiceCount", "inputTax", "inputTicketCount", "inputTransferOut", "previousCredit", "payableTax", "carriedCredit"], notNull: ["declarationNo"] });

export interface VatDeclarationsTable extends TableOf<typeof VAT_DECLARATION_TABLE>, EngineColumns {}

export const DECLARE_LOG_TABLE = tableOf(declareLog, {});

export interface DeclareLogsTable extends TableOf<typeof DECLARE_LOG_TABLE>, EngineColumns, SealedColumns<"id_card_no"> {}

export interface BillingTables {
  invoice_companies: InvoiceCompaniesTable;
  invoice_applications: InvoiceApplicationsTable;
  invoices: InvoicesTable;
  invoice_application_items: InvoiceApplicationItemsTable;
  input_tax_tickets: InputTaxTicketsTable;
  vat_declarations: VatDeclarationsTable;
  declare_logs: DeclareLogsTable;
}
