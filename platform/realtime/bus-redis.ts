import { Redis } from "ioredis";
import type { FastifyBaseLogger } from "fastify";
import type { RealtimeBus, UserPacket } from "./bus.js";

export const REALTIME_CHANNEL = "tms:realtime";

/**
 * Fan-out between platform instances over Redis pub/sub. Each instance publishes every packet to one
 * channel and delivers what it receives (its own publishes included) to the sockets it holds.
 */
export async function createRedisBus(url: string, log: FastifyBaseLogger, channel = REALTIME_CHANNEL): Promise<RealtimeBus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  const listeners = new Set<(message: UserPacket) => void>();
  for (const client of [publisher, subscriber]) client.on("error", (err) => log.warn({ err }, "realtime redis connection error"));
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Realtime bus: cannot connect to Redis (${error instanceof Error ? error.message : String(error)})`);
  }
  subscriber.on("message", (from: string, raw: string) => {
    if (from !== channel) return;
    let message: UserPacket;
    try {
      message = JSON.parse(raw) as UserPacket;
    } catch {
      log.warn("realtime redis message is not JSON; ignored");
      return;
    }
    for (const listener of listeners) listener(message);
  });
  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
