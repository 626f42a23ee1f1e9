import { redirect } from "@remix-run/node";
import type { UserInfo } from "../../contract/identity";
import { resolveAccess } from "~/navigation";
import { consoleConfig } from "./config.server";
import { identityApi } from "./identity.server";
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

async function fetchUserInfo(request: Request, session: ConsoleSession, tokens: Tokens, onTokens: (t: Tokens) => void): Promise<UserInfo> {
  const cached = userInfoCache.get(tokens.accessToken);
  if (cached && Date.now() - cached.at < USER_INFO_TTL_MS) return cached.info;
  let info: UserInfo | null;
  try {
    info = await identityApi.userInfo(platformTarget(request), { tokens, onTokens });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "unauthorized") throw await logoutRedirect(request, session);
    if (error instanceof PlatformError && error.kind === "forbidden") throw await logoutRedirect(request, session, error.message);
    const text = error instanceof Error && error.message ? error.message : "Has Error";
    throw await logoutRedirect(request, session, text);
  }
  if (!info || !info.accessLevel) throw await logoutRedirect(request, session, "Verification failed, please Login again.");
  if (userInfoCache.size > 5000) userInfoCache.clear();
  userInfoCache.set(tokens.accessToken, { info, at: Date.now() });
  return info;
}

/** The logged-in user, or a redirect to /login?redirect=<this path>. */
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
  const rotated = await rotatedTokens(tokens);
  if (rotated) onTokens(rotated);
  if (tokens.expiresAt - Date.now() < REFRESH_AHEAD_MS) {
    try {
      onTokens(await refreshTokens(platformTarget(request), tokens.refreshToken));
    } catch {
      throw await logoutRedirect(request, session);
    }
  }
  const info = await fetchUserInfo(request, session, tokens, onTokens);
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
  // Spec 3, 4: a password past its expiry is changed before anything else.
  if (passwordExpired(user) && path !== PASSWORD_CHANGE_PATH) {
    throw redirect(`${PASSWORD_CHANGE_PATH}?pwExpired=1`);
  }
  const access = resolveAccess(new URL(request.url).pathname, { roles: user.roles, versionFunctions: versionFunctions() });
  if (access.kind === "redirect") throw redirect(access.to);
  if (access.kind === "forbidden") throw new Response("没有访问该页面的权限", { status: 403 });
  if (access.kind === "not-found") throw redirect("/404");
  return user;
}
