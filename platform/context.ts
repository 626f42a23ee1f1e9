import type { FastifyBaseLogger } from "fastify";
import type { PlatformConfig } from "./config.js";
import type { Db } from "./db/index.js";
import type { RealtimeBus } from "./realtime/bus.js";

/** What every service function needs: the database, the configuration and a logger. */
export interface ServiceContext {
  db: Db;
  config: PlatformConfig;
  log: FastifyBaseLogger;
  /** Realtime fan-out to users' sockets; set by buildApp (absent in contexts built without a gateway). */
  bus?: RealtimeBus;
}
