/**
 * The ledger on SQLite and PostgreSQL (TEST_DATABASE_URL): every movement balanced, idempotency (the same
 * requestNo twice and 20 times in parallel moves money once), 100 parallel payments against a balance that
 * covers 60, withdrawals frozen / paid out / refunded on a bank failure, and refusals that change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, dispatchOne, driveTo, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";
import { balanceOf, cardNo, completedWaybills, expectLedgerHolds, fund, moneyFingerprint, rechargeBody, rid } from "./ledger-fixtures.js";
import { settlementOf } from "../../contract/ledger.js";
import { settleBacklog } from "../../platform/ledger/settlements.js";

let f: FreightTestPlatform;
/** A waybill the real API drove to 已完成: the template of the others. */
let template: number;
let orgName: string;
beforeAll(async () => {
  f = await startFreightPlatform("ledger");
  const { id } = await dispatchOne(f, { individual: true });
  await driveTo(f, id, "COMPLETED");
  template = id;
  orgName = (await f.p.db.kysely.selectFrom("organisations").select("name").where("id", "=", f.orgIds[0]!).executeTakeFirstOrThrow()).name;
});
afterAll(async () => {
  await f?.close();
});

const org = () => balanceOf(f, "ORG", f.orgIds[0]!, "BASIC");
const wallet = () => balanceOf(f, "USER", f.userIds.INDIVIDUAL_USER, "WALLET");
const available = async () => {
  const o = await org();
  return o.balance - o.frozen;
};
/** The largest freight whose shipper payable fits `times` times into `fen`. */
function amountFor(fen: number, times: number): number {
  let lo = 0;
  let hi = fen;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (settlementOf(mid).shipperPayable * times <= fen) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

async function expectUnchanged(call: () => Promise<{ status: number; body: { code: number } }>, expected: { status?: number; code?: number }) {
  const before = await moneyFingerprint(f);
  const res = await call();
  if (expected.status) expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
  if (expected.code) expect(res.body.code, JSON.stringify(res.body)).toBe(expected.code);
  expect(await moneyFingerprint(f)).toBe(before);
  return res;
}

describe(`ledger (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("the 完成 step writes the waybill's settlement with it; waybills written straight as 已完成 are settled by the backlog sweep, range by range, once", async () => {
    const settlement = (id: number) => f.p.db.kysely.selectFrom("waybill_settlements").selectAll().where("freight_id", "=", id).executeTakeFirst();
    const done = await f.p.db.kysely.selectFrom("freights").select("freight_amount").where("id", "=", template).executeTakeFirstOrThrow();
    expect(await settlement(template)).toMatchObject({ settle_status: "SETTLED", pay_status: "UNPAID", shipper_payable: settlementOf(Number(done.freight_amount)).shipperPayable });

    const imported = await completedWaybills(f, template, 3, { amount: 123_400, settle: false });
    for (const id of imported) expect(await settlement(id)).toBeUndefined();
    expect(await settleBacklog(f.p.db.kysely, 7)).toBe(3);
    for (const id of imported) expect(await settlement(id)).toMatchObject({ carrier_payable: settlementOf(123_400).carrierPayable, net_to_payee: settlementOf(123_400).netToPayee });
    expect(await settleBacklog(f.p.db.kysely)).toBe(0);
  });

  it("recharge: request, replay, platform confirmation credits the organisation once", async () => {
    const before = await org();
    const body = rechargeBody(500_000, orgName);
    const first = await okData<{ id: number; recharge_no: string; status: string }>(as(f, "ORG_USER", "/pay/recharges", body));
    expect(first.status).toBe("PENDING");
    const replay = await okData<{ id: number }>(as(f, "ORG_USER", "/pay/recharges", body));
    expect(replay.id).toBe(first.id);
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/recharges", { ...body, amount: 600_000 }), { code: 4029 });
    expect((await org()).balance).toBe(before.balance);
    await okData(as(f, "SYSTEM_USER", `/pay/recharges/${first.id}/confirm`, {}));
    expect((await org()).balance).toBe(before.balance + 500_000);
    await expectUnchanged(() => as(f, "SYSTEM_USER", `/pay/recharges/${first.id}/confirm`, {}), { code: 4009 });
    await expectUnchanged(() => as(f, "ORG_USER", `/pay/recharges/${first.id}/confirm`, {}), { code: 4003 });
    await expectLedgerHolds(f);
  });

  it("bad recharge input changes nothing: negative, fractional fen, third-party payer, duplicate bank serial", async () => {
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/recharges", rechargeBody(-100, orgName)), { status: 400 });
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/recharges", rechargeBody(100.5, orgName)), { status: 400 });
    const third = await expectUnchanged(() => as(f, "ORG_USER", "/pay/recharges", rechargeBody(10_000, "某某贸易公司")), { code: 4000 });
    expect((third.body as { message?: string }).message).toMatch(/付款户名/);
    const body = rechargeBody(10_000, orgName);
    await okData(as(f, "ORG_USER", "/pay/recharges", body));
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/recharges", { ...body, requestNo: rid() }), { code: 4000 });
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", "/pay/recharges", rechargeBody(10_000, "张师傅")), { code: 4003 });
  });

  it("pays two waybills all at once: payer, payee, platform revenue and tax move by the settlement figures", async () => {
    const ids = await completedWaybills(f, template, 2, { amount: 123_456 });
    await fund(f, 1_000_000);
    const s = settlementOf(123_456);
    const [o, w, rev, tax] = [await org(), await wallet(), await balanceOf(f, "PLATFORM", 0, "REVENUE"), await balanceOf(f, "PLATFORM", 0, "TAX_RESERVE")];
    const requestNo = rid();
    const paid = await okData<{ paymentNo: string; itemCount: number; totalShipperPayable: number; replayed: boolean }>(as(f, "ORG_USER", "/pay/payments", { requestNo, freightIds: ids }));
    expect(paid).toMatchObject({ itemCount: 2, totalShipperPayable: 2 * s.shipperPayable, replayed: false });
    expect((await org()).balance).toBe(o.balance - 2 * s.shipperPayable);
    expect((await wallet()).balance).toBe(w.balance + 2 * s.netToPayee);
    expect((await balanceOf(f, "PLATFORM", 0, "REVENUE")).balance).toBe(rev.balance + 2 * s.serviceFee);
    expect((await balanceOf(f, "PLATFORM", 0, "TAX_RESERVE")).balance).toBe(tax.balance + 2 * s.taxReserve);
    // The same request again answers the same payment and moves nothing.
    const replay = await expectUnchanged(() => as(f, "ORG_USER", "/pay/payments", { requestNo, freightIds: [...ids].reverse() }), { code: 200 });
    expect(replay.body).toMatchObject({ data: { paymentNo: paid.paymentNo, replayed: true } });
    // The same number for another selection is a conflict; paying a paid waybill again is refused.
    const [other] = await completedWaybills(f, template, 1);
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/payments", { requestNo, freightIds: [other] }), { code: 4029 });
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: [ids[0], other] }), { code: 4009 });
    await expectLedgerHolds(f);
  });

  it("refuses without moving money: another organisation's waybill, unfinished waybill, bad ids, unregistered payee, no permission", async () => {
    await fund(f, 500_000);
    const [foreign] = await completedWaybills(f, template, 1, { orgIndex: 1 });
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: [foreign] }), { status: 404 });
    const { id: fresh } = await dispatchOne(f, { individual: true });
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: [fresh] }), { code: 4009 });
    const [mine] = await completedWaybills(f, template, 1);
    for (const freightIds of [[], [mine, mine], [-1], [1.5], "x"]) await expectUnchanged(() => as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds }), { status: 400 });
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/payments", { requestNo: "short", freightIds: [mine] }), { status: 400 });
    const [nobody] = await completedWaybills(f, template, 1, { payee: null });
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: [mine, nobody] }), { code: 4010 });
    await expectUnchanged(() => as(f, "TENANT_USER", "/pay/payments", { requestNo: rid(), freightIds: [mine] }), { code: 4003 });
  });

  it("all or nothing: a balance that covers one of two waybills pays neither", async () => {
    await fund(f, 200_000);
    const ids = await completedWaybills(f, template, 2, { amount: amountFor(await available(), 1.5) });
    const res = await expectUnchanged(() => as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: ids }), { code: 4020 });
    expect((res.body as { message?: string }).message).toMatch(/余额不足/);
    await expectLedgerHolds(f);
  });

  it("20 parallel requests with one requestNo make one payment", async () => {
    const ids = await completedWaybills(f, template, 3);
    await fund(f, 1_000_000);
    const before = await f.p.db.kysely.selectFrom("ledger_transactions").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const requestNo = rid();
    const answers = await Promise.all(Array.from({ length: 20 }, () => okData<{ paymentNo: string }>(as(f, "ORG_USER", "/pay/payments", { requestNo, freightIds: ids }))));
    expect(new Set(answers.map((a) => a.paymentNo)).size).toBe(1);
    const after = await f.p.db.kysely.selectFrom("ledger_transactions").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(3);
    await expectLedgerHolds(f);
  });

  it("100 parallel payments against a balance that covers 60: exactly 60 succeed, no overdraft", async () => {
    await fund(f, 3_000_000);
    const start = await org();
    const amount = amountFor(start.balance - start.frozen, 60);
    const each = settlementOf(amount).shipperPayable;
    expect(60 * each).toBeLessThanOrEqual(start.balance - start.frozen);
    expect(61 * each).toBeGreaterThan(start.balance - start.frozen);
    const ids = await completedWaybills(f, template, 100, { amount });
    const results = await Promise.all(ids.map((id) => as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: [id] })));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200).length).toBe(60);
    expect(codes.filter((c) => c !== 200).every((c) => c === 4020)).toBe(true);
    const end = await org();
    expect(end.balance).toBe(start.balance - 60 * each);
    expect(end.balance - end.frozen).toBeGreaterThanOrEqual(0);
    await expectLedgerHolds(f);
  });

  it("withdrawal: bind a card, apply (frozen), audit, bank failure refunds, success pays out", async () => {
    const card = await okData<{ id: number }>(as(f, "INDIVIDUAL_USER", "/pay/bank-cards", { holderName: "张师傅", cardNo: cardNo(), bankName: "中国建设银行" }));
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", "/pay/bank-cards", { holderName: "李四", cardNo: cardNo(), bankName: "中国建设银行" }), { code: 4000 });
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", "/pay/bank-cards", { holderName: "张师傅", cardNo: "6222021234567890", bankName: "中国建设银行" }), { code: 4000 });
    const w0 = await wallet();
    expect(w0.balance).toBeGreaterThan(20_000);
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", "/pay/withdrawals", { requestNo: rid(), bankCardId: card.id, amount: w0.balance - w0.frozen + 1 }), { code: 4020 });
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", "/pay/withdrawals", { requestNo: rid(), bankCardId: card.id, amount: 99 }), { status: 400 });
    const orgCard = await okData<{ id: number }>(as(f, "ORG_USER", "/pay/bank-cards", { holderName: orgName, cardNo: "3400001234567890", bankName: "中国银行", bankBranch: "蚌埠分行" }));
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", "/pay/withdrawals", { requestNo: rid(), bankCardId: orgCard.id, amount: 1000 }), { status: 404 });

    const body = { requestNo: rid(), bankCardId: card.id, amount: 10_000 };
    const applied = await okData<{ id: number; status: string }>(as(f, "INDIVIDUAL_USER", "/pay/withdrawals", body));
    expect(applied.status).toBe("APPLIED");
    expect(await wallet()).toEqual({ balance: w0.balance, frozen: w0.frozen + 10_000 });
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", "/pay/withdrawals", body), { code: 200 });
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", `/pay/withdrawals/${applied.id}/approve`, {}), { code: 4003 });
    await okData(as(f, "SYSTEM_USER", `/pay/withdrawals/${applied.id}/approve`, {}));
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", `/pay/withdrawals/${applied.id}/cancel`, {}), { code: 4009 });
    await expectUnchanged(() => as(f, "SYSTEM_USER", `/pay/withdrawals/${applied.id}/result`, { result: "FAILED" }), { status: 400 });
    const failed = await okData<{ status: string }>(as(f, "SYSTEM_USER", `/pay/withdrawals/${applied.id}/result`, { result: "FAILED", reason: "户名与卡号不符" }));
    expect(failed.status).toBe("FAILED");
    expect(await wallet()).toEqual(w0);

    const second = await okData<{ id: number }>(as(f, "INDIVIDUAL_USER", "/pay/withdrawals", { requestNo: rid(), bankCardId: card.id, amount: 20_000 }));
    await okData(as(f, "SYSTEM_USER", `/pay/withdrawals/${second.id}/approve`, {}));
    await okData(as(f, "SYSTEM_USER", `/pay/withdrawals/${second.id}/result`, { result: "SUCCESS", bankSerialNo: "CCB20261123000001" }));
    expect(await wallet()).toEqual({ balance: w0.balance - 20_000, frozen: w0.frozen });
    await expectUnchanged(() => as(f, "SYSTEM_USER", `/pay/withdrawals/${second.id}/result`, { result: "SUCCESS", bankSerialNo: "CCB20261123000001" }), { code: 4009 });

    const third = await okData<{ id: number }>(as(f, "INDIVIDUAL_USER", "/pay/withdrawals", { requestNo: rid(), bankCardId: card.id, amount: 1_000 }));
    await okData(as(f, "SYSTEM_USER", `/pay/withdrawals/${third.id}/reject`, { reason: "资料不全" }));
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", `/pay/bank-cards/${orgCard.id}`, undefined, "DELETE"), { status: 404 });
    expect(await wallet()).toEqual({ balance: w0.balance - 20_000, frozen: w0.frozen });
    await expectLedgerHolds(f);
  });

  it("parallel withdrawals never freeze more than the wallet holds", async () => {
    const card = await okData<Array<{ id: number }>>(as(f, "INDIVIDUAL_USER", "/pay/bank-cards", undefined, "GET"));
    const w = await wallet();
    const available = w.balance - w.frozen;
    const each = Math.floor(available / 7);
    const results = await Promise.all(Array.from({ length: 12 }, () => as(f, "INDIVIDUAL_USER", "/pay/withdrawals", { requestNo: rid(), bankCardId: card[0]!.id, amount: each })));
    expect(results.filter((r) => r.body.code === 200).length).toBe(7);
    expect(results.filter((r) => r.body.code !== 200).every((r) => r.body.code === 4020)).toBe(true);
    const after = await wallet();
    expect(after.balance - after.frozen).toBeGreaterThanOrEqual(0);
    await expectLedgerHolds(f);
  });

  it("lists answer the caller's own money only", async () => {
    const mine = await okData<{ records: Array<{ ownerType: string }>; sums: { income: number } }>(as(f, "INDIVIDUAL_USER", "/pay-entry/search", { size: 200 }));
    expect(mine.records.length).toBeGreaterThan(0);
    expect(mine.records.every((r) => r.ownerType === "USER")).toBe(true);
    // 支付列表 is the engine's payment resource (contract/resources/money.ts).
    const payments = await okData<{ total: number }>(as(f, "TENANT_USER", "/pay-payment/search", {}));
    expect(payments.total).toBeGreaterThan(0);
    // An individual pays nothing and reads no payment: the list is refused outright.
    const other = await as(f, "INDIVIDUAL_USER", "/pay-payment/search", {});
    expect(other.body.code).toBe(4003);
    const account = await okData<{ account: { balance: number; available: number } }>(as(f, "ORG_USER", "/pay/account", undefined, "GET"));
    expect(account.account.available).toBe((await org()).balance - (await org()).frozen);
    const entry = mine.records[0] as unknown as { id: number };
    await expectUnchanged(() => as(f, "ORG_USER", `/pay/entries/${entry.id}`, undefined, "GET"), { status: 404 });
  });

  it("enterprise balances, their 核对, waybill tracking and the bank card list are scoped to the caller", async () => {
    const mine = await okData<{ records: Array<{ id: number; accountName: string }>; total: number }>(as(f, "ORG_USER", "/pay-org-balance/search", {}));
    expect(mine.records.map((r) => r.accountName)).toEqual([orgName]);
    const all = await okData<{ total: number }>(as(f, "SYSTEM_USER", "/pay-org-balance/search", {}));
    expect(all.total).toBeGreaterThanOrEqual(mine.total);
    const detail = await okData<{ check: { matches: boolean }; page: { total: number } }>(as(f, "ORG_USER", `/pay/balances/${mine.records[0]!.id}`, {}));
    expect(detail.check.matches).toBe(true);
    expect(detail.page.total).toBeGreaterThan(0);
    const foreign = (await f.p.db.kysely.selectFrom("accounts").select("id").where("owner_type", "=", "ORG").where("owner_id", "=", f.orgIds[1]!).executeTakeFirst()) ?? { id: 999_999 };
    await expectUnchanged(() => as(f, "ORG_USER", `/pay/balances/${foreign.id}`, {}), { status: 404 });
    const paid = await okData<{ records: Array<{ payStatus: string; paymentNo: string | null }> }>(as(f, "ORG_USER", "/pay-waybill-tracking/search", { payStatus: "PAID", size: 50 }));
    expect(paid.records.length).toBeGreaterThan(0);
    expect(paid.records.every((r) => r.payStatus === "PAID" && r.paymentNo)).toBe(true);
    // 司机应付 (grouped unpaid settlements): its sum is what 待付款 owes, under the same scope.
    const payees = await okData<{ records: Array<{ waybillCount: number; netToPayee: number }>; sums: { payeePayable: number } }>(as(f, "ORG_USER", "/pay-payee-payable/search", { size: 200 }));
    expect(payees.records.length).toBeGreaterThan(0);
    const owed = await okData<{ sums: { netToPayee: number } }>(as(f, "ORG_USER", "/pay-payable/search", { size: 1 }));
    expect(payees.sums.payeePayable).toBe(owed.sums.netToPayee);
    expect(payees.records.every((p) => p.waybillCount > 0 && p.netToPayee > 0)).toBe(true);
    const cards = await okData<{ total: number; records: Array<Record<string, unknown>> }>(as(f, "SYSTEM_USER", "/pay-bank-card/search", {}));
    expect(cards.total).toBeGreaterThan(0);
    expect(cards.records.every((c) => !("cardNoEnc" in c) && !("cardNoHash" in c))).toBe(true);
    expect((await okData<{ total: number }>(as(f, "ORG_USER", "/pay-bank-card/search", {}))).total).toBe(0);
  });

  it("开票信息: an organisation keeps one title, checked field by field; without the code it is refused", async () => {
    const seeded = await okData<{ tax_title: string } | null>(as(f, "ORG_USER", "/pay/invoice-title", undefined, "GET"));
    expect(seeded?.tax_title).toBe(orgName);
    const body = { taxTitle: orgName, taxNo: "91340300MA2N1000XA", taxBankAccount: "1234567890", receiveEmail: "a@b.cn" };
    const saved = await okData<{ tax_no: string; receive_email: string }>(as(f, "ORG_USER", "/pay/invoice-title", body, "PUT"));
    expect(saved).toMatchObject({ tax_no: "91340300MA2N1000XA", receive_email: "a@b.cn" });
    const bad = await as(f, "ORG_USER", "/pay/invoice-title", { ...body, receiveEmail: "nope" }, "PUT");
    expect(bad.status).toBe(400);
    expect(bad.body.errorMsg).toMatch(/收票邮箱/);
    expect((await as(f, "ORG_USER", "/pay/invoice-title", { taxTitle: orgName }, "PUT")).body.code).toBe(4000);
    const driverTitle = await okData<{ owner_type: string }>(as(f, "INDIVIDUAL_USER", "/pay/invoice-title", { taxTitle: "张师傅" }, "PUT"));
    expect(driverTitle.owner_type).toBe("USER");
    expect((await as(f, "SYSTEM_USER", "/pay/invoice-title", undefined, "GET")).body.code).toBe(200);
  });
});
