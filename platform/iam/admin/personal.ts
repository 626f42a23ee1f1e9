/**
 * 个人中心 (domain 6.21): the caller's own name, avatar (through the file store: images ≤ 2 MB),
 * mobile (SMS code to the new number) and password (the current one, the policy; sets the expiry by
 * PW_EXPIRATION_DAYS and ends the other sessions).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RefusalCode } from "../../../contract/envelope.js";
import { MOBILE_PATTERN } from "../../../contract/validation.js";
import type { ServiceContext } from "../../context.js";
import { nowIso } from "../../db/index.js";
import { ok, Refusal } from "../../http/envelope.js";
import { requesterAddress } from "../../http/rate-limit.js";
import { parse } from "../../http/validate.js";
import type { Caller } from "../../identity/caller.js";
import { hashPassword, NO_PASSWORD, verifyPassword } from "../../identity/crypto.js";
import { requireCaller } from "../../identity/guard.js";
import { issueSmsCode, requireSmsCode } from "../../identity/sms-codes.js";
import { announceRevocation } from "../../identity/service.js";
import { fileUrl, IMAGE_EXTENSIONS, storeFile, uploadedBytes } from "./files.js";
import { USER_TYPE_LABELS } from "../../../contract/platforms.js";
import { passwordExpiry } from "./sys-config.js";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** 8–20 characters with letters and digits (domain 6.21). */
import { PASSWORD_RULE as PASSWORD_POLICY, PASSWORD_RULE_TEXT as PASSWORD_POLICY_TEXT } from "../../../contract/activation.js";

const invalid = (message: string) => new Refusal(RefusalCode.invalid, message);

export async function personalInfo(ctx: ServiceContext, caller: Caller) {
  const user = await ctx.db.kysely
    .selectFrom("users as u")
    .leftJoin("organisations as o", "o.id", "u.org_id")
    .leftJoin("tenants as t", "t.id", "u.tenant_id")
    .select(["u.id", "u.name", "u.mobile", "u.type", "u.headshot_url", "u.pw_expiration", "u.password_changed_at", "u.password_hash", "o.name as orgName", "t.name as tenantName"])
    .where("u.id", "=", caller.userId)
    .executeTakeFirstOrThrow();
  const roles = await ctx.db.kysely.selectFrom("user_roles as ur").innerJoin("roles as r", "r.id", "ur.role_id").select("r.name").where("ur.user_id", "=", caller.userId).orderBy("r.id").execute();
  const wechat = await ctx.db.kysely.selectFrom("user_wechat_bindings").select(["openid", "created_at"]).where("user_id", "=", caller.userId).executeTakeFirst();
  return {
    id: Number(user.id),
    name: user.name,
    mobile: user.mobile,
    type: user.type,
    typeLabel: USER_TYPE_LABELS[user.type],
    scopeName: user.orgName ?? user.tenantName ?? null,
    headshotUrl: user.headshot_url,
    roles: roles.map((r) => r.name),
    pwExpiration: user.pw_expiration,
    passwordChangedAt: user.password_changed_at ?? null,
    /** false: opened by an enterprise and not set yet (he logs in by SMS code); his first password needs no current one. */
    hasPassword: user.password_hash !== NO_PASSWORD,
    wechat: wechat ? { openid: `${wechat.openid.slice(0, 4)}****${wechat.openid.slice(-4)}`, boundAt: wechat.created_at } : null,
  };
}

const nameBody = z.object({ name: z.string({ required_error: "请填写姓名" }).trim().min(1, "请填写姓名").max(64, "姓名最多 64 个字") });
const mobileOnly = z.object({ mobile: z.string({ required_error: "请填写新手机号" }).trim().regex(MOBILE_PATTERN, "请输入正确的11位手机号") });
const mobileBody = mobileOnly.extend({ smsCode: z.string({ required_error: "请填写短信验证码" }).regex(/^\d{6}$/, "短信验证码为6位数字") });
const passwordBody = z.object({
  oldPassword: z.string().max(64, "当前密码过长").optional().nullable(),
  newPassword: z.string({ required_error: "请填写新密码" }).regex(PASSWORD_POLICY, PASSWORD_POLICY_TEXT),
});
const avatarQuery = z.object({ name: z.string({ required_error: "缺少必填参数 name（文件名）" }).max(512, "文件名过长") });

