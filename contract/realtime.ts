import { z } from "zod";
import { PLATFORM_IDS } from "./platforms.js";

export type PackageType = "LOGIN" | "SERVICE_MSG_PUSH" | "SERVICE_MSG_NUM" | "LOGOUT" | "PING" | "PONG";

export interface RealtimePacket<C = unknown> {
  packageType: PackageType;
  packageCode?: number;
  content?: C;
  msgNum?: number;
}

export interface LoginContent {
  token: string;
  clientId: string;
  platformId: string;
}

/** Server → client: the answer to LOGIN; 200 carries the unread count, 401 is followed by a close. */
export interface LoginReplyPacket extends RealtimePacket<string | undefined> {
  packageType: "LOGIN";
  packageCode: 200 | 401;
  msgNum?: number;
}

/** Spec 4 and 9: the client pings every 10 s and reconnects 4 s after an error. */
export const HEARTBEAT_INTERVAL_MS = 10_000;
export const RECONNECT_DELAY_MS = 4_000;
/** Spec 8: what the user sees on a socket error. */
export const REALTIME_ERROR_MESSAGE = "数据传输发生错误";
/** The websocket path at the platform's root. */
export const REALTIME_PATH = "/ws";

export const loginContentSchema = z.object({
  token: z.string().min(1).max(4096),
  clientId: z.string().min(1).max(64),
  platformId: z.enum(PLATFORM_IDS),
});

/** What a client may send. */
export const inboundPacketSchema = z.discriminatedUnion("packageType", [
  z.object({ packageType: z.literal("LOGIN"), content: loginContentSchema }),
  z.object({ packageType: z.literal("PING") }),
  z.object({ packageType: z.literal("PONG") }),
  z.object({ packageType: z.literal("LOGOUT") }),
]);
export type InboundPacket = z.infer<typeof inboundPacketSchema>;
