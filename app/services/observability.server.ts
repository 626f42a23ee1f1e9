/**
 * The console's request context, logger and Prometheus metrics. The console server
 * (scripts/console-server.ts) and the Remix build load this module separately, so what must be one per
 * process (the request context, the metrics, the logger) hangs off global symbols.
 * - `requestContext`: the request id of the page request being served; the platform client sends it
 *   as X-Request-Id (platform.server.ts), the root loader hands it to the error page (请求编号).
 * - `consoleMetrics()`: the console's registry: requests by route, platform call durations, open
 *   event streams.
 * - `consoleLog()`: the console's pino logger (pretty in development, JSON in production).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import pino, { type Logger } from "pino";
import client from "prom-client";
import { DURATION_BUCKETS, loggerOptions } from "../../contract/observability";
import { readSettings } from "../../contract/settings";
import { openEventStreams } from "./sse.server";

export interface RequestContext {
  requestId: string;
}

const CONTEXT = Symbol.for("tms.console.requestContext");
const METRICS = Symbol.for("tms.console.metrics");
const LOGGER = Symbol.for("tms.console.logger");
const holder = globalThis as {
  [CONTEXT]?: AsyncLocalStorage<RequestContext>;
  [METRICS]?: ConsoleMetrics;
  [LOGGER]?: Logger;
};

export const requestContext: AsyncLocalStorage<RequestContext> = (holder[CONTEXT] ??= new AsyncLocalStorage<RequestContext>());

/** The id of the request being served, or null outside one (a background task). */
export const currentRequestId = (): string | null => requestContext.getStore()?.requestId ?? null;

function canPrettyPrint(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

export function consoleLog(): Logger {
  if (holder[LOGGER]) return holder[LOGGER];
  const { settings, production } = readSettings(process.env, "console");
  const logger = pino({ ...loggerOptions(production, settings.LOG_LEVEL, canPrettyPrint()), base: { service: "console" } });
  return (holder[LOGGER] = logger);
}

function defineMetrics() {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service: "console" });
  client.collectDefaultMetrics({ register: registry, prefix: "tms_console_" });
  return {
    registry,
    httpRequests: new client.Counter({
      name: "tms_console_http_requests_total",
      help: "HTTP requests answered by the console, by method, Remix route and status",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: "tms_console_http_request_duration_seconds",
      help: "Time to answer an HTTP request (to the last byte), by method and Remix route",
      labelNames: ["method", "route"] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    platformCalls: new client.Histogram({
      name: "tms_console_platform_call_duration_seconds",
      help: "Calls from the console to the platform, until the response headers, by method, platform path and status (0: no answer)",
      labelNames: ["method", "path", "status"] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    sseStreams: new client.Gauge({
      name: "tms_console_sse_streams",
      help: "Open event streams (push notifications) of this console",
      registers: [registry],
      collect() {
        this.set(openEventStreams().size);
      },
    }),
  };
}
export type ConsoleMetrics = ReturnType<typeof defineMetrics>;

export const consoleMetrics = (): ConsoleMetrics => (holder[METRICS] ??= defineMetrics());

/** A platform path as a metric label: ids and other variable segments become `:id`, the query is dropped. */
export function platformPathLabel(path: string): string {
  return (
    "/" +
    path
      .split("?")[0]
      .split("/")
      .filter(Boolean)
      .map((segment) => (/^\d+$|^[0-9a-f-]{16,}$/i.test(segment) || /\d{3,}/.test(segment) ? ":id" : segment))
      .join("/")
  );
}
