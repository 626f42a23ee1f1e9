import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES, PlatformError, platformFetch, refreshTokens, type PlatformTarget, type Tokens } from "../../app/services/platform.server";

/**
 * A real HTTP server standing in for the platform. Refresh tokens are "r-<name>"; refreshing one yields
 * access "a-<name>-new" and refresh "r-<name>-new". "/protected" accepts only access tokens ending in "-new".
 * Refresh tokens starting with "r-refused" are refused (401); "r-hangup" drops the connection.
 */
interface Seen {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

function json(res: import("node:http").ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      seen.push({ path: url.pathname + url.search, method: req.method ?? "", headers: req.headers, body });
      switch (url.pathname) {
        case "/echo":
          return json(res, 200, { code: 200, message: "success", data: { method: req.method, query: url.search, body: body ? JSON.parse(body) : null } });
        case "/s401":
          return json(res, 401, { code: 401, errorMsg: "令牌无效" });
        case "/s403":
          return json(res, 403, { code: 403, errorMsg: "forbidden upstream" });
        case "/s404":
          return json(res, 404, { code: 404, errorMsg: "接口不存在" });
        case "/s500":
          return json(res, 500, { code: 500, errorMsg: "数据库繁忙，请稍后重试" });
        case "/s502-no-body":
          res.writeHead(502);
          return res.end("<html>bad gateway</html>");
        case "/refusal":
          return json(res, 200, { code: 4009, message: "运单状态已变更，请刷新后重试", data: { freightNo: "YD001" } });
        case "/refusal-no-message":
          return json(res, 200, { code: 4000 });
        case "/not-json":
          res.writeHead(200, { "Content-Type": "text/plain" });
          return res.end("plain");
        case "/file":
          res.writeHead(200, { "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
          return res.end("PK-bytes");
        case "/slow":
          setTimeout(() => json(res, 200, { code: 200, message: "success", data: "late" }), 500);
          return;
        case "/protected": {
          const auth = req.headers.authorization ?? "";
          if (!/^Bearer a-.*-new$/.test(auth)) return json(res, 401, { code: 401, errorMsg: "登录已失效" });
          return json(res, 200, { code: 200, message: "success", data: { auth } });
        }
        case "/api/v1/auth/token/refresh": {
          const token = String(req.headers.refreshtoken ?? "");
          if (token.startsWith("r-hangup")) return req.socket.destroy();
          if (!token.startsWith("r-") || token.startsWith("r-refused")) return json(res, 401, { code: 401, errorMsg: "刷新令牌无效，请重新登录" });
          const name = token.slice(2);
          // A little latency so concurrent callers overlap while the refresh is in flight.
          setTimeout(() => json(res, 200, { code: 200, message: "success", data: { accessToken: `a-${name}-new`, refreshToken: `r-${name}-new`, expireIn: 7200 } }), 50);
          return;
        }
        default:
          return json(res, 404, { code: 404, errorMsg: "接口不存在" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
});

const target = (overrides: Partial<PlatformTarget> = {}): PlatformTarget => ({ baseUrl, platformId: "A", timeoutMs: 5_000, ...overrides });
const tokens = (name: string, access = `a-${name}-old`): Tokens => ({ accessToken: access, refreshToken: `r-${name}`, expiresAt: Date.now() + 60_000 });
const refreshCalls = (refreshToken: string) => seen.filter((s) => s.path === "/api/v1/auth/token/refresh" && s.headers.refreshtoken === refreshToken).length;

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

describe("platformFetch: success and headers", () => {
  it("returns the envelope's data and sends X-Platform, Authorization and the JSON body", async () => {
    const data = await platformFetch<{ method: string; body: unknown }>(target({ platformId: "C" }), { tokens: tokens("hdr", "a-hdr") }, { path: "/echo", body: { current: 1, size: 20 } });
    expect(data).toEqual({ method: "POST", query: "", body: { current: 1, size: 20 } });
    const request = seen.find((s) => s.path === "/echo")!;
    expect(request.headers["x-platform"]).toBe("C");
    expect(request.headers.authorization).toBe("Bearer a-hdr");
    expect(request.headers["content-type"]).toBe("application/json");
  });

  it("sends no Authorization without tokens, and honours method and query", async () => {
    await platformFetch(target(), { tokens: null }, { path: "echo", method: "GET", query: { type: "ORG_USER", empty: "", missing: undefined } });
    const request = seen.find((s) => s.path.startsWith("/echo"))!;
    expect(request.method).toBe("GET");
    expect(request.path).toBe("/echo?type=ORG_USER");
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers["x-platform"]).toBe("A");
  });

  it("hands back the raw Response for a file download", async () => {
    const response = await platformFetch<Response>(target(), { tokens: null }, { path: "/file", raw: true });
    expect(await response.text()).toBe("PK-bytes");
  });
});

describe("platformFetch: the error catalogue (spec 8)", () => {
  it("401 without a refresh token → unauthorized with the server's message", async () => {
    const error = await failure(platformFetch(target(), { tokens: null }, { path: "/s401" }));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, message: "令牌无效" });
  });

  it("403 → forbidden, 登录过期，请重新登录", async () => {
    const error = await failure(platformFetch(target(), { tokens: null }, { path: "/s403" }));
    expect(error).toMatchObject({ kind: "forbidden", status: 403, message: "登录过期，请重新登录" });
  });

  it("404 → not-found, 网络请求不存在", async () => {
    const error = await failure(platformFetch(target(), { tokens: null }, { path: "/s404" }));
    expect(error).toMatchObject({ kind: "not-found", status: 404, message: "网络请求不存在" });
  });

  it("500 → http with the server's errorMsg", async () => {
    const error = await failure(platformFetch(target(), { tokens: null }, { path: "/s500" }));
    expect(error).toMatchObject({ kind: "http", status: 500, code: 500, message: "数据库繁忙，请稍后重试" });
  });

  it("a status without a JSON errorMsg still gets a Chinese message", async () => {
    const error = await failure(platformFetch(target(), { tokens: null }, { path: "/s502-no-body" }));
    expect(error).toMatchObject({ kind: "http", status: 502 });
    expect(error.message).toContain("502");
  });

  it("HTTP 200 with another code → business, with its message, code and data", async () => {
    const error = await failure(platformFetch(target(), { tokens: null }, { path: "/refusal" }));
    expect(error).toMatchObject({ kind: "business", status: 200, code: 4009, message: "运单状态已变更，请刷新后重试", data: { freightNo: "YD001" } });
  });

  it("HTTP 200 with another code and no message → 'Error'", async () => {
    const error = await failure(platformFetch(target(), { tokens: null }, { path: "/refusal-no-message" }));
    expect(error).toMatchObject({ kind: "business", code: 4000, message: "Error" });
  });

  it("HTTP 200 that is not JSON → business 'Error'", async () => {
    const error = await failure(platformFetch(target(), { tokens: null }, { path: "/not-json" }));
    expect(error).toMatchObject({ kind: "business", message: MESSAGES.fallback });
  });

  it("carries the silent flag on every kind of error", async () => {
    for (const path of ["/s401", "/s403", "/s404", "/s500", "/refusal"]) {
      expect((await failure(platformFetch(target(), { tokens: null }, { path, silent: true }))).silent).toBe(true);
      expect((await failure(platformFetch(target(), { tokens: null }, { path }))).silent).toBe(false);
    }
  });

  it("connection refused → network, unreachable message", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(platformFetch(target({ baseUrl: `http://127.0.0.1:${port}` }), { tokens: null }, { path: "/echo", silent: true }));
    expect(error).toMatchObject({ kind: "network", status: 0, message: MESSAGES.unreachable, silent: true });
  });

  it("a request slower than the timeout → network, timeout message", async () => {
    const error = await failure(platformFetch(target({ timeoutMs: 100 }), { tokens: null }, { path: "/slow" }));
    expect(error).toMatchObject({ kind: "network", message: MESSAGES.timeout });
  });
});

describe("platformFetch: refresh on 401", () => {
  it("refreshes, stores the new tokens through onTokens and retries with the new Bearer", async () => {
    const onTokens = vi.fn();
    const session = { tokens: tokens("retry"), onTokens };
    const data = await platformFetch<{ auth: string }>(target(), session, { path: "/protected" });
    expect(data.auth).toBe("Bearer a-retry-new");
    expect(onTokens).toHaveBeenCalledTimes(1);
    const stored = onTokens.mock.calls[0][0] as Tokens;
    expect(stored).toMatchObject({ accessToken: "a-retry-new", refreshToken: "r-retry-new" });
    expect(stored.expiresAt).toBeGreaterThan(Date.now() + 7_000_000);
    expect(session.tokens).toEqual(stored);
    const attempts = seen.filter((s) => s.path === "/protected").map((s) => s.headers.authorization);
    expect(attempts).toEqual(["Bearer a-retry-old", "Bearer a-retry-new"]);
    expect(refreshCalls("r-retry")).toBe(1);
  });

  it("a refused refresh → unauthorized, tokens untouched", async () => {
    const onTokens = vi.fn();
    const session = { tokens: tokens("refused-1"), onTokens };
    const error = await failure(platformFetch(target(), session, { path: "/protected", silent: true }));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, silent: true });
    expect(onTokens).not.toHaveBeenCalled();
    expect(session.tokens.refreshToken).toBe("r-refused-1");
    expect(seen.filter((s) => s.path === "/protected")).toHaveLength(1);
  });

