import { redirect } from "@remix-run/node";
import type { UserInfo } from "../../contract/identity";
import { RefusalCode } from "../../contract/envelope";
import { FORBIDDEN_MESSAGE } from "~/lib/refusals";
import { DRIVER_PASSWORD, resolveAccess, type Viewer } from "~/navigation";
import { consoleConfig } from "./config.server";
import { identityApi } from "./identity.server";
import { deniedPages } from "./page-access.server";
import { PlatformError, platformFetch, refreshTokens, rotatedTokens, type CallOptions, type Tokens } from "./platform.server";
import { commitSession, getSession, logoutRedirect, sessionTokens, storeTokens, type ConsoleSession } from "./session.server";
import { platformTarget } from "./target.server";

/** The logged-in user of a request, with a platform client bound to their tokens. */
export interface CurrentUser {
  info: UserInfo;
  /** Spec 3: the access level followed by the permission codes. */
  roles: string[];
  sessionKey: string;
  /** When the password expires (stored at login, spec 4); null: never. */
  pwExpiration: string | null;
  /** Records a new password's expiry in the session (the Set-Cookie comes with cookieHeaders). */
  passwordChanged(expiry: string | null): void;
  tokens: Tokens;
  /** Calls the platform as this user; 401/403 become a redirect to login (spec 8). */
  call<T>(options: CallOptions): Promise<T>;
  /** Set-Cookie for refreshed tokens, when they changed during this request. */
  cookieHeaders(): Promise<Headers>;
}

/**
 * Short on purpose: a role change (or a disabled account) must show on the user's next request; the
 * cache only lets the loaders of one navigation (layout and page, in parallel) share one fetch.
 */
const USER_INFO_TTL_MS = 1_500;
const userInfoCache = new Map<string, { info: UserInfo; at: number }>();
const REFRESH_AHEAD_MS = 60_000;

export function forgetUserInfo(accessToken: string): void {
  userInfoCache.delete(accessToken);
}

/** Spec 8: what a page says while the platform is down or does not answer in time. */
export const PLATFORM_OUTAGE_MESSAGE = "平台服务暂时无法访问，请稍后刷新重试（登录状态已保留）";

/** An outage, not a refusal: the platform did not answer, or answered with a server error. */
function isOutage(error: unknown): boolean {
  return error instanceof PlatformError && (error.kind === "network" || (error.kind === "http" && error.status >= 500));
}

/**
 * The error page for an outage (503). The session is kept, and tokens refreshed before the outage
 * are saved, so the user is still logged in once the platform is back.
 */
async function outagePage(session: ConsoleSession, dirty: boolean): Promise<Response> {
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" });
  if (dirty) headers.append("Set-Cookie", await commitSession(session));
  return new Response(PLATFORM_OUTAGE_MESSAGE, { status: 503, headers });
}

async function fetchUserInfo(request: Request, session: ConsoleSession, tokens: Tokens, onTokens: (t: Tokens) => void, dirty: () => boolean): Promise<UserInfo> {
  const cached = userInfoCache.get(tokens.accessToken);
  if (cached && Date.now() - cached.at < USER_INFO_TTL_MS) return cached.info;
  let info: UserInfo | null;
  try {
    info = await identityApi.userInfo(platformTarget(request), { tokens, onTokens });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "unauthorized") throw await logoutRedirect(request, session);
    if (error instanceof PlatformError && error.kind === "forbidden") throw await logoutRedirect(request, session, error.message);
    if (isOutage(error)) throw await outagePage(session, dirty());
    const text = error instanceof Error && error.message ? error.message : "Has Error";
    throw await logoutRedirect(request, session, text);
  }
  if (!info || !info.accessLevel) throw await logoutRedirect(request, session, "Verification failed, please Login again.");
  if (userInfoCache.size > 5000) userInfoCache.clear();
  userInfoCache.set(tokens.accessToken, { info, at: Date.now() });
  return info;
}

