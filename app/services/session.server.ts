import { createCookie, createSession, redirect, type SessionStorage } from "@remix-run/node";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
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

/**
 * The session (the platform tokens among it) travels in the cookie encrypted with
 * AES-256-GCM under a key derived from SESSION_SECRET, then signed as before. Nothing in it is
 * readable by decoding the cookie, and a changed byte fails the GCM tag and the signature. (Chosen
 * over a server-side store: the console holds no database and stays stateless across instances.)
 */
const SESSION_KEY = Buffer.from(hkdfSync("sha256", consoleConfig.sessionSecret, "tms-console", "session-cookie-aes-256-gcm", 32));
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealSessionData(data: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", SESSION_KEY, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The session data, or null for anything not sealed by this key (forged, altered, from an older format). */
export function openSessionData(sealed: string): Record<string, unknown> | null {
  try {
    const bytes = Buffer.from(sealed, "base64url");
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv("aes-256-gcm", SESSION_KEY, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    const data: unknown = JSON.parse(text);
    return data && typeof data === "object" ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const sessionCookie = createCookie("tms_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: consoleConfig.production,
  secrets: [consoleConfig.sessionSecret],
});

/**
 * Opened sessions by their cookie's exact value: checking the signature (WebCrypto, a key import per
 * call) and opening the seal cost every page and every data request about as much again as its
 * route's own work. The same value always opens to the same data, so a value seen before is not
 * checked again; a changed one is another key. Bounded, oldest first out.
 */
const opened = new Map<string, Readonly<Record<string, unknown>> | null>();
const OPENED_KEPT = 2_000;
const SESSION_COOKIE_VALUE = /(?:^|;\s*)tms_session=([^;]*)/;

async function openCookie(cookieHeader: string): Promise<Readonly<Record<string, unknown>> | null> {
  const raw = SESSION_COOKIE_VALUE.exec(cookieHeader)?.[1];
  if (raw === undefined) return null;
  if (opened.has(raw)) return opened.get(raw)!;
  const value: unknown = await sessionCookie.parse(cookieHeader);
  const data = typeof value === "string" ? openSessionData(value) : null;
  if (opened.size >= OPENED_KEPT) opened.delete(opened.keys().next().value!);
  opened.set(raw, data);
  return data;
}

const storage: SessionStorage<SessionData> = {
  async getSession(cookieHeader) {
    const data = cookieHeader ? await openCookie(cookieHeader) : null;
    // A copy: the session is changed in place (storeTokens), the kept data must not be.
    return createSession<SessionData>({ ...data } as unknown as SessionData);
  },
  async commitSession(session, options) {
    return sessionCookie.serialize(sealSessionData(session.data), options);
  },
  async destroySession(_session, options) {
    return sessionCookie.serialize("", { ...options, maxAge: undefined, expires: new Date(0) });
  },
};

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
