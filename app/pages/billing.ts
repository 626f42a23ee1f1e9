/**
 * 开票与税务 pages on the engine (domain 5.10, 6.9): 开票列表 and 开票审核列表 over applications with one
 * detail page (its invoices and waybill lines), 发票列表 and 发票详情, 进项票, 增值税申报, 申报日志 and
 * /system/invoiceCompany. 新开票列表 (picking waybills) is the engine list of `invoiceable` (pages/settlement.ts).
 */
import { declareLog, inputTaxTicket, invoice, invoiceApplication, invoiceCompany, invoiceLine, vatDeclaration } from "../../contract/resources/billing";
import { pagesOf, type ListPage } from "./kit";

export const BILLING_LIST = "/financialManage/billingList";
export const BILLING_DETAIL = "/financialManage/billingDetail";
export const INVOICE_DETAIL = "/financialManage/invoiceDetail";

export const invoiceCompanyPages = pagesOf(invoiceCompany, {
  list: {
    path: "/system/invoiceCompany",
    rowActions: ["edit", "disable", "enable"],
    inlineForm: true,
    columns: ["name", "creditCode", "roadPermitNo", "freightTaxRateBp", "maxInvoiceAmount", "drawer", "enabled"],
  },
});

const APPLICATION_COLUMNS = ["applicationNo", "shipperName", "invoiceKind", "invoiceType", "invoiceCompanyId", "waybillCount", "amountInclTax", "taxAmount", "status", "createdTime", "issuedAt"] as const;
const APPLICATION_WIDE_COLUMNS = ["invoiceKind", "issuedAt"] as const;

const invoicesOf = (): ListPage => ({ ...invoicePages.list!, rowActions: ["detail"], columns: ["invoiceNo", "invoiceType", "amountExclTax", "taxAmount", "amountInclTax", "issueDate", "images", "status"] });
const linesOf = (): ListPage => ({ def: invoiceLine, kind: "list", path: BILLING_DETAIL, rowActions: [], links: {} });

export const billingPages = pagesOf(invoiceApplication, {
  list: { path: BILLING_LIST, rowActions: ["detail", "submit", "cancel"], showOrg: true, columns: APPLICATION_COLUMNS },
  detail: {
    path: BILLING_DETAIL,
    actions: ["submit", "cancel", "approve", "reject", "issue", "mail"],
    related: [
      { title: "发票", page: invoicesOf, filter: (record) => ({ applicationId: Number(record.id) }) },
      { title: "运单明细（运输清单）", page: linesOf, filter: (record) => ({ applicationId: Number(record.id) }) },
    ],
  },
});

export const billingAuditPages = pagesOf(invoiceApplication, {
  list: {
    path: "/financialManage/billingAuditList",
    rowActions: ["detail", "approve", "reject", "issue", "mail"],
    showOrg: true,
    columns: APPLICATION_COLUMNS,
    wideColumns: APPLICATION_WIDE_COLUMNS,
    tabs: {
      field: "status",
      options: [
        { label: "待审核", value: "PENDING_AUDIT" },
        { label: "待开票", value: "APPROVED" },
        { label: "已开票", value: "ISSUED" },
        { label: "全部", value: null },
      ],
    },
  },
});
billingAuditPages.list!.links.detail = BILLING_DETAIL;

export const invoicePages = pagesOf(invoice, {
  list: {
    path: "/financialManage/invoiceList",
    rowActions: ["detail", "void", "redFlush"],
    showOrg: true,
    columns: ["invoiceNo", "invoiceCode", "invoiceKind", "invoiceType", "invoiceCompanyId", "buyerName", "amountExclTax", "taxRateBp", "taxAmount", "amountInclTax", "issueDate", "status", "applicationNo"],
    wideColumns: ["invoiceCode", "invoiceKind", "applicationNo"],
  },
  detail: {
    path: INVOICE_DETAIL,
    actions: ["attachImages", "void", "redFlush"],
    related: [{ title: "关联运单（合并明细）", page: () => ({ ...linesOf(), path: INVOICE_DETAIL }), filter: (record) => ({ invoiceId: Number(record.id) }) }],
  },
});

/** Where 进项票 批量导入 downloads its template (financialManage.inputTaxTicket.template[.]xlsx.tsx). */
export const TICKET_TEMPLATE_PATH = "/financialManage/inputTaxTicket/template.xlsx";

export const inputTaxTicketPages = pagesOf(inputTaxTicket, {
  list: {
    path: "/financialManage/inputTaxTicket",
    rowActions: ["edit", "certify", "transferOut", "markAbnormal", "restore", "delete"],
    inlineForm: true,
    createLabel: "登记进项票",
    columns: ["ticketNo", "invoiceCompanyId", "category", "invoiceNo", "issueDate", "sellerName", "amountExclTax", "taxAmount", "amountInclTax", "certifyStatus", "certifiedPeriod"],
  },
});

export const vatDeclarationPages = pagesOf(vatDeclaration, {
  list: {
    path: "/financialManage/vatDeclaration",
    rowActions: ["recompute", "confirm", "declare", "pay", "delete"],
    inlineForm: true,
    createLabel: "生成申报",
    columns: ["declarationNo", "invoiceCompanyId", "period", "outputSales", "outputTax", "inputTax", "inputTransferOut", "previousCredit", "payableTax", "carriedCredit", "rateBreakdown", "status"],
  },
});

export const declareLogPages = pagesOf(declareLog, {
  list: { path: "/financialManage/declareLog", rowActions: [], inlineForm: true, createLabel: "补录" },
});

export const BILLING_PAGE_GROUPS = [invoiceCompanyPages, billingPages, billingAuditPages, invoicePages, inputTaxTicketPages, vatDeclarationPages, declareLogPages];
