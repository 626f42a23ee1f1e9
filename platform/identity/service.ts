import type { CaptchaChallenge, TokenRequest, TokenResponse, UserInfo } from "../../contract/identity.js";
import { RefusalCode } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { HttpError, Refusal, unauthorized } from "../http/envelope.js";
import type { Caller } from "./caller.js";
import { decryptSecret, generateRsaKeyPair, makeCaptcha, randomToken, sha256, sixDigitCode, verifyPassword } from "./crypto.js";

export const CSRF_TTL_MS = 5 * 60_000;
export const SMS_TTL_MS = 5 * 60_000;
export const SMS_INTERVAL_MS = 60_000;
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 10 * 60_000;
export const CAPTCHA_TTL_MS = 5 * 60_000;

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The platform's RSA key pair, made once and kept in the database so every instance shares it. */
export async function getKeyPair(ctx: ServiceContext): Promise<{ publicKey: string; privateKey: string }> {
  const row = await ctx.db.kysely.selectFrom("key_pairs").selectAll().where("id", "=", "login").executeTakeFirst();
  if (row) return { publicKey: row.public_key, privateKey: row.private_key };
  const pair = generateRsaKeyPair();
  await ctx.db.kysely
    .insertInto("key_pairs")
    .values({ id: "login", public_key: pair.publicKey, private_key: pair.privateKey, created_at: nowIso() })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return getKeyPair(ctx);
}

export async function issueCsrf(ctx: ServiceContext, clientId: string) {
  const csrfToken = randomToken(24);
  await ctx.db.kysely
    .insertInto("csrf_tokens")
    .values({ token_hash: sha256(csrfToken), client_id: clientId, expires_at: inMs(CSRF_TTL_MS), used_at: null })
    .execute();
  const { publicKey } = await getKeyPair(ctx);
  return { csrfToken, publicKey };
}

/** Marks a csrf token used; refuses an unknown, reused, expired or foreign one. */
async function consumeCsrf(ctx: ServiceContext, csrfToken: string, clientId: string): Promise<void> {
  const now = nowIso();
  const result = await ctx.db.kysely
    .updateTable("csrf_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", sha256(csrfToken))
    .where("client_id", "=", clientId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw new Refusal(RefusalCode.invalid, "页面已过期或重复提交（csrfToken 无效），请刷新页面后重试");
  }
}

async function issueCaptcha(ctx: ServiceContext, mobile: string): Promise<CaptchaChallenge> {
  const { answer, svg } = makeCaptcha();
  const expires_at = inMs(CAPTCHA_TTL_MS);
  // An upsert, so two concurrent failures for one mobile cannot collide on the primary key.
  await ctx.db.kysely
    .insertInto("captchas")
    .values({ mobile, answer, expires_at })
    .onConflict((oc) => oc.column("mobile").doUpdateSet({ answer, expires_at }))
    .execute();
  await devOutbox(ctx, "captcha", mobile, answer);
  return { captchaRequired: true, captchaSvg: svg };
}

export async function refreshCaptcha(ctx: ServiceContext, mobile: string): Promise<CaptchaChallenge> {
  return issueCaptcha(ctx, mobile);
}

async function checkCaptcha(ctx: ServiceContext, mobile: string, value: string | null | undefined): Promise<void> {
  const row = await ctx.db.kysely.selectFrom("captchas").selectAll().where("mobile", "=", mobile).executeTakeFirst();
  const good = !!value && !!row && row.expires_at > nowIso() && row.answer.toUpperCase() === value.trim().toUpperCase();
  if (good) {
    await ctx.db.kysely.deleteFrom("captchas").where("mobile", "=", mobile).execute();
    return;
  }
  const challenge = await issueCaptcha(ctx, mobile);
  throw new Refusal(RefusalCode.captchaRequired, value ? "图形验证码错误，请重新输入" : "登录失败次数较多，请输入图形验证码", challenge);
}