export async function changePassword(ctx: ServiceContext, caller: Caller, input: unknown) {
  const body = parse(passwordBody, input);
  const user = await ctx.db.kysely.selectFrom("users").select(["password_hash"]).where("id", "=", caller.userId).executeTakeFirstOrThrow();
  // An account without a password yet (opened by an enterprise, logged in by SMS code) sets its first one.
  if (user.password_hash !== NO_PASSWORD) {
    if (!body.oldPassword) throw invalid("请填写当前密码");
    if (!(await verifyPassword(body.oldPassword, user.password_hash))) throw invalid("当前密码不正确");
  }
  if (body.oldPassword === body.newPassword) throw invalid("新密码不能与当前密码相同");
  const now = new Date();
  const expiry = await passwordExpiry(ctx.db.kysely, caller.platformId, now);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: await hashPassword(body.newPassword), password_changed_at: now.toISOString(), pw_expiration: expiry }).where("id", "=", caller.userId).execute();
    await trx.updateTable("auth_tokens").set({ revoked_at: nowIso() }).where("user_id", "=", caller.userId).where("id", "<>", caller.tokenId).where("revoked_at", "is", null).execute();
  });
  await announceRevocation(ctx, caller.userId, "密码已修改，请重新登录");
  return { pwExpiration: expiry };
}

export async function personalRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post("/personal/info", async (request) => ok(await personalInfo(ctx, await requireCaller(ctx, request))));

  app.post("/personal/name", async (request) => {
    const caller = await requireCaller(ctx, request);
    const { name } = parse(nameBody, request.body);
    const certified = await ctx.db.kysely.selectFrom("freight_drivers").select("id").where("user_id", "=", caller.userId).where("profile_status", "=", "APPROVED").executeTakeFirst();
    if (certified) throw invalid("已认证的司机姓名以身份证为准，不能修改");
    await ctx.db.kysely.updateTable("users").set({ name }).where("id", "=", caller.userId).execute();
    return ok({ name });
  });

  app.post("/personal/avatar", { bodyLimit: AVATAR_MAX_BYTES * 2 }, async (request) => {
    const caller = await requireCaller(ctx, request);
    const { name } = parse(avatarQuery, request.query);
    const file = await storeFile(ctx, { platformId: caller.platformId, name, bytes: uploadedBytes(request.body), category: "UPLOAD", visibility: "PUBLIC", uploadedBy: caller.userId, bizType: "AVATAR", bizId: caller.userId, allow: IMAGE_EXTENSIONS, maxBytes: AVATAR_MAX_BYTES });
    const headshotUrl = fileUrl(file);
    await ctx.db.kysely.updateTable("users").set({ headshot_url: headshotUrl }).where("id", "=", caller.userId).execute();
    return ok({ headshotUrl });
  });

  app.post("/personal/mobile/sms", async (request) => {
    const caller = await requireCaller(ctx, request);
    const { mobile } = parse(mobileOnly, request.body);
    if (await ctx.db.kysely.selectFrom("users").select("id").where("mobile", "=", mobile).executeTakeFirst()) throw invalid(`手机号 ${mobile} 已被其他账号使用`);
    return ok(await issueSmsCode(ctx, { platformId: caller.platformId, mobile, purpose: "MOBILE_CHANGE", address: requesterAddress(request) }));
  });

  app.post("/personal/mobile", async (request) => {
    const caller = await requireCaller(ctx, request);
    const { mobile, smsCode } = parse(mobileBody, request.body);
    if (await ctx.db.kysely.selectFrom("users").select("id").where("mobile", "=", mobile).executeTakeFirst()) throw invalid(`手机号 ${mobile} 已被其他账号使用`);
    await requireSmsCode(ctx, { mobile, purpose: "MOBILE_CHANGE", code: smsCode });
    await ctx.db.kysely.updateTable("users").set({ mobile }).where("id", "=", caller.userId).execute();
    return ok({ mobile });
  });

  app.post("/personal/password", async (request) => ok(await changePassword(ctx, await requireCaller(ctx, request), request.body)));

  app.post("/personal/wechat/unbind", async (request) => {
    const caller = await requireCaller(ctx, request);
    const result = await ctx.db.kysely.deleteFrom("user_wechat_bindings").where("user_id", "=", caller.userId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw invalid("当前账号未绑定微信");
    return ok(null);
  });
}
