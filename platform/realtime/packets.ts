import type { RawData } from "ws";
import { inboundPacketSchema, type InboundPacket, type LoginReplyPacket, type RealtimePacket } from "../../contract/realtime.js";

/** Parses a client frame; null when it is not JSON or not a packet a client may send. */
export function decodeInbound(data: RawData): InboundPacket | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString("utf8"));
  } catch {
    return null;
  }
  const result = inboundPacketSchema.safeParse(value);
  return result.success ? result.data : null;
}

export function encodePacket(packet: RealtimePacket): string {
  return JSON.stringify(packet);
}

export const loginAccepted = (msgNum: number): LoginReplyPacket => ({ packageType: "LOGIN", packageCode: 200, msgNum });
export const loginRefused = (reason: string): LoginReplyPacket => ({ packageType: "LOGIN", packageCode: 401, content: reason });
export const pong = (): RealtimePacket => ({ packageType: "PONG" });
