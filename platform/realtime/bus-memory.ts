import { EventEmitter } from "node:events";
import type { RealtimeBus, UserPacket } from "./bus.js";

/** Single-instance fan-out: every publish reaches this process's listeners only. */
export function createMemoryBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit("message", message);
    },
    subscribe(listener: (message: UserPacket) => void) {
      emitter.on("message", listener);
      return () => emitter.off("message", listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
