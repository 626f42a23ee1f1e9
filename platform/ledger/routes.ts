/**
 * Thin HTTP routes over the ledger (base /pay): each validates its body (Chinese messages naming the
 * field), resolves the caller's scope and calls one function of flows.ts (money) or queries.ts (reads).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { bankCardSchema, invoiceTitleSchema, payWaybillsSchema, rechargeSubmitSchema, rejectSchema, withdrawApplySchema, withdrawResultSchema } from "../../contract/ledger.js";
import type { ServiceContext } from "../context.js";
import { ok, pagingSchema } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireCaller } from "../identity/guard.js";
import { scopeOf, type CallerScope } from "../scope.js";
import type { Db } from "../db/index.js";
import { applyWithdrawal, bindCard, decidePayment, decideRecharge, decideWithdrawal, invoiceTitle, payWaybills, saveInvoiceTitle, submitRecharge, unbindCard } from "./flows.js";
import { withOutbox, type Outbox } from "../iam/notifications/events.js";
import { idSchema } from "../../contract/fields.js";
import {
  accountSummary,
  entryDetail,
  listCards,
  paymentDetail,
  searchPayees,
  searchRecharges,
  searchWithdrawals,
  statusFilterSchema,
  balanceFilterSchema,
  searchBalances,
  balanceDetail,
  searchTracking,
} from "./queries.js";

export const PAY_BASE = "/pay";

/** A ledger decision (confirm, approve, cancel, reject with a reason) of one request by id. */
type Decide<A extends string> = (db: Db, scope: CallerScope, id: number, decision: { action: A; reason?: string }, outbox: Outbox) => Promise<unknown>;
const idParams = z.object({ id: idSchema("记录 id") });

export async function ledgerRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const db = ctx.db.kysely;
  const scopeFor = async (request: FastifyRequest) => scopeOf(ctx, await requireCaller(ctx, request));
  const idOf = (request: FastifyRequest) => parse(idParams, request.params).id;
  const paging = (request: FastifyRequest) => parse(pagingSchema, request.body);
  const told = <T>(work: (outbox: Outbox) => Promise<T>) => withOutbox(ctx, work);
  /** `POST <path>/:id/<action>` for each decision of a money request; 驳回 carries its reason; what a decision notifies is sent after it commits. */
  const decisionRoutes = <A extends string>(path: string, actions: readonly A[], decide: Decide<A>) => {
    for (const action of actions) {
      app.post(`${path}/:id/${action}`, async (request) => {
        const decision = action === "reject" ? { action, reason: parse(rejectSchema, request.body).reason } : { action };
        const scope = await scopeFor(request);
        return ok(await told((o) => decide(ctx.db, scope, idOf(request), decision, o)));
      });
    }
  };

  app.get(`${PAY_BASE}/account`, async (request) => {
    const scope = await scopeFor(request);
    return ok({ account: await accountSummary(db, scope), cards: await listCards(db, scope) });
  });
  app.get(`${PAY_BASE}/entries/:id`, async (request) => ok(await entryDetail(db, await scopeFor(request), idOf(request))));

  app.post(`${PAY_BASE}/recharges`, async (request) => ok(await submitRecharge(ctx.db, await scopeFor(request), parse(rechargeSubmitSchema, request.body))));
  app.post(`${PAY_BASE}/recharges/search`, async (request) => ok(await searchRecharges(db, await scopeFor(request), parse(statusFilterSchema, request.body), paging(request))));
  decisionRoutes(`${PAY_BASE}/recharges`, ["confirm", "cancel", "reject"], decideRecharge as Decide<"confirm" | "cancel" | "reject">);

  app.post(`${PAY_BASE}/payees/search`, async (request) => ok(await searchPayees(ctx.db, await scopeFor(request), parse(statusFilterSchema, request.body), paging(request))));
  app.post(`${PAY_BASE}/payments`, async (request) => {
    const scope = await scopeFor(request);
    const body = parse(payWaybillsSchema, request.body);
    const { payment, replayed } = await told((o) => payWaybills(ctx.db, scope, body, o));
    return ok({ paymentId: Number(payment.id), paymentNo: payment.payment_no, itemCount: payment.item_count, totalShipperPayable: Number(payment.total_shipper_payable), status: payment.status, replayed });
  });
  decisionRoutes(`${PAY_BASE}/payments`, ["approve", "reject"], decidePayment as Decide<"approve" | "reject">);
  app.get(`${PAY_BASE}/payments/:id`, async (request) => ok(await paymentDetail(db, await scopeFor(request), idOf(request))));

  app.get(`${PAY_BASE}/bank-cards`, async (request) => ok(await listCards(db, await scopeFor(request))));
  app.post(`${PAY_BASE}/bank-cards`, async (request) => ok(await bindCard(ctx.db, await scopeFor(request), parse(bankCardSchema, request.body))));
  app.delete(`${PAY_BASE}/bank-cards/:id`, async (request) => ok(await unbindCard(ctx.db, await scopeFor(request), idOf(request))));

  app.post(`${PAY_BASE}/withdrawals`, async (request) => ok(await applyWithdrawal(ctx.db, await scopeFor(request), parse(withdrawApplySchema, request.body))));
  app.post(`${PAY_BASE}/withdrawals/search`, async (request) => ok(await searchWithdrawals(db, await scopeFor(request), parse(statusFilterSchema, request.body), paging(request))));
  decisionRoutes(`${PAY_BASE}/withdrawals`, ["approve", "cancel", "reject"], decideWithdrawal as Decide<"approve" | "cancel" | "reject">);
  app.post(`${PAY_BASE}/withdrawals/:id/result`, async (request) => {
    const body = parse(withdrawResultSchema, request.body);
    const decision = body.result === "SUCCESS" ? { action: "succeed" as const, bankSerialNo: body.bankSerialNo } : { action: "fail" as const, reason: body.reason };
    const scope = await scopeFor(request);
    return ok(await told((o) => decideWithdrawal(ctx.db, scope, idOf(request), decision, o)));
  });
  app.post(`${PAY_BASE}/balances/search`, async (request) => ok(await searchBalances(db, await scopeFor(request), parse(balanceFilterSchema, request.body), paging(request))));
  app.post(`${PAY_BASE}/balances/:id`, async (request) => ok(await balanceDetail(db, await scopeFor(request), idOf(request), paging(request))));
  app.post(`${PAY_BASE}/tracking/search`, async (request) => ok(await searchTracking(ctx.db, await scopeFor(request), parse(statusFilterSchema, request.body), paging(request))));
  app.get(`${PAY_BASE}/invoice-title`, async (request) => ok(await invoiceTitle(db, await scopeFor(request))));
  app.put(`${PAY_BASE}/invoice-title`, async (request) => ok(await saveInvoiceTitle(db, await scopeFor(request), parse(invoiceTitleSchema, request.body))));
}
