/**
 * The money flows of domain 5.3–5.6, each one money transaction (tx.ts) that re-reads its rows in the
 * caller's scope, checks the state, posts through ledger.ts and moves the business rows with it:
 * recharge (submit → platform confirms → RECHARGE), paying completed waybills (all or nothing, one
 * FREIGHT_PAYMENT per waybill), withdrawals (apply freezes, reject/cancel/bank failure release, bank
 * success pays out). A `requestNo` makes each creating call idempotent: the same number and body
 * answers the first result, the same number with another body 4029.
 */
import { RefusalCode } from "../../contract/envelope.js";
import { cardNoError, type BankCardInput, type InvoiceTitleInput, type PayWaybills, type RechargeSubmit, type WithdrawApply } from "../../contract/ledger.js";
import { nowIso, type Db } from "../db/index.js";
import { yuanPlain } from "../../contract/numbers.js";
import { enterpriseConfigOf } from "../system/enterprise-config.js";
import { notFound, Refusal } from "../http/envelope.js";
import { nextSerial } from "../resources/write.js";
import { accountOwner, isOrgUser, visible, type CallerScope } from "../scope.js";
import { encryptCardNo, cardHash } from "./card-crypto.js";
import { hashOf, orgAccount, platformAccount, post, walletAccount, type Line } from "./ledger.js";
import { lockRows, moneyTx, type MoneyDb } from "./tx.js";
import { settleWaybills } from "./settlements.js";
import { requireCode } from "../http/permission.js";
import { payeeRoutes, routedShare } from "./payee-routing.js";
import { Outbox } from "../iam/notifications/events.js";
import { checkDocumentRefs } from "../documents/refs.js";

const operatorOf = (scope: CallerScope) => ({ userId: scope.userId, name: scope.name });

/** The caller's own account: an organisation's BASIC, an individual's WALLET. */
export async function ownAccountId(db: MoneyDb, scope: CallerScope): Promise<number> {
  const owner = accountOwner(scope);
  if (owner) return owner.ownerType === "ORG" ? orgAccount(db, owner.ownerId) : walletAccount(db, owner.ownerId);
  throw new Refusal(RefusalCode.notPermitted, "只有企业账号和个人账号有自己的资金账户");
}

function replayOf<T extends { request_hash: string }>(row: T | undefined, hash: string, requestNo: string): T | undefined {
  if (row && row.request_hash !== hash) throw new Refusal(RefusalCode.idempotencyConflict, `请求号 ${requestNo} 已用于另一笔不同的请求`);
  return row;
}

const stateRefusal = (what: string, no: string, status: string, verb: string) => new Refusal(RefusalCode.illegalState, `${what} ${no} 当前状态为「${status}」，不能${verb}`);

// ---------------------------------------------------------------------------------------------
// Recharge (domain 5.4)

