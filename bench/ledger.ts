/**
 * bench/ledger: payments per second through the platform with concurrent clients, their p99, and the
 * time `ledger:check` takes over a ledger of `--lines` journal lines. Prints one JSON line.
 *
 *   npx tsx bench/ledger.ts [--clients 20] [--payments 1000] [--lines 1000000]
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ledger.ts   (PostgreSQL, own schema)
 *
 * Each client pays its own completed waybills one payment at a time (one waybill, one requestNo each)
 * from the demo organisation's account, funded beforehand; then balanced synthetic movements between the
 * platform's BANK and MARKETING accounts are bulk-inserted up to `--lines` entries and the check is timed.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { settlementOf } from "../contract/ledger.js";
import { checkLedger } from "../platform/ledger/check.js";
import { platformAccount } from "../platform/ledger/ledger.js";
import { payableWaybills } from "../tests/helpers/ledger.js";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform } from "../tests/helpers/platform.js";
import { percentile, round } from "../scripts/lib/processes.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({ options: { clients: { type: "string", default: "20" }, payments: { type: "string", default: "1000" }, lines: { type: "string", default: "1000000" } } });
const CLIENTS = Number(values.clients);
const PAYMENTS = Number(values.payments);
const LINES = Number(values.lines);

const p = await startTestPlatform("bench_ledger");
try {
  const k = p.db.kysely;
  const { ids, orgName } = await payableWaybills(p.db, PAYMENTS, { amount: 10_000, prefix: "YDB" });
  const orgToken = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.ORG_USER)).accessToken;
  const sysToken = (await loginAs(p.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
  const recharge = await call<{ id: number }>(p.baseUrl, "/pay/recharges", {
    token: orgToken,
    body: { requestNo: randomUUID(), amount: PAYMENTS * settlementOf(10_000).shipperPayable, payerName: orgName, payerAccountNo: "1234567890123", payerBank: "中国农业银行", bankSerialNo: `BENCH${Date.now()}`, transferTime: new Date(Date.now() - 60_000).toISOString(), voucherUrl: "/files/v.jpg" },
  });
  await call(p.baseUrl, `/pay/recharges/${recharge.body.data!.id}/confirm`, { token: sysToken, body: {} });

  const latencies: number[] = [];
  let failed = 0;
  const queue = [...ids];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const t = performance.now();
        const res = await call(p.baseUrl, "/pay/payments", { token: orgToken, body: { requestNo: randomUUID(), freightIds: [id] } });
        latencies.push(performance.now() - t);
        if (res.body.code !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  // Synthetic balanced movements BANK → MARKETING → BANK up to LINES entries, then the timed check.
  const bank = await platformAccount(k, "A", "BANK");
  const marketing = await platformAccount(k, "A", "MARKETING");
  const figures = async (id: number) => k.selectFrom("accounts").select(["balance", "frozen", "owner_type", "owner_id"]).where("id", "=", id).executeTakeFirstOrThrow();
  let bankBalance = Number((await figures(bank)).balance);
  let marketingBalance = Number((await figures(marketing)).balance);
  const existing = Number((await k.selectFrom("ledger_entries").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const txns = Math.max(0, Math.floor((LINES - existing) / 2));
  const at = new Date().toISOString();
  const batch = p.dialect === "postgres" ? 2000 : 400;
  for (let i = 0; i < txns; i += batch) {
    const n = Math.min(batch, txns - i);
    const inserted = await k
      .insertInto("ledger_transactions")
      .values(Array.from({ length: n }, (_, j) => ({ platform_id: "A", txn_no: `LB${String(i + j).padStart(12, "0")}`, txn_type: "ADJUST" as const, idempotency_key: `bench:${i + j}`, request_hash: "bench", biz_type: "BENCH", biz_id: i + j, biz_no: `BENCH${i + j}`, amount: 1, reversal_of_id: null, operator_user_id: 0, operator_name: "系统", remark: null, created_at: at })))
      .returning("id")
      .execute();
    const entries = inserted.flatMap((t, j) => {
      const toMarketing = (i + j) % 2 === 0;
      bankBalance += toMarketing ? -1 : 1;
      marketingBalance += toMarketing ? 1 : -1;
      const line = (accountId: number, amount: number, balanceAfter: number) => ({ platform_id: "A", txn_id: Number(t.id), account_id: accountId, owner_type: "PLATFORM" as const, owner_id: 0, tenant_id: null, org_id: null, amount, frozen_delta: 0, balance_after: balanceAfter, frozen_after: 0, entry_type: "ADJUST" as const, summary: "基准测试调账", biz_no: `BENCH${i + j}`, counterparty_name: null, created_at: at });
      return [line(bank, toMarketing ? -1 : 1, bankBalance), line(marketing, toMarketing ? 1 : -1, marketingBalance)];
    });
    await k.insertInto("ledger_entries").values(entries).execute();
  }
  await k.updateTable("accounts").set({ balance: bankBalance }).where("id", "=", bank).execute();
  await k.updateTable("accounts").set({ balance: marketingBalance }).where("id", "=", marketing).execute();
  const check = await checkLedger(p.db);
  printResult("ledger", {
    database: p.dialect,
    clients: CLIENTS,
    payments: PAYMENTS,
    failed,
    paymentsPerSecond: round(PAYMENTS / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    checkLines: check.entries,
    checkMs: check.millis,
    checkOk: check.ok,
  });
} finally {
  await p.close();
}
