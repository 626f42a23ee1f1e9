/**
 * /WXbinding (domain 7.6): binds a WeChat openid to an account proven by mobile + SMS code. The page
 * arrives with `openid` and a `state` the platform signed when WeChat sent the user back (HMAC with
 * a key derived from the platform's stored key pair, so every instance agrees); a state is valid for
 * 30 minutes, for its own openid, and once: its nonce is recorded when used.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RefusalCode } from "../../../contract/envelope.js";
import { MOBILE_PATTERN } from "../../../contract/validation.js";
import type { ServiceContext } from "../../context.js";
import { nowIso } from "../../db/index.js";
import { ok, Refusal } from "../../http/envelope.js";
import { parse } from "../../http/validate.js";
import { platformOf } from "../../identity/guard.js";
import { getKeyPair, sendSmsCode } from "../../identity/service.js";
import { requireSmsCode } from "../../identity/sms-codes.js";
import { requesterAddress } from "../../http/rate-limit.js";
import { isPlatformStaff } from "../../../contract/platforms.js";

export const WECHAT_STATE_TTL_MS = 30 * 60_000;
const invalid = (message: string) => new Refusal(RefusalCode.invalid, message);

async function stateKey(ctx: ServiceContext): Promise<Buffer> {
  const { privateKey } = await getKeyPair(ctx);
  return createHmac("sha256", "wechat-binding-state").update(privateKey).digest();
}

/** `<payload>.<signature>`: payload = base64url JSON { openid, nonce, exp }. */
export async function signWechatState(ctx: ServiceContext, openid: string, now = Date.now()): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ openid, nonce: randomBytes(12).toString("base64url"), exp: now + WECHAT_STATE_TTL_MS })).toString("base64url");
  const signature = createHmac("sha256", await stateKey(ctx)).update(payload).digest("base64url");
  return `${payload}.${signature}`;
}

/** The state's nonce, when the state is signed by us, unexpired and issued for this openid. */
export async function verifyWechatState(ctx: ServiceContext, openid: string, state: string): Promise<string> {
  const [payload, signature] = state.split(".");
  if (!payload || !signature) throw invalid("绑定链接无效（state 格式不正确），请重新从微信进入");
  const expected = createHmac("sha256", await stateKey(ctx)).update(payload).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid("绑定链接无效（state 签名不正确），请重新从微信进入");
  let claims: { openid?: unknown; nonce?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as typeof claims;
  } catch {
    throw invalid("绑定链接无效，请重新从微信进入");
  }
  if (claims.openid !== openid) throw invalid("绑定链接与微信账号不符，请重新从微信进入");
  if (typeof claims.exp !== "number" || claims.exp < Date.now()) throw invalid("绑定链接已过期，请重新从微信进入");
  if (typeof claims.nonce !== "string") throw invalid("绑定链接无效，请重新从微信进入");
  const used = await ctx.db.kysely.selectFrom("wechat_binding_states").select("nonce").where("nonce", "=", claims.nonce).executeTakeFirst();
  if (used) throw invalid("绑定链接已使用过，请重新从微信进入");
  return claims.nonce;
}

const openid = z.string({ required_error: "缺少 openid" }).regex(/^[A-Za-z0-9_-]{6,64}$/, "openid 格式不正确");
const state = z.string({ required_error: "缺少 state" }).min(10, "state 不正确").max(1024, "state 不正确");
const mobile = z.string({ required_error: "请填写手机号" }).trim().regex(MOBILE_PATTERN, "请输入正确的11位手机号");
const smsBody = z.object({ openid, state, mobile });
const bindBody = smsBody.extend({ smsCode: z.string({ required_error: "请填写短信验证码" }).regex(/^\d{6}$/, "短信验证码为6位数字") });

export async function bindWechat(ctx: ServiceContext, platformId: string, input: unknown) {
  const body = parse(bindBody, input);
  const nonce = await verifyWechatState(ctx, body.openid, body.state);
  const user = await ctx.db.kysely.selectFrom("users").select(["id", "name", "status", "platform_id", "type"]).where("mobile", "=", body.mobile).executeTakeFirst();
  if (!user) throw invalid("该手机号未注册");
  if (user.status !== "ACTIVE") throw invalid("账号已停用，请联系管理员");
  await requireSmsCode(ctx, { mobile: body.mobile, purpose: "WECHAT_BIND", code: body.smsCode });
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // The nonce's primary key makes a concurrent second use fail here.
    await trx.insertInto("wechat_binding_states").values({ nonce, used_at: nowIso() }).execute();
    const taken = await trx.selectFrom("user_wechat_bindings").select("user_id").where("openid", "=", body.openid).executeTakeFirst();
    if (taken && Number(taken.user_id) !== Number(user.id)) throw invalid("该微信已绑定其他账号，请先在原账号解绑");
    await trx.deleteFrom("user_wechat_bindings").where("user_id", "=", user.id).execute();
    await trx.insertInto("user_wechat_bindings").values({ platform_id: isPlatformStaff(user) ? platformId : user.platform_id, user_id: user.id, openid: body.openid, created_at: nowIso() }).execute();
    return { name: user.name };
  });
}

export async function wechatRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post("/wx-binding/sms", async (request) => {
    platformOf(request);
    const body = parse(smsBody, request.body);
    await verifyWechatState(ctx, body.openid, body.state);
    return ok(await sendSmsCode(ctx, body.mobile, requesterAddress(request), "WECHAT_BIND"));
  });
  app.post("/wx-binding/bind", async (request) => ok(await bindWechat(ctx, platformOf(request), request.body)));

  if (!ctx.config.production) {
    // Development only: the state WeChat's callback would carry (tests and the demo read it).
    app.get("/api/v1/dev/wx-state", async (request) => ok(await signWechatState(ctx, parse(z.object({ openid }), request.query).openid)));
  }
}
