/**
 * Page bindings of the ledger's lists (contract/resources/money.ts). Each row's buttons are the
 * platform's `actions` (a 提现单's 审核通过 … only for platform finance, in the state that allows it).
 */
import { bankCard, ledgerEntry, payment, withdrawal, withdrawalTransfer } from "../../contract/resources/money";
import { pagesOf } from "./kit";

export const withdrawalPages = pagesOf(withdrawal, {
  list: { path: "/financialManage/withdrawList", title: "提现列表", rowActions: ["approve", "reject", "succeed", "fail"] },
});

export const paymentPages = pagesOf(payment, {
  list: { path: "/financialManage/paymentList", title: "支付列表", rowActions: ["detail"], showOrg: true },
  // 支付详情 is a page of its own (the payment's waybills and 操作记录, and 支付审核 as the platform allows it).
  detail: { path: "/financialManage/paymentDetail", title: "支付详情", actions: [], bespoke: true },
});

export const bankCardPages = pagesOf(bankCard, {
  list: { path: "/system/addUserBankCardList", title: "用户银行卡", rowActions: [] },
});

export const withdrawalTransferPages = pagesOf(withdrawalTransfer, {
  list: { path: "/financialManage/withdrawFlow", title: "提现流水", rowActions: [] },
});

const ENTRY_COLUMNS = ["occurredAt", "txnId", "entryType", "income", "expense", "frozenDelta", "balanceAfter", "summary", "bizNo", "counterpartyName"] as const;

/** 账户流水: my own account's entries, each linked to its 流水详情 (platform finance: every account's). */
export const ownEntryPages = pagesOf(ledgerEntry, {
  list: { path: "/accountManage/expend", title: "账户流水", rowActions: ["detail"], columns: ENTRY_COLUMNS },
  detail: { path: "/accountManage/expendDetail", title: "流水详情", actions: [], bespoke: true },
});

/** 企业流水: organisations' accounts (an organisation sees its own). */
export const orgEntryPages = pagesOf(ledgerEntry, {
  list: { path: "/financialManage/enterpriseFlow", title: "企业流水", rowActions: [], preset: { ownerType: "ORG" }, columns: ["accountId", ...ENTRY_COLUMNS] },
});

/** 平台流水: the platform's own accounts (revenue, tax reserve, marketing, bank). */
export const platformEntryPages = pagesOf(ledgerEntry, {
  list: { path: "/financialManage/platformFlow", title: "平台流水", rowActions: [], preset: { ownerType: "PLATFORM" }, columns: ["accountId", ...ENTRY_COLUMNS] },
});

export const MONEY_PAGE_GROUPS = [withdrawalPages, paymentPages, bankCardPages, withdrawalTransferPages, ownEntryPages, orgEntryPages, platformEntryPages];
