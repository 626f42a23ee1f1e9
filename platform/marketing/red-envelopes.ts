/**
 * 红包 (domain 5.9). Platform finance (TMS_RED_ENVELOPE) funds the MARKETING account from the bank
 * (MARKETING_FUND), runs campaigns with a budget, and grants envelopes to registered drivers and
 * captains. A grant reserves budget atomically (`granted_amount + x <= budget`, else 4020 预算不足);
 * receiving posts RED_ENVELOPE from MARKETING to the person's wallet (key `grant:<id>`). 手动发放 by
 * staff is received at once; other campaigns' grants wait for the person to claim them in the app
 * until they expire. Revoking or expiry returns the reserved budget; nothing moved, nothing to undo.
 * Every call is one money transaction and idempotent on its request number.
 */
import { RefusalCode } from "../../contract/envelope.js";
import { CAMPAIGN_MOVES, CAMPAIGN_STATUS_LABELS, GRANT_STATUS_LABELS, type CampaignInput, type CampaignMove, type ManualGrant, type MarketingFund } from "../../contract/red-envelope.js";
import { chinaDate } from "../../contract/units.js";
import { nowIso, type Db } from "../db/index.js";
import { notFound, Refusal } from "../http/envelope.js";
import { requireCode } from "../http/permission.js";
import { hashOf, platformAccount, post, walletAccount } from "../ledger/ledger.js";
import { moneyTx, type MoneyDb } from "../ledger/tx.js";
import { nextSerial } from "../resources/write.js";
import { isIndividual, type CallerScope } from "../scope.js";
import { yuanPlain } from "../../contract/numbers.js";

const mayManage = (scope: CallerScope, label: string) => requireCode(scope, "TMS_RED_ENVELOPE", label);
const operator = (scope: CallerScope) => ({ userId: scope.userId, name: scope.name });
const DAY_MS = 86_400_000;

/** 营销资金注入: BANK → PLATFORM.MARKETING, once per request number. */
export async function fundMarketing(db: Db, scope: CallerScope, input: MarketingFund) {
  mayManage(scope, "注入营销资金");
  const bank = await platformAccount(db.kysely, scope.platformId, "BANK");
  const marketing = await platformAccount(db.kysely, scope.platformId, "MARKETING");
  return moneyTx(db, async (trx) => {
    const posted = await post(trx, db.dialect, {
      platformId: scope.platformId,
      key: `marketing:${input.requestNo}`,
      requestHash: hashOf({ amount: input.amount }),
      txnType: "MARKETING_FUND",
      bizType: "MARKETING_FUND",
      bizId: 0,
      bizNo: input.requestNo.slice(0, 32),
      operator: operator(scope),
      lines: [
        { accountId: bank, amount: -input.amount, entryType: "MARKETING_FUND", summary: "营销资金注入（红包）" },
        { accountId: marketing, amount: input.amount, entryType: "MARKETING_FUND", summary: "营销资金注入（红包）" },
      ],
    });
    const account = await trx.selectFrom("accounts").select("balance").where("id", "=", marketing).executeTakeFirstOrThrow();
    return { txnNo: posted.txnNo, replayed: posted.replayed, marketingBalance: Number(account.balance) };
  });
}

