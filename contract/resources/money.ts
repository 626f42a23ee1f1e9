/**
 * The ledger's lists on the resource engine (domain 5.10, 5.11): 提现单, 支付单 and 银行卡, read-only
 * over the ledger's tables. Money never moves through the engine: a 提现单's transitions (审核通过,
 * 驳回, 登记打款成功/失败) are the ledger's own service (platform/ledger/flows.ts, `decideWithdrawal`),
 * which the binding names; the definition only says who may run them in which state, so the platform's
 * row `actions` decide every row's buttons (docs/design/money.md).
 */
import { FREIGHT_STATUS_LABELS } from "../freight.js";
import { ENTRY_TYPE_LABELS, RECHARGE_STATUS_LABELS, WITHDRAW_STATUS_LABELS } from "../ledger.js";
import { formatMoney } from "../numbers.js";
import { defineResource, f, type Options } from "./kit.js";

const SHOWN = { list: true, detail: true, export: true } as const;
const EVERYONE = ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"] as const;
/** 1 亿元 in fen: the widest amount a ledger row holds (the fields are never written through the engine). */
const MAX_FEN = 10_000_000_000;

const OWNER_TYPES = { USER: { label: "个人" }, ORG: { label: "企业" } } as const satisfies Options;
const WITHDRAW_TONES = { APPLIED: "warning", PROCESSING: "info", SUCCESS: "success", FAILED: "error", REJECTED: "error", CANCELLED: "default" } as const;
const WITHDRAW_STATES = Object.fromEntries(Object.entries(WITHDRAW_STATUS_LABELS).map(([key, label]) => [key, { label, tone: WITHDRAW_TONES[key as keyof typeof WITHDRAW_TONES] }])) as {
  [K in keyof typeof WITHDRAW_STATUS_LABELS]: { label: (typeof WITHDRAW_STATUS_LABELS)[K]; tone: (typeof WITHDRAW_TONES)[K] };
};
const PLATFORM_FINANCE = ["SYSTEM_USER"] as const;
const ACCOUNT_HOLDERS = ["ORG_USER", "INDIVIDUAL_USER"] as const;
/** Staff who read withdrawals: platform finance (提现审核) and tenant staff (财务统计, their tenant's). */
const STAFF_FINANCE = ["PAY_WITHDRAW_AUDIT", "TMS_FINANCE_STATISTICS"] as const;
const WITHDRAWAL_READERS = [...STAFF_FINANCE, "PAY_WITHDRAW_APPLY"] as const;

// ---------------------------------------------------------------------------------------------
// 提现单 (withdrawals)

