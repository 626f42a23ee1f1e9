/**
 * Engine bindings of the ledger's lists (contract/resources/money.ts): read-only over the ledger's
 * tables, scoped by platform/scope.ts like the ledger's own queries. The only writes are a 提现单's
 * transitions, and they are the ledger's service `decideWithdrawal` (one money transaction each, with
 * its notifications); the engine only checks who may run them on which row in which state first.
 */
import { sql, type SqlBool } from "kysely";
import { bankCard, payment, withdrawal } from "../../contract/resources/money.js";
import { withOutbox } from "../iam/notifications/events.js";
import { bindResource, type ScopeRule, type TransitionService } from "../resources/bind.js";
import { contains } from "../resources/query.js";
import { accountRows, rowsFor } from "../scope.js";
import { decideWithdrawal, type WithdrawDecision } from "./flows.js";

/** A 提现单 decision run by the ledger, with its notifications delivered after commit. */
const decide =
  (decision: (input: Record<string, unknown>) => WithdrawDecision): TransitionService =>
  (ctx, scope, id, input) =>
    withOutbox(ctx, (outbox) => decideWithdrawal(ctx.db, scope, id, decision(input), outbox));

export const withdrawalBinding = bindResource(withdrawal, {
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

export const paymentBinding = bindResource(payment, {
  table: "payments",
  scope: paymentRows,
  softDelete: false,
  // 支付单号/运单号: a payment is found by any of its waybills too.
  keywordAlso: (alias, text) => sql<SqlBool>`exists (select 1 from payment_items i where i.payment_id = ${sql.ref(`${alias}.id`)} and ${contains("i.freight_no", text)})`,
});

/** Bound cards of the platform (platform staff) or the tenant's (tenant staff); organisations and individuals see theirs on 账户信息. */
export const bankCardBinding = bindResource(bankCard, {
  table: "bank_cards",
  scope: (scope, alias) => rowsFor(scope, alias, { org: null, individual: null }),
  softDelete: false,
});

export const MONEY_BINDINGS = [withdrawalBinding, paymentBinding, bankCardBinding];
