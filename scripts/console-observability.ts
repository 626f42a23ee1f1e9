/**
 * The console server's request id, request log, request metrics and probes.
 * - Request id: `X-Request-Id` from the peer when TMS_TRUST_PROXY trusts it (the proxy in front made
 *   it), else a new UUID. It is returned in the response, and the request is served inside the request
 *   context, so the platform client sends it on (app/services/platform.server.ts) and the error pages
 *   show it (请求编号).
 * - One pino line per request when the response ends (status, time, Remix route); probes are not
 *   logged and not counted.
 * - GET /healthz: alive. GET /readyz: the platform answers its /healthz, and Redis when TMS_REDIS_URL
 *   is set (the console has no database of its own). GET /metrics: Prometheus text for loopback
 *   peers or the TMS_METRICS_TOKEN bearer.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "proxy-addr";
import { Redis } from "ioredis";
import { fetch as undiciFetch } from "undici";
import type { ServerBuild } from "@remix-run/node";
import { REQUEST_ID_HEADER, METRICS_REFUSED_MESSAGE, acceptableRequestId, isProbePath, metricsAllowed } from "../contract/observability";
import { platformUrlOf, type Settings } from "../contract/settings";
import { parseTrustProxy } from "../contract/trust-proxy";
import { consoleLog, consoleMetrics, requestContext } from "../app/services/observability.server";
import { routeLabeller } from "./console-routes";
import type { Logger } from "pino";

/** How long a readiness check waits for each dependency. */
const READY_TIMEOUT_MS = 2_000;

type Next = (error?: unknown) => void;
interface ExpressLike {
  use(handler: (req: IncomingMessage, res: ServerResponse, next: Next) => void): unknown;
  get(path: string, handler: (req: IncomingMessage, res: ServerResponse) => void): unknown;
}

/** Whether the direct peer is a proxy we trust (TMS_TRUST_PROXY; the console trusts nobody by default). */
export function peerTrust(value: string | null): (peer: string | undefined) => boolean {
  const setting = parseTrustProxy(value ?? undefined, false);
  if (setting === false) return () => false;
  if (typeof setting === "number") return () => setting >= 1;
  const trusts = proxyAddr.compile(setting) as (address: string, hop: number) => boolean;
  return (peer) => !!peer && trusts(peer, 0);
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" }).end(JSON.stringify(body));
};

/** `log`: the console's logger unless a test passes its own. */
export function installObservability(app: ExpressLike, build: Pick<ServerBuild, "routes" | "publicPath">, settings: Settings, log: Logger = consoleLog()): { close: () => void } {
  const metrics = consoleMetrics();
  const routeOf = routeLabeller(build);
  const trusted = peerTrust(settings.TMS_TRUST_PROXY);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const given = trusted(req.socket.remoteAddress) ? acceptableRequestId([req.headers["x-request-id"]].flat()[0]) : null;
    const requestId = given ?? randomUUID();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    // As it came: a mounted handler (the build's assets) strips its mount path from req.url, and the
    // asset's path without it was matched against every route and labelled as a page.
    const url = req.url ?? "/";
    if (!isProbePath(url)) {
      res.once("close", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const method = req.method ?? "GET";
        const route = routeOf(url.split("?")[0]!);
        // A client that left before the last byte: 499, as nginx writes it.
        const status = res.writableFinished ? res.statusCode : 499;
        metrics.httpRequests.inc({ method, route, status: String(status) });
        metrics.httpDuration.observe({ method, route }, ms / 1000);
        log.info({ reqId: requestId, method, url, route, status, ms: Math.round(ms * 10) / 10, ip: req.socket.remoteAddress }, "request");
      });
    }
    requestContext.run({ requestId }, next);
  });

  const platformUrl = platformUrlOf(settings);
  let redis: Redis | null = null;
  const within = <T>(promise: Promise<T>, what: string): Promise<T> =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS).unref())]);
  const checks = async (): Promise<Record<string, string>> => {
    const result: Record<string, string> = {};
    try {
      const response = await undiciFetch(`${platformUrl}/healthz`, { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
      await response.body?.cancel();
      result.platform = response.ok ? "UP" : `DOWN: HTTP ${response.status}`;
    } catch (error) {
      result.platform = `DOWN: ${(error as Error).message}`;
    }
    if (settings.TMS_REDIS_URL) {
      try {
        redis ??= new Redis(settings.TMS_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
        await within(redis.ping(), "redis");
        result.redis = "UP";
      } catch (error) {
        result.redis = `DOWN: ${(error as Error).message}`;
      }
    }
    return result;
  };

  app.get("/healthz", (_req, res) => sendJson(res, 200, { code: 200, message: "success", data: { status: "UP" } }));
  app.get("/readyz", (_req, res) => {
    void checks().then((result) => {
      const up = Object.values(result).every((v) => v === "UP");
      if (!up) log.warn({ checks: result }, "not ready");
      sendJson(res, up ? 200 : 503, up ? { code: 200, message: "success", data: { status: "UP", checks: result } } : { code: 503, errorMsg: "服务未就绪：依赖不可用", data: { status: "DOWN", checks: result } });
    });
  });
  app.get("/metrics", (req, res) => {
    if (!metricsAllowed(req.socket.remoteAddress, req.headers.authorization, settings.TMS_METRICS_TOKEN)) return sendJson(res, 403, { code: 403, errorMsg: METRICS_REFUSED_MESSAGE });
    void metrics.registry.metrics().then((text) => res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" }).end(text));
  });
  return { close: () => redis?.disconnect() };
}
