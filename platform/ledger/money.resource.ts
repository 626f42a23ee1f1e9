/**
 * Engine bindings of the ledger's lists (contract/resources/money.ts): read-only over the ledger's
 * tables, scoped by platform/scope.ts like the ledger's own queries. The only writes are a 提现单's
 * transitions, and they are the ledger's service `decideWithdrawal` (one money transaction each, with
 * its notifications); the engine only checks who may run them on which row in which state first.
 */
import { sql, type SqlBool } from "kysely";
import { bankCard, ledgerEntry, orgBalance, payeePayable, payment, recharge, waybillMoney, withdrawal, withdrawalTransfer } from "../../contract/resources/money.js";
import { withOutbox } from "../iam/notifications/events.js";
import { bindResource, type ScopeRule, type TransitionService } from "../resources/bind.js";
import { contains } from "../resources/query.js";
import { accountOwner, accountRows, isPlatformStaff, isStaff, NOTHING, rowsFor, visible, type CallerScope } from "../scope.js";
import { decideRecharge, decideWithdrawal, type WithdrawDecision } from "./flows.js";

/** A 提现单 decision run by the ledger, with its notifications delivered after commit. */
const decide =
  (decision: (input: Record<string, unknown>) => WithdrawDecision): TransitionService =>
  (ctx, scope, id, input) =>
    withOutbox(ctx, (outbox) => decideWithdrawal(ctx.db, scope, id, decision(input), outbox));

const withdrawalBinding = bindResource(withdrawal, {
  table: "withdrawals",
  scope: accountRows,
  softDelete: false,
  services: {
    approve: decide(() => ({ action: "approve" })),
    reject: decide((input) => ({ action: "reject", reason: String(input.auditRemark) })),
    succeed: decide((input) => ({ action: "succeed", bankSerialNo: String(input.bankSerialNo) })),
    fail: decide((input) => ({ action: "fail", reason: String(input.failReason) })),
    cancel: decide(() => ({ action: "cancel" })),
  },
});

/** An organisation's payments; road-only callers see road payments only. */
const paymentRows: ScopeRule = (scope, alias) => {
  const rows = rowsFor(scope, alias, { individual: null });
  return scope.water ? rows : sql<SqlBool>`(${rows} and ${sql.ref(`${alias}.freight_way`)} = 'ROAD')`;
};

const paymentBinding = bindResource(payment, {
  table: "payments",
  scope: paymentRows,
  softDelete: false,
  // 支付单号/运单号: a payment is found by any of its waybills too.
  keywordAlso: (alias, text) => sql<SqlBool>`exists (select 1 from payment_items i where i.payment_id = ${sql.ref(`${alias}.id`)} and ${contains("i.freight_no", text)})`,
});

/** Bound cards of the platform (platform staff) or the tenant's (tenant staff); organisations and individuals see theirs on 账户信息. */
const bankCardBinding = bindResource(bankCard, {
  table: "bank_cards",
  scope: (scope, alias) => rowsFor(scope, alias, { org: null, individual: null }),
  softDelete: false,
});

/** A withdrawal's transfer attempts, seen by whoever sees the withdrawal. */
const withdrawalTransferBinding = bindResource(withdrawalTransfer, {
  table: "withdrawal_transfers",
  scope: (scope, alias) => sql<SqlBool>`(${sql.ref(`${alias}.platform_id`)} = ${scope.platformId} and ${sql.ref(`${alias}.withdrawal_id`)} in (select w.id from withdrawals w where ${accountRows(scope, "w")}))`,
  softDelete: false,
  labels: {
    withdrawNo: { table: "withdrawals", via: "withdrawal_id", column: "withdraw_no" },
    ownerName: { table: "withdrawals", via: "withdrawal_id", column: "owner_name" },
  },
  keywordAlso: (alias, text) => sql<SqlBool>`${sql.ref(`${alias}.withdrawal_id`)} in (select w.id from withdrawals w where ${contains("w.withdraw_no", text)})`,
});

/**
 * Whose entries a caller reads: an account holder its own account's; platform finance (资金流水查看)
 * every account of the platform; tenant staff their organisations' accounts.
 */
