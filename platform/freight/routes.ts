/** HTTP routes of the freight service (spec 7.2, 7.3 and what the dispatch pages need). All need a Bearer token. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  addressUpdateSchema,
  batchCompleteSchema,
  cancelSchema,
  commentCreateSchema,
  commentReplySchema,
  commentSelectSchema,
  dashboardSchema,
  deviceBindSchema,
  deviceSelectorSchema,
  dispatchSchema,
  findContractSchema,
  findOrderContractSchema,
  findPersonContractSchema,
  freightFilterSchema,
  idSchema,
  loadingSchema,
  loadingUpdateSchema,
  orderSearchSchema,
  remarkStepSchema,
  resourceSearchSchema,
  stepCheckSchema,
  unloadingSchema,
} from "../../contract/freight.js";
import type { ServiceContext } from "../context.js";
import { ok, pagingSchema } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireScope } from "../identity/guard.js";
import * as comments from "./comments.js";
import * as contracts from "./contracts.js";
import { freightDashboard } from "./dashboard.js";
import { dispatchInfo, freightDetail, freightTrack } from "./detail.js";
import { bindDevice, selectDevices } from "./devices.js";
import { dispatch, searchOrders } from "./dispatch.js";
import { sendFreightExport } from "./export.js";
import * as resources from "./resources.js";
import type { CallerScope } from "../scope.js";
import { searchFreights } from "./search.js";
import * as steps from "./steps.js";

const freightNoParams = z.object({ freightNo: z.string().regex(/^[A-Za-z0-9]{1,32}$/, "运单号格式不正确") });
const idParams = z.object({ id: idSchema("运单 id") });

export async function freightRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const db = ctx.db.kysely;
  const scopeFor = async (request: FastifyRequest): Promise<CallerScope> => await requireScope(ctx, request);

  // --- waybill lists ---------------------------------------------------------------------------
  app.post("/tms-freight/search", async (request) => {
    const scope = await scopeFor(request);
    return ok(await searchFreights(db, scope, parse(freightFilterSchema, request.body), parse(pagingSchema, request.body)));
  });

  app.post("/tms-freight/historyFreightSearch", async (request) => {
    const scope = await scopeFor(request);
    const filter = parse(freightFilterSchema, request.body);
    return ok(await searchFreights(db, scope, { ...filter, status: ["COMPLETED"] }, parse(pagingSchema, request.body)));
  });

  app.post("/tms-freight/export", async (request, reply) => {
    const scope = await scopeFor(request);
    const filter = parse(freightFilterSchema, request.body);
    return sendFreightExport(ctx, scope, filter, reply);
  });

  app.post("/tms-freight/dashboard", async (request) => {
    const scope = await scopeFor(request);
    const { freightWay } = parse(dashboardSchema, request.body);
    return ok(await freightDashboard(ctx, scope, freightWay ?? undefined));
  });

  // --- one waybill -----------------------------------------------------------------------------
  app.get("/tms-freight/:freightNo/detail", async (request) => {
    const scope = await scopeFor(request);
    return ok(await freightDetail(db, scope, parse(freightNoParams, request.params).freightNo));
  });

  app.get("/tms-freight/:freightNo/track", async (request) => {
    const scope = await scopeFor(request);
    return ok(await freightTrack(db, scope, parse(freightNoParams, request.params).freightNo));
  });

  app.get("/tms-freight-riskappeal-review/dispatch-info/:id", async (request) => {
    const scope = await scopeFor(request);
    return ok(await dispatchInfo(db, scope, parse(idParams, request.params).id));
  });

  app.post("/tms-freight/findContract", async (request) => {
    const scope = await scopeFor(request);
    return ok(await contracts.findFreightContract(db, scope, parse(findContractSchema, request.body)));
  });

  app.post("/tms-order-contract/findPersonContract", async (request) => {
    const scope = await scopeFor(request);
    return ok(await contracts.findPersonContract(db, scope, parse(findPersonContractSchema, request.body)));
  });

  app.post("/tms-order-contract/findOrderContract", async (request) => {
    const scope = await scopeFor(request);
    return ok(await contracts.findOrderContract(db, scope, parse(findOrderContractSchema, request.body).orderId));
  });

  // --- status steps ----------------------------------------------------------------------------
  app.post("/tms-freight/loading", async (request) => {
    const scope = await scopeFor(request);
    return ok(await steps.loading(ctx, scope, parse(loadingSchema, request.body)));
  });

  /** What 装货/卸货 with these weights would mark 异常, before the carrier confirms (nothing is written). */
  app.post("/tms-freight/step-check", async (request) => {
    const scope = await scopeFor(request);
    return ok(await steps.stepCheck(ctx, scope, parse(stepCheckSchema, request.body)));
  });

  app.post("/tms-freight/unLoading", async (request) => {
    const scope = await scopeFor(request);
    return ok(await steps.unloading(ctx, scope, parse(unloadingSchema, request.body)));
  });

  const stamped = [
    ["/tms-freight/sign", "SIGN"],
    ["/tms-freight/review", "REVIEW"],
    ["/tms-freight/fleet-confirm", "FLEET_CONFIRM"],
    ["/tms-freight/complete", "COMPLETE"],
  ] as const;
  for (const [path, action] of stamped) {
    app.post(path, async (request) => {
      const scope = await scopeFor(request);
      return ok(await steps.stampStep(ctx, scope, action, parse(remarkStepSchema, request.body)));
    });
  }

  app.post("/tms-freight/batchComplete", async (request) => {
    const scope = await scopeFor(request);
    const { ids } = parse(batchCompleteSchema, request.body);
    return ok(await steps.batchComplete(ctx, scope, ids));
  });

  app.post("/tms-freight/loadingUpdate", async (request) => {
    const scope = await scopeFor(request);
    return ok(await steps.loadingUpdate(ctx, scope, parse(loadingUpdateSchema, request.body)));
  });

  app.post("/tms-freight/:id/cancel", async (request) => {
    const scope = await scopeFor(request);
    const { id } = parse(idParams, request.params);
    const { reason } = parse(cancelSchema, request.body);
    return ok(await steps.cancel(ctx, scope, id, reason));
  });

  app.post("/tms-freight-dispatch/updateTmsOrderDatailAddress", async (request) => {
    const scope = await scopeFor(request);
    return ok(await steps.updateAddress(ctx, scope, parse(addressUpdateSchema, request.body)));
  });

  // --- dispatch --------------------------------------------------------------------------------
  app.post("/tms-order/search", async (request) => {
    const scope = await scopeFor(request);
    return ok(await searchOrders(db, scope, parse(orderSearchSchema, request.body), parse(pagingSchema, request.body)));
  });

  app.post("/tms-freight-dispatch/dispatch", async (request) => {
    const scope = await scopeFor(request);
    return ok(await dispatch(ctx, scope, parse(dispatchSchema, request.body)));
  });

  const selectors = [
    ["/tms-resource/drivers", resources.listDrivers],
    ["/tms-resource/vehicles", resources.listVehicles],
    ["/tms-resource/captains", resources.listCaptains],
    ["/tms-resource/ships", resources.listShips],
  ] as const;
  for (const [path, list] of selectors) {
    app.post(path, async (request) => {
      const scope = await scopeFor(request);
      const { keyword } = parse(resourceSearchSchema, request.body);
      return ok(await list(db, scope, keyword, parse(pagingSchema, request.body)));
    });
  }

  // --- driver comments -------------------------------------------------------------------------
  app.post("/tms-freight-driver-comment", async (request) => {
    const scope = await scopeFor(request);
    return ok(await comments.createComment(ctx, scope, parse(commentCreateSchema, request.body)));
  });

  app.post("/tms-freight-driver-comment/select", async (request) => {
    const scope = await scopeFor(request);
    return ok(await comments.selectComments(db, scope, parse(commentSelectSchema, request.body), parse(pagingSchema, request.body)));
  });

  app.post("/tms-freight-driver-comment/platformReply", async (request) => {
    const scope = await scopeFor(request);
    const { id, replyContent } = parse(commentReplySchema, request.body);
    return ok(await comments.replyToComment(ctx, scope, id, replyContent));
  });

  // --- GPS devices (open API) ------------------------------------------------------------------
  app.post("/device-manage/selector", async (request) => {
    const scope = await scopeFor(request);
    return ok(await selectDevices(db, scope, parse(deviceSelectorSchema, request.body), parse(pagingSchema, request.body)));
  });

  app.post("/device-manage/bind", async (request) => {
    const scope = await scopeFor(request);
    const { deviceId, vehicleId } = parse(deviceBindSchema, request.body);
    return ok(await bindDevice(ctx, scope, deviceId, vehicleId));
  });
}
