import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";
import { WebSocket, WebSocketServer } from "ws";
import { HEARTBEAT_INTERVAL_MS, REALTIME_PATH, type InboundPacket, type RealtimePacket } from "../../contract/realtime.js";
import type { ServiceContext } from "../context.js";
import { HttpError } from "../http/envelope.js";
import { unreadCount } from "../iam/notifications/service.js";
import { authenticate } from "../identity/service.js";
import type { RealtimeBus } from "./bus.js";
import { websocketSessions } from "../observability/metrics.js";
import { decodeInbound, encodePacket, loginAccepted, loginRefused, pong } from "./packets.js";

export interface GatewayOptions {
  /** A socket that has not sent LOGIN by then is refused and closed. */
  loginTimeoutMs?: number;
  /** A logged-in socket silent (no packet, no ws ping) for this long is dropped as dead. */
  idleTimeoutMs?: number;
}

/** Close codes: 4401 after a refused LOGIN, 4408 for a silent socket. */
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_IDLE = 4408;

/**
 * The realtime websocket at GET /ws: authenticates each socket by its first LOGIN packet and delivers
 * every bus packet addressed to a user to all of that user's sockets on this instance.
 */
export function installRealtimeGateway(app: FastifyInstance, ctx: ServiceContext, bus: RealtimeBus, options: GatewayOptions = {}): void {
  const loginTimeoutMs = options.loginTimeoutMs ?? 10_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 4.5 * HEARTBEAT_INTERVAL_MS;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const socketsByUser = new Map<number, Set<WebSocket>>();
  const lastSeen = new WeakMap<WebSocket, number>();
  /** The access token each logged-in socket authenticated with. */
  const tokenOf = new WeakMap<WebSocket, string>();
  /** Each socket's deliveries, in order: a push waits for a revocation check queued before it. */
  const deliveries = new WeakMap<WebSocket, Promise<void>>();

  const send = (ws: WebSocket, packet: RealtimePacket) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(encodePacket(packet));
  };
  const attach = (userId: number, ws: WebSocket) => {
    let set = socketsByUser.get(userId);
    if (!set) socketsByUser.set(userId, (set = new Set()));
    set.add(ws);
  };
  const detach = (userId: number | null, ws: WebSocket) => {
    if (userId === null) return;
    const set = socketsByUser.get(userId);
    set?.delete(ws);
    if (set?.size === 0) socketsByUser.delete(userId);
  };

  const enqueue = (ws: WebSocket, task: () => void | Promise<void>) => {
    const next = (deliveries.get(ws) ?? Promise.resolve()).then(task).catch((err: unknown) => ctx.log.error({ err }, "realtime delivery failed"));
    deliveries.set(ws, next);
  };

  /**
   * A LOGOUT for a user means some of their tokens were revoked (强制下线, 停用, 重置密码, a password
   * change, a logout): each of their sockets re-checks its token at once, and one whose token no longer
   * holds gets the LOGOUT and is closed before anything published after it is delivered.
   */
  const recheck = async (ws: WebSocket, userId: number, packet: RealtimePacket) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    try {
      await authenticate(ctx, tokenOf.get(ws));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      detach(userId, ws);
      send(ws, packet);
      ws.close(CLOSE_UNAUTHORIZED, "revoked");
    }
  };

  const unsubscribe = bus.subscribe(({ userId, packet }) => {
    for (const ws of [...(socketsByUser.get(userId) ?? [])]) {
      enqueue(ws, () => (packet.packageType === "LOGOUT" ? recheck(ws, userId, packet) : send(ws, packet)));
    }
  });

  const sweep = setInterval(() => {
    const cutoff = Date.now() - idleTimeoutMs;
    for (const ws of wss.clients) if ((lastSeen.get(ws) ?? 0) < cutoff) ws.close(CLOSE_IDLE, "idle");
  }, Math.min(idleTimeoutMs, 15_000));
  sweep.unref();

  function handleConnection(ws: WebSocket) {
    let userId: number | null = null;
    let token: string | undefined;
    // Packets are handled one at a time so a PING sent right after LOGIN waits for the login to finish.
    let queue = Promise.resolve();
    lastSeen.set(ws, Date.now());
    const refuse = (reason: string) => {
      send(ws, loginRefused(reason));
      ws.close(CLOSE_UNAUTHORIZED, "unauthorized");
    };
    const loginTimer = setTimeout(() => refuse(`未在 ${Math.round(loginTimeoutMs / 1000)} 秒内登录，连接已关闭`), loginTimeoutMs);

    async function login(content: Extract<InboundPacket, { packageType: "LOGIN" }>["content"]) {
      try {
        const caller = await authenticate(ctx, content.token);
        if (caller.platformId !== content.platformId) return refuse("平台标识与登录令牌不一致");
        if (ws.readyState !== WebSocket.OPEN) return;
        clearTimeout(loginTimer);
        detach(userId, ws);
        userId = caller.userId;
        token = content.token;
        tokenOf.set(ws, token);
        attach(userId, ws);
        send(ws, loginAccepted(await unreadCount(ctx, userId)));
      } catch (error) {
        if (error instanceof HttpError) return refuse(error.errorMsg);
        ctx.log.error({ err: error }, "realtime login failed");
        ws.close(1011, "server error");
      }
    }

    async function handle(packet: InboundPacket | null) {
      if (packet?.packageType === "LOGIN") return login(packet.content);
      if (userId === null) return refuse("请先发送 LOGIN 登录");
      if (packet?.packageType === "PING") {
        // Every heartbeat re-checks the token: a revoked or expired one, or a disabled account, ends the socket.
        try {
          await authenticate(ctx, token);
        } catch (error) {
          if (error instanceof HttpError) return refuse(error.errorMsg);
          ctx.log.error({ err: error }, "realtime token check failed");
          return ws.close(1011, "server error");
        }
        return send(ws, pong());
      }
      if (packet?.packageType === "LOGOUT") return ws.close(1000, "logout");
    }

    ws.on("message", (data) => {
      lastSeen.set(ws, Date.now());
      const packet = decodeInbound(data);
      queue = queue.then(() => handle(packet));
    });
    ws.on("ping", () => lastSeen.set(ws, Date.now()));
    websocketSessions.inc();
    ws.on("close", () => {
      websocketSessions.dec();
      clearTimeout(loginTimer);
      detach(userId, ws);
    });
    ws.on("error", (err) => ctx.log.debug({ err }, "realtime socket error"));
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? "").split("?")[0] !== REALTIME_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(request, socket, head, handleConnection);
  };
  app.server.on("upgrade", onUpgrade);

  // A plain GET of the websocket path explains itself instead of answering "not found".
  app.get(REALTIME_PATH, async (_request, reply) => reply.status(426).send({ code: 426, errorMsg: "请使用 WebSocket 连接此地址" }));

  app.addHook("preClose", async () => {
    clearInterval(sweep);
    unsubscribe();
    app.server.off("upgrade", onUpgrade);
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
