/**
 * Money notifications and 付款须审核 (docs/design/notifications.md, docs/design/money.md), on SQLite and PostgreSQL (TEST_DATABASE_URL):
 * each money decision notifies the people it concerns, once, with the page 查看详情 opens; an audit
 * decision of the engine carries its target too; a payment of an organisation whose 付款须审核 is 是
 * waits as 待审核 without touching the ledger, then is paid on approval or released on rejection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yuanPlain } from "../../contract/numbers.js";
import { as, dispatchOne, driveTo, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";
import { cardNo, completedWaybills, expectLedgerHolds, fund, moneyFingerprint, rechargeBody, rid } from "./ledger-fixtures.js";

let f: FreightTestPlatform;
let template: number;
let orgName: string;

beforeAll(async () => {
  f = await startFreightPlatform("money20");
  const { id } = await dispatchOne(f, { individual: true });
  await driveTo(f, id, "COMPLETED");
  template = id;
  orgName = (await f.p.db.kysely.selectFrom("organisations").select("name").where("id", "=", f.orgIds[0]!).executeTakeFirstOrThrow()).name;
  await fund(f, 50_000_000);
});
afterAll(async () => {
  await f?.close();
});

/** The notifications of one user whose event key starts with `prefix`. */
const told = (userId: number, prefix: string) =>
  f.p.db.kysely.selectFrom("notifications").select(["id", "content", "target_path", "target_type", "event_key"]).where("user_id", "=", userId).where("event_key", "like", `${prefix}%`).orderBy("id").execute();

const setAudit = (on: boolean) => f.p.db.kysely.updateTable("enterprise_configs").set({ payment_requires_audit: on ? 1 : 0 }).where("org_id", "=", f.orgIds[0]!).execute();

