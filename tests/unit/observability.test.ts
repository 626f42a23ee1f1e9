/** The rules of request ids, probes, /metrics access and metric labels. */
import { describe, expect, it } from "vitest";
import { acceptableRequestId, isProbePath, loggerOptions, metricsAllowed } from "../../contract/observability";
import { platformPathLabel } from "../../app/services/observability.server";
import { routeLabeller } from "../../scripts/console-routes";
import { peerTrust } from "../../scripts/console-observability";

describe("request ids", () => {
  it("keeps a plain id and refuses anything that could break a log line or a page", () => {
    expect(acceptableRequestId(" 1f0e-abc:2.x_Y ")).toBe("1f0e-abc:2.x_Y");
    for (const bad of [undefined, null, "", "a b", "<b>", "x".repeat(129), "id\nforged"]) expect(acceptableRequestId(bad)).toBeNull();
  });
});

describe("probes", () => {
  it("are the health, readiness and metrics paths, with or without a query", () => {
    for (const path of ["/healthz", "/readyz?x=1", "/health", "/metrics"]) expect(isProbePath(path)).toBe(true);
    for (const path of ["/", "/healthzz", "/api/v1/metrics", undefined]) expect(isProbePath(path)).toBe(false);
  });
});

describe("/metrics access", () => {
  it("is open to loopback peers and refused to others without the token", () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect(metricsAllowed(peer, undefined, null)).toBe(true);
    for (const peer of ["10.0.0.5", "::ffff:192.168.1.2", undefined]) expect(metricsAllowed(peer, undefined, null)).toBe(false);
  });

  it("opens to anyone with the bearer token, and only the exact token", () => {
    const token = "scrape-token-0123456789";
    expect(metricsAllowed("10.0.0.5", `Bearer ${token}`, token)).toBe(true);
    expect(metricsAllowed("10.0.0.5", `Bearer ${token}x`, token)).toBe(false);
    expect(metricsAllowed("10.0.0.5", token, token)).toBe(false);
    expect(metricsAllowed("10.0.0.5", "Bearer ", null)).toBe(false);
  });
});

describe("log format", () => {
  it("is pretty in development when pino-pretty is installed, JSON in production", () => {
    expect(loggerOptions(false, "info", true).transport?.target).toBe("pino-pretty");
    expect(loggerOptions(true, "info", true)).toEqual({ level: "info" });
    expect(loggerOptions(false, "debug", false)).toEqual({ level: "debug" });
  });
});

describe("metric labels", () => {
  it("name a platform path without its ids", () => {
    expect(platformPathLabel("/tms-freight/search")).toBe("/tms-freight/search");
    expect(platformPathLabel("tms-freight/detail/12345?x=1")).toBe("/tms-freight/detail/:id");
    expect(platformPathLabel("/files/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b")).toBe("/files/:id");
  });

  it("name a console request by its Remix route", () => {
    const label = routeLabeller({
      publicPath: "/build/",
      routes: {
        root: { id: "root", path: "" },
        "routes/_app": { id: "routes/_app", parentId: "root" },
        "routes/_app.dashboard": { id: "routes/_app.dashboard", parentId: "routes/_app", path: "dashboard" },
        "routes/_app.order.$id": { id: "routes/_app.order.$id", parentId: "routes/_app", path: "order/:id" },
        "routes/_app.$": { id: "routes/_app.$", parentId: "routes/_app", path: "*" },
      },
    } as never);
    expect(label("/dashboard")).toBe("routes/_app.dashboard");
    expect(label("/order/77")).toBe("routes/_app.order.$id");
    expect(label("/no/such/page")).toBe("routes/_app.$");
    expect(label("/build/entry.client-ABC.js")).toBe("assets");
  });
});

describe("the console's trusted proxy for request ids", () => {
  it("trusts nobody by default, and the listed peers when TMS_TRUST_PROXY says so", () => {
    expect(peerTrust(null)("127.0.0.1")).toBe(false);
    expect(peerTrust("off")("127.0.0.1")).toBe(false);
    const listed = peerTrust("loopback,10.1.0.0/16");
    expect(listed("127.0.0.1")).toBe(true);
    expect(listed("10.1.2.3")).toBe(true);
    expect(listed("10.2.0.1")).toBe(false);
    expect(peerTrust("1")("203.0.113.9")).toBe(true);
  });
});

describe("platform metrics counted where the work is done", () => {
  it("count a job's runs by outcome and time them; a period another instance took is not counted", async () => {
    const { JobRunner } = await import("../../platform/jobs/runner");
    const { registry } = await import("../../platform/observability/metrics");
    const runs = async (job: string, outcome: string) => (await registry.getSingleMetric("tms_platform_job_runs_total")!.get()).values.find((v) => v.labels.job === job && v.labels.outcome === outcome)?.value ?? 0;
    const runner = new JobRunner({ error: () => undefined });
    runner.every("obs-ok", 60_000, async () => undefined, { runNow: true });
    runner.every("obs-fail", 60_000, async () => Promise.reject(new Error("boom")), { runNow: true });
    runner.every("obs-elsewhere", 60_000, async () => undefined, { runNow: true, turn: async () => false });
    await runner.drain();
    runner.stop();
    expect(await runs("obs-ok", "ok")).toBe(1);
    expect(await runs("obs-fail", "failed")).toBe(1);
    expect(await runs("obs-elsewhere", "ok")).toBe(0);
    const text = await registry.metrics();
    expect(text).toMatch(/tms_platform_job_duration_seconds_count\{[^}]*job="obs-ok"[^}]*\} 1/);
  });

  it("show the export slots in use", async () => {
    const { takeExportSlot } = await import("../../platform/http/export-slots");
    const { exportSlotsInUse } = await import("../../platform/observability/metrics");
    const inUse = async () => (await exportSlotsInUse.get()).values[0]?.value ?? 0;
    const before = await inUse();
    const release = takeExportSlot(999_001, { perUser: 2, total: 6 });
    expect(await inUse()).toBe(before + 1);
    release();
    release();
    expect(await inUse()).toBe(before);
  });
});