  it("a refresh that cannot reach the platform → network, not a logout", async () => {
    const onTokens = vi.fn();
    const error = await failure(platformFetch(target(), { tokens: tokens("hangup"), onTokens }, { path: "/protected" }));
    expect(error.kind).toBe("network");
    expect(onTokens).not.toHaveBeenCalled();
  });

  it("a request flagged as a refresh never refreshes", async () => {
    const error = await failure(platformFetch(target(), { tokens: tokens("flagged") }, { path: "/s401", isRefresh: true }));
    expect(error.kind).toBe("unauthorized");
    expect(refreshCalls("r-flagged")).toBe(0);
  });

  it("concurrent 401s share one refresh call (single flight)", async () => {
    const onTokens = vi.fn();
    const sessions = Array.from({ length: 4 }, () => ({ tokens: tokens("flight"), onTokens }));
    const results = await Promise.all(sessions.map((session) => platformFetch<{ auth: string }>(target(), session, { path: "/protected" })));
    expect(results.map((r) => r.auth)).toEqual(Array(4).fill("Bearer a-flight-new"));
    expect(refreshCalls("r-flight")).toBe(1);
    expect(onTokens).toHaveBeenCalledTimes(4);
  });

  it("a request still holding the old pair after a refresh reuses its result instead of refreshing again", async () => {
    await platformFetch(target(), { tokens: tokens("late") }, { path: "/protected" });
    const late = { tokens: tokens("late") };
    const data = await platformFetch<{ auth: string }>(target(), late, { path: "/protected" });
    expect(data.auth).toBe("Bearer a-late-new");
    expect(refreshCalls("r-late")).toBe(1);
  });

  it("a refused refresh is forgotten, so the next attempt asks the platform again", async () => {
    await failure(refreshTokens(target(), "r-refused-2"));
    await failure(refreshTokens(target(), "r-refused-2"));
    expect(refreshCalls("r-refused-2")).toBe(2);
  });
});

describe("refreshTokens", () => {
  it("posts the refresh token header with X-Platform and returns the rotated pair", async () => {
    const before = Date.now();
    const fresh = await refreshTokens(target({ platformId: "D" }), "r-direct");
    expect(fresh).toMatchObject({ accessToken: "a-direct-new", refreshToken: "r-direct-new" });
    expect(fresh.expiresAt).toBeGreaterThanOrEqual(before + 7200 * 1000);
    const request = seen.find((s) => s.path === "/api/v1/auth/token/refresh")!;
    expect(request.method).toBe("POST");
    expect(request.headers["x-platform"]).toBe("D");
    expect(request.headers.authorization).toBeUndefined();
  });

  it("refuses with kind unauthorized when the platform refuses", async () => {
    const error = await failure(refreshTokens(target(), "r-refused-3"));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, message: "刷新令牌无效，请重新登录" });
  });
});
