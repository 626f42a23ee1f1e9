/**
 * HTTP routes of 找车 and 轨迹定位 (domain 7.2, 7.3), and the SMS gateway stand-in mounted at
 * /dev/sms-standin outside production. 车源 and 短信模板 themselves are engine resources.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { idSchema } from "../../contract/fields.js";
import { z } from "zod";
import { RefusalCode } from "../../contract/envelope.js";
import { findCarFilterSchema, inTransitFilterSchema, inviteSchema } from "../../contract/find-car.js";
import type { ServiceContext } from "../context.js";
import { ok, pagingSchema, Refusal } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireScope } from "../identity/guard.js";
import { isOrgUser } from "../scope.js";
import { contactCar, findCars, inTransitWaybills, inviteCar } from "./find-car.js";
import { rememberListeningPort, SMS_STANDIN_PATH } from "./sms-gateway.js";
import { newSmsStandinState, smsStandinRoutes } from "./sms-standin.js";

const idParams = z.object({ id: idSchema("车源编号") });

export async function findCarRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.addHook("onListen", async () => {
    const address = app.server.address();
    if (typeof address === "object" && address) rememberListeningPort(ctx, address.port);
  });
  if (!ctx.config.production) {
    const state = newSmsStandinState();
    await app.register((scope) => smsStandinRoutes(scope, state), { prefix: SMS_STANDIN_PATH });
  }
  const scopeFor = (request: FastifyRequest) => requireScope(ctx, request);

  /** 找车: every user kind; the platform's live 车源. */
  app.post("/tms-vehicle-availability/find", async (request) => {
    const scope = await scopeFor(request);
    return ok(await findCars(ctx, scope, parse(findCarFilterSchema, request.body ?? {}), parse(pagingSchema, request.body ?? {})));
  });

  app.post("/tms-vehicle-availability/:id/contact", async (request) => {
    const scope = await scopeFor(request);
    return ok(await contactCar(ctx, scope, parse(idParams, request.params).id));
  });

  app.post("/tms-vehicle-availability/:id/invite", async (request) => {
    const scope = await scopeFor(request);
    const { id } = parse(idParams, request.params);
    return ok(await inviteCar(ctx, scope, id, parse(inviteSchema, request.body ?? {}).route));
  });

  /** 轨迹定位: the organisation's waybills in transit with their latest points. */
  app.post("/tms-freight-position/in-transit", async (request) => {
    const scope = await scopeFor(request);
    if (!isOrgUser(scope)) throw new Refusal(RefusalCode.notPermitted, "轨迹定位仅企业账号可以使用");
    return ok(await inTransitWaybills(ctx, scope, parse(inTransitFilterSchema, request.body ?? {})));
  });
}
