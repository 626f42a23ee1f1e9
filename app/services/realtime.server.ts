/**
 * The console's realtime hub (spec 2.5, 4 "Realtime connection", docs/architecture.md "Realtime").
 * One upstream websocket to the platform per logged-in console session, shared by all of that
 * session's subscribers (the browser tabs' SSE streams).
 */
import WebSocket from "ws";
import type { Notification } from "../../contract/notification.js";
import {
  HEARTBEAT_INTERVAL_MS,
  REALTIME_ERROR_MESSAGE,
  REALTIME_PATH,
  RECONNECT_DELAY_MS,
  type LoginContent,
  type RealtimePacket,
} from "../../contract/realtime.js";
import { consoleConfig } from "./config.server";
import { registerLogoutHook } from "./logout-hooks.server";

export type HubEvent =
  | { type: "push"; notification: Notification }
  | { type: "count"; msgNum: number }
  | { type: "error"; message: string }
  /** The platform refused or revoked the session's token (LOGIN 401 or a LOGOUT packet): the hub has closed. */
  | { type: "unauthorized" };

export type HubListener = (event: HubEvent) => void;

/** The part of a `ws` WebSocket the hub uses; tests may hand in their own. */
export type HubSocket = Pick<WebSocket, "readyState" | "send" | "close" | "terminate" | "on">;

export interface HubOptions {
  platformUrl: string;
  createSocket?: (url: string) => HubSocket;
  heartbeatMs?: number;
  reconnectMs?: number;
  /** How long a session's socket stays open after its last subscriber leaves. */
  idleCloseMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

export interface RealtimeHub {
  /** Adds a listener to the session's shared connection (opening it if needed); returns an unsubscribe. */
  subscribe(sessionKey: string, credentials: LoginContent, listener: HubListener): () => void;
  /** A refreshed access token: used for the session's next login (reconnects). */
  updateToken(sessionKey: string, token: string): void;
  /** The session logged out: LOGOUT, close, forget. */
  closeSession(sessionKey: string): void;
  closeAll(): void;
  /**
   * The session's unread count as the platform last pushed it, while the session's socket is logged
   * in and a page listens (the platform pushes every change); null when the hub cannot vouch for it.
   */
  unreadCount(sessionKey: string): number | null;
  /** The session changed its messages itself: ask the platform until its next push arrives. */
  forgetCount(sessionKey: string): void;
}

const OPEN = 1;
const CONNECTING = 0;

/** ws(s)://host/ws for the platform's http(s) base URL. */
export function realtimeUrl(platformUrl: string): string {
  const url = new URL(REALTIME_PATH, platformUrl.replace(/\/?$/, "/"));
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.toString();
}

class SessionConnection {
  readonly listeners = new Set<HubListener>();
  private socket: HubSocket | null = null;
  private loggedIn = false;
  /** Packets received on the current socket; the heartbeat checks it moved since the last ping. */
  private received = 0;
  private receivedAtLastPing: number | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private lastMsgNum: number | null = null;

  constructor(
    private credentials: LoginContent,
    private readonly options: Required<Omit<HubOptions, "log">> & Pick<HubOptions, "log">,
    private readonly onClosed: () => void,
  ) {}

  add(listener: HubListener): void {
    this.listeners.add(listener);
    this.cancelIdleClose();
    if (this.lastMsgNum !== null) deliver(listener, { type: "count", msgNum: this.lastMsgNum });
    if (!this.socket && !this.reconnectTimer) this.connect();
  }

