/** Page bindings of the finance records on the engine: 提现分配, 临时登记记录, 撮合开票列表 and its 合并明细. */
import { matchInvoice, matchInvoiceItem } from "../../contract/resources/match-invoice";
import { payeeSetting } from "../../contract/resources/payee-setting";
import { taxRegistration } from "../../contract/resources/tax-registration";
import { pagesOf, type ListPage, type ResourcePage } from "./kit";

export const payeeSettingPages = pagesOf(payeeSetting, {
  list: { path: "/system/withdrawalAllocation", rowActions: ["edit", "approve", "reject", "revoke"], inlineForm: true, createLabel: "新增收款设置" },
});

export const taxRegistrationPages = pagesOf(taxRegistration, {
  list: { path: "/financialManage/temporaryRegistrationList", rowActions: ["edit", "register", "fail", "retry", "cancel"], inlineForm: true, createLabel: "提交登记" },
});

export const MERGE_DETAIL = "/financialManage/mergeDetail";
/** The waybills of one matchmaking invoice, shown on its 合并明细 page. */
const mergedWaybills = (): ListPage => ({ def: matchInvoiceItem, kind: "list", path: MERGE_DETAIL, rowActions: [], links: {} });

export const matchInvoicePages = pagesOf(matchInvoice, {
  list: {
    path: "/financialManage/matchmakingBillingList",
    rowActions: ["detail", "startIssue", "issue", "mail", "cancel"],
    showOrg: true,
    columns: ["applyNo", "orderNo", "invoiceKind", "invoiceType", "buyerName", "sellerName", "driverName", "amount", "waybillCount", "invoiceNo", "invoiceCode", "issueDate", "expressNo", "status", "createdTime", "finishedAt"],
    wideColumns: ["orderNo", "invoiceType", "sellerName", "invoiceCode", "expressNo", "finishedAt"],
  },
  detail: {
    path: MERGE_DETAIL,
    actions: ["startIssue", "issue", "mail", "cancel"],
    related: [{ title: "合并明细（运单）", page: mergedWaybills, filter: (record) => ({ invoiceId: Number(record.id) }) }],
  },
});

export const FINANCE_PAGE_GROUPS: Array<Record<string, ResourcePage | undefined>> = [payeeSettingPages, taxRegistrationPages, matchInvoicePages];