export async function createCampaign(db: Db, scope: CallerScope, input: CampaignInput) {
  mayManage(scope, "新建红包活动");
  const { requestNo, ...body } = input;
  const hash = hashOf(body);
  return moneyTx(db, async (trx) => {
    const prior = await trx.selectFrom("red_envelope_campaigns").selectAll().where("platform_id", "=", scope.platformId).where("request_no", "=", requestNo).executeTakeFirst();
    if (prior) {
      if (prior.request_hash !== hash) throw new Refusal(RefusalCode.idempotencyConflict, `请求号 ${requestNo} 已用于另一笔不同的请求`);
      return prior;
    }
    const at = nowIso();
    return trx
      .insertInto("red_envelope_campaigns")
      .values({
        platform_id: scope.platformId,
        campaign_no: await nextSerial(trx, "HB"),
        request_no: requestNo,
        request_hash: hash,
        name: body.name,
        type: body.type,
        audience: body.audience,
        amount_mode: body.amountMode,
        amount_min: body.amountMin,
        amount_max: body.amountMax,
        budget: body.budget,
        per_user_limit: body.perUserLimit,
        receive_days: body.receiveDays,
        valid_from: body.validFrom,
        valid_to: body.validTo,
        status: "DRAFT",
        created_by: scope.userId,
        created_name: scope.name,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

async function campaignOf(trx: MoneyDb, scope: CallerScope, id: number) {
  const c = await trx.selectFrom("red_envelope_campaigns").selectAll().where("id", "=", id).where("platform_id", "=", scope.platformId).executeTakeFirst();
  if (!c) throw notFound("红包活动不存在");
  return c;
}

const statusLabel = (status: string) => CAMPAIGN_STATUS_LABELS[status as keyof typeof CAMPAIGN_STATUS_LABELS] ?? status;

/** 启用 / 暂停 / 结束, guarded by the state read (a concurrent move gets 4009). */
export async function moveCampaign(db: Db, scope: CallerScope, id: number, move: CampaignMove) {
  mayManage(scope, `${CAMPAIGN_MOVES[move].label}红包活动`);
  return moneyTx(db, async (trx) => {
    const c = await campaignOf(trx, scope, id);
    const rule = CAMPAIGN_MOVES[move];
    if (!(rule.from as readonly string[]).includes(c.status)) throw new Refusal(RefusalCode.illegalState, `红包活动 ${c.campaign_no} 当前状态为「${statusLabel(c.status)}」，不能${rule.label}`);
    if (move === "activate" && c.valid_to < chinaDate()) throw new Refusal(RefusalCode.illegalState, `红包活动 ${c.campaign_no} 已过结束日期 ${c.valid_to}，不能启用`);
    const moved = await trx
      .updateTable("red_envelope_campaigns")
      .set((eb) => ({ status: rule.to, updated_at: nowIso(), version: eb("version", "+", 1) }))
      .where("id", "=", id)
      .where("version", "=", Number(c.version))
      .returningAll()
      .executeTakeFirst();
    if (!moved) throw new Refusal(RefusalCode.illegalState, "数据已被他人修改，请刷新后重试");
    return moved;
  });
}

/** Reserves `amount` of the campaign's budget; refuses (4020) what would exceed it. */
async function reserve(trx: MoneyDb, campaignId: number, amount: number, campaignNo: string) {
  const r = await trx
    .updateTable("red_envelope_campaigns")
    .set((eb) => ({ granted_amount: eb("granted_amount", "+", amount), updated_at: nowIso(), version: eb("version", "+", 1) }))
    .where("id", "=", campaignId)
    .where((eb) => eb(eb("granted_amount", "+", amount), "<=", eb.ref("budget")))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new Refusal(RefusalCode.insufficientBalance, `红包活动 ${campaignNo} 预算不足`);
}

async function unreserve(trx: MoneyDb, campaignId: number, amount: number) {
  await trx.updateTable("red_envelope_campaigns").set((eb) => ({ granted_amount: eb("granted_amount", "-", amount), updated_at: nowIso(), version: eb("version", "+", 1) })).where("id", "=", campaignId).execute();
}

/** Posts a grant into the person's wallet from MARKETING and marks it received. */
async function pay(db: Db, trx: MoneyDb, scope: CallerScope, grant: { id: number; campaign_id: number; user_id: number; user_name: string; amount: number }, campaignNo: string, marketing: number, wallet: number) {
  const posted = await post(trx, db.dialect, {
    platformId: scope.platformId,
    key: `grant:${grant.id}`,
    requestHash: hashOf({ grant: grant.id, amount: grant.amount }),
    txnType: "RED_ENVELOPE",
    bizType: "RED_ENVELOPE_GRANT",
    bizId: grant.id,
    bizNo: campaignNo,
    operator: operator(scope),
    lines: [
      { accountId: marketing, amount: -grant.amount, entryType: "RED_ENVELOPE", summary: `红包发放 ${campaignNo} 给 ${grant.user_name}`, counterparty: grant.user_name },
      { accountId: wallet, amount: grant.amount, entryType: "RED_ENVELOPE", summary: `红包 ${campaignNo}`, counterparty: "平台营销资金" },
    ],
  });
  const at = nowIso();
  await trx.updateTable("red_envelope_grants").set({ status: "RECEIVED", received_at: at, ledger_txn_id: posted.txnId }).where("id", "=", grant.id).where("status", "=", "GRANTED").execute();
  await trx.updateTable("red_envelope_campaigns").set((eb) => ({ received_amount: eb("received_amount", "+", grant.amount) })).where("id", "=", grant.campaign_id).execute();
}

/**
 * 手动发放: one envelope of `amount` to each registered person named by mobile, paid into their
 * wallets at once. All or nothing (an unknown mobile, the per-person limit, the budget or the
 * marketing balance refuses the whole batch); the same request number grants once.
 */
export async function grantManually(db: Db, scope: CallerScope, campaignId: number, input: ManualGrant) {
  mayManage(scope, "发放红包");
  const people = await db.kysely.selectFrom("users").select(["id", "name", "mobile"]).where("platform_id", "=", scope.platformId).where("type", "=", "INDIVIDUAL_USER").where("status", "=", "ACTIVE").where("mobile", "in", input.mobiles).execute();
  const unknown = input.mobiles.filter((m) => !people.some((p) => p.mobile === m));
  if (unknown.length) throw new Refusal(RefusalCode.invalid, `手机号 ${unknown.join("、")} 未注册为司机/船长账号`);
  const marketing = await platformAccount(db.kysely, scope.platformId, "MARKETING");
  const wallets = new Map<number, number>();
  for (const p of people) wallets.set(Number(p.id), await walletAccount(db.kysely, Number(p.id)));
  const bizRef = `MANUAL:${input.requestNo}`;
  return moneyTx(db, async (trx) => {
    const c = await campaignOf(trx, scope, campaignId);
    const already = await trx.selectFrom("red_envelope_grants").selectAll().where("campaign_id", "=", campaignId).where("biz_ref", "=", bizRef).execute();
    if (already.length) {
      const same = already.length === people.length && already.every((g) => Number(g.amount) === input.amount && people.some((p) => Number(p.id) === Number(g.user_id)));
      if (!same) throw new Refusal(RefusalCode.idempotencyConflict, `请求号 ${input.requestNo} 已用于另一笔不同的发放`);
      return { campaignNo: c.campaign_no, count: already.length, amount: input.amount * already.length, replayed: true };
    }
    if (c.status !== "ACTIVE") throw new Refusal(RefusalCode.illegalState, `红包活动 ${c.campaign_no} 当前状态为「${statusLabel(c.status)}」，不能发放`);
    if (input.amount < Number(c.amount_min) || input.amount > Number(c.amount_max)) throw new Refusal(RefusalCode.invalid, `红包金额须在 ${yuanPlain(Number(c.amount_min))}–${yuanPlain(Number(c.amount_max))} 元之间（活动金额规则）`);
    for (const p of people) {
      const taken = await trx.selectFrom("red_envelope_grants").select((eb) => eb.fn.countAll<number>().as("n")).where("campaign_id", "=", campaignId).where("user_id", "=", Number(p.id)).where("status", "in", ["GRANTED", "RECEIVED"]).executeTakeFirstOrThrow();
      if (Number(taken.n) >= Number(c.per_user_limit)) throw new Refusal(RefusalCode.illegalState, `${p.name}（${p.mobile}）已领满本活动 ${c.per_user_limit} 次`);
    }
    await reserve(trx, campaignId, input.amount * people.length, c.campaign_no);
    const at = nowIso();
    const expireAt = new Date(Date.now() + Number(c.receive_days) * DAY_MS).toISOString();
    for (const p of [...people].sort((a, b) => Number(a.id) - Number(b.id))) {
      const grant = await trx
        .insertInto("red_envelope_grants")
        .values({ platform_id: scope.platformId, campaign_id: campaignId, user_id: Number(p.id), user_name: p.name, user_mobile: p.mobile, amount: input.amount, biz_ref: bizRef, status: "GRANTED", granted_at: at, expire_at: expireAt, operator_name: scope.name })
        .returning(["id", "campaign_id", "user_id", "user_name", "amount"])
        .executeTakeFirstOrThrow();
      await pay(db, trx, scope, { ...grant, id: Number(grant.id), campaign_id: Number(grant.campaign_id), user_id: Number(grant.user_id), amount: Number(grant.amount) }, c.campaign_no, marketing, wallets.get(Number(p.id))!);
    }
    return { campaignNo: c.campaign_no, count: people.length, amount: input.amount * people.length, replayed: false };
  });
}

/**
 * An automatic campaign's envelope for one person and one business reference (a completed waybill,
 * an invitation): reserves budget, waits for the person to claim it. Idempotent on (campaign, person, ref).
 */
export async function grantFor(db: Db, scope: CallerScope, campaignId: number, userId: number, bizRef: string, amount: number) {
  mayManage(scope, "发放红包");
  const user = await db.kysely.selectFrom("users").select(["id", "name", "mobile"]).where("id", "=", userId).where("platform_id", "=", scope.platformId).where("type", "=", "INDIVIDUAL_USER").executeTakeFirst();
  if (!user) throw notFound("领取人不存在");
  return moneyTx(db, async (trx) => {
    const c = await campaignOf(trx, scope, campaignId);
    const prior = await trx.selectFrom("red_envelope_grants").selectAll().where("campaign_id", "=", campaignId).where("user_id", "=", userId).where("biz_ref", "=", bizRef).executeTakeFirst();
    if (prior) return prior;
    if (c.status !== "ACTIVE") throw new Refusal(RefusalCode.illegalState, `红包活动 ${c.campaign_no} 当前状态为「${statusLabel(c.status)}」，不能发放`);
    await reserve(trx, campaignId, amount, c.campaign_no);
    return trx
      .insertInto("red_envelope_grants")
      .values({ platform_id: scope.platformId, campaign_id: campaignId, user_id: userId, user_name: user.name, user_mobile: user.mobile, amount, biz_ref: bizRef, status: "GRANTED", granted_at: nowIso(), expire_at: new Date(Date.now() + Number(c.receive_days) * DAY_MS).toISOString(), operator_name: scope.name })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

const grantLabel = (status: string) => GRANT_STATUS_LABELS[status as keyof typeof GRANT_STATUS_LABELS] ?? status;

/** The person claims their envelope (the driver app): paid into their wallet once; an expired one returns its budget. */
export async function receiveGrant(db: Db, scope: CallerScope, grantId: number) {
  if (!isIndividual(scope)) throw new Refusal(RefusalCode.notPermitted, "只有司机或船长本人可以领取红包");
  const marketing = await platformAccount(db.kysely, scope.platformId, "MARKETING");
  const wallet = await walletAccount(db.kysely, scope.userId);
  return moneyTx(db, async (trx) => {
    const g = await trx.selectFrom("red_envelope_grants as g").innerJoin("red_envelope_campaigns as c", "c.id", "g.campaign_id").selectAll("g").select("c.campaign_no").where("g.id", "=", grantId).where("g.user_id", "=", scope.userId).executeTakeFirst();
    if (!g) throw notFound("红包不存在");
    if (g.status === "RECEIVED") return { ...g, replayed: true };
    if (g.status !== "GRANTED") throw new Refusal(RefusalCode.illegalState, `红包当前状态为「${grantLabel(g.status)}」，不能领取`);
    if (g.expire_at < nowIso()) {
      await trx.updateTable("red_envelope_grants").set({ status: "EXPIRED" }).where("id", "=", grantId).where("status", "=", "GRANTED").execute();
      await unreserve(trx, Number(g.campaign_id), Number(g.amount));
      return { ...g, status: "EXPIRED", replayed: false };
    }
    await pay(db, trx, scope, { id: Number(g.id), campaign_id: Number(g.campaign_id), user_id: Number(g.user_id), user_name: g.user_name, amount: Number(g.amount) }, g.campaign_no, marketing, wallet);
    return { ...(await trx.selectFrom("red_envelope_grants").selectAll().where("id", "=", grantId).executeTakeFirstOrThrow()), replayed: false };
  });
}

/** 撤回 an unclaimed envelope: its budget returns to the campaign. */
export async function revokeGrant(db: Db, scope: CallerScope, grantId: number) {
  mayManage(scope, "撤回红包");
  return moneyTx(db, async (trx) => {
    const g = await trx.selectFrom("red_envelope_grants").selectAll().where("id", "=", grantId).where("platform_id", "=", scope.platformId).executeTakeFirst();
    if (!g) throw notFound("红包不存在");
    if (g.status !== "GRANTED") throw new Refusal(RefusalCode.illegalState, `红包当前状态为「${grantLabel(g.status)}」，不能撤回`);
    const r = await trx.updateTable("red_envelope_grants").set({ status: "REVOKED", revoked_at: nowIso() }).where("id", "=", grantId).where("status", "=", "GRANTED").executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new Refusal(RefusalCode.illegalState, "数据已被他人修改，请刷新后重试");
    await unreserve(trx, Number(g.campaign_id), Number(g.amount));
    return { ...g, status: "REVOKED" };
  });
}

/** Unclaimed envelopes past their expiry become 已过期 and return their budget (run before each list read). */
export async function expireGrants(db: Db, platformId: string) {
  const due = await db.kysely.selectFrom("red_envelope_grants").select("id").where("platform_id", "=", platformId).where("status", "=", "GRANTED").where("expire_at", "<", nowIso()).limit(500).execute();
  if (due.length === 0) return 0;
  return moneyTx(db, async (trx) => {
    let n = 0;
    for (const { id } of due) {
      const g = await trx.selectFrom("red_envelope_grants").select(["campaign_id", "amount", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
      if (g.status !== "GRANTED") continue;
      await trx.updateTable("red_envelope_grants").set({ status: "EXPIRED" }).where("id", "=", id).execute();
      await unreserve(trx, Number(g.campaign_id), Number(g.amount));
      n++;
    }
    return n;
  });
}
