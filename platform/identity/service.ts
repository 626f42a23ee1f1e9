import type { CaptchaChallenge, TokenRequest, TokenResponse, UserInfo } from "../../contract/identity.js";
import { RefusalCode } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import { nowIso, type Db } from "../db/index.js";
import { HttpError, Refusal, unauthorized } from "../http/envelope.js";
import type { Caller } from "./caller.js";
import { decryptSecret, generateRsaKeyPair, hashPassword, makeCaptcha, NO_PASSWORD, randomToken, sha256, verifyPassword } from "./crypto.js";
import { enforceLimit as limit } from "../http/rate-limit.js";
import { devOutbox } from "./outbox.js";
import { loginFailures } from "../observability/metrics.js";
import { checkSmsCode, issueSmsCode, SMS_RATE_LIMITS } from "./sms-codes.js";
import { isIndividual, isPlatformStaff } from "../../contract/platforms.js";

export { readDevOutbox } from "./outbox.js";

export const CSRF_TTL_MS = 5 * 60_000;
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 10 * 60_000;
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** Against SMS and captcha flooding: how often one address or one mobile may ask for an SMS code or a new captcha. */
export const RATE_LIMITS = {
  ...SMS_RATE_LIMITS,
  captchaPerMobile: { limit: 10, windowMs: 10 * 60_000 },
  captchaPerAddress: { limit: 30, windowMs: 10 * 60_000 },
} as const;

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

/** A captcha's answer is kept only as a hash, bound to its mobile. */
const captchaHash = (mobile: string, answer: string) => sha256(`captcha:${mobile}:${answer}`);

async function issueCaptcha(ctx: ServiceContext, mobile: string): Promise<CaptchaChallenge> {
  const { answer: text, svg } = makeCaptcha();
  const answer = captchaHash(mobile, text);
  const expires_at = inMs(CAPTCHA_TTL_MS);
  // An upsert, so two concurrent failures for one mobile cannot collide on the primary key.
  await ctx.db.kysely
    .insertInto("captchas")
    .values({ mobile, answer, expires_at })
    .onConflict((oc) => oc.column("mobile").doUpdateSet({ answer, expires_at }))
    .execute();
  await devOutbox(ctx, "captcha", mobile, text);
  return { captchaRequired: true, captchaSvg: svg };
}

/** A new captcha for any mobile, registered or not (the answer never tells which), rate limited. */
export async function refreshCaptcha(ctx: ServiceContext, mobile: string, address: string | null): Promise<CaptchaChallenge> {
  if (address) await limit(ctx, `captcha:address:${address}`, RATE_LIMITS.captchaPerAddress);
  await limit(ctx, `captcha:mobile:${mobile}`, RATE_LIMITS.captchaPerMobile);
  return issueCaptcha(ctx, mobile);
}

/** Consumes the mobile's captcha when the answer matches (one delete, so an answer works once). */
async function captchaAnswered(ctx: ServiceContext, mobile: string, value: string | null | undefined): Promise<boolean> {
  const answer = value?.trim().toUpperCase();
  if (!answer) return false;
  const deleted = await ctx.db.kysely
    .deleteFrom("captchas")
    .where("mobile", "=", mobile)
    .where("answer", "=", captchaHash(mobile, answer))
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

async function refuseCaptcha(ctx: ServiceContext, mobile: string, value: string | null | undefined): Promise<never> {
  const challenge = await issueCaptcha(ctx, mobile);
  throw new Refusal(RefusalCode.captchaRequired, value ? "图形验证码错误，请重新输入" : "登录失败次数较多，请输入图形验证码", challenge);
}

/**
 * An SMS code for the login page, or for a purpose that, like it, names an existing account (binding
 * WeChat). It answers the same for a registered and an unregistered mobile (the code is only sent to
 * a registered one), and is limited per mobile and per requesting address.
 */
export async function sendSmsCode(ctx: ServiceContext, mobile: string, address: string | null, purpose: "LOGIN" | "WECHAT_BIND" = "LOGIN"): Promise<{ expireIn: number }> {
  const user = await ctx.db.kysely.selectFrom("users").select(["id", "platform_id"]).where("mobile", "=", mobile).executeTakeFirst();
  return issueSmsCode(ctx, { platformId: user?.platform_id ?? null, mobile, purpose, address, deliver: !!user });
}

/**
 * Where a mobile's login counter and lock live: on its account, or (a mobile without one) in
 * login_guards, so that both meet the same captcha, the same lock and the same answers.
 */
type GuardTable = "users" | "login_guards";

const LOCKED_FOR = (lockedUntil: string) => `账号已锁定，请 ${Math.max(1, Math.ceil((Date.parse(lockedUntil) - Date.now()) / 60_000))} 分钟后再试`;

/**
 * Takes one of the LOCK_AFTER_FAILURES attempts of the lock window in one conditional update, before
 * anything slow: concurrent attempts cannot all see a clean counter, so at most that many passwords
 * (or SMS codes) are ever checked per window. Answers the failures counted before this attempt.
 */
async function claimAttempt(ctx: ServiceContext, table: GuardTable, mobile: string): Promise<number> {
  const now = nowIso();
  if (table === "login_guards") {
    await ctx.db.kysely.insertInto("login_guards").values({ mobile, failed_attempts: 0, locked_until: null }).onConflict((oc) => oc.column("mobile").doNothing()).execute();
  }
  const claimed = await ctx.db.kysely
    .updateTable(table as "users")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1), locked_until: null }))
    .where("mobile", "=", mobile)
    .where("failed_attempts", "<", LOCK_AFTER_FAILURES)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
    .returning("failed_attempts")
    .executeTakeFirst();
  if (claimed) return claimed.failed_attempts - 1;
  const row = await ctx.db.kysely.selectFrom(table as "users").select("locked_until").where("mobile", "=", mobile).executeTakeFirst();
  if (row?.locked_until && row.locked_until > now) throw new Refusal(RefusalCode.locked, LOCKED_FOR(row.locked_until));
  // Every attempt of the window is being checked right now: the last of them decides the lock.
  throw new Refusal(RefusalCode.locked, "登录尝试过于频繁，请稍后再试");
}

