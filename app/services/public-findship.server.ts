/** The public find-ship calls of the H5 pages (no token): the visitor's address travels as X-Visitor-IP for the platform's rate limit. */
import { platformFetch, type CallOptions } from "./platform.server";
import { platformTarget } from "./target.server";

function visitorIp(request: Request): string | undefined {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded && /^[0-9a-fA-F.:]{2,45}$/.test(forwarded) ? forwarded : undefined;
}

export function publicCall<T>(request: Request, options: CallOptions): Promise<T> {
  const ip = visitorIp(request);
  return platformFetch<T>(platformTarget(request), { tokens: null }, { ...options, headers: { ...options.headers, ...(ip ? { "X-Visitor-IP": ip } : {}) } });
}
