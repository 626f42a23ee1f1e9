/**
 * Read side of the ledger that is not an engine list: the caller's account, one entry,
 * a payment's detail, the caller's own cards and one organisation
 * account's 核对, each scoped to the caller (domain 0.7, 5.10, 5.11). Every list (flows, payments, bank
 * cards, withdrawals, transfers, recharges, 企业余额, 司机应付, 运单跟踪) is an engine resource
 * (ledger/money.resource.ts). Nothing here writes.
 */
import { sql, type SelectQueryBuilder } from "kysely";
import { notFound, offsetOf } from "../http/envelope.js";
import { accountOwner, isOrgUser, isStaff, isTenantStaff, rowsFor, type CallerScope } from "../scope.js";
import { ownAccountId } from "./flows.js";
import type { MoneyDb } from "./tx.js";

const camel = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), v]));
const camelAll = (rows: Array<Record<string, unknown>>) => rows.map(camel);



type Paging = { current: number; size: number };

async function page<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>, paging: Paging, order: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>) {
  const total = Number(((await q.clearSelect().select(sql<number>`count(*)`.as("n")).executeTakeFirst()) as { n: number } | undefined)?.n ?? 0);
  const rows = await order(q).limit(paging.size).offset(offsetOf(paging.current, paging.size)).execute();
  return { records: camelAll(rows as Array<Record<string, unknown>>), total, current: paging.current, size: paging.size };
}


export async function accountSummary(db: MoneyDb, scope: CallerScope) {
  const id = await ownAccountId(db, scope);
  const a = await db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return { ...camel(a), available: Number(a.balance) - Number(a.frozen) };
}

/** Which accounts' entries the caller sees: its own; platform finance (PAY_FLOW_VIEW) every account of the platform; tenants their orgs'. */
function entriesScope(db: MoneyDb, scope: CallerScope, ownId: number | null) {
  let q = db.selectFrom("ledger_entries as e").innerJoin("ledger_transactions as t", "t.id", "e.txn_id").innerJoin("accounts as a", "a.id", "e.account_id").where("e.platform_id", "=", scope.platformId);
  if (ownId !== null) q = q.where("e.account_id", "=", ownId);
  else if (isTenantStaff(scope)) q = q.where("e.tenant_id", "=", scope.tenantId ?? -1).where("e.owner_type", "=", "ORG");
  return q;
}

const ownIdOf = async (db: MoneyDb, scope: CallerScope) => (isStaff(scope) ? null : ownAccountId(db, scope));

/** One entry with its transaction; the other parties' lines show only their account name. */
export async function entryDetail(db: MoneyDb, scope: CallerScope, id: number) {
  const ownId = await ownIdOf(db, scope);
  const entry = await entriesScope(db, scope, ownId).selectAll("e").select(["t.txn_no", "t.txn_type", "t.biz_type", "t.biz_id", "t.operator_name", "a.account_name", "a.account_no"]).where("e.id", "=", id).executeTakeFirst();
  if (!entry) throw notFound("流水不存在");
  const lines = await db
    .selectFrom("ledger_entries as e")
    .innerJoin("accounts as a", "a.id", "e.account_id")
    .select(["e.id", "e.account_id", "e.entry_type", "e.amount", "e.frozen_delta", "a.account_name"])
    .where("e.txn_id", "=", Number(entry.txn_id))
    .orderBy("e.id")
    .execute();
  const payment = entry.biz_type === "PAYMENT_ITEM" ? await db.selectFrom("payment_items as i").innerJoin("payments as p", "p.id", "i.payment_id").select(["p.payment_no", "i.freight_no", "i.shipper_payable", "i.net_to_payee", "i.service_fee", "i.tax_reserve", "i.payee_name"]).where("i.ledger_txn_id", "=", Number(entry.txn_id)).executeTakeFirst() : undefined;
  return {
    entry: camel(entry),
    lines: lines.map((l) => ({ accountName: l.account_name, entryType: l.entry_type, mine: ownId === null || Number(l.account_id) === ownId, amount: ownId === null || Number(l.account_id) === ownId ? Number(l.amount) : null })),
    payment: payment ? camel(payment) : null,
  };
}

