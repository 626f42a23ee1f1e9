/**
 * HTTP routes of red envelopes (under /pay, like the ledger; with their xlsx exports). Each validates its
 * body, resolves the caller's scope and calls one function. The lists are engine resources
 * (red-envelope.resource.ts); here remain the marketing account's balance and the tabs' workbooks.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { campaignSchema, CAMPAIGN_MOVES, manualGrantSchema, marketingFundSchema, type CampaignMove } from "../../contract/red-envelope.js";
import type { ServiceContext } from "../context.js";
import { ok } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireCaller } from "../identity/guard.js";
import { scopeOf } from "../scope.js";
import { createCampaign, fundMarketing, grantManually, moveCampaign, receiveGrant, revokeGrant } from "./red-envelopes.js";
import { campaignFilterSchema, grantFilterSchema, marketingAccount, sendCampaignExport, sendGrantExport } from "./red-envelope-queries.js";
import { idSchema } from "../../contract/fields.js";

const idParams = z.object({ id: idSchema("记录 id") });
const moveParams = idParams.extend({ move: z.enum(Object.keys(CAMPAIGN_MOVES) as [CampaignMove, ...CampaignMove[]], { errorMap: () => ({ message: "不支持的操作" }) }) });

export async function marketingRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const scopeFor = async (request: FastifyRequest) => scopeOf(ctx, await requireCaller(ctx, request));
  const idOf = (request: FastifyRequest) => parse(idParams, request.params).id;
  const base = "/pay/red-envelopes";

  app.post(`${base}/marketing`, async (request) => ok(await fundMarketing(ctx.db, await scopeFor(request), parse(marketingFundSchema, request.body))));
  app.get(`${base}/marketing`, async (request) => ok(await marketingAccount(ctx.db, await scopeFor(request))));
  app.post(`${base}/campaigns`, async (request) => ok(await createCampaign(ctx.db, await scopeFor(request), parse(campaignSchema, request.body))));
  app.post(`${base}/campaigns/:id/grants`, async (request) => ok(await grantManually(ctx.db, await scopeFor(request), idOf(request), parse(manualGrantSchema, request.body))));
  app.post(`${base}/campaigns/:id/:move`, async (request) => {
    const { id, move } = parse(moveParams, request.params);
    return ok(await moveCampaign(ctx.db, await scopeFor(request), id, move));
  });
  app.post(`${base}/campaigns/export`, async (request, reply) => sendCampaignExport(ctx, await scopeFor(request), parse(campaignFilterSchema, request.body), reply));
  app.post(`${base}/grants/export`, async (request, reply) => sendGrantExport(ctx, await scopeFor(request), parse(grantFilterSchema, request.body), reply));
  app.post(`${base}/grants/:id/revoke`, async (request) => ok(await revokeGrant(ctx.db, await scopeFor(request), idOf(request))));
  app.post(`${base}/grants/:id/receive`, async (request) => ok(await receiveGrant(ctx.db, await scopeFor(request), idOf(request))));

}
