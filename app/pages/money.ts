/**
 * Page bindings of the ledger's lists (contract/resources/money.ts). Each row's buttons are the
 * platform's `actions` (a 提现单's 审核通过 … only for platform finance, in the state that allows it).
 */
import { bankCard, payment, withdrawal } from "../../contract/resources/money";
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

export const MONEY_PAGE_GROUPS = [withdrawalPages, paymentPages, bankCardPages];
