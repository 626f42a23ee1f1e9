/**
 * HTTP routes of the risk-appeal service (风险申诉), under the spec's `tms-freight-riskappeal-review`
 * (its dispatch-info call is the freight service's). All need a Bearer token and a permission code.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { appealAuditSchema, appealFilterSchema, appealIdSchema, appealSubmitSchema } from "../../contract/appeal.js";
import type { ServiceContext } from "../context.js";
import { scopeOf, type CallerScope } from "../freight/scope.js";
import { ok, pagingSchema } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireCaller } from "../identity/guard.js";
import { appealDetail, auditAppeal, searchAppeals, submitAppeal } from "./service.js";

const BASE = "/tms-freight-riskappeal-review";
const idParams = z.object({ id: appealIdSchema });

export async function appealRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const db = ctx.db.kysely;
  const scopeFor = async (request: FastifyRequest): Promise<CallerScope> => scopeOf(ctx, await requireCaller(ctx, request));

  app.post(`${BASE}/search`, async (request) => {
    const scope = await scopeFor(request);
    return ok(await searchAppeals(db, scope, parse(appealFilterSchema, request.body), parse(pagingSchema, request.body)));
  });

  app.post(BASE, async (request) => {
    const scope = await scopeFor(request);
    return ok(await submitAppeal(ctx, scope, parse(appealSubmitSchema, request.body)));
  });

  app.get(`${BASE}/:id`, async (request) => {
    const scope = await scopeFor(request);
    return ok(await appealDetail(db, scope, parse(idParams, request.params).id));
  });

  app.post(`${BASE}/:id/audit`, async (request) => {
    const scope = await scopeFor(request);
    const { id } = parse(idParams, request.params);
    return ok(await auditAppeal(ctx, scope, id, parse(appealAuditSchema, request.body)));
  });
}
