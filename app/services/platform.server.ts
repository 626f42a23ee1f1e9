/**
 * The console's one HTTP wrapper around the platform (spec 7, 8). Every call to the platform goes
 * through `platformFetch`; one client module per platform service sits on top of it.
 */
import { fetch as undiciFetch, request as undiciRequest } from "undici";
import { sharedRotations } from "./rotations.server";
import { consoleMetrics, currentRequestId, platformPathLabel } from "./observability.server";

/**
 * undici's fetch, not the global one: remix-serve replaces the global fetch with
 * @remix-run/web-fetch, which opens a new TCP connection for every call and converts streams through
 * Node streams. undici keeps connections to the platform alive; each page makes two or three calls.
 * Only a raw call (a file the console passes on) needs a web Response; every other call goes through
 * undici's `request`, on the same kept-alive connections, without fetch's Request, Headers and web
 * streams (a string body went through a web stream of its own), which cost the console more than
 * the rest of the call.
 */
const fetchPlatform = undiciFetch as unknown as typeof fetch;
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt: number;
}

export type PlatformErrorKind = "unauthorized" | "forbidden" | "not-found" | "http" | "business" | "network";

export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    readonly status: number,
    readonly code: number,
    /** Set when the request asked that its error message not be shown (spec 8: message flag). */
    readonly silent = false,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

export const MESSAGES = {
  forbidden: "登录过期，请重新登录",
  notFound: "网络请求不存在",
  unreachable: "无法连接平台服务，请稍后重试",
  timeout: "请求超时，请稍后重试",
  fallback: "Error",
} as const;

export interface PlatformTarget {
  baseUrl: string;
  platformId: string;
  /** How long a call may take: a page load's few seconds, or the spec's long timeout for a form's POST. */
  timeoutMs: number;
  /** The spec's long timeout (6,000,000 ms) for long calls (file streams, `long` calls); default timeoutMs. */
  longTimeoutMs?: number;
  /** The browser's address (the console server's computed client address), sent as X-Forwarded-For on every call. */
  clientAddress?: string;
}

export interface CallOptions {
  path: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Suppress the error message for this request (errors still throw, marked silent). */
  silent?: boolean;
  /** Return the raw Response (for file streams) instead of the envelope's data; a long call. */
  raw?: boolean;
  /** A call that may legitimately take long (an export, an import): the spec's long timeout. */
  long?: boolean;
  /** The request is itself a token refresh: never refresh-and-retry it. */
  isRefresh?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A file's bytes sent as application/octet-stream instead of a JSON body (uploads). */
  bytes?: Uint8Array;
}

export interface Session {
  tokens: Tokens | null;
  /** Called with new tokens after a refresh, so the caller can store them. */
  onTokens?: (tokens: Tokens) => void;
}

function buildUrl(target: PlatformTarget, path: string, query?: CallOptions["query"]): string {
  const url = new URL(path.replace(/^\/?/, "/"), target.baseUrl + "/");
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== "") url.searchParams.set(k, String(v));
  return url.toString();
}

/** What the platform answered, whichever client read it. */
interface Reply {
  status: number;
  contentType: string;
  /** The body as JSON, or null when it is not JSON. */
  json(): Promise<Record<string, unknown> | null>;
  /** Reads the body to its end unused, so that the connection serves the next call. */
  discard(): Promise<void>;
  /** A raw call's web Response, to pass on as it is. */
  response?: Response;
}

