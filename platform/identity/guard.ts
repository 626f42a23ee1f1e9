import type { FastifyRequest } from "fastify";
import { isPlatformId } from "../../contract/platforms.js";
import type { ServiceContext } from "../context.js";
import { HttpError } from "../http/envelope.js";
import type { Caller } from "./caller.js";
import { scopeOf, type CallerScope } from "../scope.js";
import { authenticate } from "./service.js";

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The X-Platform header (A–D); A when absent, 400 when it names no platform. */
export function platformOf(request: FastifyRequest): string {
  const value = request.headers["x-platform"];
  if (value === undefined) return "A";
  if (!isPlatformId(value)) throw new HttpError(400, "X-Platform 只能是 A、B、C 或 D");
  return value;
}

const callers = new WeakMap<FastifyRequest, Caller>();

/** The caller a route authenticated for this request (the operation log reads it after the answer). */
export function callerOf(request: FastifyRequest): Caller | undefined {
  return callers.get(request);
}

/** Authenticates the request's Bearer token; every non-public route calls this first. */
export async function requireCaller(ctx: ServiceContext, request: FastifyRequest): Promise<Caller> {
  platformOf(request);
  const caller = await authenticate(ctx, bearerToken(request));
  callers.set(request, caller);
  return caller;
}

/** The authenticated caller's scope (platform/scope.ts). */
export async function requireScope(ctx: ServiceContext, request: FastifyRequest): Promise<CallerScope> {
  return scopeOf(ctx, await requireCaller(ctx, request));
}
