/**
 * What the engine asks of the services above it: who is calling, the sensitive-word screen, the
 * dictionaries, the stored files and the notifications. The engine declares the shape; the composition
 * root (`platform/composition.ts`) supplies them when it loads, so the engine imports no service.
 */
import type { FastifyRequest } from "fastify";
import type { Field } from "../../contract/resources/kit.js";
import type { ServiceContext } from "../context.js";
import type { CallerScope } from "../scope.js";
import type { AnyDb, Binding, Row } from "./bind.js";

/** The notifications of one transition: staged in its transaction, delivered after the commit. */
export interface TransitionNotices {
  stage(trx: AnyDb, binding: Binding, scope: CallerScope, row: Row, transition: string, title: string): Promise<void>;
  deliver(ctx: ServiceContext): Promise<unknown>;
}

export interface EngineServices {
  /** The authenticated caller's scope; refuses a request without a valid token. */
  requireScope(ctx: ServiceContext, request: FastifyRequest): Promise<CallerScope>;
  /** The body with the fields marked `screen` checked against the platform's sensitive words. */
  screenFields(db: AnyDb, platformId: string, fields: Record<string, Field>, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A transition's dictionary choices folded into their texts. */
  foldDictChoices(db: AnyDb, platformId: string, fields: Readonly<Record<string, Field>>, inputs: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Refuses references (a field's value) to stored files the writer did not upload, unless the row already held them. */
  checkDocumentRefs(db: AnyDb, scope: CallerScope, label: string, value: unknown, held: unknown, options: { strict: boolean }): Promise<void>;
  transitionNotices(): TransitionNotices;
  /** Writes a 查看敏感信息 row of 操作日志 (a full ID number shown or exported): the caller, the request's address, what was seen. */
  logSensitiveView(ctx: ServiceContext, request: FastifyRequest, scope: CallerScope, content: string): Promise<void>;
}

let provided: EngineServices | null = null;

export function provideEngineServices(services: EngineServices): void {
  provided = services;
}

export function engineServices(): EngineServices {
  if (!provided) throw new Error("The engine's services are supplied by platform/composition.ts: import it before serving a resource");
  return provided;
}
