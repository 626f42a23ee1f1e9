/**
 * 批量导入订单 (domain 3.5): the template, the upload (the xlsx as the request body, its name in
 * X-File-Name), the caller's recent batches, one batch with its refused rows, and those rows as an xlsx.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { idSchema } from "../../contract/fields.js";
import type { ServiceContext } from "../context.js";
import { notFound, ok } from "../http/envelope.js";
import { parseLabelled as parse } from "../http/validate.js";
import { sendXlsx, xlsxUploadRoute } from "../http/xlsx-import.js";
import { requireScope } from "../identity/guard.js";
import type { CallerScope } from "../scope.js";
import { assertMayImport, findBatch, IMPORT_MAX_BYTES, importOrders, importTemplate, listBatches, refusedRowsXlsx } from "./import.js";

const idParams = z.object({ id: idSchema("批次 id") });
const uploadQuery = z.object({
  orgId: z.preprocess((v) => (v === "" ? undefined : v), idSchema("所属企业").optional()),
  asDraft: z.enum(["true", "false"], { errorMap: () => ({ message: "asDraft 只能是 true 或 false" }) }).optional(),
});

export async function orderImportRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const db = ctx.db.kysely;
  const scopeFor = async (request: FastifyRequest): Promise<CallerScope> => await requireScope(ctx, request);

  await xlsxUploadRoute(app, "/tms-order-import/upload", IMPORT_MAX_BYTES, "orders.xlsx", async (request, file) => {
    const scope = await scopeFor(request);
    const query = parse(uploadQuery, request.query);
    return ok(await importOrders(ctx, scope, { ...file, orgId: query.orgId ?? null, asDraft: query.asDraft === "true" }));
  });

  app.get("/tms-order-import/template", async (request, reply) => {
    assertMayImport(await scopeFor(request));
    return sendXlsx(reply, await importTemplate(), "order_import_template", "订单导入模板");
  });

  app.post("/tms-order-import/batches", async (request) => {
    const scope = await scopeFor(request);
    assertMayImport(scope);
    return ok(await listBatches(db, scope));
  });

  app.get("/tms-order-import/:id", async (request) => {
    const scope = await scopeFor(request);
    assertMayImport(scope);
    const batch = await findBatch(db, scope, parse(idParams, request.params).id);
    if (!batch) throw notFound("导入批次不存在");
    return ok(batch);
  });

  app.get("/tms-order-import/:id/errors", async (request, reply) => {
    const scope = await scopeFor(request);
    assertMayImport(scope);
    const bytes = await refusedRowsXlsx(db, scope, parse(idParams, request.params).id);
    if (!bytes) throw notFound("导入批次不存在");
    return sendXlsx(reply, bytes, "order_import_errors", "订单导入错误明细");
  });
}
