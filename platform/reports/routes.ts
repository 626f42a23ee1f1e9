/** HTTP routes of the reports: run a report, export it, record a click on a waybill page. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { clickSchema, defaultRange, REPORT_IDS, reportParamsSchema, type ReportId, type ReportParams } from "../../contract/reports.js";
import type { ServiceContext } from "../context.js";
import { ok } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireCaller, requireScope } from "../identity/guard.js";
import { REPORT_DEFS } from "./definitions.js";
import { runReport, sendReportWorkbook } from "./kit.js";

const idParams = z.object({ id: z.enum(REPORT_IDS, { message: "报表不存在" }) });

/** The report's parameters: missing dates default to the report's default range. */
export function reportParams(id: ReportId, body: unknown): ReportParams {
  const input = { ...defaultRange(id), ...Object.fromEntries(Object.entries((body ?? {}) as Record<string, unknown>).filter(([, v]) => v !== "" && v !== null && v !== undefined)) };
  return parse(reportParamsSchema(id), input);
}

export async function reportRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const prepare = async (request: FastifyRequest) => {
    const scope = await requireScope(ctx, request);
    const { id } = parse(idParams, request.params);
    const params = reportParams(id, request.body);
    // Spec 5: without water transport the freight way is road.
    return { scope, def: REPORT_DEFS[id], params: scope.water ? params : { ...params, freightWay: "ROAD" as const } };
  };

  app.post("/tms-report/:id/search", async (request) => {
    const { scope, def, params } = await prepare(request);
    return ok(await runReport(ctx, def, scope, params));
  });

  app.post("/tms-report/:id/export", async (request, reply) => {
    const { scope, def, params } = await prepare(request);
    return sendReportWorkbook(ctx, reply, def, scope, params);
  });

  app.post("/tms-report/click", async (request) => {
    const caller = await requireCaller(ctx, request);
    const click = parse(clickSchema, request.body);
    await ctx.db.kysely
      .insertInto("waybill_clicks")
      .values({ platform_id: caller.platformId, tenant_id: caller.tenantId, org_id: caller.orgId, user_id: caller.userId, module: click.module, content: click.content, freight_no: click.freightNo ?? null, created_at: new Date().toISOString() })
      .execute();
    return ok(null);
  });
}
