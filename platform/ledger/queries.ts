/**
 * Read side of the ledger that is not an engine list: the caller's account, one entry, recharges,
 * payables with footer sums, a payment's detail, the caller's own cards and withdrawals, balances and
 * waybill tracking, each scoped to the caller (domain 0.7, 5.10, 5.11). The plain lists (flows,
 * payments, bank cards, withdrawals, transfers) are engine resources (ledger/money.resource.ts).
 * Nothing here writes.
 */
import { sql, type SelectQueryBuilder } from "kysely";
import { z } from "zod";
import type { Db } from "../db/index.js";
import { notFound, offsetOf } from "../http/envelope.js";
import { accountOwner, accountRows, isOrgUser, isStaff, isTenantStaff, rowsFor, visible, type CallerScope } from "../scope.js";
import { ownAccountId } from "./flows.js";
import type { MoneyDb } from "./tx.js";

const camel = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), v]));
const camelAll = (rows: Array<Record<string, unknown>>) => rows.map(camel);

const optionalText = (max: number) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(max).optional());

export const statusFilterSchema = z.object({ status: optionalText(16), keyword: optionalText(32) });

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

export async function searchRecharges(db: MoneyDb, scope: CallerScope, filter: z.infer<typeof statusFilterSchema>, paging: Paging) {
  let q = db.selectFrom("recharges as r").innerJoin("organisations as o", "o.id", "r.org_id").selectAll("r").select("o.name as org_name").where("r.platform_id", "=", scope.platformId);
  q = q.where(rowsFor(scope, "r", { individual: null }));
  if (filter.status) q = q.where("r.status", "=", filter.status);
  if (filter.keyword) q = q.where((eb) => eb.or([eb("r.recharge_no", "like", `%${filter.keyword}%`), eb("r.bank_serial_no", "like", `%${filter.keyword}%`), eb("o.name", "like", `%${filter.keyword}%`)]));
  return page(q, paging, (x) => x.orderBy("r.id", "desc"));
}

function settlementsVisible(db: MoneyDb, scope: CallerScope) {
  let q = db.selectFrom("waybill_settlements as s").innerJoin("freights as f", "f.id", "s.freight_id").where("s.platform_id", "=", scope.platformId);
  q = q.where(rowsFor(scope, "s", { individual: (s, userId) => sql`${sql.ref(`${s}.payee_user_id`)} = ${userId}` }));
  if (!scope.water) q = q.where("s.freight_way", "=", "ROAD");
  return q;
}

