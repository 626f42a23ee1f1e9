/**
 * Page bindings of the ledger's lists (contract/resources/money.ts). Each row's buttons are the
 * platform's `actions` (a 提现单's 审核通过 … only for platform finance, in the state that allows it).
 */
import { bankCard, ledgerEntry, orgBalance, payeePayable, payment, recharge, waybillMoney, withdrawal, withdrawalTransfer } from "../../contract/resources/money";
import { pagesOf } from "./kit";

export const withdrawalPages = pagesOf(withdrawal, {
  list: { path: "/financialManage/withdrawList", rowActions: ["approve", "reject", "succeed", "fail"] },
});

export const paymentPages = pagesOf(payment, {
  list: { path: "/financialManage/paymentList", readOnly: true, rowActions: ["detail"], showOrg: true },
  // 支付详情 is a page of its own (the payment's waybills and 操作记录, and 支付审核 as the platform allows it).
  detail: { path: "/financialManage/paymentDetail", actions: [], bespoke: true },
});

export const bankCardPages = pagesOf(bankCard, {
  list: { path: "/system/addUserBankCardList", readOnly: true, rowActions: [] },
});

export const withdrawalTransferPages = pagesOf(withdrawalTransfer, {
  list: { path: "/financialManage/withdrawFlow", readOnly: true, rowActions: [] },
});

const ENTRY_COLUMNS = ["occurredAt", "txnId", "entryType", "income", "expense", "frozenDelta", "balanceAfter", "summary", "bizNo", "counterpartyName"] as const;

/** 账户流水: my own account's entries, each linked to its 流水详情 (platform finance: every account's). */
export const ownEntryPages = pagesOf(ledgerEntry, {
  list: { path: "/accountManage/expend", readOnly: true, rowActions: ["detail"], columns: ENTRY_COLUMNS },
  detail: { path: "/accountManage/expendDetail", actions: [], bespoke: true },
});

/** 企业流水: organisations' accounts (an organisation sees its own). */
export const orgEntryPages = pagesOf(ledgerEntry, {
  list: { path: "/financialManage/enterpriseFlow", readOnly: true, rowActions: [], preset: { ownerType: "ORG" }, columns: ["accountId", ...ENTRY_COLUMNS] },
});

/** 平台流水: the platform's own accounts (revenue, tax reserve, marketing, bank). */
export const platformEntryPages = pagesOf(ledgerEntry, {
  list: { path: "/financialManage/platformFlow", readOnly: true, rowActions: [], preset: { ownerType: "PLATFORM" }, columns: ["accountId", ...ENTRY_COLUMNS] },
});

/**
 * 我的提现 on 账户信息 (a bespoke page): the account holder's own withdrawals, 撤销 while 待审核 as the
 * platform's row actions allow. Not in PAGES: 账户信息 is not a list page.
 */
export const ownWithdrawalList = pagesOf(withdrawal, {
  list: { path: "/accountManage/accountInfo", title: "我的提现", rowActions: ["cancel"], columns: ["withdrawNo", "amount", "cardBank", "cardLast4", "status", "appliedAt", "finishedAt", "auditRemark", "failReason"] },
}).list!;

/** 我的充值 on 账户充值 (a bespoke page): the organisation's recharges, 撤销 while 待确认. */
export const ownRechargeList = pagesOf(recharge, {
  list: { path: "/accountManage/recharge", title: "我的充值", rowActions: ["cancel"], columns: ["rechargeNo", "amount", "method", "bankSerialNo", "transferTime", "voucherUrl", "status", "rejectReason", "submittedAt"] },
}).list!;

/** 待确认充值 under 企业余额: platform finance confirms (the ledger posts the money) or rejects. */
const pendingRechargeList = pagesOf(recharge, {
  list: { path: "/financialManage/enterpriseBalance", title: "待确认充值", rowActions: ["confirm", "reject"], showOrg: true, columns: ["rechargeNo", "amount", "payerName", "payerBank", "bankSerialNo", "transferTime", "voucherUrl", "submittedAt"] },
}).list!;

/** 企业余额 with 待确认充值 beneath; 详情 is 企业余额明细 (the account, its 核对 and its latest entries). */
export const orgBalancePages = pagesOf(orgBalance, {
  list: {
    path: "/financialManage/enterpriseBalance",
    rowActions: ["detail"],
    sections: [{ title: "待确认充值", page: () => pendingRechargeList, filter: { status: "PENDING" }, testId: "pending-recharges" }],
  },
  detail: { path: "/financialManage/enterpriseBalanceDetail", actions: [], related: [{ title: "资金流水", page: () => orgEntryPages.list!, filter: (record) => ({ orgId: record.orgId as number, ownerType: "ORG" }) }] },
});

/** 司机应付列表: unpaid settled freight by payee (per organisation and way). */
export const payeePayablePages = pagesOf(payeePayable, {
  list: { path: "/financialManage/driverPayableList", readOnly: true, rowActions: [] },
});

/** 运单跟踪: each waybill's money state. */
export const waybillMoneyPages = pagesOf(waybillMoney, {
  list: { path: "/financialManage/waybillTracking", readOnly: true, rowActions: [] },
});

export const MONEY_PAGE_GROUPS = [withdrawalPages, paymentPages, bankCardPages, withdrawalTransferPages, ownEntryPages, orgEntryPages, platformEntryPages, orgBalancePages, payeePayablePages, waybillMoneyPages];
