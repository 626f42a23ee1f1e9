import { Redis } from "ioredis";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { RefusalCode } from "../../contract/envelope.js";
import { PUBLIC_SEARCHES_PER_MINUTE } from "../../contract/findship.js";
import { Refusal } from "./envelope.js";

/** A fixed-window counter: at most `limit` hits per key in each `windowMs`. */
export interface RateLimiter {
  /** Counts one hit; `allowed` is false past the limit, with the seconds until the window ends. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  close(): Promise<void>;
}

/** One process's counters: right for a single platform instance (the default set-up). */
export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) windows.set(key, (window = { count: 0, resetAt: now + windowMs }));
      window.count += 1;
      return { allowed: window.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
    },
    async close() {},
  };
}

const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Counters in Redis, shared by every platform instance. */
export function createRedisRateLimiter(url: string, log: FastifyBaseLogger, prefix = "tms"): RateLimiter {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on("error", (err) => log.warn({ err }, "rate limit redis connection error"));
  return {
    async hit(key, limit, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}:rate:${key}`, String(windowMs))) as [number, number];
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)) };
    },
    async close() {
      redis.disconnect();
    },
  };
}

export function createRateLimiter(redisUrl: string | null, log: FastifyBaseLogger, prefix = "tms"): RateLimiter {
  return redisUrl ? createRedisRateLimiter(redisUrl, log, prefix) : createMemoryRateLimiter();
}

/** For contexts built without buildApp (scripts, some tests): this process's counters. */
const processLimiter = createMemoryRateLimiter();

/** The context's limiter: Redis, shared by every platform instance, when TMS_REDIS_URL is set. */
export const limiterOf = (ctx: { limiter?: RateLimiter }): RateLimiter => ctx.limiter ?? processLimiter;

/** Counts one hit and refuses the call once the key has used its allowance (the same message for every key). */
export async function enforceLimit(ctx: { limiter?: RateLimiter }, key: string, rule: { limit: number; windowMs: number }): Promise<void> {
  const { allowed, retryAfterSeconds } = await limiterOf(ctx).hit(key, rule.limit, rule.windowMs);
  if (!allowed) throw new Refusal(RefusalCode.invalid, `操作过于频繁，请稍后再试（${retryAfterSeconds} 秒后可再试）`);
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The address a request comes from, for per-address limits: Fastify's request.ip, the right-most
 * X-Forwarded-For entry not sent by a trusted peer (TMS_TRUST_PROXY; loopback, the console, by
 * default), so a caller cannot choose its own by forging the header. The console sets (not appends)
 * the header to the client address it determined. Null for a call from this machine without one (the
 * console's own calls): those are limited per mobile only.
 */
export function requesterAddress(request: FastifyRequest): string | null {
  const peer = request.socket.remoteAddress ?? "";
  if (!request.headers["x-forwarded-for"] && LOOPBACK.test(peer)) return null;
  return request.ip;
}

/** The H5 pages' public reads (找船, 船舶详情): at most this many per visitor address and minute. */
export const PUBLIC_READ_RULE = { limit: PUBLIC_SEARCHES_PER_MINUTE, windowMs: 60_000 } as const;

/** A public visitor's key: the trusted-proxy client address (requesterAddress), or the peer's own. */
export const visitorOf = (request: FastifyRequest): string => requesterAddress(request) ?? request.ip;

/**
 * Counts one public read of the visitor and refuses past PUBLIC_READ_RULE: every
 * anonymous read route calls it, so the limit is one rule however many pages read.
 */
export async function limitPublicRead(ctx: { limiter?: RateLimiter }, request: FastifyRequest): Promise<void> {
  const { allowed } = await limiterOf(ctx).hit(`public:read:${visitorOf(request)}`, PUBLIC_READ_RULE.limit, PUBLIC_READ_RULE.windowMs);
  if (!allowed) throw new Refusal(RefusalCode.invalid, "访问过于频繁，请一分钟后再试");
}

/** How long one visitor's views of one notice count once. */
export const VIEW_WINDOW_MS = 60 * 60_000;

/**
 * True the first time in VIEW_WINDOW_MS that this visitor reads `subject` (e.g. a notice): the view
 * counter moves on that read only, not on every GET. Shared by the instances through Redis.
 */
export async function firstViewInWindow(ctx: { limiter?: RateLimiter }, request: FastifyRequest, subject: string): Promise<boolean> {
  return (await limiterOf(ctx).hit(`view:${subject}:${visitorOf(request)}`, 1, VIEW_WINDOW_MS)).allowed;
}
