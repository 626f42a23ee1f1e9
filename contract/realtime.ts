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