describe(`money notifications (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("recharge confirmed and rejected: the organisation's finance staff hear it once, with the recharge page; the auditor does not", async () => {
    const confirmed = await okData<{ id: number; recharge_no: string }>(as(f, "ORG_USER", "/pay/recharges", rechargeBody(120_000, orgName)));
    await okData(as(f, "SYSTEM_USER", `/pay/recharges/${confirmed.id}/confirm`, {}));
    const again = await as<{ code: number }>(f, "SYSTEM_USER", `/pay/recharges/${confirmed.id}/confirm`, {});
    expect(again.body.code).not.toBe(200);
    const mine = await told(f.userIds.ORG_USER, `recharge:${confirmed.recharge_no}:`);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.content).toBe(`充值单 ${confirmed.recharge_no} 已确认到账，${yuanPlain(120_000)} 元已存入企业账户。`);
    expect(mine[0]!.target_path).toBe(`/accountManage/recharge?keyword=${confirmed.recharge_no}`);
    expect(await told(f.userIds.SYSTEM_USER, `recharge:${confirmed.recharge_no}:`)).toHaveLength(0);

    const rejected = await okData<{ id: number; recharge_no: string }>(as(f, "ORG_USER", "/pay/recharges", rechargeBody(30_000, orgName)));
    await okData(as(f, "SYSTEM_USER", `/pay/recharges/${rejected.id}/reject`, { reason: "流水号与银行回单不符" }));
    const [message] = await told(f.userIds.ORG_USER, `recharge:${rejected.recharge_no}:`);
    expect(message!.content).toContain("被驳回，原因：流水号与银行回单不符");

    // Through the message centre's own API, with the target the console opens.
    const listed = await okData<{ records: Array<{ id: string; targetPath: string | null }> }>(as(f, "ORG_USER", "/sys-notification/self/search", { tags: "money", size: 50 }));
    expect(listed.records.find((r) => r.id === String(message!.id))?.targetPath).toBe(`/accountManage/recharge?keyword=${rejected.recharge_no}`);
  });

  it("freight received: each paid waybill tells its payee once; replaying the payment request tells nobody again", async () => {
    await setAudit(false);
    const ids = await completedWaybills(f, template, 2, { amount: 80_000 });
    const body = { requestNo: rid(), freightIds: ids };
    const paid = await okData<{ paymentNo: string; status: string }>(as(f, "ORG_USER", "/pay/payments", body));
    expect(paid.status).toBe("SUCCESS");
    await okData(as(f, "ORG_USER", "/pay/payments", body));
    const received = await told(f.userIds.INDIVIDUAL_USER, `payment:${paid.paymentNo}:`);
    expect(received).toHaveLength(2);
    expect(received.every((n) => n.target_path === "/accountManage/expend" && n.target_type === "MYWALLET")).toBe(true);
    expect(received[0]!.content).toContain(`已由${orgName}支付到您的钱包（支付单 ${paid.paymentNo}）`);
    await expectLedgerHolds(f);
  });

  it("withdrawal approved, paid and failed: the withdrawer hears each once, with his account page", async () => {
    const db = f.p.db.kysely;
    const me = await db.selectFrom("users").select("name").where("id", "=", f.userIds.INDIVIDUAL_USER).executeTakeFirstOrThrow();
    const card = await okData<{ id: number }>(as(f, "INDIVIDUAL_USER", "/pay/bank-cards", { holderName: me.name, cardNo: cardNo(), bankName: "中国农业银行" }));
    const apply = () => okData<{ id: number; withdraw_no: string }>(as(f, "INDIVIDUAL_USER", "/pay/withdrawals", { requestNo: rid(), bankCardId: card.id, amount: 1_000 }));
    const ok = await apply();
    await okData(as(f, "SYSTEM_USER", `/pay/withdrawals/${ok.id}/approve`, {}));
    await okData(as(f, "SYSTEM_USER", `/pay/withdrawals/${ok.id}/result`, { result: "SUCCESS", bankSerialNo: "BANK0001" }));
    expect((await as<{ code: number }>(f, "SYSTEM_USER", `/pay/withdrawals/${ok.id}/approve`, {})).body.code).not.toBe(200);
    const okTold = await told(f.userIds.INDIVIDUAL_USER, `withdrawal:${ok.withdraw_no}:`);
    expect(okTold.map((n) => n.event_key)).toEqual([`withdrawal:${ok.withdraw_no}:withdrawalApproved`, `withdrawal:${ok.withdraw_no}:withdrawalPaid`]);
    expect(okTold.every((n) => n.target_path === "/accountManage/accountInfo")).toBe(true);

    const failed = await apply();
    await okData(as(f, "SYSTEM_USER", `/pay/withdrawals/${failed.id}/approve`, {}));
    await okData(as(f, "SYSTEM_USER", `/pay/withdrawals/${failed.id}/result`, { result: "FAILED", reason: "户名与卡号不符" }));
    const failTold = await told(f.userIds.INDIVIDUAL_USER, `withdrawal:${failed.withdraw_no}:withdrawalFailed`);
    expect(failTold).toHaveLength(1);
    expect(failTold[0]!.content).toContain("打款失败，原因：户名与卡号不符");
    await expectLedgerHolds(f);
  });

  it("an audit decision of the engine carries the page where the owner finds the row", async () => {
    const db = f.p.db.kysely;
    const shipper = await db.selectFrom("shippers").select("id").where("org_id", "=", f.orgIds[0]!).executeTakeFirstOrThrow();
    const project = await okData<{ id: number }>(as(f, "ORG_USER", "/tms-project", { name: `通知项目${rid().slice(0, 6)}`, shipperId: Number(shipper.id) }));
    const row = await db.selectFrom("projects").select(["audit_status"]).where("id", "=", project.id).executeTakeFirstOrThrow();
    expect(row.audit_status).toBe("PENDING");
    await okData(as(f, "SYSTEM_USER", `/tms-project/${project.id}/reject`, { rejectReason: "INCOMPLETE", auditRemark: "合同编号缺失" }));
    const [message] = await told(f.userIds.ORG_USER, `audit:project:${project.id}:reject`);
    expect(message!.content).toContain("审核驳回，原因：证件不完整或被遮挡：合同编号缺失");
    expect(message!.target_path).toBe("/resourceManager/projectManagementList");
  });
});

describe(`付款须审核 (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("a payment waits as 待审核 without touching the ledger, then approval pays it once through the ledger", async () => {
    await setAudit(true);
    const ids = await completedWaybills(f, template, 2, { amount: 90_000 });
    const before = await moneyFingerprint(f);
    const created = await okData<{ paymentId: number; paymentNo: string; status: string }>(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: ids }));
    expect(created.status).toBe("PENDING_AUDIT");
    const after = JSON.parse(await moneyFingerprint(f)) as { accounts: unknown; paid: unknown };
    const was = JSON.parse(before) as { accounts: unknown; paid: unknown };
    expect(after.accounts).toEqual(was.accounts);
    expect(after.paid).toEqual(was.paid);
    await expectLedgerHolds(f);

    // Its waybills are held: a second payment of them is refused.
    const twice = await as<{ code: number; message: string }>(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: ids });
    expect(twice.body.message).toContain("已在待审核的支付单中");

    const pending = await okData<{ payment: { status: string }; actions: string[]; events: Array<{ label: string }> }>(as(f, "ORG_USER", `/pay/payments/${created.paymentId}`, undefined, "GET"));
    expect(pending.actions).toEqual(["approve", "reject"]);
    expect(pending.events.map((e) => e.label)).toEqual(["提交审核"]);

    const walletBefore = await f.p.db.kysely.selectFrom("accounts").select("balance").where("owner_type", "=", "USER").where("owner_id", "=", f.userIds.INDIVIDUAL_USER).where("account_type", "=", "WALLET").executeTakeFirstOrThrow();
    await okData(as(f, "ORG_USER", `/pay/payments/${created.paymentId}/approve`, {}));
    const again = await as<{ code: number; message: string }>(f, "ORG_USER", `/pay/payments/${created.paymentId}/approve`, {});
    expect(again.body.message).toContain("当前状态为「已支付」");
    const walletAfter = await f.p.db.kysely.selectFrom("accounts").select("balance").where("owner_type", "=", "USER").where("owner_id", "=", f.userIds.INDIVIDUAL_USER).where("account_type", "=", "WALLET").executeTakeFirstOrThrow();
    expect(Number(walletAfter.balance)).toBeGreaterThan(Number(walletBefore.balance));
    const paid = await okData<{ payment: { status: string; auditedName: string }; actions: string[]; events: Array<{ label: string }>; items: Array<{ status: string }> }>(as(f, "ORG_USER", `/pay/payments/${created.paymentId}`, undefined, "GET"));
    expect(paid.payment.status).toBe("SUCCESS");
    expect(paid.actions).toEqual([]);
    expect(paid.events.map((e) => e.label)).toEqual(["提交审核", "审核通过", "支付成功"]);
    expect(paid.items.every((i) => i.status === "SUCCESS")).toBe(true);
    expect(await told(f.userIds.INDIVIDUAL_USER, `payment:${created.paymentNo}:`)).toHaveLength(2);
    await expectLedgerHolds(f);
  });

  it("rejection (with the reason) releases the waybills to 待付款 and moves no money; the caller without 支付审核 is refused", async () => {
    await setAudit(true);
    const ids = await completedWaybills(f, template, 1, { amount: 70_000 });
    const created = await okData<{ paymentId: number }>(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: ids }));
    const before = await moneyFingerprint(f);
    expect((await as<{ code: number }>(f, "SYSTEM_USER", `/pay/payments/${created.paymentId}/approve`, {})).body.code).not.toBe(200);
    expect((await as<{ code: number; message: string }>(f, "ORG_USER", `/pay/payments/${created.paymentId}/reject`, {})).body.code).not.toBe(200);
    await okData(as(f, "ORG_USER", `/pay/payments/${created.paymentId}/reject`, { reason: "运费金额待核对" }));
    const settlement = await f.p.db.kysely.selectFrom("waybill_settlements").select(["pay_status", "payment_id"]).where("freight_id", "=", ids[0]!).executeTakeFirstOrThrow();
    expect(settlement).toMatchObject({ pay_status: "UNPAID", payment_id: null });
    const detail = await okData<{ payment: { status: string; auditRemark: string }; events: Array<{ label: string; remark: string | null }> }>(as(f, "ORG_USER", `/pay/payments/${created.paymentId}`, undefined, "GET"));
    expect(detail.payment).toMatchObject({ status: "REJECTED", auditRemark: "运费金额待核对" });
    expect(detail.events.map((e) => e.label)).toEqual(["提交审核", "审核驳回"]);
    const after = JSON.parse(await moneyFingerprint(f)) as { accounts: unknown; paid: unknown };
    expect(after.accounts).toEqual((JSON.parse(before) as { accounts: unknown }).accounts);
    await expectLedgerHolds(f);
    // Released: the waybill can be paid again.
    await setAudit(false);
    const repaid = await okData<{ status: string }>(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: ids }));
    expect(repaid.status).toBe("SUCCESS");
    await expectLedgerHolds(f);
  });
});
