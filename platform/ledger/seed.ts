/**
 * Demo money, produced through the ledger's own flows so `npm run ledger:check` holds on the demo
 * database: a few of the first organisation's drivers registered with wallets (domain 0.5 rule 4:
 * payees are registered people), recharges (confirmed, pending, rejected), two payments over completed
 * waybills (the rest stay payable), bank cards and withdrawals in every outcome.
 */
import { luhnValid } from "../../contract/validation.js";
import { nowIso, type Db } from "../db/index.js";
import type { CallerScope } from "../scope.js";
import { DEMO_CAPTAIN, type SeedIds } from "../db/seed.js";
import { applyWithdrawal, bindCard, decideRecharge, decideWithdrawal, payWaybills, saveInvoiceTitle, submitRecharge } from "./flows.js";
import { demoScopes } from "../db/seed-scopes.js";
import { isIndividual } from "../../contract/platforms.js";

let serial = 0;
const requestNo = () => `SEED-LEDGER-${String(++serial).padStart(4, "0")}`;

export async function seedLedger(db: Db, ids: SeedIds): Promise<void> {
  const k = db.kysely;
  const { users, scopeOf, scopeOfUser } = await demoScopes(db, ids);
  const system = scopeOf("SYSTEM_USER");
  const orgUser = scopeOf("ORG_USER");
  const driver = scopeOf("INDIVIDUAL_USER");
  const orgId = ids.orgIds[0]!;
  const org = await k.selectFrom("organisations").selectAll().where("id", "=", orgId).executeTakeFirstOrThrow();
  await registerDrivers(db, orgId, users.find((u) => isIndividual(u))!);

  // Recharges: 50 万元 confirmed, one waiting for the platform, one rejected.
  const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
  const recharge = (amount: number, serialNo: string, d: number) =>
    submitRecharge(db, orgUser, { requestNo: requestNo(), amount, payerName: org.name, payerAccountNo: "34001626808052500001", payerBank: "中国农业银行蚌埠分行", bankSerialNo: serialNo, transferTime: daysAgo(d), voucherUrl: "/files/vouchers/demo-recharge.jpg" });
  const big = await recharge(50_000_000, "ABC202611010001", 20);
  await decideRecharge(db, system, Number(big.id), { action: "confirm" });
  const top = await recharge(8_000_000, "ABC202611150002", 8);
  await decideRecharge(db, system, Number(top.id), { action: "confirm" });
  const wrong = await recharge(500_000, "ABC202611180003", 5);
  await decideRecharge(db, system, Number(wrong.id), { action: "reject", reason: "未收到该笔转账，请核对银行流水号" });
  await recharge(2_000_000, "ABC202611220004", 1);

  // Pay the oldest completed road waybills of registered payees, in two payments; the rest stay payable.
  const payable = await k
    .selectFrom("freights")
    .select("id")
    .where("org_id", "=", orgId)
    .where("status", "=", "COMPLETED")
    .where("freight_way", "=", "ROAD")
    .where("carrier_user_id", "is not", null)
    .orderBy("complete_time")
    .limit(7)
    .execute();
  const freightIds = payable.map((f) => Number(f.id));
  if (freightIds.length >= 2) {
    await payWaybills(db, orgUser, { requestNo: requestNo(), freightIds: freightIds.slice(0, 3) });
    await payWaybills(db, orgUser, { requestNo: requestNo(), freightIds: freightIds.slice(3, 5) });
  }

  // The driver's wallet: a card, a paid-out withdrawal, one the bank refused (refunded), one waiting.
  const card = await bindCard(db, driver, { holderName: driver.name, cardNo: "6217001210024455220", bankName: "中国建设银行", reservedMobile: "13800000004" });
  const wallet = await k.selectFrom("accounts").select(["balance", "frozen"]).where("owner_type", "=", "USER").where("owner_id", "=", driver.userId).executeTakeFirst();
  const available = Number(wallet?.balance ?? 0) - Number(wallet?.frozen ?? 0);
  if (available >= 30_000) {
    const w1 = await applyWithdrawal(db, driver, { requestNo: requestNo(), bankCardId: Number(card.id), amount: Math.floor(available / 3) });
    await decideWithdrawal(db, system, Number(w1.id), { action: "approve" });
    await decideWithdrawal(db, system, Number(w1.id), { action: "succeed", bankSerialNo: "CCB202611200000001" });
    const w2 = await applyWithdrawal(db, driver, { requestNo: requestNo(), bankCardId: Number(card.id), amount: 10_000 });
    await decideWithdrawal(db, system, Number(w2.id), { action: "approve" });
    await decideWithdrawal(db, system, Number(w2.id), { action: "fail", reason: "收款卡状态异常（银行返回：账户已冻结）" });
    await applyWithdrawal(db, driver, { requestNo: requestNo(), bankCardId: Number(card.id), amount: 10_000 });
  }

  // The demo captain's wallet: his oldest completed water waybill paid (the newer one stays payable), a card, a withdrawal waiting.
  const captain = scopeOfUser(await k.selectFrom("users").selectAll().where("id", "=", ids.captainUserId).executeTakeFirstOrThrow());
  const captainPaid = await k.selectFrom("freights").select("id").where("carrier_user_id", "=", captain.userId).where("status", "=", "COMPLETED").orderBy("complete_time").limit(1).execute();
  if (captainPaid.length) await payWaybills(db, orgUser, { requestNo: requestNo(), freightIds: captainPaid.map((f) => Number(f.id)) });
  const captainCard = await bindCard(db, captain, { holderName: captain.name, cardNo: "6228480402564890018", bankName: "中国农业银行", reservedMobile: DEMO_CAPTAIN.mobile });
  const captainWallet = await k.selectFrom("accounts").select(["balance", "frozen"]).where("owner_type", "=", "USER").where("owner_id", "=", captain.userId).executeTakeFirst();
  if (Number(captainWallet?.balance ?? 0) >= 100_000) await applyWithdrawal(db, captain, { requestNo: requestNo(), bankCardId: Number(captainCard.id), amount: 50_000 });

  // The organisation's corporate account and a withdrawal the bank is processing.
  const orgCard = await bindCard(db, orgUser, { holderName: org.name, cardNo: "34001626808052500001", bankName: "中国农业银行", bankBranch: "蚌埠分行营业部" });
  await saveInvoiceTitle(k, orgUser, { taxTitle: org.name, taxNo: org.credit_code ?? "91340300MA2N1000X", taxAddress: "安徽省蚌埠市蚌山区胜利西路 88 号", taxPhone: "0552-3101888", taxBankName: "中国农业银行蚌埠分行营业部", taxBankAccount: "34001626808052500001", receiveName: "李调度", receiveMobile: "13800000003", receiveAddress: "安徽省蚌埠市蚌山区胜利西路 88 号", receiveEmail: "finance@bbls.example.cn" });
  const w3 = await applyWithdrawal(db, orgUser, { requestNo: requestNo(), bankCardId: Number(orgCard.id), amount: 1_000_000 });
  await decideWithdrawal(db, system, Number(w3.id), { action: "approve" });
}