async function parsed(read: () => Promise<unknown>): Promise<Record<string, unknown> | null> {
  try {
    return (await read()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function replyOfResponse(response: Response): Reply {
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    json: () => parsed(() => response.json()),
    discard: async () => void (await response.body?.cancel()),
    response,
  };
}

type RequestResult = Awaited<ReturnType<typeof undiciRequest>>;
function replyOfRequest(result: RequestResult): Reply {
  const type = result.headers["content-type"];
  return {
    status: result.statusCode,
    contentType: (Array.isArray(type) ? type[0] : type) ?? "",
    json: () => parsed(() => result.body.json()),
    discard: () => result.body.dump(),
  };
}

async function send(target: PlatformTarget, accessToken: string | undefined, options: CallOptions): Promise<Reply> {
  const headers: Record<string, string> = { "X-Platform": target.platformId, Accept: "application/json", ...options.headers };
  // Set, never appended or taken from the caller's headers: the one address the console computed.
  delete headers["x-forwarded-for"];
  if (target.clientAddress) headers["X-Forwarded-For"] = target.clientAddress;
  else delete headers["X-Forwarded-For"];
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  // The page request's id travels to the platform, which logs it with its own lines.
  const requestId = currentRequestId();
  if (requestId) headers["X-Request-Id"] = requestId;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  const bytes = options.bytes ?? (options.body instanceof Uint8Array ? options.body : undefined);
  if (bytes !== undefined) {
    // A file relayed as it is (an upload, an xlsx import); its type may come with the caller's headers.
    headers["Content-Type"] ??= "application/octet-stream";
    body = new Uint8Array(bytes);
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(options.raw || options.long ? (target.longTimeoutMs ?? target.timeoutMs) : target.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const method = options.method ?? "POST";
  const url = buildUrl(target, options.path, options.query);
  const stopTimer = consoleMetrics().platformCalls.startTimer({ method, path: platformPathLabel(options.path) });
  try {
    const reply = options.raw ? replyOfResponse(await fetchPlatform(url, { method, headers, body, signal })) : replyOfRequest(await undiciRequest(url, { method, headers, body, signal }));
    stopTimer({ status: String(reply.status) });
    return reply;
  } catch (error) {
    stopTimer({ status: "0" });
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new PlatformError("network", timedOut ? MESSAGES.timeout : MESSAGES.unreachable, 0, 0, !!options.silent);
  }
}

/** Single-flight refresh shared by concurrent requests, and a memory of rotated pairs (this process's). */
const rotations = new Map<string, { promise: Promise<Tokens>; until: number }>();
const ROTATION_MEMORY_MS = 10 * 60_000;

export function refreshTokens(target: PlatformTarget, refreshToken: string): Promise<Tokens> {
  const now = Date.now();
  for (const [key, entry] of rotations) if (entry.until < now) rotations.delete(key);
  const existing = rotations.get(refreshToken);
  if (existing) return existing.promise;
  const refresh = async (): Promise<Tokens> => {
    const data = await platformFetch<{ accessToken: string; refreshToken: string; expireIn: number }>(
      target,
      { tokens: null },
      { path: "/api/v1/auth/token/refresh", isRefresh: true, headers: { refreshToken } },
    );
    return { accessToken: data.accessToken, refreshToken: data.refreshToken, expiresAt: Date.now() + data.expireIn * 1000 };
  };
  // Several consoles (TMS_REDIS_URL): one of them rotates, the others take its pair (rotations.server.ts).
  const shared = sharedRotations();
  const promise = shared ? shared.rotate(refreshToken, refresh).then((tokens) => tokens ?? refresh()) : refresh();
  rotations.set(refreshToken, { promise, until: now + ROTATION_MEMORY_MS });
  promise.catch(() => rotations.delete(refreshToken));
  return promise;
}

/** Tokens that replaced these (after a refresh elsewhere), or null when they are current. */
export async function rotatedTokens(tokens: Tokens): Promise<Tokens | null> {
  let entry = rotations.get(tokens.refreshToken);
  if (!entry) return null;
  let latest: Tokens = await entry.promise;
  for (let hops = 0; hops < 10 && (entry = rotations.get(latest.refreshToken)); hops++) latest = await entry.promise;
  return latest;
}

/**
 * Calls the platform and applies the error catalogue of spec 8:
 * 401 with a refresh token (not itself a refresh) → refresh, store, retry once; other 401 → unauthorized;
 * 403 → forbidden (登录过期，请重新登录); 404 → 网络请求不存在; other statuses → the server's errorMsg;
 * a success whose code is not 200 → its message, or 'Error'.
 */
export async function platformFetch<T>(target: PlatformTarget, session: Session, options: CallOptions): Promise<T> {
  const silent = !!options.silent;
  let response = await send(target, session.tokens?.accessToken, options);
  if (response.status === 401 && session.tokens?.refreshToken && !options.isRefresh) {
    let fresh: Tokens;
    try {
      fresh = await refreshTokens(target, session.tokens.refreshToken);
    } catch (error) {
      // An unreachable platform is not a refused refresh: keep the session and report the outage.
      if (error instanceof PlatformError && error.kind === "network") {
        throw new PlatformError("network", error.message, 0, 0, silent);
      }
      if (error instanceof PlatformError && error.kind === "http" && error.status >= 500) {
        throw new PlatformError("http", error.message, error.status, error.code, silent);
      }
      throw new PlatformError("unauthorized", "登录已失效，请重新登录", 401, 401, silent);
    }
    await response.discard();
    session.tokens = fresh;
    session.onTokens?.(fresh);
    response = await send(target, fresh.accessToken, options);
  }
  if (response.status === 401) {
    const body = await response.json();
    throw new PlatformError("unauthorized", String(body?.errorMsg ?? "登录已失效，请重新登录"), 401, 401, silent);
  }
  if (response.status === 403 || response.status === 404) {
    await response.discard();
    throw response.status === 403 ? new PlatformError("forbidden", MESSAGES.forbidden, 403, 403, silent) : new PlatformError("not-found", MESSAGES.notFound, 404, 404, silent);
  }
  if (response.status < 200 || response.status > 299) {
    const body = await response.json();
    const message = typeof body?.errorMsg === "string" && body.errorMsg ? body.errorMsg : `请求失败（HTTP ${response.status}）`;
    throw new PlatformError("http", message, response.status, Number(body?.code ?? response.status), silent);
  }
  if (response.response && !response.contentType.includes("application/json")) {
    return response.response as unknown as T;
  }
  const body = await response.json();
  if (!body || body.code !== 200) {
    const message = typeof body?.message === "string" && body.message ? body.message : MESSAGES.fallback;
    throw new PlatformError("business", message, response.status, Number(body?.code ?? 0), silent, body?.data ?? null);
  }
  return body.data as T;
}
