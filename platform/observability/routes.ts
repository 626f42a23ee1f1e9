/**
 * Request ids, the one-line request log, the request metrics, and the probes of the platform:
 * - the request id is the caller's `X-Request-Id` when it is plain (the console sends its own), else
 *   a new UUID (app.ts genReqId); it is returned in the response and is every log line's `reqId`;
 * - Fastify's two lines per request are off (disableRequestLogging); one line is written when the
 *   response is sent, with status and time; probes (/healthz, /readyz, /health, /metrics) are not
 *   logged and not counted;
 * - GET /healthz: the process is alive. GET /readyz: the database answers, and Redis when configured.
 *   GET /health stays as the old alias of /readyz (scripts and tests wait on it);
 * - GET /metrics: Prometheus text, for loopback peers or the TMS_METRICS_TOKEN bearer.
 */
import { Redis } from "ioredis";
import type { FastifyInstance, FastifyReply } from "fastify";
import { REQUEST_ID_HEADER, METRICS_REFUSED_MESSAGE, isProbePath, metricsAllowed } from "../../contract/observability.js";
import type { ServiceContext } from "../context.js";
import { ping } from "../db/index.js";
import { ok } from "../http/envelope.js";
import { httpDuration, httpRequests, registry } from "./metrics.js";

/** How long a readiness check waits for each dependency. */
const READY_TIMEOUT_MS = 2_000;

const within = <T>(promise: Promise<T>, what: string): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS).unref())]);

export function installObservability(app: FastifyInstance, ctx: ServiceContext, metricsToken: string | null): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook("onResponse", async (request, reply) => {
    if (isProbePath(request.url)) return;
    const route = request.routeOptions.url ?? "unmatched";
    const seconds = reply.elapsedTime / 1000;
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, seconds);
    request.log.info({ method: request.method, url: request.url, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, ip: request.ip }, "request");
  });

  // One Redis connection for the readiness checks, opened on the first check, closed with the app.
  let redis: Redis | null = null;
  app.addHook("onClose", async () => {
    redis?.disconnect();
  });
  const checks = async (): Promise<Record<string, string>> => {
    const result: Record<string, string> = {};
    try {
      await within(ping(ctx.db), "database");
      result.database = "UP";
    } catch (error) {
      result.database = `DOWN: ${(error as Error).message}`;
    }
    if (ctx.config.redisUrl) {
      try {
        redis ??= new Redis(ctx.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true });
        await within(redis.ping(), "redis");
        result.redis = "UP";
      } catch (error) {
        result.redis = `DOWN: ${(error as Error).message}`;
      }
    }
    return result;
  };
  const ready = async (reply: FastifyReply) => {
    const result = await checks();
    const up = Object.values(result).every((v) => v === "UP");
    if (!up) ctx.log.warn({ checks: result }, "not ready");
    return reply.code(up ? 200 : 503).send(up ? ok({ status: "UP", checks: result }) : { code: 503, errorMsg: "服务未就绪：依赖不可用", data: { status: "DOWN", checks: result } });
  };
  app.get("/healthz", async () => ok({ status: "UP" }));
  app.get("/readyz", async (_request, reply) => ready(reply));
  app.get("/health", async (_request, reply) => ready(reply));
  app.get("/metrics", async (request, reply) => {
    if (!metricsAllowed(request.socket.remoteAddress, request.headers.authorization, metricsToken)) {
      return reply.code(403).send({ code: 403, errorMsg: METRICS_REFUSED_MESSAGE });
    }
    return reply.header("Content-Type", registry.contentType).send(await registry.metrics());
  });
}