/** Registers (as INDIVIDUAL_USER with the demo driver's role) the first drivers of the organisation who completed road waybills, and links their waybills. */
export async function registerDrivers(db: Db, orgId: number, template: { password_hash: string; tenant_id: number | null; platform_id: string; pw_expiration: string | null; id: number }, limit = 4): Promise<void> {
  const k = db.kysely;
  const role = await k.selectFrom("user_roles").select("role_id").where("user_id", "=", template.id).executeTakeFirst();
  const drivers = await k
    .selectFrom("freight_drivers as d")
    .select(["d.id", "d.name", "d.mobile"])
    .where("d.org_id", "=", orgId)
    .where("d.user_id", "is", null)
    .where((eb) => eb.exists(eb.selectFrom("freights as f").select("f.id").whereRef("f.driver_id", "=", "d.id").where("f.status", "=", "COMPLETED")))
    .orderBy("d.id")
    .limit(limit)
    .execute();
  for (const d of drivers) {
    const taken = await k.selectFrom("users").select("id").where("mobile", "=", d.mobile).executeTakeFirst();
    if (taken) continue;
    const user = await k
      .insertInto("users")
      .values({ platform_id: template.platform_id, tenant_id: template.tenant_id, org_id: null, type: "INDIVIDUAL_USER", mobile: d.mobile, name: d.name, password_hash: template.password_hash, headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: template.pw_expiration, created_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (role) await k.insertInto("user_roles").values({ user_id: user.id, role_id: role.role_id }).execute();
    await k.updateTable("freight_drivers").set({ user_id: user.id }).where("id", "=", d.id).execute();
    await k.updateTable("freights").set({ carrier_user_id: user.id }).where("driver_id", "=", d.id).execute();
    // His settlements not yet paid follow, as when an organisation registers a carrier (linkRosters).
    await k.updateTable("waybill_settlements").set({ payee_user_id: user.id }).where("payee_user_id", "is", null).where("pay_status", "=", "UNPAID").where("freight_id", "in", k.selectFrom("freights").select("id").where("driver_id", "=", d.id)).execute();
    // A withdrawal card, so the 资金流水单 of their payments names a receipt account and bank (domain 8.5).
    const scope: CallerScope = { type: "INDIVIDUAL_USER", userId: Number(user.id), name: d.name, platformId: template.platform_id, tenantId: template.tenant_id === null ? null : Number(template.tenant_id), orgId: null, water: true, permissions: new Set(["PAY_BANK_CARD"]) };
    await bindCard(db, scope, { holderName: d.name, cardNo: withLuhn(`62170012100${String(user.id).padStart(7, "0")}`), bankName: "中国建设银行", reservedMobile: d.mobile });
  }
}

/** The digits followed by their Luhn check digit. */
const withLuhn = (digits: string) => `${digits}${[..."0123456789"].find((c) => luhnValid(`${digits}${c}`))!}`;