  remove(listener: HubListener): void {
    this.listeners.delete(listener);
    if (!this.closed && this.listeners.size === 0 && !this.idleTimer) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.listeners.size === 0) this.close();
      }, this.options.idleCloseMs);
    }
  }

  /** The pushed count, while it is live (see RealtimeHub.unreadCount). */
  liveCount(): number | null {
    return this.loggedIn && this.socket && this.listeners.size > 0 ? this.lastMsgNum : null;
  }

  forgetCount(): void {
    this.lastMsgNum = null;
  }

  setToken(token: string): void {
    this.credentials = { ...this.credentials, token };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.cancelIdleClose();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.dropSocket();
    this.listeners.clear();
    this.onClosed();
  }

  private connect(): void {
    if (this.closed || this.socket) return;
    const socket = this.options.createSocket(realtimeUrl(this.options.platformUrl));
    this.socket = socket;
    this.loggedIn = false;
    this.received = 0;
    this.receivedAtLastPing = null;
    socket.on("open", () => {
      if (socket !== this.socket) return;
      socket.send(JSON.stringify({ packageType: "LOGIN", content: this.credentials } satisfies RealtimePacket<LoginContent>));
      this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    });
    socket.on("message", (data) => {
      if (socket === this.socket) this.receive(String(data));
    });
    socket.on("error", (error) => {
      if (socket !== this.socket) return;
      this.options.log?.("realtime socket error", error);
      this.fail();
    });
    socket.on("close", () => {
      if (socket !== this.socket) return;
      this.releaseSocket();
      this.scheduleReconnect();
    });
  }

  /** Every heartbeat: a socket that is not open, or was silent since the last ping, is closed. */
  private beat(): void {
    const socket = this.socket;
    if (!socket) return;
    const missedPong = this.receivedAtLastPing !== null && this.received === this.receivedAtLastPing;
    if (socket.readyState !== OPEN || missedPong) {
      this.options.log?.("realtime heartbeat missed; reconnecting");
      this.fail();
      return;
    }
    this.receivedAtLastPing = this.received;
    socket.send(JSON.stringify({ packageType: "PING" } satisfies RealtimePacket));
  }

  private receive(text: string): void {
    this.received++;
    let packet: RealtimePacket;
    try {
      packet = JSON.parse(text) as RealtimePacket;
    } catch {
      return;
    }
    switch (packet.packageType) {
      case "LOGIN":
        if (packet.packageCode === 200) {
          this.loggedIn = true;
          if (typeof packet.msgNum === "number") this.count(packet.msgNum);
        } else {
          // Refused: retrying with the same token cannot succeed. The streams end; a browser that comes
          // back gets a fresh session check (and a refreshed token) from /events.
          this.emit({ type: "unauthorized" });
          this.close();
        }
        break;
      case "LOGOUT":
        // The platform revoked this session's token (强制下线, 停用, 重置密码, logout elsewhere): end every
        // stream of the session now, so nothing pushed after it reaches the browser.
        this.emit({ type: "unauthorized" });
        this.close();
        break;
      case "SERVICE_MSG_PUSH":
        if (packet.content) this.emit({ type: "push", notification: packet.content as Notification });
        break;
      case "SERVICE_MSG_NUM":
        if (typeof packet.msgNum === "number") this.count(packet.msgNum);
        break;
      default:
        break;
    }
  }

  private count(msgNum: number): void {
    this.lastMsgNum = msgNum;
    this.emit({ type: "count", msgNum });
  }

  /** An error, a refused LOGIN or a dead socket: tell the listeners, drop the socket, retry in 4 s. */
  private fail(): void {
    this.emit({ type: "error", message: REALTIME_ERROR_MESSAGE });
    this.dropSocket();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer || this.socket) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, this.options.reconnectMs);
  }

  /** Sends LOGOUT (when the socket is open) and closes it; its close event is ignored from now on. */
  private dropSocket(): void {
    const socket = this.socket;
    if (!socket) return;
    const loggedIn = this.loggedIn;
    this.releaseSocket();
    if (socket.readyState === OPEN) {
      if (loggedIn) socket.send(JSON.stringify({ packageType: "LOGOUT" } satisfies RealtimePacket));
      socket.close(1000, "logout");
    } else if (socket.readyState === CONNECTING) {
      socket.terminate();
    }
  }

  private releaseSocket(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.socket = null;
    this.loggedIn = false;
  }

  private cancelIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private emit(event: HubEvent): void {
    for (const listener of [...this.listeners]) deliver(listener, event);
  }
}

function deliver(listener: HubListener, event: HubEvent): void {
  try {
    listener(event);
  } catch {
    // A listener's failure (a closed SSE stream) must not stop the others.
  }
}

export function createRealtimeHub(options: HubOptions): RealtimeHub {
  const settings = {
    createSocket: (url: string): HubSocket => new WebSocket(url),
    heartbeatMs: HEARTBEAT_INTERVAL_MS,
    reconnectMs: RECONNECT_DELAY_MS,
    idleCloseMs: 5_000,
    ...options,
  };
  const sessions = new Map<string, SessionConnection>();

  return {
    subscribe(sessionKey, credentials, listener) {
      let connection = sessions.get(sessionKey);
      if (!connection) {
        const created: SessionConnection = new SessionConnection(credentials, settings, () => {
          if (sessions.get(sessionKey) === created) sessions.delete(sessionKey);
        });
        connection = created;
        sessions.set(sessionKey, connection);
      } else {
        connection.setToken(credentials.token);
      }
      const subscribed = connection;
      subscribed.add(listener);
      return () => subscribed.remove(listener);
    },
    updateToken(sessionKey, token) {
      sessions.get(sessionKey)?.setToken(token);
    },
    closeSession(sessionKey) {
      sessions.get(sessionKey)?.close();
    },
    closeAll() {
      for (const connection of [...sessions.values()]) connection.close();
    },
    unreadCount(sessionKey) {
      return sessions.get(sessionKey)?.liveCount() ?? null;
    },
    forgetCount(sessionKey) {
      sessions.get(sessionKey)?.forgetCount();
    },
  };
}

const GLOBAL_KEY = Symbol.for("tms.console.realtimeHub");
type HubHolder = typeof globalThis & { [GLOBAL_KEY]?: RealtimeHub };

/** The console process's hub; kept on globalThis so a dev rebuild does not open a second set of sockets. */
export function realtimeHub(): RealtimeHub {
  const holder = globalThis as HubHolder;
  holder[GLOBAL_KEY] ??= createRealtimeHub({
    platformUrl: consoleConfig.platformUrl,
    log: (message, detail) => console.warn(`[realtime] ${message}`, detail ?? ""),
  });
  return holder[GLOBAL_KEY];
}

registerLogoutHook((sessionKey) => realtimeHub().closeSession(sessionKey));
