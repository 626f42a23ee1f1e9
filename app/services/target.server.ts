import { brandingFor, type Branding } from "~/lib/branding";
import { consoleConfig } from "./config.server";
import type { PlatformTarget } from "./platform.server";

/** Host branding of the request's address (spec 1, 7.1). */
export function requestBranding(request: Request): Branding {
  const url = new URL(request.url);
  const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? url.host;
  return brandingFor(`${url.protocol}//${host}${url.pathname}${url.search}`);
}

/** Where the platform is and which platform id this request speaks for. */
export function platformTarget(request: Request): PlatformTarget {
  return {
    baseUrl: consoleConfig.platformUrl,
    platformId: requestBranding(request).platformId,
    timeoutMs: consoleConfig.requestTimeoutMs,
  };
}