/** The driver payable list: unpaid settlements grouped by payee. */
export async function searchPayees(db: Db, scope: CallerScope, filter: { keyword?: string }, paging: Paging) {
  let q = settlementsVisible(db.kysely, scope)
    .leftJoin("users as u", "u.id", "s.payee_user_id")
    .select([
      "s.payee_name",
      "s.payee_user_id",
      sql<string>`max(f.carrier_mobile)`.as("mobile"),
      sql<number>`count(*)`.as("waybill_count"),
      sql<number>`sum(s.net_to_payee)`.as("net_to_payee"),
      sql<number>`sum(s.shipper_payable)`.as("shipper_payable"),
      sql<string>`min(s.settled_at)`.as("earliest_settled_at"),
      sql<number>`(select count(*) from bank_cards b where b.owner_type = 'USER' and b.owner_id = s.payee_user_id and b.status = 'BOUND')`.as("card_count"),
    ])
    .where("s.pay_status", "=", "UNPAID")
    .groupBy(["s.payee_name", "s.payee_user_id"]);
  if (filter.keyword) q = q.where((eb) => eb.or([eb("s.payee_name", "like", `%${filter.keyword}%`), eb("f.carrier_mobile", "like", `%${filter.keyword}%`)]));
  const all = await q.orderBy(sql`sum(s.net_to_payee)`, "desc").execute();
  const records = camelAll(all.slice(offsetOf(paging.current, paging.size), offsetOf(paging.current, paging.size) + paging.size) as Array<Record<string, unknown>>);
  const sums = { count: all.reduce((n, r) => n + Number(r.waybill_count), 0), netToPayee: all.reduce((n, r) => n + Number(r.net_to_payee), 0) };
  return { records, total: all.length, current: paging.current, size: paging.size, sums };
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

export async function searchWithdrawals(db: MoneyDb, scope: CallerScope, filter: z.infer<typeof statusFilterSchema>, paging: Paging) {
  let q = db.selectFrom("withdrawals as w").selectAll("w").where("w.platform_id", "=", scope.platformId);
  q = q.where(accountRows(scope, "w"));
  if (filter.status) q = q.where("w.status", "=", filter.status);
  if (filter.keyword) q = q.where((eb) => eb.or([eb("w.withdraw_no", "like", `%${filter.keyword}%`), eb("w.owner_name", "like", `%${filter.keyword}%`), eb("w.owner_mobile", "like", `%${filter.keyword}%`)]));
  const sums = await q.clearSelect().select(sql<number>`coalesce(sum(w.amount), 0)`.as("amount")).executeTakeFirst();
  const result = await page(q, paging, (x) => x.orderBy("w.id", "desc"));
  return { ...result, sums: { amount: Number(sums?.amount ?? 0) } };
}

/** Organisations' BASIC accounts (企业余额): platform staff see the platform's, tenants their orgs', an organisation its own. */
export const balanceFilterSchema = z.object({
  keyword: optionalText(64),
  minYuan: z.preprocess((v) => (v === "" || v === undefined ? undefined : Number(v)), z.number({ invalid_type_error: "余额下限必须是数字" }).min(0, "余额下限不能为负").optional()),
  maxYuan: z.preprocess((v) => (v === "" || v === undefined ? undefined : Number(v)), z.number({ invalid_type_error: "余额上限必须是数字" }).min(0, "余额上限不能为负").optional()),
});

function orgAccounts(db: MoneyDb, scope: CallerScope) {
  let q = db.selectFrom("accounts as a").where("a.platform_id", "=", scope.platformId).where("a.owner_type", "=", "ORG").where("a.account_type", "=", "BASIC");
  q = q.where(rowsFor(scope, "a", { individual: null }));
  return q;
}

export async function searchBalances(db: MoneyDb, scope: CallerScope, filter: z.infer<typeof balanceFilterSchema>, paging: Paging) {
  let q = orgAccounts(db, scope).select(["a.id", "a.account_name", "a.account_no", "a.balance", "a.frozen", "a.credit_limit", "a.status", "a.updated_at", sql<number>`a.balance - a.frozen`.as("available")]);
  if (filter.keyword) q = q.where("a.account_name", "like", `%${filter.keyword}%`);
  if (filter.minYuan !== undefined) q = q.where("a.balance", ">=", Math.round(filter.minYuan * 100));
  if (filter.maxYuan !== undefined) q = q.where("a.balance", "<=", Math.round(filter.maxYuan * 100));
  const sums = await q.clearSelect().select([sql<number>`coalesce(sum(a.balance), 0)`.as("balance"), sql<number>`coalesce(sum(a.frozen), 0)`.as("frozen")]).executeTakeFirst();
  const result = await page(q, paging, (x) => x.orderBy("a.balance", "desc").orderBy("a.id"));
  return { ...result, sums: { balance: Number(sums?.balance ?? 0), frozen: Number(sums?.frozen ?? 0) } };
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

/** 运单跟踪: each visible waybill with its money state (settlement, payment, invoice). */
export async function searchTracking(db: Db, scope: CallerScope, filter: { keyword?: string; status?: string }, paging: Paging) {
  let q = db.kysely
    .selectFrom("freights as f")
    .leftJoin("waybill_settlements as s", "s.freight_id", "f.id")
    .leftJoin("payments as p", "p.id", "s.payment_id")
    .select(["f.id", "f.freight_no", "f.order_no", "f.shipper_name", "f.carrier_name", "f.status as freight_status", "f.freight_way", "f.abnormal", "f.complete_time", "s.settle_status", "s.pay_status", "s.invoice_status", "s.shipper_payable", "s.paid_at", "p.payment_no"])
    .where(visible("freights", scope, "f"));
  if (filter.keyword) q = q.where((eb) => eb.or([eb("f.freight_no", "like", `%${filter.keyword}%`), eb("f.order_no", "like", `%${filter.keyword}%`)]));
  if (filter.status === "PAID") q = q.where("s.pay_status", "=", "PAID");
  else if (filter.status === "UNPAID") q = q.where("s.pay_status", "=", "UNPAID");
  else if (filter.status === "UNSETTLED") q = q.where("s.id", "is", null);
  return page(q, paging, (x) => x.orderBy("f.id", "desc"));
}
