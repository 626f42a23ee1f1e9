import { brandingFor, type Branding } from "~/lib/branding";
import { consoleConfig } from "./config.server";
import type { PlatformTarget } from "./platform.server";

/** Host branding of the request's address (spec 1, 7.1). */
export function requestBranding(request: Request): Branding {
  const url = new URL(request.url);
  const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? url.host;
  return brandingFor(`${url.protocol}//${host}${url.pathname}${url.search}`);
}

/**
 * Where the platform is and which platform id this request speaks for. A page load (GET, HEAD) waits
 * the page timeout for each call; a POST, a file stream (`raw`) and a call marked `long` wait the
 * spec's 6,000,000 ms.
 */
export function platformTarget(request: Request): PlatformTarget {
  const pageLoad = request.method === "GET" || request.method === "HEAD";
  return {
    baseUrl: consoleConfig.platformUrl,
    platformId: requestBranding(request).platformId,
    timeoutMs: pageLoad ? consoleConfig.pageTimeoutMs : consoleConfig.requestTimeoutMs,
    longTimeoutMs: consoleConfig.requestTimeoutMs,
    clientAddress: clientAddressOf(request),
  };
}

/**
 * The browser's address as the console's server computed it (scripts/console-server.ts replaces
 * X-Forwarded-For with that one address under TMS_TRUST_PROXY before Remix sees the request). A
 * list can only come from a server that skipped that step: its right-most entry, the nearest hop.
 */
function clientAddressOf(request: Request): string | undefined {
  const forwarded = request.headers.get("X-Forwarded-For");
  return forwarded?.split(",").at(-1)?.trim() || undefined;
}

/** The client's address for a call that passes headers itself; platformFetch sets the same from the target. */
export function forwardedFor(request: Request): Record<string, string> {
  const address = clientAddressOf(request);
  return address ? { "X-Forwarded-For": address } : {};
}
