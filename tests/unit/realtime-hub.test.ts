import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import type { RealtimePacket } from "../../contract/realtime.js";

// config.server.ts needs a session secret at import; never let a unit test write one to ./data.
vi.hoisted(() => {
  process.env.SESSION_SECRET ??= "realtime-hub-unit-test";
});

import { createRealtimeHub, type HubEvent, type RealtimeHub } from "../../app/services/realtime.server.js";

const realSetTimeout = globalThis.setTimeout;
/** Lets socket I/O happen for a moment of real time while the fake clock stands still. */
const settle = (ms = 60) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));

/** One connection as the fake platform sees it. */
class ServerConnection {
  readonly packets: RealtimePacket[] = [];
  readonly closed: Promise<void>;
  private wake: Array<() => void> = [];

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.packets.push(JSON.parse(String(data)) as RealtimePacket);
      for (const wake of this.wake.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on("close", () => resolve()));
  }

  async next(type: RealtimePacket["packageType"], skip = 0): Promise<RealtimePacket> {
    for (;;) {
      const matches = this.packets.filter((p) => p.packageType === type);
      if (matches.length > skip) return matches[skip]!;
      await new Promise<void>((resolve) => this.wake.push(resolve));
    }
  }

  count(type: RealtimePacket["packageType"]): number {
    return this.packets.filter((p) => p.packageType === type).length;
  }

  send(packet: RealtimePacket): void {
    this.ws.send(JSON.stringify(packet));
  }
}

/** A stand-in platform websocket: answers LOGIN with `loginCode`, and PING with PONG when `answerPings`. */
class FakePlatform {
  readonly connections: ServerConnection[] = [];
  loginCode = 200;
  msgNum = 3;
  answerPings = true;
  private wake: Array<() => void> = [];

  private constructor(readonly wss: WebSocketServer) {
    wss.on("connection", (ws) => {
      const connection = new ServerConnection(ws);
      this.connections.push(connection);
      ws.on("message", (data) => {
        const packet = JSON.parse(String(data)) as RealtimePacket;
        if (packet.packageType === "LOGIN") {
          ws.send(JSON.stringify({ packageType: "LOGIN", packageCode: this.loginCode, msgNum: this.loginCode === 200 ? this.msgNum : undefined }));
          if (this.loginCode !== 200) ws.close(4401);
        } else if (packet.packageType === "PING" && this.answerPings) {
          ws.send(JSON.stringify({ packageType: "PONG" }));
        }
      });
      for (const wake of this.wake.splice(0)) wake();
    });
  }

  static async start(): Promise<FakePlatform> {
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, path: "/ws" });
    await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
    return new FakePlatform(wss);
  }

  get url(): string {
    const address = this.wss.address();
    return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  async connection(index: number): Promise<ServerConnection> {
    while (this.connections.length <= index) await new Promise<void>((resolve) => this.wake.push(resolve));
    return this.connections[index]!;
  }

  async stop(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

const credentials = { token: "token-1", clientId: "console-test", platformId: "A" };

let platform: FakePlatform;
let hub: RealtimeHub;
let created: WebSocket[];
let overlapping: number;

function recorder() {
  const events: HubEvent[] = [];
  return { events, listener: (event: HubEvent) => void events.push(event) };
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "setInterval", "clearTimeout", "clearInterval"] });
  platform = await FakePlatform.start();
  created = [];
  overlapping = 0;
  hub = createRealtimeHub({
    platformUrl: platform.url,
    createSocket: (url) => {
      // Every earlier socket must be finished (or finishing) before another is opened.
      if (created.some((ws) => ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) overlapping++;
      const ws = new WebSocket(url);
      created.push(ws);
      return ws;
    },
  });
});

afterEach(async () => {
  hub.closeAll();
  await platform.stop();
  vi.useRealTimers();
});