export async function paymentDetail(db: MoneyDb, scope: CallerScope, id: number) {
  let q = db.selectFrom("payments as p").innerJoin("organisations as o", "o.id", "p.org_id").selectAll("p").select("o.name as org_name").where("p.id", "=", id).where("p.platform_id", "=", scope.platformId);
  q = q.where(rowsFor(scope, "p", { individual: null }));
  const payment = await q.executeTakeFirst();
  if (!payment) throw notFound("支付单不存在");
  const items = await db.selectFrom("payment_items as i").leftJoin("ledger_transactions as t", "t.id", "i.ledger_txn_id").selectAll("i").select("t.txn_no").where("i.payment_id", "=", id).orderBy("i.seq").execute();
  const events = await db.selectFrom("payment_events").select(["id", "action", "label", "from_status", "to_status", "operator_name", "remark", "created_at"]).where("payment_id", "=", id).orderBy("id").execute();
  // The actions the caller may take on this payment (the console shows these and decides nothing itself).
  const auditable = payment.status === "PENDING_AUDIT" && isOrgUser(scope) && scope.permissions.has("PAY_PAYMENT_AUDIT");
  return { payment: camel(payment), items: camelAll(items), events: camelAll(events), actions: auditable ? ["approve", "reject"] : [] };
}

export async function listCards(db: MoneyDb, scope: CallerScope) {
  // Staff hold no account: the cards they see are their own as a user.
  const { ownerType, ownerId } = accountOwner(scope) ?? { ownerType: "USER", ownerId: scope.userId };
  const rows = await db
    .selectFrom("bank_cards")
    .select(["id", "holder_name", "bank_name", "bank_branch", "card_kind", "card_no_last4", "verify_status", "is_default", "status", "bound_at"])
    .where("platform_id", "=", scope.platformId)
    .where("owner_type", "=", ownerType)
    .where("owner_id", "=", ownerId)
    .where("status", "=", "BOUND")
    .orderBy("id")
    .execute();
  return camelAll(rows);
}

/** Organisations' BASIC accounts (企业余额明细): platform staff the platform's, tenant staff their organisations', an organisation its own. */
function orgAccounts(db: MoneyDb, scope: CallerScope) {
  let q = db.selectFrom("accounts as a").where("a.platform_id", "=", scope.platformId).where("a.owner_type", "=", "ORG").where("a.account_type", "=", "BASIC");
  q = q.where(rowsFor(scope, "a", { individual: null }));
  return q;
}

/** One organisation account with its entries (running balance) and the 核对: Σ entries against the cached balance. */
export async function balanceDetail(db: MoneyDb, scope: CallerScope, id: number, paging: Paging) {
  const account = await orgAccounts(db, scope).selectAll("a").where("a.id", "=", id).executeTakeFirst();
  if (!account) throw notFound("账户不存在");
  const sums = await db.selectFrom("ledger_entries").select([sql<number>`coalesce(sum(amount), 0)`.as("amount"), sql<number>`coalesce(sum(frozen_delta), 0)`.as("frozen")]).where("account_id", "=", id).executeTakeFirstOrThrow();
  const entries = db.selectFrom("ledger_entries as e").innerJoin("ledger_transactions as t", "t.id", "e.txn_id").select(["e.id", "e.created_at", "t.txn_no", "e.entry_type", "e.amount", "e.frozen_delta", "e.balance_after", "e.summary", "e.biz_no", "e.counterparty_name"]).where("e.account_id", "=", id);
  const check = { entriesBalance: Number(sums.amount), entriesFrozen: Number(sums.frozen), matches: Number(sums.amount) === Number(account.balance) && Number(sums.frozen) === Number(account.frozen) };
  return { account: { ...camel(account), available: Number(account.balance) - Number(account.frozen) }, check, page: await page(entries, paging, (x) => x.orderBy("e.id", "desc")) };
}
