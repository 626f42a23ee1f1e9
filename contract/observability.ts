/**
 * Observability rules both programs follow, written once:
 * - the request id header, what an acceptable incoming id looks like;
 * - which paths are probes (never logged, never counted as traffic);
 * - who may read /metrics: a loopback peer (the machine's own Prometheus agent or nginx), or anyone
 *   presenting `Authorization: Bearer <TMS_METRICS_TOKEN>` when that setting is set.
 */
import { timingSafeEqual } from "node:crypto";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** An incoming id is kept only when it is short and plain (it goes into logs and an HTML page). */
export function acceptableRequestId(value: string | null | undefined): string | null {
  const id = value?.trim();
  return id && /^[A-Za-z0-9._:-]{1,128}$/.test(id) ? id : null;
}

/** Liveness, readiness, the old health alias and the metrics scrape: not logged, not counted. */
export const PROBE_PATHS = new Set(["/healthz", "/readyz", "/health", "/metrics"]);
export const isProbePath = (url: string | undefined) => PROBE_PATHS.has((url ?? "/").split("?")[0]);

/** A peer address on this machine (IPv4, IPv6 or IPv4-mapped loopback). */
export const isLoopbackAddress = (address: string | undefined) => !!address && /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);

/**
 * May this caller read /metrics? `peer` is the socket's address (never X-Forwarded-For: a proxy in
 * front would make every visitor "local"); `authorization` the request's header; `token` the setting.
 */
export function metricsAllowed(peer: string | undefined, authorization: string | undefined, token: string | null): boolean {
  if (token) {
    const given = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim() ?? "";
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    if (a.length === b.length && timingSafeEqual(a, b)) return true;
  }
  return isLoopbackAddress(peer);
}

export const METRICS_REFUSED_MESSAGE = "指标接口仅对本机或携带 TMS_METRICS_TOKEN 的请求开放";

/** Histogram buckets (seconds) for request and platform-call durations. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Log options both sides give pino: pretty lines in development (pino-pretty, a development
 * dependency, when installed), one JSON object a line in production.
 */
export function loggerOptions(production: boolean, level: string, canPretty: boolean): { level: string; transport?: { target: string; options: Record<string, unknown> } } {
  if (production || !canPretty) return { level };
  return { level, transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss.l", ignore: "pid,hostname", singleLine: true } } };
}
