import { readSettings } from "../contract/settings.js";
import { platformTrustProxy, type TrustProxySetting } from "../contract/trust-proxy.js";

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
  /** Bearer token that opens /metrics to a scraper off this machine (TMS_METRICS_TOKEN; unset: loopback only). */
  metricsToken?: string | null;
}

/** The platform's settings (contract/settings.ts holds every variable's default and check). */
export function loadPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const { settings, production } = readSettings(env, "platform");
  return {
    port: settings.PLATFORM_PORT,
    host: settings.PLATFORM_HOST,
    databaseUrl: settings.TMS_DATABASE_URL,
    redisUrl: settings.TMS_REDIS_URL,
    redisPrefix: settings.TMS_REDIS_PREFIX,
    production,
    accessTtlSeconds: settings.TMS_ACCESS_TTL_SECONDS,
    refreshTtlSeconds: settings.TMS_REFRESH_TTL_SECONDS,
    dataDir: settings.TMS_DATA_DIR,
    trustProxy: platformTrustProxy(settings.TMS_TRUST_PROXY ?? undefined),
    versionFunctions: settings.TMS_VERSION_FUNCTIONS,
    metricsToken: settings.TMS_METRICS_TOKEN,
  };
}
