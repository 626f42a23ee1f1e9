import { platformTrustProxy, type TrustProxySetting } from "../contract/trust-proxy.js";
import { DEFAULT_DATABASE_URL } from "./db/index.js";

export interface PlatformConfig {
  port: number;
  host: string;
  databaseUrl: string;
  redisUrl: string | null;
  /**
   * Prefix of every Redis key and channel (realtime fan-out, rate limits, the jobs' turns): instances of
   * one deployment share it; deployments sharing a Redis server set their own (TMS_REDIS_PREFIX).
   */
  redisPrefix: string;
  production: boolean;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Version functions of the build (spec 6): CAPTAIN enables water transport. */
  versionFunctions: string[];
  /** Where the platform keeps files (the file store under files/); default ./data. */
  dataDir?: string;
  /** Peers whose X-Forwarded-For is believed (TMS_TRUST_PROXY; loopback, the bundled console, by default). */
  trustProxy?: TrustProxySetting;
}

export function loadPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  return {
    port: Number(env.PLATFORM_PORT ?? 3001),
    host: env.PLATFORM_HOST ?? "127.0.0.1",
    databaseUrl: env.TMS_DATABASE_URL ?? DEFAULT_DATABASE_URL,
    redisUrl: env.TMS_REDIS_URL || null,
    redisPrefix: env.TMS_REDIS_PREFIX || "tms",
    production: env.TMS_ENV === "production",
    accessTtlSeconds: Number(env.TMS_ACCESS_TTL_SECONDS ?? 2 * 3600),
    refreshTtlSeconds: Number(env.TMS_REFRESH_TTL_SECONDS ?? 7 * 24 * 3600),
    dataDir: env.TMS_DATA_DIR ?? "./data",
    trustProxy: platformTrustProxy(env.TMS_TRUST_PROXY),
    versionFunctions: (env.TMS_VERSION_FUNCTIONS ?? "CAPTAIN,DRIVER").split(",").map((s) => s.trim()).filter(Boolean),
  };
}
