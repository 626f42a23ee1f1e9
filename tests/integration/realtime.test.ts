import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import type { FastifyInstance } from "fastify";
import type { Notification, UnreadCount } from "../../contract/notification.js";
import type { RealtimePacket } from "../../contract/realtime.js";
import { buildApp } from "../../platform/app.js";
// The console's config (imported by its hub) needs a session secret at import; never write one to ./data.
vi.hoisted(() => {
  process.env.SESSION_SECRET ??= "realtime-integration-test";
});
import { createRealtimeHub, type HubEvent } from "../../app/services/realtime.server.js";
import { openDatabase, type Db } from "../../platform/db/index.js";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform.js";

/** A client socket that buffers what it receives so a test can wait for a packet. */
class TestSocket {
  private readonly buffer: RealtimePacket[] = [];
  private readonly waiters: Array<() => void> = [];
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.buffer.push(JSON.parse(String(data)) as RealtimePacket);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on("close", (code) => resolve(code)));
  }

  static async open(baseUrl: string): Promise<TestSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/ws`);
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return socket;
  }

  /** Opens a socket and logs in; resolves with the LOGIN reply. */
  static async login(baseUrl: string, token: string, platformId = "A"): Promise<{ socket: TestSocket; reply: RealtimePacket }> {
    const socket = await TestSocket.open(baseUrl);
    socket.send({ packageType: "LOGIN", content: { token, clientId: "realtime-test", platformId } });
    const reply = await socket.next((p) => p.packageType === "LOGIN");
    return { socket, reply };
  }

  send(packet: unknown): void {
    this.ws.send(JSON.stringify(packet));
  }

  /** The first buffered or future packet matching `match` (consumed), or a rejection after the timeout. */
  async next(match: (packet: RealtimePacket) => boolean, timeoutMs = 5_000): Promise<RealtimePacket> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.buffer.findIndex(match);
      if (index >= 0) return this.buffer.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching packet within ${timeoutMs} ms; received ${JSON.stringify(this.buffer)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  has(match: (packet: RealtimePacket) => boolean): boolean {
    return this.buffer.some(match);
  }

  close(): void {
    this.ws.close();
  }
}

const isPush = (content: string) => (p: RealtimePacket) => p.packageType === "SERVICE_MSG_PUSH" && (p.content as Notification).content === content;
const isCount = (msgNum: number) => (p: RealtimePacket) => p.packageType === "SERVICE_MSG_NUM" && p.msgNum === msgNum;

let platform: TestPlatform;
let base: string;
let orgToken: string;
let tenantToken: string;
let systemToken: string;
const sockets: TestSocket[] = [];

async function unread(token: string, baseUrl = base): Promise<number> {
  return (await call<UnreadCount>(baseUrl, "/sys-notification/unread-count", { token, body: {} })).body.data!.msgNum;
}

async function notify(mobile: string, content: string, baseUrl = base): Promise<Notification> {
  const res = await call<Notification>(baseUrl, "/api/v1/dev/notify", {
    body: { mobile, content, targetType: "FREIGHT", targetId: "88", freightNo: "HY202611200088", freightWay: "ROAD" },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

async function loggedIn(token: string, baseUrl = base): Promise<TestSocket> {
  const { socket, reply } = await TestSocket.login(baseUrl, token);
  sockets.push(socket);
  expect(reply.packageCode).toBe(200);
  return socket;
}

beforeAll(async () => {
  platform = await startTestPlatform("realtime");
  base = platform.baseUrl;
  orgToken = (await loginAs(base, DEMO_ACCOUNTS.ORG_USER)).accessToken;
  tenantToken = (await loginAs(base, DEMO_ACCOUNTS.TENANT_USER)).accessToken;
  systemToken = (await loginAs(base, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await platform?.close();
});

describe(`realtime gateway (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("answers LOGIN with 200 and the unread count", async () => {
    const { socket, reply } = await TestSocket.login(base, orgToken);
    sockets.push(socket);
    expect(reply).toMatchObject({ packageType: "LOGIN", packageCode: 200, msgNum: await unread(orgToken) });
  });

  it("answers a bad token with LOGIN 401 and closes", async () => {
    const { socket, reply } = await TestSocket.login(base, "not-a-token");
    expect(reply).toMatchObject({ packageType: "LOGIN", packageCode: 401 });
    expect(await socket.closed).toBe(4401);
  });

  it("refuses a token used for another platform id, and a first packet that is not LOGIN", async () => {
    const { socket, reply } = await TestSocket.login(base, orgToken, "B");
    expect(reply.packageCode).toBe(401);
    expect(await socket.closed).toBe(4401);

    const early = await TestSocket.open(base);
    early.send({ packageType: "PING" });
    expect((await early.next((p) => p.packageType === "LOGIN")).packageCode).toBe(401);
    expect(await early.closed).toBe(4401);

    const garbage = await TestSocket.open(base);
    garbage.ws.send("not json");
    expect((await garbage.next((p) => p.packageType === "LOGIN")).packageCode).toBe(401);
    expect(await garbage.closed).toBe(4401);
  });

  it("answers PING with PONG, ws pings with pongs, and closes on LOGOUT", async () => {
    const socket = await loggedIn(orgToken);
    socket.send({ packageType: "PING" });
    await socket.next((p) => p.packageType === "PONG");
    const pong = new Promise<void>((resolve) => socket.ws.once("pong", () => resolve()));
    socket.ws.ping();
    await pong;
    socket.send({ packageType: "LOGOUT" });
    expect(await socket.closed).toBe(1000);
  });

  it("ends a socket at once, without waiting for a PING, when its token is revoked by a logout", async () => {
    const { accessToken } = await loginAs(base, DEMO_ACCOUNTS.TENANT_USER);
    const socket = await loggedIn(accessToken);
    const untouched = await loggedIn(tenantToken);
    expect((await call(base, "/api/v1/auth/token/revoke", { token: accessToken })).status).toBe(200);
    expect(await socket.next((p) => p.packageType === "LOGOUT")).toMatchObject({ content: "已退出登录" });
    expect(await socket.closed).toBe(4401);
    // The same user's other session keeps its socket and its pushes.
    const created = await notify(DEMO_ACCOUNTS.TENANT_USER, "注销后其他会话仍收推送");
    await untouched.next(isPush(created.content));
    expect(untouched.has((p) => p.packageType === "LOGOUT")).toBe(false);
  });

  it.each([
    ["forceLogout", "已被管理员强制下线"],
    ["disable", "账号已停用"],
  ])("closes a user's raw sockets and ends the console hub's streams at once on %s", async (action, reason) => {
    const userId = Number((await platform.db.kysely.selectFrom("users").select("id").where("mobile", "=", DEMO_ACCOUNTS.INDIVIDUAL_USER).executeTakeFirstOrThrow()).id);
    const { accessToken } = await loginAs(base, DEMO_ACCOUNTS.INDIVIDUAL_USER);
    // A raw socket that never sends PING.
    const raw = await loggedIn(accessToken);
    // The console's hub, with a heartbeat too slow to matter: only the LOGOUT can end its streams.
    const hub = createRealtimeHub({ platformUrl: base, heartbeatMs: 600_000, reconnectMs: 600_000 });
    const events: HubEvent[] = [];
    let woke: (() => void) | null = null;
    const until = async (match: (event: HubEvent) => boolean) => {
      while (!events.some(match)) await new Promise<void>((resolve) => (woke = resolve));
    };
    hub.subscribe("hub-session", { token: accessToken, clientId: "realtime-test", platformId: "A" }, (event) => {
      events.push(event);
      woke?.();
    });
    try {
      await until((e) => e.type === "count");
      const witness = await loggedIn(orgToken);

      expect((await call(base, `/iam-user/${userId}/${action}`, { token: systemToken })).body.code).toBe(200);
      expect(await raw.next((p) => p.packageType === "LOGOUT")).toMatchObject({ content: reason });
      expect(await raw.closed).toBe(4401);
      await until((e) => e.type === "unauthorized");

      // A push published after the revocation reaches neither: the witness's push, published after it,
      // arrives through the same bus, so theirs would have arrived by then.
      await notify(DEMO_ACCOUNTS.INDIVIDUAL_USER, `${action} 之后的推送`);
      const after = await notify(DEMO_ACCOUNTS.ORG_USER, `${action} 之后的见证推送`);
      await witness.next(isPush(after.content));
      expect(events.some((e) => e.type === "push")).toBe(false);
      expect(raw.has((p) => p.packageType === "SERVICE_MSG_PUSH")).toBe(false);
    } finally {
      hub.closeAll();
      if (action === "disable") await call(base, `/iam-user/${userId}/enable`, { token: systemToken });
    }
  });

  it("pushes a new notification and the new unread count to every socket of that user only", async () => {
    const first = await loggedIn(orgToken);
    const second = await loggedIn(orgToken);
    const other = await loggedIn(tenantToken);
    const before = await unread(orgToken);

    const created = await notify(DEMO_ACCOUNTS.ORG_USER, "运单 HY202611200088 已装货（推送测试）");
    for (const socket of [first, second]) {
      const push = await socket.next(isPush(created.content));
      expect(push.content).toMatchObject({ id: created.id, status: "PENDING", targetType: "FREIGHT", freightNo: "HY202611200088", freightWay: "ROAD" });
      await socket.next(isCount(before + 1));
    }
    expect(other.has(isPush(created.content))).toBe(false);
    expect(other.has((p) => p.packageType === "SERVICE_MSG_NUM")).toBe(false);
  });

  it("pushes the new count after mark-read and after opening a notification", async () => {
    const socket = await loggedIn(orgToken);
    const a = await notify(DEMO_ACCOUNTS.ORG_USER, "钱包到账测试 A");
    const b = await notify(DEMO_ACCOUNTS.ORG_USER, "钱包到账测试 B");
    await socket.next(isPush(b.content));
    const afterCreate = await unread(orgToken);

    const marked = await call(base, "/sys-notification/mark-read", { token: orgToken, body: { ids: [a.id] } });
    expect(marked.body.code).toBe(200);
    await socket.next(isCount(afterCreate - 1));

    const opened = await call(base, "/sys-notification/detail", { token: orgToken, body: { id: b.id } });
    expect(opened.body.code).toBe(200);
    await socket.next(isCount(afterCreate - 2));

    const all = await call(base, "/sys-notification/mark-read", { token: orgToken, body: { readAll: "YES" } });
    expect(all.body.code).toBe(200);
    await socket.next(isCount(0));
  });

  it("explains itself to a plain HTTP GET", async () => {
    const res = await call(base, "/ws", { method: "GET" });
    expect(res.status).toBe(426);
    expect(res.body.errorMsg).toMatch(/WebSocket/);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe("realtime across two platform instances", () => {
  // Needs a Redis server: set TEST_REDIS_URL (for example redis://127.0.0.1:6379) to run it.
  it.skipIf(!redisUrl)("delivers a notification created on one instance to a socket held by the other (needs TEST_REDIS_URL)", async () => {
    const first = await startTestPlatform("realtime_redis", { redisUrl: redisUrl! });
    let secondDb: Db | undefined;
    let second: FastifyInstance | undefined;
    try {
      secondDb = await openDatabase(first.ctx.config.databaseUrl);
      second = (await buildApp({ db: secondDb, config: first.ctx.config })).app;
      await second.listen({ port: 0, host: "127.0.0.1" });
      const address = second.server.address();
      const secondBase = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

      const token = (await loginAs(first.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
      const onSecond = await loggedIn(token, secondBase);
      const onFirst = await loggedIn(token, first.baseUrl);
      const before = await unread(token, first.baseUrl);

      const content = `跨实例推送 ${first.baseUrl} ${Date.now()}`;
      const created = await notify(DEMO_ACCOUNTS.SYSTEM_USER, content, first.baseUrl);
      expect((await onSecond.next(isPush(content))).content).toMatchObject({ id: created.id });
      await onSecond.next(isCount(before + 1));
      await onFirst.next(isPush(content));

      const marked = await call(secondBase, "/sys-notification/mark-read", { token, body: { ids: [created.id] } });
      expect(marked.body.code).toBe(200);
      await onFirst.next(isCount(before));
    } finally {
      await second?.close();
      await secondDb?.destroy();
      await first.close();
    }
  });
});
