/** HTTP routes of 临时税务登记 in batch and its picker; single registrations are the engine's (registration.resource.ts). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServiceContext } from "../context.js";
import { ok, pagingSchema } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireCaller } from "../identity/guard.js";
import { scopeOf } from "../scope.js";
import { registerInBatch, searchTaxCandidates, taxBatchSchema, taxCandidateFilterSchema } from "./registrations.js";

export async function taxRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const scopeFor = async (request: FastifyRequest) => scopeOf(ctx, await requireCaller(ctx, request));
  // The APPROVED drivers and captains without an active registration, and the batch itself.
  app.post("/tms-tax-registration/candidates", async (request) => ok(await searchTaxCandidates(ctx.db, await scopeFor(request), parse(taxCandidateFilterSchema, request.body), parse(pagingSchema, request.body))));
  app.post("/tms-tax-registration/batch", async (request) => ok(await registerInBatch(ctx.db, await scopeFor(request), parse(taxBatchSchema, request.body))));
}