const entryRows: ScopeRule = (scope, alias) => {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  if (isPlatformStaff(scope)) return scope.permissions.has("PAY_FLOW_VIEW") ? sql<SqlBool>`${column("platform_id")} = ${scope.platformId}` : NOTHING;
  if (isStaff(scope)) return sql<SqlBool>`(${rowsFor(scope, alias)} and ${column("owner_type")} = 'ORG')`;
  const owner = accountOwner(scope);
  if (!owner) return NOTHING;
  const own = owner.ownerType === "ORG" ? "BASIC" : "WALLET";
  return sql<SqlBool>`${column("account_id")} in (select a.id from accounts a where a.platform_id = ${scope.platformId} and a.owner_type = ${owner.ownerType} and a.owner_id = ${owner.ownerId} and a.account_type = ${own})`;
};

const ledgerEntryBinding = bindResource(ledgerEntry, {
  table: "ledger_entries",
  scope: entryRows,
  softDelete: false,
  labels: {
    accountName: { table: "accounts", via: "account_id", column: "account_name" },
    txnNo: { table: "ledger_transactions", via: "txn_id", column: "txn_no" },
  },
  sumsOf: {
    income: (alias) => sql<number>`sum(case when ${sql.ref(`${alias}.amount`)} > 0 then ${sql.ref(`${alias}.amount`)} else 0 end)`,
    expense: (alias) => sql<number>`sum(case when ${sql.ref(`${alias}.amount`)} < 0 then -${sql.ref(`${alias}.amount`)} else 0 end)`,
  },
});

/** 充值单: the organisation's own, its tenant's for tenant staff, the platform's for platform staff. Decisions are `decideRecharge`. */
const rechargeBinding = bindResource(recharge, {
  table: "recharges",
  scope: (scope, alias) => rowsFor(scope, alias, { individual: null }),
  softDelete: false,
  services: {
    confirm: (ctx, scope, id) => withOutbox(ctx, (outbox) => decideRecharge(ctx.db, scope, id, { action: "confirm" }, outbox)),
    reject: (ctx, scope, id, input) => withOutbox(ctx, (outbox) => decideRecharge(ctx.db, scope, id, { action: "reject", reason: String(input.rejectReason) }, outbox)),
    cancel: (ctx, scope, id) => decideRecharge(ctx.db, scope, id, { action: "cancel" }),
  },
  keywordAlso: (alias, text) => sql<SqlBool>`${sql.ref(`${alias}.org_id`)} in (select o.id from organisations o where ${contains("o.name", text)})`,
});

/** Road-only callers see road rows only (the water right), as on the settlements and waybills. */
const roadOnly = (scope: CallerScope, alias: string, rows: ReturnType<ScopeRule>) => (scope.water ? rows : sql<SqlBool>`(${rows} and ${sql.ref(`${alias}.freight_way`)} = 'ROAD')`);

/** 企业余额 over the view org_balances (organisations' BASIC accounts): staff the platform's or tenant's, an organisation its own. */
const orgBalanceBinding = bindResource(orgBalance, {
  table: "org_balances",
  scope: (scope, alias) => rowsFor(scope, alias, { individual: null }),
  softDelete: false,
});

/** 司机应付 over the view payee_payables: the settlements' scope (a payee sees what is owed to him). */
const payeePayableBinding = bindResource(payeePayable, {
  table: "payee_payables",
  scope: (scope, alias) => roadOnly(scope, alias, rowsFor(scope, alias, { individual: (t, userId) => sql`${sql.ref(`${t}.payee_user_id`)} = ${userId}` })),
  softDelete: false,
});

/** 运单跟踪 over the view waybill_money: whoever sees the waybill (`visible`, with the water right). */
const waybillMoneyBinding = bindResource(waybillMoney, {
  table: "waybill_money",
  scope: (scope, alias) => visible("freights", scope, alias),
  softDelete: false,
});

export const MONEY_BINDINGS = [withdrawalBinding, paymentBinding, bankCardBinding, withdrawalTransferBinding, ledgerEntryBinding, rechargeBinding, orgBalanceBinding, payeePayableBinding, waybillMoneyBinding];
