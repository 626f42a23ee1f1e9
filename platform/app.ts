import { randomUUID } from "node:crypto";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import type { PlatformConfig } from "./config.js";
import type { TrustProxySetting } from "../contract/trust-proxy.js";
import type { ServiceContext } from "./context.js";
import type { Db } from "./db/index.js";
import { installErrorHandling } from "./http/errors.js";
import { guardedServerOptions, installInputGuards } from "./http/guards.js";
import { SERVICES } from "./composition.js";
import { createBus } from "./realtime/create-bus.js";
import { createRateLimiter } from "./http/rate-limit.js";
import { installRealtimeGateway } from "./realtime/gateway.js";
import { installObservability } from "./observability/routes.js";
import { REQUEST_ID_HEADER, acceptableRequestId } from "../contract/observability.js";

export interface BuildOptions {
  db: Db;
  config: PlatformConfig;
  logger?: boolean | object;
  /**
   * close() lets the requests in flight finish (the production entry, which bounds the wait with
   * TMS_SHUTDOWN_TIMEOUT_MS); otherwise it cuts every connection (tests: an abandoned download must not
   * keep close() waiting forever).
   */
  drainOnClose?: boolean;
}

/** One entry of the platform's route table, as registered (the fuzz test walks it). */
export interface RouteEntry {
  method: string;
  url: string;
}

/** Fastify's form of TMS_TRUST_PROXY (its types take a hop count as a function). */
const fastifyTrust = (setting: TrustProxySetting) => (typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting);

/**
 * Request ids and the request log: the caller's X-Request-Id when plain (the console
 * sends its own), else a new UUID; Fastify's own two lines per request are replaced by one
 * (platform/observability/routes.ts).
 */
const requestLogOptions = {
  logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "reqId" }),
  requestIdHeader: false as const,
  genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => acceptableRequestId([request.headers[REQUEST_ID_HEADER.toLowerCase()]].flat()[0]) ?? randomUUID(),
};

/** Builds the platform's HTTP app (not listening); tests call this with a temporary database. */
export async function buildApp({ db, config, logger = false, drainOnClose = false }: BuildOptions): Promise<{ app: FastifyInstance; ctx: ServiceContext; routes: RouteEntry[] }> {
  // forceCloseConnections: an abandoned download must not keep a test's close() waiting; production drains.
  // trustProxy: request.ip is the right-most untrusted address of X-Forwarded-For (per-address limits).
  const app = Fastify({ logger, bodyLimit: 2 * 1024 * 1024, forceCloseConnections: drainOnClose ? "idle" : true, trustProxy: fastifyTrust(config.trustProxy ?? ["loopback"]), ...requestLogOptions, ...guardedServerOptions });
  const routes: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const bus = await createBus(config.redisUrl, app.log, config.redisPrefix);
  app.addHook("onClose", () => bus.close());
  const limiter = createRateLimiter(config.redisUrl, app.log, config.redisPrefix);
  app.addHook("onClose", () => limiter.close());
  const ctx: ServiceContext = { db, config, log: app.log, bus, limiter };
  installErrorHandling(app);
  installInputGuards(app);
  installRealtimeGateway(app, ctx, bus);
  installObservability(app, ctx, config.metricsToken ?? null);
  for (const register of SERVICES) await register(app, ctx);
  return { app, ctx, routes };
}
