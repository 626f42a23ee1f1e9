/**
 * The only writer of accounts, ledger_transactions and ledger_entries (domain 5.1). A posting is a
 * set of lines whose amounts sum to zero; it is applied inside the caller's money transaction
 * (tx.ts), once per idempotency key: the same key with the same request hash answers the original
 * transaction, with another hash 4029. Every touched account is updated with a guard that refuses
 * (4020) a debit below zero (or below the credit line), an over-release of frozen money, or a debit
 * of a frozen account; the refusal rolls the whole movement back.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { ACCOUNT_TYPE_LABELS, type AccountType, type EntryType, type OwnerType, type TxnType } from "../../contract/ledger.js";
import { RefusalCode } from "../../contract/envelope.js";
import { nowIso, type Db } from "../db/index.js";
import { Refusal } from "../http/envelope.js";
import { nextSerial } from "../resources/write.js";
import { lockRows, type MoneyDb } from "./tx.js";

export interface Line {
  accountId: number;
  amount: number;
  frozenDelta?: number;
  entryType: EntryType;
  summary: string;
  counterparty?: string | null;
}

export interface Posting {
  platformId: string;
  key: string;
  requestHash: string;
  txnType: TxnType;
  bizType: string;
  bizId: number;
  bizNo: string;
  operator: { userId: number; name: string };
  lines: Line[];
  remark?: string;
  /** Credit lines allowed per account (an ORG BASIC debit by FREIGHT_PAYMENT within its credit limit). */
  credit?: ReadonlyMap<number, number>;
}

export interface Posted {
  txnId: number;
  txnNo: string;
  replayed: boolean;
}

export const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

function assertBalanced(p: Posting): number {
  if (p.lines.length === 0) throw new Error("posting without lines");
  let sum = 0;
  let moved = 0;
  for (const line of p.lines) {
    const frozen = line.frozenDelta ?? 0;
    if (!Number.isSafeInteger(line.amount) || !Number.isSafeInteger(frozen)) throw new Error("ledger amounts must be integer fen");
    sum += line.amount;
    if (line.amount > 0) moved += line.amount;
    if (line.amount === 0 && frozen > 0) moved += frozen;
  }
  if (sum !== 0) throw new Error(`unbalanced posting ${p.key}: lines sum to ${sum}`);
  return moved;
}

async function existing(trx: MoneyDb, p: Posting): Promise<Posted | null> {
  const row = await trx.selectFrom("ledger_transactions").select(["id", "txn_no", "request_hash"]).where("platform_id", "=", p.platformId).where("idempotency_key", "=", p.key).executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== p.requestHash) throw new Refusal(RefusalCode.idempotencyConflict, `幂等键 ${p.key} 已用于另一笔不同的请求`);
  return { txnId: Number(row.id), txnNo: row.txn_no, replayed: true };
}

