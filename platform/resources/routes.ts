/**
 * The generic routes of every resource binding, under the resource's spec path (`api.base`):
 * search, options, export, one row with its history, create, update, delete and each transition.
 * Aliases in `api` give the spec's own names (`app-version/add`).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { filterSchema, type ResourceFilter } from "../../contract/resources/derive.js";
import { idSchema } from "../../contract/fields.js";
import type { ServiceContext } from "../context.js";
import { ok, pagingSchema, pagingSchemaUpTo } from "../http/envelope.js";
import { parseLabelled as parse } from "../http/validate.js";
import type { CallerScope } from "../scope.js";
import type { Binding } from "./bind.js";
import { eventsOf } from "./events.js";
import { engineServices } from "./services.js";
import { sendResourceExport } from "./export.js";
import { assertWaterFor, findRow, OPTIONS_LIMIT, optionsPage, resourceOptions, searchResource, toRecords } from "./query.js";
import { fullExportFieldsOf, requireSensitiveView, revealField, sealedFieldsOf } from "./reveal.js";
import { assertMay, createResource, deleteResource, transitionResource, updateResource } from "./write.js";

const idParams = z.object({ id: idSchema("id") });
const revealBody = z.object({ field: z.string({ required_error: "请指定要查看的字段" }).regex(/^[A-Za-z]{1,40}$/, "字段名不正确") });
/** The export's 导出完整证件号 box: ticked only by a holder of the code, and logged. */
const wantsFullIds = (body: unknown) => !!body && typeof body === "object" && (body as { revealIds?: unknown }).revealIds === true;
const transitionParams = z.object({ id: idSchema("id"), transition: z.string().regex(/^[A-Za-z]{1,32}$/, "不支持的操作") });
const optionsBody = z.object({ keyword: z.string().trim().max(32, "关键字最多 32 个字").optional().nullable() });
/** The picker's paged options: a keyword, a page of at most 50 and the saved ids whose labels must show. */
const optionsPageBody = optionsBody.merge(pagingSchemaUpTo(OPTIONS_LIMIT)).extend({
  selected: z.array(idSchema("selected"), { invalid_type_error: "selected 必须是编号列表" }).max(20, "selected 最多 20 个").optional().nullable(),
});

function mount(app: FastifyInstance, ctx: ServiceContext, binding: Binding): void {
  const { def } = binding;
  const base = `/${def.api.base}`;
  const db = ctx.db.kysely;
  const scopeFor = async (request: FastifyRequest): Promise<CallerScope> => {
    const scope = await engineServices().requireScope(ctx, request);
    assertWaterFor(binding, scope);
    return scope;
  };
  const filterOf = filterSchema(def);

  const search = async (request: FastifyRequest) => {
    const scope = await scopeFor(request);
    assertMay(def, scope, "list");
    await binding.beforeRead?.(ctx, scope);
    return ok(await searchResource(db, binding, scope, parse(filterOf, request.body), parse(pagingSchema, request.body)));
  };
  const skip = binding.routes ?? {};
  if (skip.search !== false) app.post(`${base}/search`, search);
  if (def.api.search) app.post(`${base}/${def.api.search}`, search);

  app.post(`${base}/options`, async (request) => {
    const scope = await scopeFor(request);
    assertMay(def, scope, "list");
    const body = parse(optionsBody.extend({ where: filterOf.optional().nullable() }), request.body);
    return ok(await resourceOptions(db, binding, scope, body.keyword ?? undefined, (body.where ?? undefined) as ResourceFilter | undefined));
  });
  app.post(`${base}/options/page`, async (request) => {
    const scope = await scopeFor(request);
    assertMay(def, scope, "list");
    const body = parse(optionsPageBody.extend({ where: filterOf.optional().nullable() }), request.body ?? {});
    return ok(await optionsPage(db, binding, scope, { keyword: body.keyword || undefined, where: (body.where ?? undefined) as ResourceFilter | undefined, current: body.current, size: body.size, selected: body.selected ?? [] }));
  });

  app.post(`${base}/export`, async (request, reply) => {
    const scope = await scopeFor(request);
    assertMay(def, scope, "export");
    await binding.beforeRead?.(ctx, scope);
    const opened = fullExportFieldsOf(binding);
    const reveal = wantsFullIds(request.body) && opened.length > 0;
    if (reveal) {
      requireSensitiveView(scope);
      await engineServices().logSensitiveView(ctx, request, scope, `${sealedFieldsOf(binding).length ? "导出完整证件号" : "导出完整手机号"}：${def.name}列表（${opened.map(([, f]) => f.label).join("、")}）`);
    }
    return sendResourceExport(ctx, binding, scope, parse(filterOf, request.body), reply, reveal);
  });

  const detail = async (request: FastifyRequest) => {
    const scope = await scopeFor(request);
    assertMay(def, scope, "detail");
    await binding.beforeRead?.(ctx, scope);
    const row = await findRow(db, binding, scope, parse(idParams, request.params).id);
    const [record] = await toRecords(db, binding, scope, [row]);
    return ok({ ...record, events: await eventsOf(db, def.key, Number(row.id)) });
  };
  if (skip.detail !== false) app.get(`${base}/:id`, detail);
  app.post(`${base}/:id/reveal`, async (request) => {
    const scope = await scopeFor(request);
    assertMay(def, scope, "detail");
    return ok(await revealField(ctx, binding, scope, request, parse(idParams, request.params).id, parse(revealBody, request.body).field));
  });
  app.get(`${base}/:id/detail`, detail);

  const create = async (request: FastifyRequest) => ok(await createResource(ctx, binding, await scopeFor(request), request.body));
  if (skip.create !== false) app.post(base, create);
  if (def.api.create) app.post(`${base}/${def.api.create}`, create);

  if (skip.update !== false) app.put(`${base}/:id`, async (request) => ok(await updateResource(ctx, binding, await scopeFor(request), parse(idParams, request.params).id, request.body)));
  if (skip.delete !== false) app.delete(`${base}/:id`, async (request) => ok(await deleteResource(ctx, binding, await scopeFor(request), parse(idParams, request.params).id)));
  app.post(`${base}/:id/:transition`, async (request) => {
    const { id, transition } = parse(transitionParams, request.params);
    return ok(await transitionResource(ctx, binding, await scopeFor(request), id, transition, request.body));
  });
}

/** The generic routes of the given bindings (the composition root passes every binding). */
export function resourceRoutes(bindings: readonly Binding[]) {
  return async (app: FastifyInstance, ctx: ServiceContext): Promise<void> => {
    for (const binding of bindings) mount(app, ctx, binding);
  };
}
