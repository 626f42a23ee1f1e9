import { createCookie, createCookieSessionStorage, redirect } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { consoleConfig } from "./config.server";
import type { Tokens } from "./platform.server";

interface SessionData {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  /** Random id of this login: keys the realtime hub connection and the user's tabs. */
  sessionKey: string;
  userId: string;
  /** Spec 3, 4: when the password expires, from login; cleared when it is changed. */
  pwExpiration: string;
}

const storage = createCookieSessionStorage<SessionData>({
  cookie: {
    name: "tms_session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: consoleConfig.production,
    secrets: [consoleConfig.sessionSecret],
  },
});

/** One-shot message shown on the next page (the login page after a forced logout). */
const flashCookie = createCookie("tms_flash", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: consoleConfig.production,
  secrets: [consoleConfig.sessionSecret],
  maxAge: 60,
});

export type ConsoleSession = Awaited<ReturnType<typeof storage.getSession>>;

export function getSession(request: Request): Promise<ConsoleSession> {
  return storage.getSession(request.headers.get("Cookie"));
}

export function sessionTokens(session: ConsoleSession): Tokens | null {
  const accessToken = session.get("accessToken");
  const refreshToken = session.get("refreshToken");
  const expiresAt = session.get("expiresAt");
  if (!accessToken || !refreshToken || !expiresAt) return null;
  return { accessToken, refreshToken, expiresAt };
}

export function storeTokens(session: ConsoleSession, tokens: Tokens): void {
  session.set("accessToken", tokens.accessToken);
  session.set("refreshToken", tokens.refreshToken);
  session.set("expiresAt", tokens.expiresAt);
}

export function newSessionKey(): string {
  return randomBytes(16).toString("hex");
}

/** Spec 4/9: the token cookie's lifetime equals expireIn. */
export function commitSession(session: ConsoleSession): Promise<string> {
  const expiresAt = session.get("expiresAt");
  const maxAge = expiresAt ? Math.max(1, Math.floor((expiresAt - Date.now()) / 1000)) : undefined;
  return storage.commitSession(session, { maxAge });
}

export function destroySession(session: ConsoleSession): Promise<string> {
  return storage.destroySession(session);
}

export async function flashHeader(message: string): Promise<string> {
  return flashCookie.serialize(message);
}

/** Reads and clears the flash message. */
export async function readFlash(request: Request): Promise<{ message: string | null; clear: string | null }> {
  const value = await flashCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || !value) return { message: null, clear: null };
  return { message: value, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}

/** The path to come back to after login: the request's path and query without Remix's internal params. */
export function returnPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return url.pathname + url.search;
}

export { safeRedirect } from "~/lib/safe-redirect";

export function loginUrl(redirectTo: string): string {
  return `/login?redirect=${encodeURIComponent(redirectTo)}`;
}

/** Clears the session and sends the user to login, optionally with a message (spec 8). */
export async function logoutRedirect(request: Request, session: ConsoleSession, message?: string): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(session));
  if (message) headers.append("Set-Cookie", await flashHeader(message));
  return redirect(loginUrl(returnPath(request)), { headers });
}
