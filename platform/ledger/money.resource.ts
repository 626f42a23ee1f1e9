/**
 * Engine bindings of the ledger's lists (contract/resources/money.ts): read-only over the ledger's
 * tables, scoped by platform/scope.ts like the ledger's own queries. The only writes are a 提现单's
 * transitions, and they are the ledger's service `decideWithdrawal` (one money transaction each, with
 * its notifications); the engine only checks who may run them on which row in which state first.
 */
import { sql, type SqlBool } from "kysely";
import { bankCard, ledgerEntry, payment, withdrawal, withdrawalTransfer } from "../../contract/resources/money.js";
import { withOutbox } from "../iam/notifications/events.js";
import { bindResource, type ScopeRule, type TransitionService } from "../resources/bind.js";
import { contains } from "../resources/query.js";
import { accountOwner, accountRows, isPlatformStaff, isStaff, NOTHING, rowsFor } from "../scope.js";
import { decideWithdrawal, type WithdrawDecision } from "./flows.js";

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

export const MONEY_BINDINGS = [withdrawalBinding, paymentBinding, bankCardBinding, withdrawalTransferBinding, ledgerEntryBinding];
