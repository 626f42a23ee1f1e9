/**
 * The ledger's lists on the resource engine (domain 5.10, 5.11): 提现单, 支付单 and 银行卡, read-only
 * over the ledger's tables. Money never moves through the engine: a 提现单's transitions (审核通过,
 * 驳回, 登记打款成功/失败) are the ledger's own service (platform/ledger/flows.ts, `decideWithdrawal`),
 * which the binding names; the definition only says who may run them in which state, so the platform's
 * row `actions` decide every row's buttons (docs/design/money.md).
 */
import { ENTRY_TYPE_LABELS, WITHDRAW_STATUS_LABELS } from "../ledger.js";
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

export const MONEY_RESOURCES = [withdrawal, payment, bankCard, withdrawalTransfer, ledgerEntry] as const;
