/**
 * Scale-out: two platforms and two consoles on one PostgreSQL schema
 * and Redis behind nginx (scripts/cluster-stack.ts), console A → platform 1, console B → platform 2.
 * A console killed mid-run: nginx serves from the other, the streams on the other stay open, and the
 * killed one is started again. Needs TEST_DATABASE_URL and TEST_REDIS_URL (`.ci/run` sets both) and
 * Debian's nginx; builds the console when stale.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nginxBinary } from "../../scripts/nginx.js";
import { consoleLogin, portFree } from "../../scripts/lib/processes.js";
import { startCluster, type Cluster } from "../../scripts/cluster-stack.js";
import { DEMO_ACCOUNTS } from "../helpers/platform.js";
import { until } from "../helpers/wait.js";
import { seededTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Whether Debian's nginx is installed (`.ci/run` installs nginx-light). */
const hasNginx = (() => {
  try {
    return Boolean(nginxBinary());
  } catch {
    return false;
  }
})();

/** The consoles that answered requests through nginx so far, from its access log (upstream=…). */
const upstreamsInLog = (path: string) => new Set([...readFileSync(path, "utf8").matchAll(/upstream=([\d.:]+)/g)].map((m) => `http://${m[1]}`));

/** A base port with the next four free too (nginx, two consoles, two platforms). */
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

describe.skipIf(!databaseUrl || !redisUrl || !hasNginx)("two consoles and two platforms behind nginx (needs TEST_DATABASE_URL, TEST_REDIS_URL and nginx)", () => {
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
  });

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  });

  it("a session made on console A works on console B and through nginx, and a logout on B ends it on A", async () => {
    const cookie = await consoleLogin(console(0), DEMO_ACCOUNTS.ORG_USER);
    // Four times through nginx: each of its two worker processes keeps its own round robin, so two
    // requests that land on different workers may both go to the first console; of four, one worker
    // takes two, and those two go to both.
    for (const base of [console(1), cluster.url, cluster.url, cluster.url, cluster.url]) {
      const page = await fetch(`${base}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("李调度");
      if (base === cluster.url) expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    }
    // Round robin: both consoles answered through nginx.
    expect(upstreamsInLog(cluster.nginx.accessLog)).toEqual(new Set([console(0), console(1)]));

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
    const cookie = await consoleLogin(console(0), DEMO_ACCOUNTS.ORG_USER);
    // Taken after the login answered: the console set the token's expiry before that, however slow the login was.
    const loggedIn = Date.now();
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

  it("a push created through platform 1 reaches /events on console B (platform 2) and through nginx, unbuffered", async () => {
    const cookie = await consoleLogin(console(0), DEMO_ACCOUNTS.TENANT_USER);
    const onB = await openEvents(console(1), cookie);
    const viaProxy = [await openEvents(cluster.url, cookie), await openEvents(cluster.url, cookie)];
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

  it("a console killed mid-run: nginx serves every request from the other, its streams stay open, and the killed one comes back", async () => {
    const cookie = await consoleLogin(cluster.url, DEMO_ACCOUNTS.TENANT_USER);
    const onB = await openEvents(console(1), cookie);
    try {
      await onB.next((e) => e.event === "count");
      const killed = cluster.pairs[0]!.console;
      killed.process.kill("SIGKILL");
      await until(() => killed.process.exitCode !== null || killed.process.signalCode !== null, "console A to be gone");
      // Every request through nginx still answers 200: the one that meets the dead console is passed on.
      for (let i = 0; i < 6; i++) {
        const page = await fetch(`${cluster.url}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
        expect(page.status, `request ${i}`).toBe(200);
        await page.arrayBuffer();
      }
      // Console B's stream was not lost: a push still arrives on it.
      const content = `故障切换后推送 ${Date.now()}`;
      await notify(platform(1), DEMO_ACCOUNTS.TENANT_USER, content);
      await onB.next(isPush(content));
      // The supervisor started console A again; it serves the same session.
      await killed.ready();
      expect(killed.restarts).toBe(1);
      const again = await fetch(`${console(0)}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(again.status).toBe(200);
    } finally {
      onB.close();
    }
  });
});
