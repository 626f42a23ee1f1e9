/**
 * Token rotations shared by every console instance. The platform rotates a refresh
 * token once: a second use is taken for theft and revokes every pair issued from it. One console keeps
 * its concurrent requests to a single refresh in memory (platform.server.ts), but behind a round-robin
 * proxy two requests of one browser, with the same cookie, reach two consoles. With TMS_REDIS_URL set,
 * the first console to claim a refresh token does the refresh and leaves the new pair in Redis (sealed
 * with the session key, 10 minutes) for the others to take instead of refreshing again.
 */
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { consoleConfig } from "./config.server";
import type { Tokens } from "./platform.server";
import { openSessionData, sealSessionData } from "./session.server";

export interface SharedRotations {
  /**
   * Runs `refresh` unless another console holds this refresh token's rotation: then waits for its
   * result. Null when the store cannot answer (Redis down, the other console gave up): the caller then
   * refreshes by itself, as a single console would.
   */
  rotate(refreshToken: string, refresh: () => Promise<Tokens>): Promise<Tokens | null>;
}

const PENDING = "pending";
const MEMORY_MS = 10 * 60_000;
/** How long another console's refresh may take before this one stops waiting for it. */
const WAIT_MS = 10_000;
const POLL_MS = 25;

export function createSharedRotations(url: string, log: (message: string, detail?: unknown) => void = console.warn): SharedRotations {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true });
  redis.on("error", (error) => log("[rotations] redis error", error));
  const keyOf = (refreshToken: string) => `tms:console:rotation:${createHash("sha256").update(refreshToken).digest("base64url")}`;

  async function settled(key: string): Promise<Tokens | null> {
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const value = await redis.get(key);
      if (value === null) return null;
      if (value !== PENDING) {
        const tokens = openSessionData(value) as Tokens | null;
        if (tokens?.accessToken && tokens.refreshToken) return tokens;
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return null;
  }

  return {
    async rotate(refreshToken, refresh) {
      const key = keyOf(refreshToken);
      let claimed: boolean;
      try {
        claimed = (await redis.set(key, PENDING, "PX", MEMORY_MS, "NX")) === "OK";
        if (!claimed) return await settled(key);
      } catch (error) {
        log("[rotations] shared store unavailable; refreshing locally", error);
        return null;
      }
      let tokens: Tokens;
      try {
        tokens = await refresh();
      } catch (error) {
        await redis.del(key).catch(() => undefined);
        throw error;
      }
      await redis.set(key, sealSessionData(tokens), "PX", MEMORY_MS).catch((error: unknown) => log("[rotations] could not share a rotation", error));
      return tokens;
    },
  };
}

const GLOBAL_KEY = Symbol.for("tms.console.sharedRotations");
type Holder = typeof globalThis & { [GLOBAL_KEY]?: SharedRotations | null };

/** The process's shared store, or null without TMS_REDIS_URL (one console: memory suffices). */
export function sharedRotations(): SharedRotations | null {
  const holder = globalThis as Holder;
  if (holder[GLOBAL_KEY] === undefined) holder[GLOBAL_KEY] = consoleConfig.redisUrl ? createSharedRotations(consoleConfig.redisUrl) : null;
  return holder[GLOBAL_KEY];
}
