import type { RealtimePacket } from "../../contract/realtime.js";

/** A packet addressed to every socket a user holds, on any platform instance. */
export interface UserPacket {
  userId: number;
  packet: RealtimePacket;
}

/** Fan-out between platform instances: in-process by default, Redis pub/sub when configured. */
export interface RealtimeBus {
  publish(message: UserPacket): Promise<void>;
  /** Listens to every published message (including this instance's own); returns an unsubscribe. */
  subscribe(listener: (message: UserPacket) => void): () => void;
  close(): Promise<void>;
}