/** Gives an attempt back (it was refused for its captcha, before any password was checked). */
async function releaseAttempt(ctx: ServiceContext, table: GuardTable, mobile: string): Promise<void> {
  await ctx.db.kysely
    .updateTable(table as "users")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "-", 1) }))
    .where("mobile", "=", mobile)
    .where("failed_attempts", ">", 0)
    .execute();
}

async function clearAttempts(ctx: ServiceContext, table: GuardTable, mobile: string): Promise<void> {
  await ctx.db.kysely.updateTable(table as "users").set({ failed_attempts: 0, locked_until: null }).where("mobile", "=", mobile).execute();
}

/**
 * Refuses a failed attempt (already counted by claimAttempt): the one that used the last attempt
 * locks the mobile; from CAPTCHA_AFTER_FAILURES on, the refusal carries the captcha to answer next.
 */
async function refuseFailure(ctx: ServiceContext, table: GuardTable, mobile: string, counted: number, reason: string, grant: string): Promise<never> {
  loginFailures.inc({ grant });
  if (counted >= LOCK_AFTER_FAILURES) {
    await ctx.db.kysely.updateTable(table as "users").set({ failed_attempts: 0, locked_until: inMs(LOCK_MS) }).where("mobile", "=", mobile).execute();
    throw new Refusal(RefusalCode.locked, `${reason}，已连续失败 ${LOCK_AFTER_FAILURES} 次，账号锁定 10 分钟`);
  }
  const left = LOCK_AFTER_FAILURES - counted;
  if (counted >= CAPTCHA_AFTER_FAILURES) {
    throw new Refusal(RefusalCode.captchaRequired, `${reason}，还可尝试 ${left} 次，请输入图形验证码`, await issueCaptcha(ctx, mobile));
  }
  throw new Refusal(RefusalCode.invalid, `${reason}，还可尝试 ${left} 次`);
}

/** A hash to check a password against when the mobile has no account, so both take as long. */
let decoyHash: Promise<string> | null = null;

/**
 * Password or SMS login. A mobile without an account goes through the same counter, captcha, hash
 * and answers as one with an account (no user enumeration); whether the account is
 * disabled or on another platform is said only to someone who gave its right password or code.
 */