export async function devOutbox(ctx: ServiceContext, kind: string, mobile: string, content: string) {
  if (ctx.config.production) return;
  ctx.log.info({ mobile, kind, content }, `development outbox: ${kind} for ${mobile} is ${content}`);
  await ctx.db.kysely.insertInto("dev_outbox").values({ kind, mobile, content, created_at: nowIso() }).execute();
}

export async function readDevOutbox(ctx: ServiceContext, mobile: string, kind: string) {
  return ctx.db.kysely
    .selectFrom("dev_outbox")
    .select(["kind", "mobile", "content", "created_at"])
    .where("mobile", "=", mobile)
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function sendSmsCode(ctx: ServiceContext, mobile: string): Promise<{ expireIn: number }> {
  const user = await ctx.db.kysely.selectFrom("users").select(["id", "status"]).where("mobile", "=", mobile).executeTakeFirst();
  if (!user) throw new Refusal(RefusalCode.invalid, "该手机号未注册，请联系管理员开通账号");
  return issueSmsCode(ctx, mobile);
}

/** Sends a code to any mobile (e.g. the new number of a mobile change), at most once a minute. */
export async function issueSmsCode(ctx: ServiceContext, mobile: string): Promise<{ expireIn: number }> {
  const last = await ctx.db.kysely
    .selectFrom("sms_codes")
    .select("created_at")
    .where("mobile", "=", mobile)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (last) {
    const wait = Math.ceil((Date.parse(last.created_at) + SMS_INTERVAL_MS - Date.now()) / 1000);
    if (wait > 0) throw new Refusal(RefusalCode.invalid, `验证码发送过于频繁，请 ${wait} 秒后再试`);
  }
  const code = sixDigitCode();
  await ctx.db.kysely
    .insertInto("sms_codes")
    .values({ mobile, code_hash: sha256(`${mobile}:${code}`), created_at: nowIso(), expires_at: inMs(SMS_TTL_MS), used_at: null })
    .execute();
  await devOutbox(ctx, "sms", mobile, code);
  return { expireIn: SMS_TTL_MS / 1000 };
}

/** Marks a matching, unexpired, unused code used; false when there is none. */
export async function consumeSmsCode(ctx: ServiceContext, mobile: string, code: string): Promise<boolean> {
  const now = nowIso();
  const used = await ctx.db.kysely
    .updateTable("sms_codes")
    .set({ used_at: now })
    .where("mobile", "=", mobile)
    .where("code_hash", "=", sha256(`${mobile}:${code}`))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) >= 1;
}

/**
 * Counts a failed login (atomically, so concurrent attempts cannot undercount) and refuses it:
 * the failure that reaches LOCK_AFTER_FAILURES locks the account; from CAPTCHA_AFTER_FAILURES on,
 * the refusal carries the captcha the next attempt must answer.
 */
async function recordFailure(ctx: ServiceContext, userId: number, mobile: string, reason: string): Promise<never> {
  const { failed_attempts: count } = await ctx.db.kysely
    .updateTable("users")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("id", "=", userId)
    .returning("failed_attempts")
    .executeTakeFirstOrThrow();
  if (count >= LOCK_AFTER_FAILURES) {
    await ctx.db.kysely.updateTable("users").set({ failed_attempts: 0, locked_until: inMs(LOCK_MS) }).where("id", "=", userId).execute();
    throw new Refusal(RefusalCode.locked, `${reason}，已连续失败 ${LOCK_AFTER_FAILURES} 次，账号锁定 10 分钟`);
  }
  const left = LOCK_AFTER_FAILURES - count;
  if (count >= CAPTCHA_AFTER_FAILURES) {
    throw new Refusal(RefusalCode.captchaRequired, `${reason}，还可尝试 ${left} 次，请输入图形验证码`, await issueCaptcha(ctx, mobile));
  }
  throw new Refusal(RefusalCode.invalid, `${reason}，还可尝试 ${left} 次`);
}