export async function submitRecharge(db: Db, scope: CallerScope, input: RechargeSubmit) {
  requireCode(scope, "PAY_ACCOUNT_RECHARGE", "账户充值", ["ORG_USER"]);
  const accountId = await ownAccountId(db.kysely, scope);
  const org = await db.kysely.selectFrom("organisations").select(["name", "tenant_id"]).where("id", "=", scope.orgId!).executeTakeFirstOrThrow();
  if (input.payerName !== org.name) throw new Refusal(RefusalCode.invalid, `付款户名须与企业名称「${org.name}」一致（不支持第三方代付）`);
  const hash = hashOf({ ...input, requestNo: undefined, orgId: scope.orgId });
  return moneyTx(db, async (trx) => {
    const prior = replayOf(await trx.selectFrom("recharges").selectAll().where("platform_id", "=", scope.platformId).where("org_id", "=", scope.orgId!).where("request_no", "=", input.requestNo).executeTakeFirst(), hash, input.requestNo);
    if (prior) return prior;
    await checkDocumentRefs(trx, scope, "转账凭证", [input.voucherUrl], [], { strict: false });
    const dup = await trx.selectFrom("recharges").select("recharge_no").where("platform_id", "=", scope.platformId).where("bank_serial_no", "=", input.bankSerialNo).executeTakeFirst();
    if (dup) throw new Refusal(RefusalCode.invalid, `银行流水号 ${input.bankSerialNo} 已用于充值单 ${dup.recharge_no}`);
    return trx
      .insertInto("recharges")
      .values({
        platform_id: scope.platformId,
        tenant_id: Number(org.tenant_id),
        org_id: scope.orgId!,
        recharge_no: await nextSerial(trx, "CZ"),
        request_no: input.requestNo,
        request_hash: hash,
        account_id: accountId,
        amount: input.amount,
        method: "BANK_TRANSFER",
        payer_name: input.payerName,
        payer_account_no: input.payerAccountNo,
        payer_bank: input.payerBank,
        bank_serial_no: input.bankSerialNo,
        transfer_time: new Date(input.transferTime).toISOString(),
        voucher_url: input.voucherUrl,
        status: "PENDING",
        submitted_by: scope.userId,
        submitted_name: scope.name,
        created_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Platform finance confirms the money arrived (posts RECHARGE, key = recharge_no) or rejects it; the applicant may cancel. */
export async function decideRecharge(db: Db, scope: CallerScope, id: number, decision: { action: "confirm" } | { action: "reject"; reason: string } | { action: "cancel" }, outbox = new Outbox()) {
  if (decision.action === "cancel") requireCode(scope, "PAY_ACCOUNT_RECHARGE", "撤销充值", ["ORG_USER"]);
  else requireCode(scope, "PAY_RECHARGE_AUDIT", "充值审核");
  const bank = await platformAccount(db.kysely, scope.platformId, "BANK");
  return moneyTx(db, async (trx) => {
    await lockRows(trx, db.dialect, "recharges", [id]);
    let q = trx.selectFrom("recharges").selectAll().where("id", "=", id).where("platform_id", "=", scope.platformId);
    if (isOrgUser(scope)) q = q.where("org_id", "=", scope.orgId ?? -1);
    const r = await q.executeTakeFirst();
    if (!r) throw notFound("充值单不存在");
    const verb = { confirm: "确认到账", reject: "驳回", cancel: "撤销" }[decision.action];
    if (r.status !== "PENDING") throw stateRefusal("充值单", r.recharge_no, { PENDING: "待确认", CONFIRMED: "已到账", REJECTED: "已驳回", CANCELLED: "已撤销" }[r.status] ?? r.status, verb);
    const at = nowIso();
    if (decision.action === "confirm") {
      const posted = await post(trx, db.dialect, {
        platformId: r.platform_id,
        key: r.recharge_no,
        requestHash: hashOf({ recharge: r.id, amount: r.amount }),
        txnType: "RECHARGE",
        bizType: "RECHARGE",
        bizId: r.id,
        bizNo: r.recharge_no,
        operator: operatorOf(scope),
        lines: [
          { accountId: bank, amount: -r.amount, entryType: "RECHARGE", summary: `充值入账 ${r.recharge_no}`, counterparty: r.payer_name },
          { accountId: r.account_id, amount: r.amount, entryType: "RECHARGE", summary: `账户充值 银行流水 ${r.bank_serial_no}`, counterparty: r.payer_name },
        ],
      });
      const confirmed = await trx.updateTable("recharges").set({ status: "CONFIRMED", confirmed_by: scope.userId, confirmed_name: scope.name, confirmed_at: at, ledger_txn_id: posted.txnId }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
      await outbox.stage(trx, { kind: "rechargeConfirmed", recharge: confirmed });
      return confirmed;
    }
    const status = decision.action === "reject" ? "REJECTED" : "CANCELLED";
    const decided = await trx
      .updateTable("recharges")
      .set({ status, confirmed_by: scope.userId, confirmed_name: scope.name, confirmed_at: at, reject_reason: decision.action === "reject" ? decision.reason : null })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (status === "REJECTED") await outbox.stage(trx, { kind: "rechargeRejected", recharge: decided });
    return decided;
  });
}

// ---------------------------------------------------------------------------------------------
// Settlements and payments (domain 5.2, 5.3)

/** The statuses of a payment (付款须审核: 待审核 → 已支付 or 已驳回; without audit it is 已支付 at once). */
export const PAYMENT_LABELS: Record<string, string> = { PENDING_AUDIT: "待审核", SUCCESS: "已支付", REJECTED: "已驳回" };

type PaymentRow = Awaited<ReturnType<typeof paymentRow>>;
const paymentRow = (db: MoneyDb, id: number) => db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function paymentEvent(trx: MoneyDb, scope: CallerScope, payment: { id: number; platform_id: string }, e: { action: string; label: string; from: string | null; to: string; remark?: string | null }) {
  await trx
    .insertInto("payment_events")
    .values({ platform_id: payment.platform_id, payment_id: Number(payment.id), action: e.action, label: e.label, from_status: e.from, to_status: e.to, operator_id: scope.userId, operator_name: scope.name.slice(0, 64), remark: e.remark ?? null, created_at: nowIso() })
    .execute();
}

/**
 * Pays the selected completed waybills of the caller's organisation from its BASIC account: one
 * payment and one item per waybill, all in one transaction, so either every waybill is in the payment
 * or nothing moved (a waybill already paid or in another payment, another org's). When the
 * organisation's 付款须审核 is 是 the payment waits as 待审核 (its waybills held, the ledger untouched)
 * until someone with 支付审核 approves it (`decidePayment`); otherwise it pays at once, one
 * FREIGHT_PAYMENT per waybill (insufficient balance refuses the whole payment).
 */
export async function payWaybills(db: Db, scope: CallerScope, input: PayWaybills, outbox = new Outbox()) {
  requireCode(scope, "PAY_PAYMENT_MANAGEMENT", "支付运费", ["ORG_USER"]);
  const freightIds = [...input.freightIds].sort((a, b) => a - b);
  const hash = hashOf({ orgId: scope.orgId, freightIds });
  const prior = await db.kysely.selectFrom("payments").selectAll().where("platform_id", "=", scope.platformId).where("org_id", "=", scope.orgId!).where("request_no", "=", input.requestNo).executeTakeFirst();
  if (replayOf(prior, hash, input.requestNo)) return { payment: prior!, replayed: true };

  // Accounts and settlements are prepared outside the money transaction (both idempotent).
  await settleWaybills(db.kysely, freightIds);
  const payer = await ownAccountId(db.kysely, scope);
  const payees = await db.kysely.selectFrom("waybill_settlements").select("payee_user_id").distinct().where("freight_id", "in", freightIds).where("payee_user_id", "is not", null).execute();
  const wallets = new Map<number, number>();
  for (const p of payees) wallets.set(Number(p.payee_user_id), await walletAccount(db.kysely, Number(p.payee_user_id)));
  const org = await db.kysely.selectFrom("organisations").select(["name", "tenant_id"]).where("id", "=", scope.orgId!).executeTakeFirstOrThrow();
  const { paymentRequiresAudit } = await enterpriseConfigOf(db.kysely, scope.orgId!);

  return moneyTx(db, async (trx) => {
    const freights = await trx.selectFrom("freights").select(["id", "freight_no", "status", "freight_way"]).where("id", "in", freightIds).where(visible("freights", scope, "freights")).execute();
    if (freights.length !== freightIds.length) throw notFound("运单不存在或不属于本企业");
    const notDone = freights.find((f) => f.status !== "COMPLETED");
    if (notDone) throw new Refusal(RefusalCode.illegalState, `运单 ${notDone.freight_no} 尚未完成，不能支付`);
    const ways = new Set(freights.map((f) => f.freight_way));
    if (ways.size > 1) throw new Refusal(RefusalCode.invalid, "陆运和水运运单不能在同一支付单中支付");

    const settlements = await trx.selectFrom("waybill_settlements").selectAll().where("freight_id", "in", freightIds).orderBy("id").execute();
    await lockRows(trx, db.dialect, "waybill_settlements", settlements.map((s) => Number(s.id)));
    // Read after the locks: a concurrent request with the same number that held them has committed by now.
    const again = replayOf(await trx.selectFrom("payments").selectAll().where("platform_id", "=", scope.platformId).where("org_id", "=", scope.orgId!).where("request_no", "=", input.requestNo).executeTakeFirst(), hash, input.requestNo);
    if (again) return { payment: again, replayed: true };
    const fresh = await trx.selectFrom("waybill_settlements").selectAll().where("freight_id", "in", freightIds).orderBy("freight_id").execute();
    for (const s of fresh) {
      if (s.pay_status === "PAYING") throw new Refusal(RefusalCode.illegalState, `运单 ${s.freight_no} 已在待审核的支付单中，不能重复支付`);
      if (s.pay_status !== "UNPAID") throw new Refusal(RefusalCode.illegalState, `运单 ${s.freight_no} 已支付，不能重复支付`);
      if (s.payee_user_id === null || !wallets.has(Number(s.payee_user_id))) throw new Refusal(RefusalCode.prerequisite, `运单 ${s.freight_no} 的收款人「${s.payee_name}」未注册账号，无法入账`);
    }
    const sum = (k: "shipper_payable" | "net_to_payee" | "service_fee" | "tax_reserve") => fresh.reduce((acc, s) => acc + Number(s[k]), 0);
    const at = nowIso();
    const status = paymentRequiresAudit ? "PENDING_AUDIT" : "SUCCESS";
    const created = await trx
      .insertInto("payments")
      .values({
        platform_id: scope.platformId,
        tenant_id: Number(org.tenant_id),
        org_id: scope.orgId!,
        payment_no: await nextSerial(trx, "ZF"),
        request_no: input.requestNo,
        request_hash: hash,
        freight_way: [...ways][0]!,
        payer_account_id: payer,
        item_count: fresh.length,
        total_shipper_payable: sum("shipper_payable"),
        total_net_to_payee: sum("net_to_payee"),
        total_service_fee: sum("service_fee"),
        total_tax_reserve: sum("tax_reserve"),
        status,
        submitted_by: scope.userId,
        submitted_name: scope.name,
        submitted_at: at,
        executed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const [i, s] of fresh.entries()) {
      await trx
        .insertInto("payment_items")
        .values({
          platform_id: scope.platformId,
          payment_id: Number(created.id),
          seq: i + 1,
          freight_id: Number(s.freight_id),
          freight_no: s.freight_no,
          settlement_id: Number(s.id),
          payee_user_id: Number(s.payee_user_id),
          payee_name: s.payee_name,
          payee_account_id: wallets.get(Number(s.payee_user_id))!,
          shipper_payable: Number(s.shipper_payable),
          net_to_payee: Number(s.net_to_payee),
          service_fee: Number(s.service_fee),
          tax_reserve: Number(s.tax_reserve),
          withheld_tax: Number(s.withheld_tax),
          status: "PENDING",
          ledger_txn_id: null,
          paid_at: null,
        })
        .execute();
      const held = await trx
        .updateTable("waybill_settlements")
        .set((eb) => ({ pay_status: "PAYING", payment_id: Number(created.id), version: eb("version", "+", 1) }))
        .where("id", "=", Number(s.id))
        .where("pay_status", "=", "UNPAID")
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) throw new Refusal(RefusalCode.illegalState, `运单 ${s.freight_no} 已支付，不能重复支付`);
    }
    await paymentEvent(trx, scope, created, { action: "CREATE", label: paymentRequiresAudit ? "提交审核" : "创建支付", from: null, to: status });
    if (paymentRequiresAudit) {
      await outbox.stage(trx, { kind: "paymentSubmitted", payment: created, actorId: scope.userId });
      return { payment: created, replayed: false };
    }
    return { payment: await executePayment(db, trx, scope, created, org.name, outbox), replayed: false };
  });
}

/**
 * Posts a payment's held items through the ledger (one FREIGHT_PAYMENT per waybill, keyed by the
 * payment number and item, so a replay posts nothing twice) and marks the waybills 已支付.
 */
async function executePayment(db: Db, trx: MoneyDb, scope: CallerScope, payment: PaymentRow, orgName: string, outbox: Outbox): Promise<PaymentRow> {
  const items = await trx.selectFrom("payment_items").selectAll().where("payment_id", "=", Number(payment.id)).orderBy("seq").execute();
  const revenue = await platformAccount(trx, payment.platform_id, "REVENUE");
  const taxReserve = await platformAccount(trx, payment.platform_id, "TAX_RESERVE");
  const payer = Number(payment.payer_account_id);
  // Payee routing (提现分配, domain 6.12): the setting ACTIVE now sends a share to the fleet leader or shipowner.
  const routes = await payeeRoutes(trx, payment.platform_id, items.map((s) => Number(s.payee_user_id)));
  // Lock every account the payment touches once, ascending, before the first posting.
  await lockRows(trx, db.dialect, "accounts", [payer, revenue, taxReserve, ...items.map((i) => Number(i.payee_account_id)), ...[...routes.values()].map((r) => r.accountId)]);
  const at = nowIso();
  for (const s of items) {
    if (s.status !== "PENDING") throw new Refusal(RefusalCode.illegalState, `支付单 ${payment.payment_no} 的运单 ${s.freight_no} 状态异常，不能支付`);
    const wallet = Number(s.payee_account_id);
    const route = routes.get(Number(s.payee_user_id));
    const routed = route ? routedShare(Number(s.net_to_payee), route.shareBp) : 0;
    const lines: Line[] = [{ accountId: payer, amount: -Number(s.shipper_payable), entryType: "FREIGHT_OUT", summary: `运费支付 运单 ${s.freight_no}`, counterparty: s.payee_name }];
    if (Number(s.net_to_payee) - routed) lines.push({ accountId: wallet, amount: Number(s.net_to_payee) - routed, entryType: "FREIGHT_IN", summary: `运费收入 运单 ${s.freight_no}`, counterparty: orgName });
    if (route && routed) lines.push({ accountId: route.accountId, amount: routed, entryType: "FREIGHT_IN", summary: `运费收入（代收 ${s.payee_name}）运单 ${s.freight_no}`, counterparty: orgName });
    if (Number(s.service_fee)) lines.push({ accountId: revenue, amount: Number(s.service_fee), entryType: "SERVICE_FEE", summary: `服务费 运单 ${s.freight_no}`, counterparty: orgName });
    if (Number(s.tax_reserve)) lines.push({ accountId: taxReserve, amount: Number(s.tax_reserve), entryType: "TAX_RESERVE", summary: `税费留存 运单 ${s.freight_no}`, counterparty: orgName });
    const posted = await post(trx, db.dialect, {
      platformId: payment.platform_id,
      key: `${payment.payment_no}:${s.seq}`,
      requestHash: hashOf({ settlement: s.settlement_id, amount: s.shipper_payable }),
      txnType: "FREIGHT_PAYMENT",
      bizType: "PAYMENT_ITEM",
      bizId: Number(s.settlement_id),
      bizNo: `${payment.payment_no}-${s.seq}`,
      operator: operatorOf(scope),
      lines,
    });
    await trx.updateTable("payment_items").set({ status: "SUCCESS", ledger_txn_id: posted.txnId, paid_at: at }).where("id", "=", Number(s.id)).execute();
    const moved = await trx
      .updateTable("waybill_settlements")
      .set((eb) => ({ pay_status: "PAID", payment_id: Number(payment.id), paid_at: at, version: eb("version", "+", 1) }))
      .where("id", "=", Number(s.settlement_id))
      .where("pay_status", "=", "PAYING")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new Refusal(RefusalCode.illegalState, `运单 ${s.freight_no} 已支付，不能重复支付`);
    const freight = await trx.selectFrom("freights").select("freight_way").where("id", "=", Number(s.freight_id)).executeTakeFirst();
    await outbox.stage(trx, { kind: "freightReceived", paymentNo: payment.payment_no, seq: Number(s.seq), freightNo: s.freight_no, freightWay: freight?.freight_way ?? payment.freight_way, payeeUserId: Number(s.payee_user_id), amount: Number(s.net_to_payee), payerName: orgName });
  }
  const paid = await trx.updateTable("payments").set({ status: "SUCCESS", executed_at: at }).where("id", "=", Number(payment.id)).returningAll().executeTakeFirstOrThrow();
  await paymentEvent(trx, scope, paid, { action: "PAY", label: "支付成功", from: payment.status === "SUCCESS" ? null : payment.status, to: "SUCCESS", remark: `${items.length} 个运单，合计 ${yuanPlain(Number(payment.total_shipper_payable))} 元` });
  return paid;
}

/**
 * 支付审核 (付款须审核 = 是): 通过 pays the payment through the ledger; 驳回 (with the reason) releases its
 * waybills back to 待付款. Only a 待审核 payment of the caller's organisation can be decided; a repeated
 * decision is refused with the payment's state and moves nothing.
 */
export async function decidePayment(db: Db, scope: CallerScope, id: number, d: { action: "approve" } | { action: "reject"; reason: string }, outbox = new Outbox()) {
  requireCode(scope, "PAY_PAYMENT_AUDIT", "支付审核", ["ORG_USER"]);
  const org = await db.kysely.selectFrom("organisations").select("name").where("id", "=", scope.orgId ?? -1).executeTakeFirst();
  if (!org) throw notFound("支付单不存在");
  return moneyTx(db, async (trx) => {
    const found = await trx.selectFrom("payments").select("id").where("id", "=", id).where("platform_id", "=", scope.platformId).where("org_id", "=", scope.orgId ?? -1).executeTakeFirst();
    if (!found) throw notFound("支付单不存在");
    const settlementIds = (await trx.selectFrom("payment_items").select("settlement_id").where("payment_id", "=", id).execute()).map((i) => Number(i.settlement_id));
    await lockRows(trx, db.dialect, "waybill_settlements", settlementIds);
    // Claim the payment: only one decision moves it from 待审核.
    const at = nowIso();
    const claimed = await trx
      .updateTable("payments")
      .set(d.action === "approve" ? { audited_by: scope.userId, audited_name: scope.name, audited_at: at } : { status: "REJECTED", audited_by: scope.userId, audited_name: scope.name, audited_at: at, audit_remark: d.reason })
      .where("id", "=", id)
      .where("status", "=", "PENDING_AUDIT")
      .where("audited_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) {
      const p = await paymentRow(trx, id);
      throw stateRefusal("支付单", p.payment_no, PAYMENT_LABELS[p.status] ?? p.status, d.action === "approve" ? "审核通过" : "驳回");
    }
    if (d.action === "reject") {
      await trx.updateTable("payment_items").set({ status: "RELEASED" }).where("payment_id", "=", id).where("status", "=", "PENDING").execute();
      await trx
        .updateTable("waybill_settlements")
        .set((eb) => ({ pay_status: "UNPAID", payment_id: null, version: eb("version", "+", 1) }))
        .where("payment_id", "=", id)
        .where("pay_status", "=", "PAYING")
        .execute();
      await paymentEvent(trx, scope, claimed, { action: "REJECT", label: "审核驳回", from: "PENDING_AUDIT", to: "REJECTED", remark: d.reason });
      await outbox.stage(trx, { kind: "paymentRejected", payment: claimed, actorId: scope.userId });
      return claimed;
    }
    await paymentEvent(trx, scope, claimed, { action: "APPROVE", label: "审核通过", from: "PENDING_AUDIT", to: "PENDING_AUDIT" });
    const paid = await executePayment(db, trx, scope, claimed, org.name, outbox);
    await outbox.stage(trx, { kind: "paymentApproved", payment: paid, actorId: scope.userId });
    return paid;
  });
}

// ---------------------------------------------------------------------------------------------
// Bank cards (domain 5.5)

/** The scope columns of a person's or organisation's money row (domain 5: by owner, tenant kept for staff). */
const ownerColumns = (scope: CallerScope, owner: { ownerType: "ORG" | "USER"; ownerId: number }) => ({
  platform_id: scope.platformId,
  owner_type: owner.ownerType,
  owner_id: owner.ownerId,
  tenant_id: scope.tenantId,
  org_id: owner.ownerType === "ORG" ? owner.ownerId : null,
});

function ownerOf(scope: CallerScope): { ownerType: "ORG" | "USER"; ownerId: number } {
  const owner = accountOwner(scope);
  if (owner) return owner;
  throw new Refusal(RefusalCode.notPermitted, "只有企业账号和个人账号可以绑定银行卡");
}

export async function bindCard(db: Db, scope: CallerScope, input: BankCardInput) {
  requireCode(scope, "PAY_BANK_CARD", "绑定银行卡", ["ORG_USER", "INDIVIDUAL_USER"]);
  const owner = ownerOf(scope);
  const cardError = cardNoError(input.cardNo, owner.ownerType);
  if (cardError) throw new Refusal(RefusalCode.invalid, `${cardError}（cardNo）`);
  const holder = owner.ownerType === "ORG" ? (await db.kysely.selectFrom("organisations").select("name").where("id", "=", owner.ownerId).executeTakeFirstOrThrow()).name : scope.name;
  if (input.holderName !== holder) throw new Refusal(RefusalCode.invalid, `开户名须与${owner.ownerType === "ORG" ? "企业名称" : "本人姓名"}「${holder}」一致`);
  const hash = cardHash(input.cardNo);
  return moneyTx(db, async (trx) => {
    const bound = await trx.selectFrom("bank_cards").select(["id", "card_no_hash"]).where("platform_id", "=", scope.platformId).where("owner_type", "=", owner.ownerType).where("owner_id", "=", owner.ownerId).where("status", "=", "BOUND").execute();
    if (bound.some((c) => c.card_no_hash === hash)) throw new Refusal(RefusalCode.invalid, "该银行卡已绑定");
    if (bound.length >= 5) throw new Refusal(RefusalCode.invalid, "最多绑定 5 张银行卡");
    return trx
      .insertInto("bank_cards")
      .values({
        ...ownerColumns(scope, owner),
        card_kind: owner.ownerType === "ORG" ? "CORPORATE" : "PERSONAL",
        holder_name: input.holderName,
        card_no_enc: encryptCardNo(input.cardNo),
        card_no_last4: input.cardNo.slice(-4),
        card_no_hash: hash,
        bank_name: input.bankName,
        bank_branch: input.bankBranch || null,
        reserved_mobile: input.reservedMobile || null,
        // Development: the pluggable four-element verifier passes every well-formed card (domain 5.5).
        verify_status: "VERIFIED",
        is_default: bound.length === 0 ? 1 : 0,
        status: "BOUND",
        bound_at: nowIso(),
      })
      .returning(["id", "holder_name", "bank_name", "card_no_last4", "verify_status", "is_default", "status"])
      .executeTakeFirstOrThrow();
  });
}

export async function unbindCard(db: Db, scope: CallerScope, id: number) {
  requireCode(scope, "PAY_BANK_CARD", "解绑银行卡", ["ORG_USER", "INDIVIDUAL_USER"]);
  const owner = ownerOf(scope);
  return moneyTx(db, async (trx) => {
    const card = await trx.selectFrom("bank_cards").select(["id", "status"]).where("id", "=", id).where("platform_id", "=", scope.platformId).where("owner_type", "=", owner.ownerType).where("owner_id", "=", owner.ownerId).executeTakeFirst();
    if (!card || card.status !== "BOUND") throw notFound("银行卡不存在");
    const busy = await trx.selectFrom("withdrawals").select("withdraw_no").where("bank_card_id", "=", id).where("status", "in", ["APPLIED", "PROCESSING"]).executeTakeFirst();
    if (busy) throw new Refusal(RefusalCode.illegalState, `提现 ${busy.withdraw_no} 正在处理，暂不能解绑该卡`);
    await trx.updateTable("bank_cards").set({ status: "UNBOUND", is_default: 0, unbound_at: nowIso() }).where("id", "=", id).execute();
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------
// Withdrawals (domain 5.6)

export async function applyWithdrawal(db: Db, scope: CallerScope, input: WithdrawApply) {
  requireCode(scope, "PAY_WITHDRAW_APPLY", "申请提现", ["ORG_USER", "INDIVIDUAL_USER"]);
  const owner = ownerOf(scope);
  const accountId = await ownAccountId(db.kysely, scope);
  const hash = hashOf({ ...owner, bankCardId: input.bankCardId, amount: input.amount });
  const user = await db.kysely.selectFrom("users").select(["mobile"]).where("id", "=", scope.userId).executeTakeFirstOrThrow();
  return moneyTx(db, async (trx) => {
    const prior = replayOf(await trx.selectFrom("withdrawals").selectAll().where("platform_id", "=", scope.platformId).where("owner_type", "=", owner.ownerType).where("owner_id", "=", owner.ownerId).where("request_no", "=", input.requestNo).executeTakeFirst(), hash, input.requestNo);
    if (prior) return prior;
    const card = await trx.selectFrom("bank_cards").selectAll().where("id", "=", input.bankCardId).where("platform_id", "=", scope.platformId).where("owner_type", "=", owner.ownerType).where("owner_id", "=", owner.ownerId).where("status", "=", "BOUND").executeTakeFirst();
    if (!card) throw notFound("银行卡不存在或不是本人（本企业）的卡");
    if (card.verify_status !== "VERIFIED") throw new Refusal(RefusalCode.prerequisite, "银行卡尚未通过验证");
    const at = nowIso();
    const withdrawNo = await nextSerial(trx, "TX");
    const row = await trx
      .insertInto("withdrawals")
      .values({
        ...ownerColumns(scope, owner),
        withdraw_no: withdrawNo,
        request_no: input.requestNo,
        request_hash: hash,
        account_id: accountId,
        owner_name: owner.ownerType === "ORG" ? card.holder_name : scope.name,
        owner_mobile: user.mobile,
        amount: input.amount,
        fee: 0,
        actual_amount: input.amount,
        bank_card_id: Number(card.id),
        card_holder: card.holder_name,
        card_bank: card.bank_name,
        card_last4: card.card_no_last4,
        status: "APPLIED",
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const posted = await post(trx, db.dialect, {
      platformId: scope.platformId,
      key: `${withdrawNo}:freeze`,
      requestHash: hashOf({ withdrawal: row.id, amount: input.amount }),
      txnType: "WITHDRAW_FREEZE",
      bizType: "WITHDRAWAL",
      bizId: Number(row.id),
      bizNo: withdrawNo,
      operator: operatorOf(scope),
      lines: [{ accountId, amount: 0, frozenDelta: input.amount, entryType: "WITHDRAW_FREEZE", summary: `提现冻结 ${withdrawNo}`, counterparty: card.holder_name }],
    });
    return trx.updateTable("withdrawals").set({ freeze_txn_id: posted.txnId }).where("id", "=", row.id).returningAll().executeTakeFirstOrThrow();
  });
}

export type WithdrawDecision = { action: "approve" } | { action: "reject"; reason: string } | { action: "cancel" } | { action: "succeed"; bankSerialNo: string } | { action: "fail"; reason: string };

const WITHDRAW_FROM: Record<WithdrawDecision["action"], { from: string; verb: string }> = {
  approve: { from: "APPLIED", verb: "审核通过" },
  reject: { from: "APPLIED", verb: "驳回" },
  cancel: { from: "APPLIED", verb: "撤销" },
  succeed: { from: "PROCESSING", verb: "登记打款成功" },
  fail: { from: "PROCESSING", verb: "登记打款失败" },
};
const WITHDRAW_LABELS: Record<string, string> = { APPLIED: "待审核", PROCESSING: "打款中", SUCCESS: "提现成功", FAILED: "提现失败", REJECTED: "已驳回", CANCELLED: "已撤销" };

/**
 * Audit (通过 → 打款中 with a bank transfer attempt; 驳回 releases), the bank's answer (成功 pays out;
 * 失败 releases, so the money is back in the account) and the owner's 撤销.
 */
export async function decideWithdrawal(db: Db, scope: CallerScope, id: number, d: WithdrawDecision, outbox = new Outbox()) {
  if (d.action === "cancel") requireCode(scope, "PAY_WITHDRAW_APPLY", "撤销提现", ["ORG_USER", "INDIVIDUAL_USER"]);
  else requireCode(scope, "PAY_WITHDRAW_AUDIT", "提现审核");
  const bank = await platformAccount(db.kysely, scope.platformId, "BANK");
  return moneyTx(db, async (trx) => {
    const decided = await withdrawalStep(trx, id);
    const kind = ({ approve: "withdrawalApproved", reject: "withdrawalRejected", succeed: "withdrawalPaid", fail: "withdrawalFailed", cancel: null } as const)[d.action];
    if (kind) await outbox.stage(trx, { kind, withdrawal: decided });
    return decided;
  });

  async function withdrawalStep(trx: MoneyDb, id: number) {
    await lockRows(trx, db.dialect, "withdrawals", [id]);
    let q = trx.selectFrom("withdrawals").selectAll().where("id", "=", id).where("platform_id", "=", scope.platformId);
    if (d.action === "cancel") {
      const owner = ownerOf(scope);
      q = q.where("owner_type", "=", owner.ownerType).where("owner_id", "=", owner.ownerId);
    }
    const w = await q.executeTakeFirst();
    if (!w) throw notFound("提现单不存在");
    const rule = WITHDRAW_FROM[d.action];
    if (w.status !== rule.from) throw stateRefusal("提现单", w.withdraw_no, WITHDRAW_LABELS[w.status] ?? w.status, rule.verb);
    const at = nowIso();
    const base = { platformId: w.platform_id, bizType: "WITHDRAWAL", bizId: Number(w.id), bizNo: w.withdraw_no, operator: operatorOf(scope), requestHash: hashOf({ withdrawal: w.id, amount: w.amount }) };
    const release = (summary: string) =>
      post(trx, db.dialect, { ...base, key: `${w.withdraw_no}:release`, txnType: "WITHDRAW_RELEASE", lines: [{ accountId: Number(w.account_id), amount: 0, frozenDelta: -Number(w.amount), entryType: "WITHDRAW_RELEASE", summary }] });
    const update = trx.updateTable("withdrawals").where("id", "=", id);
    switch (d.action) {
      case "approve": {
        const attempt = await trx.selectFrom("withdrawal_transfers").select((eb) => eb.fn.countAll<number>().as("n")).where("withdrawal_id", "=", id).executeTakeFirstOrThrow();
        await trx
          .insertInto("withdrawal_transfers")
          .values({ platform_id: w.platform_id, withdrawal_id: Number(w.id), attempt_no: Number(attempt.n) + 1, channel: "MANUAL", request_serial: `${w.withdraw_no}-${Number(attempt.n) + 1}`, amount: Number(w.actual_amount), status: "SUBMITTED", submitted_at: at })
          .execute();
        return update.set({ status: "PROCESSING", audited_by: scope.userId, audited_name: scope.name, audited_at: at, updated_at: at }).returningAll().executeTakeFirstOrThrow();
      }
      case "reject": {
        const posted = await release(`提现驳回解冻 ${w.withdraw_no}`);
        return update.set({ status: "REJECTED", audited_by: scope.userId, audited_name: scope.name, audited_at: at, audit_remark: d.reason, release_txn_id: posted.txnId, finished_at: at, updated_at: at }).returningAll().executeTakeFirstOrThrow();
      }
      case "cancel": {
        const posted = await release(`提现撤销解冻 ${w.withdraw_no}`);
        return update.set({ status: "CANCELLED", release_txn_id: posted.txnId, finished_at: at, updated_at: at }).returningAll().executeTakeFirstOrThrow();
      }
      case "succeed": {
        const posted = await post(trx, db.dialect, {
          ...base,
          key: `${w.withdraw_no}:payout`,
          txnType: "WITHDRAW_PAYOUT",
          lines: [
            { accountId: Number(w.account_id), amount: -Number(w.amount), frozenDelta: -Number(w.amount), entryType: "WITHDRAW_OUT", summary: `提现出账 ${w.withdraw_no} 至 ${w.card_bank}(${w.card_last4})`, counterparty: w.card_holder },
            { accountId: bank, amount: Number(w.amount), entryType: "WITHDRAW_OUT", summary: `提现出账 ${w.withdraw_no}`, counterparty: w.card_holder },
          ],
        });
        await trx.updateTable("withdrawal_transfers").set({ status: "SUCCESS", bank_serial: d.bankSerialNo, finished_at: at }).where("withdrawal_id", "=", id).where("status", "=", "SUBMITTED").execute();
        return update.set({ status: "SUCCESS", bank_serial_no: d.bankSerialNo, payout_txn_id: posted.txnId, finished_at: at, updated_at: at }).returningAll().executeTakeFirstOrThrow();
      }
      case "fail": {
        const posted = await release(`提现失败退回 ${w.withdraw_no}`);
        await trx.updateTable("withdrawal_transfers").set({ status: "FAILED", response_msg: d.reason, finished_at: at }).where("withdrawal_id", "=", id).where("status", "=", "SUBMITTED").execute();
        return update.set({ status: "FAILED", fail_reason: d.reason, release_txn_id: posted.txnId, finished_at: at, updated_at: at }).returningAll().executeTakeFirstOrThrow();
      }
    }
  }
}


// ---------------------------------------------------------------------------------------------
// 开票信息 (personalCenter/invoiceInfo): one title per owner, an organisation's or the user's own.

const titleOwner = (scope: CallerScope) => accountOwner(scope) ?? { ownerType: "USER" as const, ownerId: scope.userId };

export async function invoiceTitle(db: MoneyDb, scope: CallerScope) {
  requireCode(scope, "TMS_INVOICE_INFO", "查看开票信息");
  const owner = titleOwner(scope);
  return (await db.selectFrom("invoice_titles").selectAll().where("platform_id", "=", scope.platformId).where("owner_type", "=", owner.ownerType).where("owner_id", "=", owner.ownerId).executeTakeFirst()) ?? null;
}

export async function saveInvoiceTitle(db: MoneyDb, scope: CallerScope, input: InvoiceTitleInput) {
  requireCode(scope, "TMS_INVOICE_INFO", "维护开票信息");
  const owner = titleOwner(scope);
  if (owner.ownerType === "ORG" && !input.taxNo) throw new Refusal(RefusalCode.invalid, "企业开票信息须填写纳税人识别号");
  const values = {
    tax_title: input.taxTitle,
    tax_no: input.taxNo ?? null,
    tax_address: input.taxAddress ?? null,
    tax_phone: input.taxPhone ?? null,
    tax_bank_name: input.taxBankName ?? null,
    tax_bank_account: input.taxBankAccount ?? null,
    receive_name: input.receiveName ?? null,
    receive_mobile: input.receiveMobile ?? null,
    receive_address: input.receiveAddress ?? null,
    receive_email: input.receiveEmail ?? null,
    updated_by: scope.userId,
    updated_at: nowIso(),
  };
  await db
    .insertInto("invoice_titles")
    .values({ platform_id: scope.platformId, owner_type: owner.ownerType, owner_id: owner.ownerId, ...values })
    .onConflict((oc) => oc.columns(["platform_id", "owner_type", "owner_id"]).doUpdateSet(values))
    .execute();
  return invoiceTitle(db, scope);
}
