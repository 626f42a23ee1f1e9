/**
 * Request ids, one log line per request, metrics and probes on both programs.
 * The platform runs in-process with its log captured; the console's observability layer
 * (scripts/console-observability.ts) runs on an express app whose "Remix handler" calls the platform
 * through the console's one platform client, as a loader does.
 */
import { Writable } from "node:stream";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../platform/app";
import { loadPlatformConfig } from "../../platform/config";
import { openDatabase } from "../../platform/db/index";
import { migrateToLatest } from "../../platform/db/migrate";
import { readSettings } from "../../contract/settings";
import { installObservability } from "../../scripts/console-observability";
import { platformFetch } from "../../app/services/platform.server";
import { seededTestDatabase } from "../helpers/test-database";
import { freePort } from "../helpers/processes";
import { call, encryptPassword } from "../helpers/platform";

interface LogLine {
  reqId?: string;
  msg: string;
  status?: number;
  url?: string;
  route?: string;
  ms?: number;
  service?: string;
}

/** A pino destination that keeps every line, parsed. */
function capture() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n")) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, stream };
}

const platformLog = capture();
const consoleLogLines = capture();
let platform: { baseUrl: string; close(): Promise<void>; destroyDb(): Promise<void> };

async function startPlatform(name: string) {
  const database = await seededTestDatabase(name);
  const db = await openDatabase(database.url);
  await migrateToLatest(db);
  const config = { ...loadPlatformConfig({} as NodeJS.ProcessEnv), databaseUrl: database.url, port: 0 };
  const { app } = await buildApp({ db, config, logger: { level: "info", stream: platformLog.stream } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  let destroyed = false;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    destroyDb: async () => {
      destroyed = true;
      await db.destroy();
    },
    close: async () => {
      await app.close();
      if (!destroyed) await db.destroy();
      await database.drop();
    },
  };
}

/** The console's observability in front of a handler that calls the platform, as a page's loader would. */
async function startConsole(platformUrl: string) {
  const app = express();
  const { settings } = readSettings({ TMS_PLATFORM_URL: platformUrl }, "console");
  const build = { publicPath: "/build/", routes: { root: { id: "root", path: "" }, "routes/page": { id: "routes/page", parentId: "root", path: "page/:id" } } } as never;
  const observability = installObservability(app, build, settings, pino({ base: { service: "console" } }, consoleLogLines.stream));
  // As the build's assets are served: a handler mounted at the public path, which strips it from req.url.
  app.use("/build/", (_req: unknown, res: { end(body: string): void }) => res.end("asset"));
  app.get("/page/:id", async (_req: unknown, res: { json(body: unknown): void; status(code: number): { json(body: unknown): void } }) => {
    try {
      const data = await platformFetch<{ csrfToken: string }>({ baseUrl: platformUrl, platformId: "A", timeoutMs: 5_000 }, { tokens: null }, { path: "/api/v1/auth/csrf", body: { clientId: "obs" } });
      res.json({ ok: !!data.csrfToken });
    } catch (error) {
      res.status(502).json({ error: String(error) });
    }
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (observability.close(), server.close(() => resolve()))),
  };
}

/** The value of one series in Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name + "{")) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(" ").at(-1));
  }
  return 0;
}

beforeAll(async () => {
  platform = await startPlatform("observability");
});
afterAll(() => platform?.close());

describe("the platform", () => {
  it("keeps the caller's request id, returns it and logs one line per request, probes not logged", async () => {
    const before = platformLog.lines.length;
    const response = await fetch(`${platform.baseUrl}/api/v1/auth/csrf`, { method: "POST", headers: { "X-Request-Id": "obs-test-1", "X-Platform": "A", "Content-Type": "application/json" }, body: JSON.stringify({ clientId: "obs" }) });
    expect(response.headers.get("x-request-id")).toBe("obs-test-1");
    await response.text();
    for (const probe of ["/healthz", "/readyz", "/health", "/metrics"]) expect((await fetch(platform.baseUrl + probe)).status).toBe(200);
    const lines = platformLog.lines.slice(before);
    const mine = lines.filter((l) => l.reqId === "obs-test-1");
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: "request", status: 200, url: "/api/v1/auth/csrf", route: "/api/v1/auth/csrf" });
    expect(typeof mine[0].ms).toBe("number");
    expect(lines.filter((l) => /^\/(healthz|readyz|health|metrics)/.test(l.url ?? ""))).toEqual([]);
  });

  it("makes its own id when the caller sends none or a malformed one", async () => {
    const plain = await fetch(`${platform.baseUrl}/healthz`);
    expect(plain.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await fetch(`${platform.baseUrl}/healthz`, { headers: { "X-Request-Id": "<script>alert(1)</script>" } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("counts requests by route, login failures and sessions in /metrics", async () => {
    const scrape = async () => (await fetch(`${platform.baseUrl}/metrics`)).text();
    const before = await scrape();
    const csrf = await call<{ csrfToken: string; publicKey: string }>(platform.baseUrl, "/api/v1/auth/csrf", { body: { clientId: "obs" } });
    const { csrfToken, publicKey } = csrf.body.data!;
    const refused = await call(platform.baseUrl, "/api/v1/auth/third-class-insurance/token", {
      body: { grantType: "password", authKey: "13800000001", authSecret: encryptPassword(publicKey, "wrong-password-1"), clientId: "obs", csrfToken },
    });
    expect(refused.body.code).not.toBe(200);
    const after = await scrape();
    const csrfSeries = { method: "POST", route: "/api/v1/auth/csrf", status: "200" };
    expect(sample(after, "tms_platform_http_requests_total", csrfSeries)).toBe(sample(before, "tms_platform_http_requests_total", csrfSeries) + 1);
    expect(sample(after, "tms_platform_login_failures_total", { grant: "password" })).toBe(sample(before, "tms_platform_login_failures_total", { grant: "password" }) + 1);
    expect(sample(after, "tms_platform_http_request_duration_seconds_count", { route: "/api/v1/auth/csrf" })).toBeGreaterThan(0);
    for (const name of ["tms_platform_export_slots_in_use", "tms_platform_websocket_sessions", "tms_platform_process_resident_memory_bytes"]) expect(after).toContain(`${name}{`);
    expect(after).not.toContain('route="/metrics"');
  });
});

describe("the console", () => {
  it("gives each request an id that the platform logs and the response returns", async () => {
    const consoleApp = await startConsole(platform.baseUrl);
    try {
      const response = await fetch(`${consoleApp.url}/page/7`);
      expect(await response.json()).toEqual({ ok: true });
      const id = response.headers.get("x-request-id")!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      // The console's line and the platform's line carry the same id.
      expect(consoleLogLines.lines.filter((l) => l.reqId === id)).toMatchObject([{ msg: "request", status: 200, route: "routes/page", service: "console" }]);
      expect(platformLog.lines.filter((l) => l.reqId === id)).toMatchObject([{ msg: "request", status: 200, url: "/api/v1/auth/csrf" }]);
      // An id from an untrusted peer (TMS_TRUST_PROXY unset: nobody) is replaced.
      const forged = await fetch(`${consoleApp.url}/page/8`, { headers: { "X-Request-Id": "from-a-visitor" } });
      expect(forged.headers.get("x-request-id")).not.toBe("from-a-visitor");
      // An asset is labelled as one, by the path it came with (without its mount path it would match a page).
      const asset = await fetch(`${consoleApp.url}/build/page/9.js`);
      expect(await asset.text()).toBe("asset");
      expect(consoleLogLines.lines.filter((l) => l.reqId === asset.headers.get("x-request-id"))).toMatchObject([{ msg: "request", url: "/build/page/9.js", route: "assets" }]);
      // Probes are not logged.
      const lines = consoleLogLines.lines.length;
      expect((await fetch(`${consoleApp.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${consoleApp.url}/readyz`)).status).toBe(200);
      const metrics = await (await fetch(`${consoleApp.url}/metrics`)).text();
      expect(consoleLogLines.lines.length).toBe(lines);
      expect(sample(metrics, "tms_console_http_requests_total", { method: "GET", route: "routes/page", status: "200" })).toBeGreaterThanOrEqual(2);
      expect(sample(metrics, "tms_console_platform_call_duration_seconds_count", { method: "POST", path: "/api/v1/auth/csrf", status: "200" })).toBeGreaterThanOrEqual(2);
      expect(metrics).toContain("tms_console_sse_streams{");
      expect(metrics).not.toContain('route="unmatched"');
    } finally {
      await consoleApp.close();
    }
  });

  it("is not ready while the platform is unreachable", async () => {
    const consoleApp = await startConsole(`http://127.0.0.1:${await freePort()}`);
    try {
      expect((await fetch(`${consoleApp.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${consoleApp.url}/readyz`);
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { errorMsg: string; data: { checks: { platform: string } } };
      expect(body.errorMsg).toMatch(/未就绪/);
      expect(body.data.checks.platform).toMatch(/^DOWN/);
    } finally {
      await consoleApp.close();
    }
  });
});

describe("the platform without its database", () => {
  it("stays live but is not ready", async () => {
    await platform.destroyDb();
    expect((await fetch(`${platform.baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${platform.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { data: { checks: { database: string } } }).data.checks.database).toMatch(/^DOWN/);
    expect((await fetch(`${platform.baseUrl}/health`)).status).toBe(503);
  });
});