export async function login(ctx: ServiceContext, body: TokenRequest, platformId: string): Promise<TokenResponse> {
  await consumeCsrf(ctx, body.csrfToken, body.clientId);
  const user = await ctx.db.kysely.selectFrom("users").selectAll().where("mobile", "=", body.authKey).executeTakeFirst();
  if (!user) throw new Refusal(RefusalCode.invalid, body.grantType === "sms" ? "该手机号未注册，请联系管理员开通账号" : "手机号或密码错误");
  if (user.status !== "ACTIVE") throw new Refusal(RefusalCode.invalid, "账号已停用，请联系管理员");
  if (user.locked_until && user.locked_until > nowIso()) {
    const minutes = Math.max(1, Math.ceil((Date.parse(user.locked_until) - Date.now()) / 60_000));
    throw new Refusal(RefusalCode.locked, `账号已锁定，请 ${minutes} 分钟后再试`);
  }
  if (user.type !== "SYSTEM_USER" && user.platform_id !== platformId) {
    throw new Refusal(RefusalCode.invalid, "该账号不属于当前平台，请从所属平台的地址登录");
  }
  if (user.failed_attempts >= CAPTCHA_AFTER_FAILURES) await checkCaptcha(ctx, user.mobile, body.captchaValue);

  if (body.grantType === "password") {
    const { privateKey } = await getKeyPair(ctx);
    const password = decryptSecret(privateKey, body.authSecret);
    if (password === null) throw new Refusal(RefusalCode.invalid, "密码密文无法解析，请刷新页面后重试");
    if (!(await verifyPassword(password, user.password_hash))) await recordFailure(ctx, user.id, user.mobile, "手机号或密码错误");
  } else if (!(await consumeSmsCode(ctx, user.mobile, String(body.smsCode)))) {
    await recordFailure(ctx, user.id, user.mobile, "短信验证码错误或已过期");
  }

  await ctx.db.kysely.updateTable("users").set({ failed_attempts: 0, locked_until: null }).where("id", "=", user.id).execute();
  const tokens = await issueTokens(ctx, user.id, body.clientId, platformId, null);
  return { ...tokens, pwExpiration: user.pw_expiration };
}

