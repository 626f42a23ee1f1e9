/** The public find-ship calls of the H5 pages (no token): the visitor's address travels as X-Forwarded-For for the platform's rate limit. */
import { platformFetch, type CallOptions } from "./platform.server";
import { forwardedFor, platformTarget } from "./target.server";

export function publicCall<T>(request: Request, options: CallOptions): Promise<T> {
  return platformFetch<T>(platformTarget(request), { tokens: null }, { ...options, headers: { ...options.headers, ...forwardedFor(request) } });
}
