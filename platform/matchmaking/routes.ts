/** HTTP routes of 申请撮合开票 and its waybill picker; the invoices themselves are the engine's (invoice.resource.ts). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServiceContext } from "../context.js";
import { ok, pagingSchema } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireCaller } from "../identity/guard.js";
import { scopeOf } from "../scope.js";
import { applyMatchInvoice, matchApplySchema, matchCandidateFilterSchema, searchMatchCandidates } from "./invoices.js";

export async function matchmakingRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const scopeFor = async (request: FastifyRequest) => scopeOf(ctx, await requireCaller(ctx, request));
  app.post("/tms-match-invoice/apply", async (request) => ok(await applyMatchInvoice(ctx.db, await scopeFor(request), parse(matchApplySchema, request.body))));
  // 申请撮合开票's picker: the caller's waybills a matchmaking application may take, with why not.
  app.post("/tms-match-invoice/candidates", async (request) => ok(await searchMatchCandidates(ctx.db, await scopeFor(request), parse(matchCandidateFilterSchema, request.body), parse(pagingSchema, request.body))));
}