describe("console realtime hub", () => {
  it("logs in with token, client id and platform id, relays pushes and counts, and shares one socket per session", async () => {
    const first = recorder();
    hub.subscribe("session-1", credentials, first.listener);
    const connection = await platform.connection(0);
    expect((await connection.next("LOGIN")).content).toEqual(credentials);
    await settle();
    expect(first.events).toEqual([{ type: "count", msgNum: 3 }]);

    const notification = { id: "9", content: "运单 HY202611200009 已装货", status: "PENDING" };
    connection.send({ packageType: "SERVICE_MSG_PUSH", content: notification });
    connection.send({ packageType: "SERVICE_MSG_NUM", msgNum: 4 });
    await settle();
    expect(first.events.slice(1)).toEqual([
      { type: "push", notification },
      { type: "count", msgNum: 4 },
    ]);

    const second = recorder();
    hub.subscribe("session-1", credentials, second.listener);
    expect(second.events).toEqual([{ type: "count", msgNum: 4 }]);
    connection.send({ packageType: "SERVICE_MSG_NUM", msgNum: 5 });
    await settle();
    expect(second.events.at(-1)).toEqual({ type: "count", msgNum: 5 });
    expect(first.events.at(-1)).toEqual({ type: "count", msgNum: 5 });
    expect(platform.connections).toHaveLength(1);

    hub.subscribe("session-2", credentials, recorder().listener);
    await platform.connection(1);
    expect(platform.connections).toHaveLength(2);
  });

  it("sends a PING every 10 seconds", async () => {
    hub.subscribe("s", credentials, recorder().listener);
    const connection = await platform.connection(0);
    await connection.next("LOGIN");
    await settle();
    vi.advanceTimersByTime(9_999);
    await settle();
    expect(connection.count("PING")).toBe(0);
    vi.advanceTimersByTime(1);
    await connection.next("PING");
    await settle(); // the PONG reaches the hub
    vi.advanceTimersByTime(10_000);
    await connection.next("PING", 1);
    await settle();
    vi.advanceTimersByTime(10_000);
    await connection.next("PING", 2);
    await settle();
    expect(platform.connections).toHaveLength(1);
    expect(connection.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("closes a socket that missed a ping, reports the error and reconnects 4 seconds later", async () => {
    platform.answerPings = false;
    const { events, listener } = recorder();
    hub.subscribe("s", credentials, listener);
    const connection = await platform.connection(0);
    await connection.next("LOGIN");
    await settle();
    vi.advanceTimersByTime(10_000);
    await connection.next("PING");
    await settle();
    expect(events.filter((e) => e.type === "error")).toHaveLength(0);

    vi.advanceTimersByTime(10_000);
    await connection.next("LOGOUT");
    await connection.closed;
    await settle();
    expect(events.filter((e) => e.type === "error")).toEqual([{ type: "error", message: "数据传输发生错误" }]);

    vi.advanceTimersByTime(3_999);
    await settle();
    expect(platform.connections).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const again = await platform.connection(1);
    expect((await again.next("LOGIN")).content).toEqual(credentials);
    expect(overlapping).toBe(0);
  });

  it("ends the session's streams on a LOGIN reply other than 200, and a new subscribe logs in with the fresh token", async () => {
    platform.loginCode = 401;
    const { events, listener } = recorder();
    hub.subscribe("s", { ...credentials, token: "revoked" }, listener);
    const refused = await platform.connection(0);
    expect((await refused.next("LOGIN")).content).toMatchObject({ token: "revoked" });
    await refused.closed;
    await settle();
    expect(events).toEqual([{ type: "unauthorized" }]);
    vi.advanceTimersByTime(10_000);
    await settle();
    expect(platform.connections).toHaveLength(1);

    platform.loginCode = 200;
    const again = recorder();
    hub.subscribe("s", { ...credentials, token: "fresh" }, again.listener);
    const accepted = await platform.connection(1);
    expect((await accepted.next("LOGIN")).content).toMatchObject({ token: "fresh" });
    await settle();
    expect(again.events.at(-1)).toEqual({ type: "count", msgNum: 3 });
    expect(overlapping).toBe(0);
  });

  it("keeps to one reconnect at a time while the platform is down", async () => {
    const { events, listener } = recorder();
    hub.subscribe("s", credentials, listener);
    const connection = await platform.connection(0);
    await connection.next("LOGIN");
    await settle();
    const url = platform.url;
    await platform.stop();
    await settle();
    expect(created).toHaveLength(1);

    // More subscribers and a token refresh while the reconnect is pending must not start another one.
    hub.subscribe("s", credentials, recorder().listener);
    hub.updateToken("s", "token-2");
    for (let attempt = 2; attempt <= 4; attempt++) {
      vi.advanceTimersByTime(3_999);
      await settle();
      expect(created).toHaveLength(attempt - 1);
      vi.advanceTimersByTime(1);
      await settle(120);
      expect(created).toHaveLength(attempt);
      expect(created[attempt - 1]!.url).toBe(`${url.replace("http", "ws")}/ws`);
    }
    expect(overlapping).toBe(0);
    expect(events.filter((e) => e.type === "error").length).toBeGreaterThanOrEqual(3);
  });

  it("sends LOGOUT before closing when the session logs out, and opens nothing afterwards", async () => {
    hub.subscribe("s", credentials, recorder().listener);
    const connection = await platform.connection(0);
    await connection.next("LOGIN");
    await settle();
    hub.closeSession("s");
    await connection.next("LOGOUT");
    await connection.closed;
    vi.advanceTimersByTime(60_000);
    await settle();
    expect(platform.connections).toHaveLength(1);
  });

  it("closes 5 seconds after the last subscriber leaves, unless one comes back", async () => {
    const unsubscribeA = hub.subscribe("s", credentials, recorder().listener);
    const unsubscribeB = hub.subscribe("s", credentials, recorder().listener);
    const connection = await platform.connection(0);
    await connection.next("LOGIN");
    await settle();

    unsubscribeA();
    unsubscribeB();
    vi.advanceTimersByTime(4_000);
    const unsubscribeC = hub.subscribe("s", credentials, recorder().listener);
    vi.advanceTimersByTime(10_000);
    await settle();
    expect(connection.count("LOGOUT")).toBe(0);
    expect(connection.ws.readyState).toBe(WebSocket.OPEN);

    unsubscribeC();
    vi.advanceTimersByTime(4_999);
    await settle();
    expect(connection.count("LOGOUT")).toBe(0);
    vi.advanceTimersByTime(1);
    await connection.next("LOGOUT");
    await connection.closed;
    expect(platform.connections).toHaveLength(1);
  });
});
