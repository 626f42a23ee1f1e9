/**
 * Scale-out (issue 14 item 4): two platforms and two consoles on one PostgreSQL schema and Redis behind
 * the round-robin proxy (scripts/cluster-stack.ts), console A → platform 1, console B → platform 2.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (`.ci/run` sets both); builds the console when stale.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleLogin, portFree } from "../../bench/lib/processes.js";
import { startCluster, type Cluster } from "../../scripts/cluster-stack.js";
import { DEMO_ACCOUNTS } from "../helpers/platform.js";
import { until } from "../helpers/wait.js";
import { seededTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** A base port with the next four free too (proxy, two consoles, two platforms). */
async function freePorts(count: number): Promise<number> {
  for (;;) {
    const base = 41_000 + Math.floor(Math.random() * 2_000) * 5;
    if ((await Promise.all(Array.from({ length: count }, (_, i) => portFree(base + i)))).every(Boolean)) return base;
  }
}

interface SseEvent {
  event: string;
  data: string;
}

/** An EventSource-like reader of a console's /events: collects events, waits for one that matches. */
async function openEvents(consoleUrl: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${consoleUrl}/events`, { headers: { Cookie: cookie, Accept: "text/event-stream" }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const frame = buffer.slice(0, end).split("\n");
          buffer = buffer.slice(end + 2);
          const event = frame.find((l) => l.startsWith("event: "))?.slice(7) ?? "message";
          events.push({ event, data: frame.filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n") });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    async next(match: (e: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.max(0, deadline - Date.now()));
          waiters.add(wake);
        });
      }
    },
    close: () => controller.abort(),
  };
}

const isPush = (content: string) => (e: SseEvent) => e.event === "push" && (JSON.parse(e.data) as { content: string }).content === content;

async function notify(platformUrl: string, mobile: string, content: string): Promise<void> {
  const response = await fetch(`${platformUrl}/api/v1/dev/notify`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mobile, content, targetType: "MY", targetId: "0", tags: "system" }),
  });
  expect(((await response.json()) as { code: number }).code).toBe(200);
}

const ACCESS_TTL_SECONDS = 62;

describe.skipIf(!databaseUrl || !redisUrl)("two consoles and two platforms behind the proxy (needs TEST_DATABASE_URL and TEST_REDIS_URL)", () => {
  let cluster: Cluster;
  let url: string;
  let database: TestDatabase | undefined;
  const console = (i: 0 | 1) => cluster.pairs[i]!.consoleUrl;
  const platform = (i: 0 | 1) => cluster.pairs[i]!.platformUrl;

  beforeAll(async () => {
    database = await seededTestDatabase("cluster");
    url = database.url;
    const prefix = new URL(url).pathname.slice(1);
    // Access tokens live 62 s and the console refreshes a minute ahead: after 2 s every request rotates.
    const env = { TMS_REPORT_JOB: "off", TMS_REDIS_PREFIX: prefix, TMS_ACCESS_TTL_SECONDS: String(ACCESS_TTL_SECONDS) };
    cluster = await startCluster({ port: await freePorts(5), databaseUrl: url, redisUrl: redisUrl!, env });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  }, 60_000);

  it("a session made on console A works on console B and through the proxy, and a logout on B ends it on A", async () => {
    const cookie = await consoleLogin(console(0), DEMO_ACCOUNTS.ORG_USER);
    for (const base of [console(1), cluster.proxy.url, cluster.proxy.url]) {
      const page = await fetch(`${base}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("李调度");
    }
    expect(cluster.proxy.counts.every((n) => n >= 1)).toBe(true);

    const logout = await fetch(`${console(1)}/logout`, { method: "POST", headers: { Cookie: cookie, Origin: console(1) }, redirect: "manual" });
    expect(logout.status).toBe(302);
    // The other console trusts its user-info cache for at most 1.5 s (user.server.ts).
    let after: Response | undefined;
    await until(async () => {
      after = await fetch(`${console(0)}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
      return after.status !== 200;
    }, "console A to end the session", 5_000);
    expect(after!.status).toBe(302);
    expect(after!.headers.get("location")).toMatch(/^\/login/);
  });

  it("one browser's requests on both consoles rotate its tokens once (no refresh-token reuse, no logout)", async () => {
    const loggedIn = Date.now();
    const cookie = await consoleLogin(console(0), DEMO_ACCOUNTS.ORG_USER);
    // The console refreshes a token that has less than a minute left (user.server.ts): wait for that moment, not a fixed time.
    const refreshDue = loggedIn + (ACCESS_TTL_SECONDS - 60) * 1000 + 500;
    await until(() => Date.now() > refreshDue, "the access token to enter its refresh window");
    const pages = await Promise.all([0, 1, 0, 1].map((i) => fetch(`${console(i as 0 | 1)}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" })));
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200]);
    const fresh = pages.map((p) => p.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("tms_session=")));
    expect(fresh.every(Boolean)).toBe(true);
    // Every new cookie carries the same live pair: each works on the other console.
    for (const [i, next] of fresh.entries()) {
      const page = await fetch(`${console(i % 2 === 0 ? 1 : 0)}/dashboard`, { headers: { Cookie: next! }, redirect: "manual" });
      expect(page.status).toBe(200);
    }
  });

  it("a push created through platform 1 reaches /events on console B (platform 2) and through the proxy", async () => {
    const cookie = await consoleLogin(console(0), DEMO_ACCOUNTS.TENANT_USER);
    const onB = await openEvents(console(1), cookie);
    const viaProxy = [await openEvents(cluster.proxy.url, cookie), await openEvents(cluster.proxy.url, cookie)];
    try {
      // Live: the session's socket is logged in at the console's platform (its first count).
      for (const stream of [onB, ...viaProxy]) await stream.next((e) => e.event === "count");
      const content = `跨实例推送 ${Date.now()}`;
      await notify(platform(0), DEMO_ACCOUNTS.TENANT_USER, content);
      const push = await onB.next(isPush(content));
      expect(JSON.parse(push.data)).toMatchObject({ content });
      for (const stream of viaProxy) await stream.next(isPush(content));
    } finally {
      for (const stream of [onB, ...viaProxy]) stream.close();
    }
  });
});
