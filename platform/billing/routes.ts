/**
 * The hand-written invoicing calls besides the engine's: 申请开票 (POST on the application resource's
 * base path, which the engine leaves to this route; 新开票列表 is the engine's `invoiceable` list) and
 * 进项票批量导入.
 */
import type { FastifyInstance } from "fastify";
import { applyInvoiceSchema, TICKET_IMPORT_MAX_BYTES } from "../../contract/billing.js";
import type { ServiceContext } from "../context.js";
import { ok } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireScope } from "../identity/guard.js";
import { applyForInvoice } from "./applications.js";
import { assertMayImportTickets, importTickets, ticketTemplate } from "./ticket-import.js";
import { sendXlsx, xlsxUploadRoute } from "../http/xlsx-import.js";

export async function billingRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post("/pay-invoice-application", async (request) => {
    const scope = await await requireScope(ctx, request);
    return ok(await applyForInvoice(ctx.db, scope, parse(applyInvoiceSchema, request.body)));
  });
  // 进项票批量导入: the template, and the upload (the xlsx as the body, its name in X-File-Name).
  app.get("/tms-input-tax-ticket-import/template", async (request, reply) => {
    assertMayImportTickets(await await requireScope(ctx, request));
    return sendXlsx(reply, await ticketTemplate(), "input_ticket_template", "进项票导入模板");
  });
  await xlsxUploadRoute(app, "/tms-input-tax-ticket-import/upload", TICKET_IMPORT_MAX_BYTES, "tickets.xlsx", async (request, file) => ok(await importTickets(ctx, await await requireScope(ctx, request), file)));
}