/** Applies a posting in the caller's transaction; see the module comment. */
export async function post(trx: MoneyDb, dialect: Db["dialect"], p: Posting): Promise<Posted> {
  const amount = assertBalanced(p);
  const seen = await existing(trx, p);
  if (seen) return seen;
  const at = nowIso();
  // One guarded update per account, in ascending id order (deadlock-free with row locks).
  const deltas = new Map<number, { amount: number; frozen: number }>();
  for (const line of p.lines) {
    const d = deltas.get(line.accountId) ?? { amount: 0, frozen: 0 };
    d.amount += line.amount;
    d.frozen += line.frozenDelta ?? 0;
    deltas.set(line.accountId, d);
  }
  const ids = [...deltas.keys()].sort((a, b) => a - b);
  await lockRows(trx, dialect, "accounts", ids);
  const after = new Map<number, { balance: number; frozen: number; owner_type: OwnerType; owner_id: number; tenant_id: number | null; org_id: number | null }>();
  for (const id of ids) {
    const d = deltas.get(id)!;
    const credit = p.credit?.get(id) ?? 0;
    const reduces = d.amount < 0 || d.frozen > 0;
    let q = trx
      .updateTable("accounts")
      .set((eb) => ({ balance: eb("balance", "+", d.amount), frozen: eb("frozen", "+", d.frozen), version: eb("version", "+", 1), updated_at: at }))
      .where("id", "=", id)
      .where(sql<boolean>`frozen + ${d.frozen} >= 0`);
    if (reduces) {
      q = q
        .where("status", "=", "ACTIVE")
        .where(sql<boolean>`(account_type = 'BANK' or (balance + ${d.amount}) - (frozen + ${d.frozen}) >= ${-credit})`);
    }
    const row = await q.returning(["balance", "frozen", "owner_type", "owner_id", "tenant_id", "org_id"]).executeTakeFirst();
    if (!row) throw await refusalFor(trx, id);
    after.set(id, { ...row, balance: Number(row.balance), frozen: Number(row.frozen), owner_id: Number(row.owner_id) });
  }

  // The transaction row comes after the account locks, so every movement takes its locks in one order
  // (accounts, then the LS serial): no deadlock between a payment and a withdrawal.
  const txnNo = await nextSerial(trx, "LS");
  const inserted = await trx
    .insertInto("ledger_transactions")
    .values({
      platform_id: p.platformId,
      txn_no: txnNo,
      txn_type: p.txnType,
      idempotency_key: p.key,
      request_hash: p.requestHash,
      biz_type: p.bizType,
      biz_id: p.bizId,
      biz_no: p.bizNo,
      amount,
      reversal_of_id: null,
      operator_user_id: p.operator.userId,
      operator_name: p.operator.name,
      remark: p.remark ?? null,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(["platform_id", "idempotency_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  // A concurrent movement with the same key committed first: roll back and retry (tx.ts), which replays it.
  if (!inserted) throw Object.assign(new Error(`idempotency key ${p.key} taken concurrently`), { code: "40001" });
  const txnId = Number(inserted.id);

  // Entries carry the balance after each line: walk back from the account's final figures.
  const running = new Map<number, { balance: number; frozen: number }>();
  for (const id of ids) running.set(id, { balance: after.get(id)!.balance - deltas.get(id)!.amount, frozen: after.get(id)!.frozen - deltas.get(id)!.frozen });
  const entries = p.lines.map((line) => {
    const r = running.get(line.accountId)!;
    r.balance += line.amount;
    r.frozen += line.frozenDelta ?? 0;
    const a = after.get(line.accountId)!;
    return {
      platform_id: p.platformId,
      txn_id: txnId,
      account_id: line.accountId,
      owner_type: a.owner_type,
      owner_id: a.owner_id,
      tenant_id: a.tenant_id,
      org_id: a.org_id,
      amount: line.amount,
      frozen_delta: line.frozenDelta ?? 0,
      balance_after: r.balance,
      frozen_after: r.frozen,
      entry_type: line.entryType,
      summary: line.summary.slice(0, 200),
      biz_no: p.bizNo,
      counterparty_name: line.counterparty ?? null,
      created_at: at,
    };
  });
  await trx.insertInto("ledger_entries").values(entries).execute();
  return { txnId, txnNo, replayed: false };
}

async function refusalFor(trx: MoneyDb, accountId: number): Promise<Refusal> {
  const account = await trx.selectFrom("accounts").select(["status", "account_name"]).where("id", "=", accountId).executeTakeFirst();
  if (!account) return new Refusal(RefusalCode.prerequisite, "资金账户不存在");
  if (account.status !== "ACTIVE") return new Refusal(RefusalCode.insufficientBalance, `账户已冻结：${account.account_name}`);
  return new Refusal(RefusalCode.insufficientBalance, `余额不足：${account.account_name}`);
}

// ---------------------------------------------------------------------------------------------
// Accounts: created with their owner, or on first use; idempotent.

export interface AccountOwner {
  platformId: string;
  ownerType: OwnerType;
  ownerId: number;
  accountType: AccountType;
  tenantId: number | null;
  orgId: number | null;
  name: string;
}

/** 16-digit internal account number: platform letter code, owner type digit, type digit, padded owner id. */
function accountNoOf(o: AccountOwner): string {
  const platform = String(o.platformId.charCodeAt(0) - 64).padStart(2, "0");
  const owner = { PLATFORM: "1", ORG: "2", USER: "3" }[o.ownerType];
  const type = String(["BASIC", "WALLET", "REVENUE", "TAX_RESERVE", "MARKETING", "BANK"].indexOf(o.accountType) + 1);
  return `62${platform}${owner}${type}${String(o.ownerId).padStart(10, "0")}`;
}

/** The account's id, creating it when it does not exist yet. */
export async function ensureAccount(db: MoneyDb, o: AccountOwner): Promise<number> {
  const find = () =>
    db.selectFrom("accounts").select("id").where("platform_id", "=", o.platformId).where("owner_type", "=", o.ownerType).where("owner_id", "=", o.ownerId).where("account_type", "=", o.accountType).executeTakeFirst();
  const found = await find();
  if (found) return Number(found.id);
  const at = nowIso();
  await db
    .insertInto("accounts")
    .values({
      platform_id: o.platformId,
      owner_type: o.ownerType,
      owner_id: o.ownerId,
      tenant_id: o.tenantId,
      org_id: o.orgId,
      account_type: o.accountType,
      account_no: accountNoOf(o),
      account_name: o.name.slice(0, 128),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return Number((await find())!.id);
}

const PLATFORM_NAME = (type: AccountType) => `平台${ACCOUNT_TYPE_LABELS[type]}`;

export const platformAccount = (db: MoneyDb, platformId: string, type: "REVENUE" | "TAX_RESERVE" | "MARKETING" | "BANK") =>
  ensureAccount(db, { platformId, ownerType: "PLATFORM", ownerId: 0, accountType: type, tenantId: null, orgId: null, name: PLATFORM_NAME(type) });

export async function orgAccount(db: MoneyDb, orgId: number): Promise<number> {
  const org = await db.selectFrom("organisations").select(["platform_id", "tenant_id", "name"]).where("id", "=", orgId).executeTakeFirst();
  if (!org) throw new Refusal(RefusalCode.prerequisite, "企业不存在");
  return ensureAccount(db, { platformId: org.platform_id, ownerType: "ORG", ownerId: orgId, accountType: "BASIC", tenantId: Number(org.tenant_id), orgId, name: org.name });
}

export async function walletAccount(db: MoneyDb, userId: number): Promise<number> {
  const user = await db.selectFrom("users").select(["platform_id", "tenant_id", "name", "type"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new Refusal(RefusalCode.prerequisite, "收款人账号不存在");
  return ensureAccount(db, { platformId: user.platform_id, ownerType: "USER", ownerId: userId, accountType: "WALLET", tenantId: user.tenant_id === null ? null : Number(user.tenant_id), orgId: null, name: user.name });
}
