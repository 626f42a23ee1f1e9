import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { csrfRequestSchema, smsCodeRequestSchema, tokenRequestSchema } from "../../contract/identity.js";
import { MOBILE_PATTERN } from "../../contract/validation.js";
import type { ServiceContext } from "../context.js";
import { HttpError, ok } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { platformOf, requireCaller } from "./guard.js";
import { requesterAddress } from "../http/rate-limit.js";
import * as identity from "./service.js";

const mobileOnly = z.object({ mobile: z.string({ required_error: "缺少必填字段 mobile" }).regex(MOBILE_PATTERN, "请输入正确的11位手机号") });

export async function identityRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post("/api/v1/auth/csrf", async (request) => {
    const { clientId } = parse(csrfRequestSchema, request.body);
    return ok(await identity.issueCsrf(ctx, clientId));
  });

  app.post("/api/v1/auth/third-class-insurance/token", async (request) => {
    const body = parse(tokenRequestSchema, request.body);
    return ok(await identity.login(ctx, body, platformOf(request)));
  });

  app.post("/api/v1/auth/captcha", async (request) => {
    const { mobile } = parse(mobileOnly, request.body);
    return ok(await identity.refreshCaptcha(ctx, mobile, requesterAddress(request)));
  });

  app.post("/api/v1/auth/user-info", async (request) => {
    const caller = await requireCaller(ctx, request);
    return ok(await identity.userInfo(ctx, caller));
  });

  app.post("/api/v1/auth/token/revoke", async (request) => {
    const caller = await requireCaller(ctx, request);
    await identity.revoke(ctx, caller);
    return ok(null);
  });

  app.post("/api/v1/auth/sms-auth-code", async (request) => {
    const { mobile } = parse(smsCodeRequestSchema, request.body);
    return ok(await identity.sendSmsCode(ctx, mobile, requesterAddress(request)));
  });

  app.post("/api/v1/auth/token/refresh", async (request) => {
    const header = request.headers.refreshtoken;
    if (typeof header !== "string" || !header) throw new HttpError(401, "缺少刷新令牌 refreshToken 请求头");
    return ok(await identity.refresh(ctx, header));
  });

  if (!ctx.config.production) {
    // Development only: what would have been sent by SMS or shown as a captcha. Tests read it.
    app.get("/api/v1/dev/outbox", async (request) => {
      const query = parse(
        z.object({ mobile: z.string().regex(MOBILE_PATTERN, "请输入正确的11位手机号"), kind: z.enum(["sms", "captcha"]).default("sms") }),
        request.query,
      );
      return ok((await identity.readDevOutbox(ctx, query.mobile, query.kind)) ?? null);
    });
  }
}