/**
 * The logged-in user, or a redirect to /login?redirect=<this path>. A refused refresh logs out every
 * request of the session (those that waited on it too); a platform that is down or does not answer
 * keeps the session and shows the outage page (503).
 */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const session = await getSession(request);
  let tokens = sessionTokens(session);
  if (!tokens) throw await logoutRedirect(request, session);
  let dirty = false;
  const onTokens = (fresh: Tokens) => {
    tokens = fresh;
    storeTokens(session, fresh);
    dirty = true;
  };
  // A refresh of these tokens by a parallel request: take its result; if it failed, this request refreshes below.
  const rotated = await rotatedTokens(tokens).catch(() => null);
  if (rotated) onTokens(rotated);
  if (tokens.expiresAt - Date.now() < REFRESH_AHEAD_MS) {
    try {
      onTokens(await refreshTokens(platformTarget(request), tokens.refreshToken));
    } catch (error) {
      if (!isOutage(error)) throw await logoutRedirect(request, session);
      // Still valid for a while: go on with them; expired: the outage page, the session kept.
      if (tokens.expiresAt <= Date.now()) throw await outagePage(session, dirty);
    }
  }
  const info = await fetchUserInfo(request, session, tokens, onTokens, () => dirty);
  const sessionKey = session.get("sessionKey") ?? tokens.refreshToken.slice(0, 16);
  let pwExpiration: string | null = session.get("pwExpiration") ?? null;
  const target = platformTarget(request);
  return {
    info,
    roles: [info.accessLevel, ...info.permissions],
    sessionKey,
    get pwExpiration() {
      return pwExpiration;
    },
    passwordChanged(expiry: string | null) {
      pwExpiration = expiry;
      if (expiry) session.set("pwExpiration", expiry);
      else session.unset("pwExpiration");
      dirty = true;
    },
    get tokens() {
      return tokens!;
    },
    async call<T>(options: CallOptions): Promise<T> {
      try {
        return await platformFetch<T>(target, { tokens, onTokens }, options);
      } catch (error) {
        if (error instanceof PlatformError && error.kind === "unauthorized") throw await logoutRedirect(request, session);
        if (error instanceof PlatformError && error.kind === "forbidden") throw await logoutRedirect(request, session, error.message);
        // A refusal of the account's rights while a page loads is the 403 page (and a 403 to a data request), not a 500.
        if (error instanceof PlatformError && error.code === RefusalCode.notPermitted && isRead(request)) throw forbidden(error.message);
        throw error;
      }
    },
    async cookieHeaders() {
      const headers = new Headers();
      if (dirty) headers.append("Set-Cookie", await commitSession(session));
      return headers;
    },
  };
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** The 403 answer: the page's error boundary shows 没有访问权限; a data request gets the Chinese text. */
export function forbidden(message = FORBIDDEN_MESSAGE): Response {
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** What the menu, the route guard and the links are derived from for this user (one place builds it). */
export function viewerOf(user: Pick<CurrentUser, "info" | "roles">): Viewer {
  return { roles: user.roles, versionFunctions: versionFunctions(), denied: deniedPages(user.info.type, user.info.permissions) };
}

export function passwordExpired(user: Pick<CurrentUser, "pwExpiration">): boolean {
  return !!user.pwExpiration && Date.parse(user.pwExpiration) <= Date.now();
}

/** Where a user whose password expired is sent (个人中心 › 修改密码). */
export const PASSWORD_CHANGE_PATH = "/personalCenter/userInfo";

export function versionFunctions(): string[] {
  return consoleConfig.versionFunctions;
}

/**
 * The logged-in user, allowed to see this page by the route map (spec 6); otherwise login, the /401
 * page with HTTP 403, a redirect to a group's default child, or (spec 2.1) a redirect to /404.
 */
export async function requirePage(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  const path = new URL(request.url).pathname;
  // Spec 3, 4: a password past its expiry (or never set) is changed before anything else; a driver or
  // captain on his own page for a phone.
  if (passwordExpired(user) && path !== PASSWORD_CHANGE_PATH && path !== DRIVER_PASSWORD) {
    throw redirect(resolveAccess(DRIVER_PASSWORD, viewerOf(user)).kind === "ok" ? DRIVER_PASSWORD : `${PASSWORD_CHANGE_PATH}?pwExpired=1`);
  }
  const access = resolveAccess(new URL(request.url).pathname, viewerOf(user));
  if (access.kind === "redirect") throw redirect(access.to);
  if (access.kind === "forbidden") throw forbidden();
  if (access.kind === "not-found") throw redirect("/404");
  return user;
}
