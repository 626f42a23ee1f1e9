/**
 * The platform's Prometheus metrics: one prom-client registry per process, its
 * metrics defined here and nowhere else; the code that does the work counts into them. Served at
 * GET /metrics (platform/observability/routes.ts).
 */
import client from "prom-client";
import { DURATION_BUCKETS } from "../../contract/observability.js";

export const registry = new client.Registry();
registry.setDefaultLabels({ service: "platform" });
client.collectDefaultMetrics({ register: registry, prefix: "tms_platform_" });

export const httpRequests = new client.Counter({
  name: "tms_platform_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: "tms_platform_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method and route pattern",
  labelNames: ["method", "route"] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

export const exportSlotsInUse = new client.Gauge({
  name: "tms_platform_export_slots_in_use",
  help: "xlsx exports streaming now (each holds one export slot)",
  registers: [registry],
});

export const websocketSessions = new client.Gauge({
  name: "tms_platform_websocket_sessions",
  help: "Open realtime websocket connections",
  registers: [registry],
});

export const jobRuns = new client.Counter({
  name: "tms_platform_job_runs_total",
  help: "Background job runs taken by this instance, by job and outcome (ok, failed)",
  labelNames: ["job", "outcome"] as const,
  registers: [registry],
});

export const jobDuration = new client.Histogram({
  name: "tms_platform_job_duration_seconds",
  help: "Duration of the background job runs taken by this instance",
  labelNames: ["job"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

export const loginFailures = new client.Counter({
  name: "tms_platform_login_failures_total",
  help: "Refused logins (wrong password or code, or locked), by grant type",
  labelNames: ["grant"] as const,
  registers: [registry],
});

export const smsSends = new client.Counter({
  name: "tms_platform_sms_sends_total",
  help: "Calls to the SMS gateway, by gateway path and outcome (ok, failed)",
  labelNames: ["path", "outcome"] as const,
  registers: [registry],
});
