/**
 * The ledger's invariants, proven on a live database (`npm run ledger:check`, the integration tests and
 * the crash test). Each check is one SQL query that returns the offending rows; the ledger holds when
 * all are empty.
 */
import { sql, type RawBuilder } from "kysely";
import type { Db } from "../db/index.js";

interface Check {
  name: string;
  query: RawBuilder<Record<string, unknown>>;
}

const CHECKS: Check[] = [
  { name: "每笔交易借贷平衡 (Σ entries.amount per txn = 0)", query: sql`select txn_id, sum(amount) as total from ledger_entries group by txn_id having sum(amount) <> 0` },
  { name: "每笔交易都有流水", query: sql`select t.id from ledger_transactions t where not exists (select 1 from ledger_entries e where e.txn_id = t.id)` },
  {
    name: "账户余额 = Σ 流水发生额, 冻结 = Σ 冻结变动",
    query: sql`select a.id, a.balance, a.frozen, coalesce(s.amount, 0) as sum_amount, coalesce(s.frozen, 0) as sum_frozen
      from accounts a left join (select account_id, sum(amount) as amount, sum(frozen_delta) as frozen from ledger_entries group by account_id) s on s.account_id = a.id
      where a.balance <> coalesce(s.amount, 0) or a.frozen <> coalesce(s.frozen, 0)`,
  },
  {
    name: "最后一条流水的变动后余额 = 账户余额",
    query: sql`select a.id, a.balance, e.balance_after from accounts a join ledger_entries e on e.id = (select max(id) from ledger_entries x where x.account_id = a.id)
      where e.balance_after <> a.balance or e.frozen_after <> a.frozen`,
  },
  { name: "每个平台所有账户余额之和 = 0", query: sql`select platform_id, sum(balance) as total from accounts group by platform_id having sum(balance) <> 0` },
  { name: "冻结金额 ≥ 0, 可用余额 ≥ −授信 (银行镜像户除外)", query: sql`select id, balance, frozen, credit_limit from accounts where frozen < 0 or (account_type <> 'BANK' and balance - frozen < -credit_limit)` },
  {
    name: "支付成功的明细各有一笔运费交易, 运单只付一次",
    query: sql`select i.id from payment_items i left join ledger_transactions t on t.id = i.ledger_txn_id
      where i.status = 'SUCCESS' and (t.id is null or t.txn_type <> 'FREIGHT_PAYMENT')
      union all select freight_id from payment_items where status = 'SUCCESS' group by freight_id having count(*) > 1`,
  },
  {
    name: "已付款核算 = 支付成功明细",
    query: sql`select s.id from waybill_settlements s where (s.pay_status = 'PAID') <> exists (select 1 from payment_items i where i.settlement_id = s.id and i.status = 'SUCCESS')`,
  },
  { name: "已到账充值各有一笔充值交易", query: sql`select r.id from recharges r where (r.status = 'CONFIRMED') <> (r.ledger_txn_id is not null)` },
  {
    name: "账户冻结金额 = 处理中提现之和",
    query: sql`select a.id, a.frozen, coalesce(w.amount, 0) as pending from accounts a
      left join (select account_id, sum(amount) as amount from withdrawals where status in ('APPLIED', 'PROCESSING') group by account_id) w on w.account_id = a.id
      where a.frozen <> coalesce(w.amount, 0)`,
  },
  {
    name: "提现结果与出账/解冻交易一致",
    query: sql`select id from withdrawals where freeze_txn_id is null
      or (status = 'SUCCESS' and (payout_txn_id is null or release_txn_id is not null))
      or (status in ('FAILED', 'REJECTED', 'CANCELLED') and (release_txn_id is null or payout_txn_id is not null))`,
  },
];

export interface LedgerCheckResult {
  ok: boolean;
  transactions: number;
  entries: number;
  accounts: number;
  millis: number;
  failures: Array<{ check: string; count: number; sample: unknown[] }>;
}

export async function checkLedger(db: Db): Promise<LedgerCheckResult> {
  const started = Date.now();
  const failures: LedgerCheckResult["failures"] = [];
  for (const check of CHECKS) {
    const { rows } = await check.query.execute(db.kysely);
    if (rows.length) failures.push({ check: check.name, count: rows.length, sample: rows.slice(0, 5) });
  }
  const count = async (table: "ledger_transactions" | "ledger_entries" | "accounts") => Number((await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return { ok: failures.length === 0, transactions: await count("ledger_transactions"), entries: await count("ledger_entries"), accounts: await count("accounts"), millis: Date.now() - started, failures };
}