export const withdrawal = defineResource({
  key: "withdrawal",
  name: "提现单",
  api: "pay-withdrawal",
  titleField: "withdrawNo",
  fields: {
    withdrawNo: f.text("提现单号", 32, SHOWN),
    ownerName: f.text("申请人", 64, SHOWN),
    ownerType: f.enumOf("角色", OWNER_TYPES, SHOWN),
    ownerMobile: f.text("手机号", 11, SHOWN),
    cardHolder: f.text("收款人", 64, SHOWN),
    cardBank: f.text("收款银行", 64, SHOWN),
    cardLast4: { ...f.text("银行卡", 4, SHOWN), format: (v: string | null | undefined) => (v ? `****${v}` : "") },
    amount: f.moneyFen("提现金额(元)", MAX_FEN, SHOWN),
    fee: f.moneyFen("手续费(元)", MAX_FEN, SHOWN),
    actualAmount: f.moneyFen("到账金额(元)", MAX_FEN, SHOWN),
    appliedAt: f.datetime("申请时间", { ...SHOWN, column: "created_at" }),
    auditedName: f.text("审核人", 64, SHOWN),
    finishedAt: f.datetime("完成时间", SHOWN),
    bankSerialNo: f.text("银行流水号", 64, SHOWN),
    auditRemark: f.text("驳回原因", 200, { detail: true, export: true }),
    failReason: f.text("失败原因", 200, { detail: true, export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "APPLIED",
    states: WITHDRAW_STATES,
    editableIn: [],
    transitions: {
      approve: { label: "审核通过", from: ["APPLIED"], to: "PROCESSING", permission: "PAY_WITHDRAW_AUDIT", kinds: PLATFORM_FINANCE, tone: "primary", confirm: "通过后提现进入打款，由银行处理" },
      reject: { label: "驳回", from: ["APPLIED"], to: "REJECTED", permission: "PAY_WITHDRAW_AUDIT", kinds: PLATFORM_FINANCE, tone: "danger", confirm: "金额将解冻退回申请人账户", input: { auditRemark: f.textarea("驳回原因", 200, { required: true }) } },
      succeed: { label: "登记打款成功", from: ["PROCESSING"], to: "SUCCESS", permission: "PAY_WITHDRAW_AUDIT", kinds: PLATFORM_FINANCE, tone: "primary", input: { bankSerialNo: f.text("银行流水号", 64, { required: true }) } },
      fail: { label: "登记打款失败", from: ["PROCESSING"], to: "FAILED", permission: "PAY_WITHDRAW_AUDIT", kinds: PLATFORM_FINANCE, tone: "danger", confirm: "金额将解冻退回申请人账户", input: { failReason: f.textarea("失败原因", 200, { required: true }) } },
      // The applicant's own (账户信息 › 我的提现): an account holder sees only his own withdrawals.
      cancel: { label: "撤销", from: ["APPLIED"], to: "CANCELLED", permission: "PAY_WITHDRAW_APPLY", kinds: ACCOUNT_HOLDERS, tone: "danger", confirm: "撤销后冻结的金额将退回可用余额" },
    },
  },
  // Platform finance, tenant staff (财务统计, their tenant's) and every applicant (their own).
  permissions: { list: WITHDRAWAL_READERS, detail: WITHDRAWAL_READERS, export: ["PAY_WITHDRAW_AUDIT", "TMS_FINANCE_STATISTICS"] },
  kinds: { read: EVERYONE, write: [] },
  keyword: { label: "提现单号/申请人/手机", fields: ["withdrawNo", "ownerName", "ownerMobile"] },
  sums: { withdrawAmount: "amount" },
  defaultSort: ["createdTime", "desc"],
  // Never created through the engine (a withdrawal is applied for on 账户信息): the example is for the unit test only.
  example: { as: "SYSTEM_USER", body: () => ({}) },
});

// ---------------------------------------------------------------------------------------------
// 支付单 (payments)

const PAYMENT_STATES = {
  SUCCESS: { label: "支付成功", tone: "success" },
  PENDING_AUDIT: { label: "待审核", tone: "warning" },
  REJECTED: { label: "已驳回", tone: "error" },
} as const satisfies Options;
const FREIGHT_WAYS = { ROAD: { label: "陆运" }, WATER: { label: "水运" } } as const satisfies Options;

const PAYMENT_READERS = ["PAY_PAYMENT_MANAGEMENT", "PAY_PAYMENT_AUDIT", "PAY_FLOW_VIEW", "TMS_FINANCE_STATISTICS"] as const;

export const payment = defineResource({
  key: "payment",
  name: "支付单",
  api: "pay-payment",
  titleField: "paymentNo",
  fields: {
    paymentNo: f.text("支付单号", 32, SHOWN),
    freightWay: f.enumOf("运输方式", FREIGHT_WAYS, SHOWN),
    itemCount: f.int("运单数", 0, 200, SHOWN),
    totalShipperPayable: f.moneyFen("货主应付(元)", MAX_FEN, SHOWN),
    totalNetToPayee: f.moneyFen("实付收款人(元)", MAX_FEN, SHOWN),
    totalServiceFee: f.moneyFen("服务费(元)", MAX_FEN, SHOWN),
    totalTaxReserve: f.moneyFen("留存税费(元)", MAX_FEN, SHOWN),
    submittedName: f.text("提交人", 64, SHOWN),
    submittedAt: f.datetime("提交时间", { detail: true, export: true }),
    executedAt: f.datetime("支付时间", SHOWN),
    auditedName: f.text("审核人", 64, { detail: true, export: true }),
    auditRemark: f.text("驳回原因", 200, { detail: true, export: true }),
  },
  status: { field: "status", label: "状态", initial: "SUCCESS", states: PAYMENT_STATES, editableIn: [], transitions: {} },
  // Tenant staff read their organisations' payments through 财务统计.
  permissions: { list: PAYMENT_READERS, detail: PAYMENT_READERS, export: PAYMENT_READERS },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  keyword: { label: "支付单号", fields: ["paymentNo"] },
  sums: { shipperPayable: "totalShipperPayable", netToPayee: "totalNetToPayee" },
  defaultSort: ["submittedAt", "desc"],
  example: { as: "ORG_USER", body: () => ({}) },
});

// ---------------------------------------------------------------------------------------------
// 用户银行卡 (bank_cards), for platform staff

const CARD_READERS = ["PAY_WITHDRAW_AUDIT", "PAY_BANK_CARD"] as const;
const BANK_CARD_STATES = { BOUND: { label: "已绑定", tone: "success" }, UNBOUND: { label: "已解绑" } } as const satisfies Options;

export const bankCard = defineResource({
  key: "bankCard",
  name: "银行卡",
  api: "pay-bank-card",
  titleField: "holderName",
  fields: {
    holderName: f.text("开户名", 128, SHOWN),
    ownerType: f.enumOf("主体", OWNER_TYPES, { ...SHOWN, filter: "eq" }),
    cardKind: f.enumOf("账户类型", { PERSONAL: { label: "个人借记卡" }, CORPORATE: { label: "对公账户" } }, SHOWN),
    bankName: f.text("开户银行", 64, SHOWN),
    bankBranch: f.text("开户网点", 64, SHOWN),
    cardNoLast4: { ...f.text("卡号", 4, SHOWN), format: (v: string | null | undefined) => (v ? `**** ${v}` : "") },
    reservedMobile: f.text("预留手机号", 11, { ...SHOWN, mask: "mobile" }),
    verifyStatus: f.enumOf("验证状态", { VERIFIED: { label: "已验证", tone: "success" }, UNVERIFIED: { label: "未验证" }, FAILED: { label: "验证失败", tone: "error" } }, SHOWN),
    isDefault: f.bool("默认卡", SHOWN),
    boundAt: f.datetime("绑定时间", SHOWN),
    unboundAt: f.datetime("解绑时间", { detail: true, export: true }),
  },
  status: { field: "status", label: "状态", initial: "BOUND", states: BANK_CARD_STATES, editableIn: [], transitions: {} },
  // Organisations and individuals keep their own cards on 账户信息: here they see none.
  permissions: { list: CARD_READERS, detail: CARD_READERS, export: ["PAY_WITHDRAW_AUDIT"] },
  kinds: { read: EVERYONE, write: [] },
  keyword: { label: "开户名/卡号后四位", fields: ["holderName", "cardNoLast4"] },
  defaultSort: ["boundAt", "desc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});

// ---------------------------------------------------------------------------------------------
// 提现流水 (withdrawal_transfers): each bank transfer attempt of a withdrawal

const TRANSFER_STATES = { SUBMITTED: { label: "已提交", tone: "info" }, SUCCESS: { label: "成功", tone: "success" }, FAILED: { label: "失败", tone: "error" }, UNKNOWN: { label: "未知", tone: "warning" } } as const satisfies Options;
/** Both show the withdrawal the attempt belongs to (`withdrawal_id`), by its number and by its applicant. */
const OF_WITHDRAWAL = { ...SHOWN, column: "withdrawal_id" } as const;

export const withdrawalTransfer = defineResource({
  key: "withdrawalTransfer",
  name: "提现流水",
  api: "pay-withdrawal-transfer",
  titleField: "requestSerial",
  fields: {
    withdrawalId: f.ref("提现单号", "withdrawal", "withdrawNo", OF_WITHDRAWAL),
    applicant: f.ref("申请人", "withdrawal", "ownerName", OF_WITHDRAWAL),
    attemptNo: f.int("尝试次数", 1, 99, SHOWN),
    channel: f.enumOf("通道", { CUSTODY: { label: "存管银行" }, BANK_DIRECT: { label: "银企直连" }, MANUAL: { label: "线下打款" } }, SHOWN),
    requestSerial: f.text("请求流水号", 64, SHOWN),
    bankSerial: f.text("银行流水号", 64, SHOWN),
    amount: f.moneyFen("金额(元)", MAX_FEN, SHOWN),
    responseMsg: f.text("返回信息", 200, SHOWN),
    submittedAt: f.datetime("提交时间", SHOWN),
    finishedAt: f.datetime("完成时间", SHOWN),
  },
  status: { field: "status", label: "状态", initial: "SUBMITTED", states: TRANSFER_STATES, editableIn: [], transitions: {} },
  permissions: { list: STAFF_FINANCE, detail: STAFF_FINANCE, export: STAFF_FINANCE },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER"], write: [] },
  keyword: { label: "提现单号", fields: ["requestSerial"] },
  defaultSort: ["submittedAt", "desc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});

/** 资金流水 readers: platform finance (资金流水查看), tenant staff (财务统计), and every account holder for their own account. */
const FLOW_READERS = ["PAY_FLOW_VIEW", "TMS_FINANCE_STATISTICS", "PAY_ACCOUNT_RECHARGE", "PAY_WITHDRAW_APPLY"] as const;

// ---------------------------------------------------------------------------------------------
// 资金流水 (ledger_entries): 账户流水 (my account), 企业流水 and 平台流水 (platform finance)

const ENTRY_TYPES = Object.fromEntries(Object.entries(ENTRY_TYPE_LABELS).map(([key, label]) => [key, { label }])) as { [K in keyof typeof ENTRY_TYPE_LABELS]: { label: string } };
const ACCOUNT_OWNERS = { PLATFORM: { label: "平台" }, ORG: { label: "企业" }, USER: { label: "个人" } } as const satisfies Options;
/** An entry's amount shown on one side only: 收入 when positive, 支出 (as a positive figure) when negative. */
const side = (label: string, sign: 1 | -1) => ({ ...f.moneyFen(label, MAX_FEN, { list: true, export: true, column: "amount" }), format: (v: number | null | undefined) => (v && Math.sign(v) === sign ? formatMoney(Math.abs(v)) : "") });
const signed = (v: number | null | undefined) => (v == null ? "" : `${v > 0 ? "+" : ""}${formatMoney(v)}`);

export const ledgerEntry = defineResource({
  key: "ledgerEntry",
  name: "资金流水",
  api: "pay-entry",
  titleField: "bizNo",
  fields: {
    accountId: f.ref("账户", "ledgerEntry", "accountName", SHOWN),
    occurredAt: f.datetime("时间", { ...SHOWN, column: "created_at" }),
    txnId: f.ref("交易流水号", "ledgerEntry", "txnNo", SHOWN),
    entryType: f.enumOf("流水类型", ENTRY_TYPES, { ...SHOWN, filter: "eq" }),
    income: side("收入(元)", 1),
    expense: side("支出(元)", -1),
    frozenDelta: { ...f.moneyFen("冻结变动(元)", MAX_FEN, SHOWN), format: signed },
    balanceAfter: f.moneyFen("余额(元)", MAX_FEN, SHOWN),
    summary: f.text("摘要", 200, SHOWN),
    bizNo: f.text("业务单号", 32, { ...SHOWN, filter: "contains" }),
    counterpartyName: f.text("对方户名", 128, SHOWN),
    ownerType: f.enumOf("账户主体", ACCOUNT_OWNERS, { filter: "eq" }),
  },
  permissions: { list: FLOW_READERS, detail: FLOW_READERS, export: FLOW_READERS },
  kinds: { read: EVERYONE, write: [] },
  createdFilter: "日期",
  defaultSort: ["createdTime", "desc"],
  example: { as: "ORG_USER", body: () => ({}) },
});

// ---------------------------------------------------------------------------------------------
// 充值单 (recharges): 我的充值 on 账户充值, 待确认充值 on 企业余额. Confirm, reject and cancel are the
// ledger's `decideRecharge` (a confirmation posts the money).

const RECHARGE_TONES = { PENDING: "warning", CONFIRMED: "success", REJECTED: "error", CANCELLED: "default" } as const;
const RECHARGE_STATES = Object.fromEntries(Object.entries(RECHARGE_STATUS_LABELS).map(([key, label]) => [key, { label, tone: RECHARGE_TONES[key as keyof typeof RECHARGE_TONES] }])) as {
  [K in keyof typeof RECHARGE_STATUS_LABELS]: { label: (typeof RECHARGE_STATUS_LABELS)[K]; tone: (typeof RECHARGE_TONES)[K] };
};
/** Platform finance (充值审核, 资金流水查看), tenant staff (财务统计) and the organisation (账户充值, its own). */
const RECHARGE_READERS = ["PAY_RECHARGE_AUDIT", "PAY_FLOW_VIEW", "TMS_FINANCE_STATISTICS", "PAY_ACCOUNT_RECHARGE"] as const;

export const recharge = defineResource({
  key: "recharge",
  name: "充值单",
  api: "pay-recharge",
  titleField: "rechargeNo",
  fields: {
    rechargeNo: f.text("充值单号", 32, SHOWN),
    amount: f.moneyFen("金额(元)", MAX_FEN, SHOWN),
    method: f.enumOf("方式", { BANK_TRANSFER: { label: "线下转账" }, ONLINE: { label: "在线支付" } }, SHOWN),
    payerName: f.text("付款户名", 128, SHOWN),
    payerAccountNo: f.text("付款账号", 32, { detail: true, export: true }),
    payerBank: f.text("付款银行", 64, SHOWN),
    bankSerialNo: f.text("银行流水号", 64, SHOWN),
    transferTime: f.datetime("转账时间", SHOWN),
    voucherUrl: f.images("转账凭证", 1, { ...SHOWN, document: "RECHARGE_VOUCHER" }),
    submittedName: f.text("提交人", 64, { detail: true, export: true }),
    submittedAt: f.datetime("提交时间", { ...SHOWN, column: "created_at" }),
    confirmedName: f.text("处理人", 64, { detail: true, export: true }),
    rejectReason: f.text("驳回原因", 200, SHOWN),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "PENDING",
    states: RECHARGE_STATES,
    editableIn: [],
    transitions: {
      confirm: { label: "确认到账", from: ["PENDING"], to: "CONFIRMED", permission: "PAY_RECHARGE_AUDIT", kinds: PLATFORM_FINANCE, tone: "primary", confirm: "请核对银行流水后确认，确认后金额记入企业账户" },
      reject: { label: "驳回", from: ["PENDING"], to: "REJECTED", permission: "PAY_RECHARGE_AUDIT", kinds: PLATFORM_FINANCE, tone: "danger", input: { rejectReason: f.textarea("驳回原因", 200, { required: true }) } },
      cancel: { label: "撤销", from: ["PENDING"], to: "CANCELLED", permission: "PAY_ACCOUNT_RECHARGE", kinds: ["ORG_USER"], tone: "danger", confirm: "撤销后这笔充值申请作废" },
    },
  },
  permissions: { list: RECHARGE_READERS, detail: RECHARGE_READERS, export: RECHARGE_READERS },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  keyword: { label: "充值单号/银行流水号", fields: ["rechargeNo", "bankSerialNo"] },
  defaultSort: ["createdTime", "desc"],
  // Submitted on 账户充值 (the ledger's own form, with its request number): the example is for the unit test only.
  example: { as: "ORG_USER", body: () => ({}) },
});

// ---------------------------------------------------------------------------------------------
// 企业余额 (the view org_balances: organisations' BASIC accounts)

const ACCOUNT_STATES = { ACTIVE: { label: "正常", tone: "success" }, FROZEN: { label: "冻结", tone: "warning" }, CLOSED: { label: "注销" } } as const satisfies Options;
/** Platform finance, tenant staff (财务统计) and an organisation (its own account). */
const BALANCE_READERS = ["PAY_RECHARGE_AUDIT", "PAY_FLOW_VIEW", "TMS_FINANCE_STATISTICS", "PAY_ACCOUNT_RECHARGE"] as const;

export const orgBalance = defineResource({
  key: "orgBalance",
  name: "企业余额",
  api: "pay-org-balance",
  titleField: "accountName",
  fields: {
    accountName: f.text("企业", 128, SHOWN),
    accountNo: f.text("账号", 32, SHOWN),
    balance: f.moneyFen("余额(元)", MAX_FEN, { ...SHOWN, filter: "range" }),
    frozen: f.moneyFen("冻结(元)", MAX_FEN, SHOWN),
    available: f.moneyFen("可用(元)", MAX_FEN, SHOWN),
    updatedAt: f.datetime("最近变动时间", SHOWN),
  },
  status: { field: "status", label: "状态", initial: "ACTIVE", states: ACCOUNT_STATES, editableIn: [], transitions: {} },
  permissions: { list: BALANCE_READERS, detail: BALANCE_READERS, export: BALANCE_READERS },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  keyword: { label: "企业", fields: ["accountName"] },
  sums: { balance: "balance", frozen: "frozen" },
  defaultSort: ["balance", "desc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});

// ---------------------------------------------------------------------------------------------
// 司机应付 (the view payee_payables: unpaid settled freight grouped by payee)

const PAYMENT_LIST_READERS = PAYMENT_READERS;

export const payeePayable = defineResource({
  key: "payeePayable",
  name: "司机应付",
  api: "pay-payee-payable",
  titleField: "payeeName",
  fields: {
    payeeName: f.text("收款人", 64, SHOWN),
    mobile: f.text("手机号", 11, SHOWN),
    registered: { ...f.bool("已注册钱包", SHOWN), column: "payee_user_id", format: (v: unknown) => (v ? "是" : "否") },
    freightWay: f.enumOf("运输方式", FREIGHT_WAYS, { ...SHOWN, filter: "eq" }),
    waybillCount: f.int("运单数", 0, 1_000_000, SHOWN),
    netToPayee: f.moneyFen("应付金额(元)", MAX_FEN * 100, SHOWN),
    shipperPayable: f.moneyFen("货主应付(元)", MAX_FEN * 100, { detail: true, export: true }),
    earliestSettledAt: f.datetime("最早核算时间", SHOWN),
    cardCount: { ...f.int("已绑卡", 0, 99, SHOWN), format: (v: number | null | undefined) => (v ? "是" : "否") },
  },
  permissions: { list: PAYMENT_LIST_READERS, detail: PAYMENT_LIST_READERS, export: PAYMENT_LIST_READERS },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  keyword: { label: "姓名/手机", fields: ["payeeName", "mobile"] },
  sums: { payeePayable: "netToPayee", shipperPayable: "shipperPayable" },
  defaultSort: ["netToPayee", "desc"],
  example: { as: "ORG_USER", body: () => ({}) },
});

// ---------------------------------------------------------------------------------------------
// 运单跟踪 (the view waybill_money: each waybill with its settlement, payment and invoice state)

const FREIGHT_STATES = Object.fromEntries(Object.entries(FREIGHT_STATUS_LABELS).map(([key, label]) => [key, { label }])) as { [K in keyof typeof FREIGHT_STATUS_LABELS]: { label: string } };

export const waybillMoney = defineResource({
  key: "waybillMoney",
  name: "运单资金",
  api: "pay-waybill-tracking",
  titleField: "freightNo",
  fields: {
    freightNo: f.text("运单号", 32, SHOWN),
    orderNo: f.text("订单号", 32, SHOWN),
    shipperName: f.text("托运人", 128, SHOWN),
    carrierName: f.text("司机/船长", 64, SHOWN),
    freightWay: f.enumOf("运输方式", FREIGHT_WAYS, { ...SHOWN, filter: "eq" }),
    freightStatus: f.enumOf("运单状态", FREIGHT_STATES, SHOWN),
    settleStatus: f.enumOf("核算状态", { SETTLED: { label: "已核算", tone: "success" }, UNSETTLED: { label: "未核算" } }, SHOWN),
    payStatus: f.enumOf("付款状态", { UNSETTLED: { label: "未核算" }, UNPAID: { label: "未付款", tone: "warning" }, PAYING: { label: "付款审核中", tone: "info" }, PAID: { label: "已付款", tone: "success" } }, { ...SHOWN, filter: "eq" }),
    paymentNo: f.text("支付单号", 32, SHOWN),
    invoiceStatus: f.enumOf("开票状态", { NOT_INVOICED: { label: "未开票" }, INVOICE_APPLIED: { label: "已申请开票", tone: "info" }, INVOICED: { label: "已开票", tone: "success" } }, SHOWN),
    shipperPayable: f.moneyFen("货主应付(元)", MAX_FEN, SHOWN),
    abnormal: { ...f.bool("异常", SHOWN), format: (v: boolean | null | undefined) => (v ? "异常" : "正常") },
    completeTime: f.datetime("完成时间", SHOWN),
    paidAt: f.datetime("付款时间", SHOWN),
  },
  permissions: { list: PAYMENT_LIST_READERS, detail: PAYMENT_LIST_READERS, export: PAYMENT_LIST_READERS },
  kinds: { read: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], write: [] },
  keyword: { label: "运单号/订单号", fields: ["freightNo", "orderNo"] },
  sums: { shipperPayable: "shipperPayable" },
  defaultSort: ["createdTime", "desc"],
  example: { as: "ORG_USER", body: () => ({}) },
});

export const MONEY_RESOURCES = [withdrawal, payment, bankCard, withdrawalTransfer, ledgerEntry, recharge, orgBalance, payeePayable, waybillMoney] as const;