async function issueTokens(ctx: ServiceContext, userId: number, clientId: string, platformId: string, parentId: number | null) {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const now = nowIso();
  await ctx.db.kysely
    .insertInto("auth_tokens")
    .values({
      user_id: userId,
      parent_id: parentId,
      client_id: clientId,
      platform_id: platformId,
      access_hash: sha256(accessToken),
      refresh_hash: sha256(refreshToken),
      access_expires_at: inMs(ctx.config.accessTtlSeconds * 1000),
      refresh_expires_at: inMs(ctx.config.refreshTtlSeconds * 1000),
      rotated_at: null,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  return { accessToken, refreshToken, expireIn: ctx.config.accessTtlSeconds };
}

/** Rotates a pair. A refresh token used a second time is refused and the pair issued from it is revoked. */
export async function refresh(ctx: ServiceContext, refreshToken: string): Promise<Omit<TokenResponse, "pwExpiration">> {
  const row = await ctx.db.kysely.selectFrom("auth_tokens").selectAll().where("refresh_hash", "=", sha256(refreshToken)).executeTakeFirst();
  const now = nowIso();
  if (!row) throw unauthorized("刷新令牌无效，请重新登录");
  if (row.rotated_at) {
    await revokeDescendants(ctx, row.id, now);
    ctx.log.warn({ tokenId: row.id }, "refresh token reused; revoked the pairs issued from it");
    throw unauthorized("刷新令牌已被使用，请重新登录");
  }
  if (row.revoked_at) throw unauthorized("登录已退出，请重新登录");
  if (row.refresh_expires_at <= now) throw unauthorized("登录已过期，请重新登录");
  const claimed = await ctx.db.kysely
    .updateTable("auth_tokens")
    .set({ rotated_at: now, revoked_at: now })
    .where("id", "=", row.id)
    .where("rotated_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw unauthorized("刷新令牌已被使用，请重新登录");
  return issueTokens(ctx, row.user_id, row.client_id, row.platform_id, row.id);
}

/** Revokes every pair rotated out of the given one, however far the chain has gone since. */
async function revokeDescendants(ctx: ServiceContext, tokenId: number, now: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    let parents = [tokenId];
    while (parents.length) {
      const children = await trx.selectFrom("auth_tokens").select("id").where("parent_id", "in", parents).execute();
      parents = children.map((c) => c.id);
      if (parents.length) await trx.updateTable("auth_tokens").set({ revoked_at: now }).where("id", "in", parents).where("revoked_at", "is", null).execute();
    }
  });
}

export async function revoke(ctx: ServiceContext, caller: Caller): Promise<void> {
  await ctx.db.kysely.updateTable("auth_tokens").set({ revoked_at: nowIso() }).where("id", "=", caller.tokenId).execute();
}

/** Resolves a Bearer access token to its caller; 401 when missing, unknown, expired or revoked. */
export async function authenticate(ctx: ServiceContext, accessToken: string | undefined): Promise<Caller> {
  if (!accessToken) throw unauthorized("未登录或缺少访问令牌");
  const row = await ctx.db.kysely
    .selectFrom("auth_tokens")
    .innerJoin("users", "users.id", "auth_tokens.user_id")
    .select([
      "auth_tokens.id as tokenId",
      "auth_tokens.access_expires_at",
      "auth_tokens.revoked_at",
      "users.id as userId",
      "users.type",
      "users.name",
      "users.mobile",
      "users.platform_id",
      "users.tenant_id",
      "users.org_id",
      "users.status",
    ])
    .where("auth_tokens.access_hash", "=", sha256(accessToken))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.access_expires_at <= nowIso()) throw unauthorized();
  if (row.status !== "ACTIVE") throw new HttpError(403, "账号已停用");
  return {
    userId: row.userId,
    tokenId: row.tokenId,
    type: row.type,
    name: row.name,
    mobile: row.mobile,
    platformId: row.platform_id,
    tenantId: row.tenant_id,
    orgId: row.org_id,
    permissions: new Set(await permissionsOf(ctx, row.userId)),
  };
}

async function permissionsOf(ctx: ServiceContext, userId: number): Promise<string[]> {
  const rows = await ctx.db.kysely
    .selectFrom("user_roles")
    .innerJoin("role_permissions", "role_permissions.role_id", "user_roles.role_id")
    .select("role_permissions.permission_code")
    .distinct()
    .where("user_roles.user_id", "=", userId)
    .orderBy("role_permissions.permission_code")
    .execute();
  return rows.map((r) => r.permission_code);
}

export async function userInfo(ctx: ServiceContext, caller: Caller): Promise<UserInfo> {
  const user = await ctx.db.kysely
    .selectFrom("users")
    .leftJoin("organisations", "organisations.id", "users.org_id")
    .leftJoin("tenants", "tenants.id", "users.tenant_id")
    .leftJoin("platforms", "platforms.id", "users.platform_id")
    .select(["users.id", "users.name", "users.mobile", "users.headshot_url", "users.type", "organisations.name as orgName", "tenants.name as tenantName", "platforms.name as platformName"])
    .where("users.id", "=", caller.userId)
    .executeTakeFirstOrThrow();
  const roles = await ctx.db.kysely
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .select("roles.name")
    .where("user_roles.user_id", "=", caller.userId)
    .orderBy("roles.id")
    .execute();
  return {
    id: String(user.id),
    name: user.name,
    mobile: user.mobile,
    headshotUrl: user.headshot_url,
    // An individual's personal organisation (domain 0.2) only holds their resources: they belong to the tenant.
    companyName: (user.type === "INDIVIDUAL_USER" ? null : user.orgName) ?? user.tenantName ?? user.platformName ?? null,
    type: user.type,
    accessLevel: user.type,
    roles: roles.map((r) => r.name),
    permissions: [...caller.permissions],
    sourceId: caller.orgId !== null ? String(caller.orgId) : caller.tenantId !== null ? String(caller.tenantId) : null,
  };
}
