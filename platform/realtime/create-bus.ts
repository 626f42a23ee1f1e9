import type { FastifyBaseLogger } from "fastify";
import type { RealtimeBus } from "./bus.js";
import { createMemoryBus } from "./bus-memory.js";
import { createRedisBus } from "./bus-redis.js";

/** Redis pub/sub when a Redis URL is configured (several instances), otherwise in-process. */
export async function createBus(redisUrl: string | null, log: FastifyBaseLogger, prefix = "tms"): Promise<RealtimeBus> {
  return redisUrl ? createRedisBus(redisUrl, log, `${prefix}:realtime`) : createMemoryBus();
}
