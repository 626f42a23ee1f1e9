import type { FastifyBaseLogger } from "fastify";
import type { PlatformConfig } from "./config.js";
import type { Db } from "./db/index.js";
import type { RealtimeBus } from "./realtime/bus.js";
import type { RateLimiter } from "./http/rate-limit.js";

/** What every service function needs: the database, the configuration and a logger. */
export interface ServiceContext {
  db: Db;
  config: PlatformConfig;
  log: FastifyBaseLogger;
  /** Realtime fan-out to users' sockets; set by buildApp (absent in contexts built without a gateway). */
  bus?: RealtimeBus;
  /** Request rate limits (SMS, captcha): Redis when configured, else this process; set by buildApp. */
  limiter?: RateLimiter;
}
