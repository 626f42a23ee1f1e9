import type { FastifyBaseLogger } from "fastify";
import type { PlatformConfig } from "./config.js";
import type { Db } from "./db/index.js";

/** What every service function needs: the database, the configuration and a logger. */
export interface ServiceContext {
  db: Db;
  config: PlatformConfig;
  log: FastifyBaseLogger;
}
