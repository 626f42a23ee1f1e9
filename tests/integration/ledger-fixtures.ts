/** Shared set-up of the ledger tests: completed waybills, funded organisations, bank cards, invariant checks. */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { checkLedger } from "../../platform/ledger/check.js";
import { settleWaybills } from "../../platform/ledger/settlements.js";
import { as, okData, type Account, type FreightTestPlatform } from "./freight-fixtures.js";
import { reportPaidWaybills } from "../../platform/submission/seed.js";

export const rid = () => randomUUID();

let serial = 0;

/**
 * `count` completed waybills of the organisation (`orgIndex`), carried by the INDIVIDUAL_USER's driver,
 * each with `amount` fen of freight. Written as copies of one waybill the real API drove to 已完成.
 */
export async function completedWaybills(f: FreightTestPlatform, template: number, count: number, options: { amount?: number; orgIndex?: number; payee?: number | null; settle?: boolean } = {}): Promise<number[]> {
  const db = f.p.db.kysely;
  const row = await db.selectFrom("freights").selectAll().where("id", "=", template).executeTakeFirstOrThrow();
  const { id: _id, ...rest } = row;
  void _id;
  const org = await db.selectFrom("organisations").selectAll().where("id", "=", f.orgIds[options.orgIndex ?? 0]!).executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const inserted = await db
      .insertInto("freights")
      .values({
        ...rest,
        org_id: org.id,
        tenant_id: org.tenant_id,
        freight_no: `YDL${process.pid}${String(++serial).padStart(7, "0")}`,
        status: "COMPLETED",
        freight_amount: options.amount ?? 100_000,
        carrier_user_id: options.payee === undefined ? f.userIds.INDIVIDUAL_USER : options.payee,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(Number(inserted.id));
  }
  // As the 完成 step does; `settle: false` leaves them to the backlog sweep.
  if (options.settle !== false) await settleWaybills(db, ids);
  return ids;
}

/** Tops up the organisation of `account` by `amount` fen: recharge request, platform confirmation. */
export async function fund(f: FreightTestPlatform, amount: number, account: Account = "ORG_USER"): Promise<void> {
  const orgName = (await f.p.db.kysely.selectFrom("organisations").select("name").where("id", "=", f.orgIds[0]!).executeTakeFirstOrThrow()).name;
  const recharge = await okData<{ id: number }>(as(f, account, "/pay/recharges", rechargeBody(amount, orgName)));
  await okData(as(f, "SYSTEM_USER", `/pay/recharges/${recharge.id}/confirm`, {}));
}

export const rechargeBody = (amount: number, payerName: string, extra: object = {}) => ({
  requestNo: rid(),
  amount,
  payerName,
  payerAccountNo: "1234567890123456",
  payerBank: "中国农业银行蚌埠分行",
  bankSerialNo: `BS${rid().replace(/-/g, "").slice(0, 20)}`,
  transferTime: new Date(Date.now() - 3600_000).toISOString(),
  voucherUrl: "/files/vouchers/test.jpg",
  ...extra,
});

/** A Luhn-valid 16-digit personal card number. */
export function cardNo(prefix = "622202"): string {
  let body = prefix;
  while (body.length < 15) body += String(Math.floor(Math.random() * 10));
  for (let d = 0; d < 10; d++) {
    const candidate = body + d;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let n = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) {
        n *= 2;
        if (n > 9) n -= 9;
      }
      sum += n;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error("unreachable");
}

export async function balanceOf(f: FreightTestPlatform, ownerType: "ORG" | "USER" | "PLATFORM", ownerId: number, accountType: string) {
  const row = await f.p.db.kysely.selectFrom("accounts").select(["balance", "frozen"]).where("owner_type", "=", ownerType).where("owner_id", "=", ownerId).where("account_type", "=", accountType as never).executeTakeFirst();
  return { balance: Number(row?.balance ?? 0), frozen: Number(row?.frozen ?? 0) };
}

/** Everything money could have changed: counts of the ledger's rows and every account's figures. */
export async function moneyFingerprint(f: FreightTestPlatform): Promise<string> {
  const db = f.p.db.kysely;
  const counts = await Promise.all(
    (["ledger_transactions", "ledger_entries", "payments", "payment_items", "recharges", "withdrawals", "bank_cards"] as const).map(async (t) => Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)),
  );
  const accounts = await db.selectFrom("accounts").select(["id", "balance", "frozen"]).orderBy("id").execute();
  const paid = await db.selectFrom("waybill_settlements").select("id").where("pay_status", "=", "PAID").orderBy("id").execute();
  return JSON.stringify({ counts, accounts, paid });
}

export async function expectLedgerHolds(f: FreightTestPlatform): Promise<void> {
  const result = await checkLedger(f.p.db);
  expect(result.failures, JSON.stringify(result.failures)).toEqual([]);
}

/** Paid waybills reported to the province (records built and accepted), so they may be invoiced (开票须上报成功). */
export async function reported(f: FreightTestPlatform, freightIds: number[]): Promise<void> {
  await reportPaidWaybills(f.p.db.kysely, "A", freightIds);
}