export async function login(ctx: ServiceContext, body: TokenRequest, platformId: string): Promise<TokenResponse> {
  await consumeCsrf(ctx, body.csrfToken, body.clientId);
  const mobile = body.authKey;
  const user = await ctx.db.kysely.selectFrom("users").selectAll().where("mobile", "=", mobile).executeTakeFirst();
  const table: GuardTable = user ? "users" : "login_guards";

  const before = await claimAttempt(ctx, table, mobile);
  if (before >= CAPTCHA_AFTER_FAILURES && !(await captchaAnswered(ctx, mobile, body.captchaValue))) {
    await releaseAttempt(ctx, table, mobile);
    return refuseCaptcha(ctx, mobile, body.captchaValue);
  }

  let passed: boolean;
  if (body.grantType === "password") {
    const { privateKey } = await getKeyPair(ctx);
    const password = decryptSecret(privateKey, body.authSecret);
    if (password === null) {
      await releaseAttempt(ctx, table, mobile);
      throw new Refusal(RefusalCode.invalid, "密码密文无法解析，请刷新页面后重试");
    }
    passed = (await verifyPassword(password, user?.password_hash ?? (await (decoyHash ??= hashPassword(randomToken()))))) && !!user;
  } else {
    passed = (await checkSmsCode(ctx, { mobile, purpose: "LOGIN", code: String(body.smsCode) })) && !!user;
  }
  if (!passed || !user) return refuseFailure(ctx, table, mobile, before + 1, body.grantType === "password" ? "手机号或密码错误" : "短信验证码错误或已过期", body.grantType === "password" ? "password" : "sms");

  await clearAttempts(ctx, "users", mobile);
  if (user.status !== "ACTIVE") throw new Refusal(RefusalCode.invalid, "账号已停用，请联系管理员");
  if (!isPlatformStaff(user) && user.platform_id !== platformId) {
    throw new Refusal(RefusalCode.invalid, "该账号不属于当前平台，请从所属平台的地址登录");
  }
  const tokens = await issueTokens(ctx, user.id, body.clientId, platformId, null);
  // An account an enterprise opened has no password until he sets one (his first login is by SMS code):
  // as with an expired one, the console has him set it before anything else.
  return { ...tokens, pwExpiration: user.password_hash === NO_PASSWORD ? nowIso() : user.pw_expiration };
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
    await announceRevocation(ctx, row.user_id, "登录凭证被重复使用，请重新登录");
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
  await announceRevocation(ctx, caller.userId, "已退出登录");
}

/**
 * Every revocation of a user's tokens ends with this (after its transaction): the realtime gateways
 * re-check that user's sockets at once and close those whose token was revoked, with this LOGOUT
 * packet; the console's hub ends the session's event streams on it.
 */
export async function announceRevocation(ctx: ServiceContext, userId: number, reason: string): Promise<void> {
  await ctx.bus?.publish({ userId, packet: { packageType: "LOGOUT", packageCode: 200, content: reason } }).catch((err: unknown) => ctx.log.warn({ err, userId }, "could not announce a token revocation"));
}

/** Resolves a Bearer access token to its caller; 401 when missing, unknown, expired or revoked. */
/** What a caller is read from: a write to any of them forgets every cached caller (`Db.writes`). */
const CALLER_TABLES = ["auth_tokens", "users", "user_roles", "roles", "role_permissions", "organisations", "tenants", "platforms"] as const;
/** Callers kept per access token (its hash), with the write generation they were read at. */
const CALLERS_KEPT = 10_000;
const callerCaches = new WeakMap<Db, Map<string, { caller: Caller; expiresAt: string; generation: number }>>();

/**
 * The caller of an access token. On SQLite it is kept per token until the token expires or this
 * process writes to a table it was read from (a role, a role's codes, the user, the token:
 * it saves two queries a request); on PostgreSQL it is read every time (`Db.writes`).
 */
export async function authenticate(ctx: ServiceContext, accessToken: string | undefined): Promise<Caller> {
  if (!accessToken) throw unauthorized("未登录或缺少访问令牌");
  const hash = sha256(accessToken);
  const writes = ctx.db.writes;
  const generation = writes?.generation(CALLER_TABLES);
  let kept = writes ? callerCaches.get(ctx.db) : undefined;
  if (writes && !kept) callerCaches.set(ctx.db, (kept = new Map()));
  const hit = kept?.get(hash);
  if (hit && hit.generation === generation && hit.expiresAt > nowIso()) return hit.caller;
  const read = await readCaller(ctx, hash);
  // Kept only when nothing was written meanwhile: the rows read may already be out of date.
  if (kept && writes!.generation(CALLER_TABLES) === generation) {
    if (kept.size >= CALLERS_KEPT) kept.clear();
    kept.set(hash, { ...read, generation: generation! });
  }
  return read.caller;
}

async function readCaller(ctx: ServiceContext, accessHash: string): Promise<{ caller: Caller; expiresAt: string }> {
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
    .where("auth_tokens.access_hash", "=", accessHash)
    .executeTakeFirst();
  if (!row || row.revoked_at || row.access_expires_at <= nowIso()) throw unauthorized();
  if (row.status !== "ACTIVE") throw new HttpError(403, "账号已停用");
  const caller: Caller = {
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
  return { caller, expiresAt: row.access_expires_at };
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
    companyName: (isIndividual(user) ? null : user.orgName) ?? user.tenantName ?? user.platformName ?? null,
    type: user.type,
    accessLevel: user.type,
    roles: roles.map((r) => r.name),
    permissions: [...caller.permissions],
    sourceId: caller.orgId !== null ? String(caller.orgId) : caller.tenantId !== null ? String(caller.tenantId) : null,
  };
}
