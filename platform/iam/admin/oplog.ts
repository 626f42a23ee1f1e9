/**
 * 操作日志 (domain 6.15; spec 7.4, 7.5): who did what, when, from where. Three writers:
 * - every state-changing platform call, recorded once here by an onResponse hook (kind API), so no
 *   route has to remember it and a form posted with JavaScript off is logged like any other call;
 * - logins (kind LOGIN), by the same hook;
 * - clicks on marked console elements (kind CLICK), through `POST sys-operation-log` (logged in) and
 *   `POST sys-operation-log/common-add` (logged out, rate-limited per IP).
 * Rows are never edited: there is no update or delete call. Reading them is the engine's
 * (`POST sys-operation-log/search`, the read-only binding in ./resources.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { RESOURCES } from "../../../contract/resources/index.js";
import type { OperationKind } from "../../../contract/resources/iam.js";
import type { ServiceContext } from "../../context.js";
import { limiterOf } from "../../http/rate-limit.js";
import { nowIso } from "../../db/index.js";
import { HttpError, ok } from "../../http/envelope.js";
import { parse } from "../../http/validate.js";
import type { Caller } from "../../identity/caller.js";
import type { AnyDb } from "../../resources/bind.js";
import { callerOf, platformOf, requireCaller } from "../../identity/guard.js";


export interface OperationEntry {
  platformId: string;
  /** Who: a signed-in caller, nobody (logged out), or the platform itself (a background job, shown as 系统). */
  caller?: Pick<Caller, "userId" | "name" | "mobile" | "type"> | "system" | null;
  module: string;
  content: string;
  system: string;
  kind: OperationKind;
  method?: string | null;
  path?: string | null;
  result?: "SUCCESS" | "FAIL" | null;
  errorMsg?: string | null;
  durationMs?: number | null;
  ip: string;
  userAgent: string;
}

export async function recordOperation(ctx: ServiceContext, entry: OperationEntry): Promise<void> {
  await writeOperation(ctx.db.kysely as unknown as AnyDb, entry);
}

/** The row itself, on a connection or inside the caller's transaction (a job's row with the change it records). */
export async function writeOperation(db: AnyDb, entry: OperationEntry): Promise<void> {
  const caller = entry.caller === "system" ? { userId: null, name: "系统", mobile: null, type: null } : entry.caller;
  await db
    .insertInto("sys_operation_logs")
    .values({
      platform_id: entry.platformId,
      user_id: caller?.userId ?? null,
      user_name: caller?.name ?? null,
      mobile: caller?.mobile ?? null,
      user_type: caller?.type ?? null,
      module: entry.module.slice(0, 32),
      content: entry.content.slice(0, 500),
      system: entry.system.slice(0, 16),
      kind: entry.kind,
      method: entry.method ?? null,
      path: entry.path?.slice(0, 256) ?? null,
      result: entry.result ?? null,
      error_msg: entry.errorMsg?.slice(0, 500) ?? null,
      duration_ms: entry.durationMs ?? null,
      ip: entry.ip.slice(0, 45),
      user_agent: entry.userAgent.slice(0, 256),
      created_at: nowIso(),
    })
    .execute();
}

/**
 * Module names of the platform's paths: the hand-written services' (a page's name where the service and
 * its resource share a path: 角色管理, 用户管理), then each resource's own name. The sort is stable, so of
 * two equal prefixes the first named wins.
 */
const MODULES: Array<[prefix: string, module: string]> = ([
  ["tms-freight-dispatch", "调度管理"],
  ["tms-freight-driver-comment", "司机评价"],
  ["tms-freight-riskappeal", "风险申诉"],
  ["tms-freight", "运单管理"],
  ["tms-order", "订单管理"],
  ["sys-notification", "消息中心"],
  ["sys-configs", "系统参数"],
  ["iam-role", "角色管理"],
  ["iam-user", "用户管理"],
  ["system-file", "系统文件"],
  ["personal", "个人中心"],
  ["wx-binding", "微信绑定"],
  ["device-manage", "设备管理"],
  ["api/v1/auth", "登录认证"],
  ...Object.values(RESOURCES).map((def) => [def.api.base, def.name] as [string, string]),
] as Array<[string, string]>).sort((a, b) => b[0].length - a[0].length);

export function moduleOf(path: string): string {
  const bare = path.replace(/^\/+/, "").split("?")[0]!;
  const hit = MODULES.find(([prefix]) => bare === prefix || bare.startsWith(`${prefix}/`));
  return hit ? hit[1] : bare.split("/")[0]!.slice(0, 32);
}

/**
 * POST calls that only read (searches, options, exports, details) are not state changes. The unread
 * count is asked for by every page the console draws: logged, it wrote a row per page view.
 */
const READ_ONLY = /\/(search|options|reveal|export|select|user-info|detail|findContract|findPersonContract|findOrderContract|historyFreightSearch|getActiveUserCodeByType|latest|catalogue|info|csrf|captcha|sms-auth-code|refresh|sms|unread-count)$/;
const NEVER_LOGGED = /^\/(sys-operation-log|api\/v1\/dev|health|ws|realtime)/;
const LOGIN_PATH = "/api/v1/auth/third-class-insurance/token";

const CONTENT_VERBS: Record<string, string> = { POST: "提交", PUT: "修改", DELETE: "删除", PATCH: "修改" };

function isStateChange(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  if (NEVER_LOGGED.test(path)) return false;
  return !READ_ONLY.test(path);
}

const started = new WeakMap<FastifyRequest, number>();
const outcomes = new WeakMap<FastifyRequest, { code: number; message: string | null }>();

function clientIp(request: FastifyRequest): string {
  const forwarded = request.headers["x-forwarded-for"];
  const first = typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined;
  return first || request.ip || "unknown";
}

const agentOf = (request: FastifyRequest) => String(request.headers["user-agent"] ?? "");

/** A 查看敏感信息 row: a full ID number shown (查看完整) or exported, by whom, from where; `content` names whose and which field. */
export async function recordSensitiveView(ctx: ServiceContext, request: FastifyRequest, content: string): Promise<void> {
  const caller = callerOf(request);
  if (!caller) return;
  const path = request.url.split("?")[0]!;
  await recordOperation(ctx, { platformId: caller.platformId, caller, module: moduleOf(path), content, system: String(request.headers["x-client-system"] ?? "pc端"), kind: "SENSITIVE_VIEW", method: request.method, path, result: "SUCCESS", ip: clientIp(request), userAgent: agentOf(request) });
}

/** Installs the hooks that write one API (or LOGIN) row per state-changing call. */
export function installOperationLog(app: FastifyInstance, ctx: ServiceContext): void {
  app.addHook("onRequest", async (request) => {
    started.set(request, Date.now());
  });
  app.addHook("onSend", async (request, _reply: FastifyReply, payload) => {
    if (typeof payload === "string" && payload.startsWith("{") && isStateChange(request.method, request.url.split("?")[0]!)) {
      try {
        const body = JSON.parse(payload) as { code?: unknown; message?: unknown; errorMsg?: unknown };
        outcomes.set(request, { code: Number(body.code ?? 200), message: typeof body.errorMsg === "string" ? body.errorMsg : typeof body.message === "string" ? body.message : null });
      } catch {
        // not an envelope: judged by the status alone
      }
    }
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const path = request.url.split("?")[0]!;
    if (!isStateChange(request.method, path)) return;
    const outcome = outcomes.get(request);
    const failed = reply.statusCode >= 400 || (outcome !== undefined && outcome.code !== 200);
    let caller: OperationEntry["caller"] = callerOf(request) ?? null;
    let kind: OperationKind = "API";
    if (path === LOGIN_PATH) {
      kind = "LOGIN";
      const mobile = (request.body as { authKey?: unknown } | undefined)?.authKey;
      if (typeof mobile !== "string") return;
      const user = await ctx.db.kysely.selectFrom("users").select(["id", "name", "mobile", "type"]).where("mobile", "=", mobile).executeTakeFirst();
      if (!user) return;
      caller = { userId: user.id, name: user.name, mobile: user.mobile, type: user.type };
      if (!failed) await ctx.db.kysely.updateTable("users").set({ last_login_at: nowIso(), last_login_ip: clientIp(request).slice(0, 45) }).where("id", "=", user.id).execute();
    } else if (!caller) {
      return;
    }
    let platformId = "A";
    try {
      platformId = platformOf(request);
    } catch {
      // a bad X-Platform header was already refused
    }
    await recordOperation(ctx, {
      platformId: caller && "platformId" in caller ? String((caller as Caller).platformId) : platformId,
      caller,
      module: kind === "LOGIN" ? "登录" : moduleOf(path),
      content: kind === "LOGIN" ? (failed ? "登录失败" : "登录成功") : `${CONTENT_VERBS[request.method] ?? request.method} ${path}`,
      system: String(request.headers["x-client-system"] ?? "pc端"),
      kind,
      method: request.method,
      path,
      result: failed ? "FAIL" : "SUCCESS",
      errorMsg: failed ? (outcome?.message ?? `HTTP ${reply.statusCode}`) : null,
      durationMs: Math.max(0, Date.now() - (started.get(request) ?? Date.now())),
      ip: clientIp(request),
      userAgent: agentOf(request),
    }).catch((error: unknown) => ctx.log.error({ err: error }, "operation log write failed"));
  });
}

const clickSchema = z.object({
  module: z.string({ required_error: "缺少必填字段 module" }).trim().min(1, "模块不能为空").max(32, "模块最多 32 个字"),
  content: z.string({ required_error: "缺少必填字段 content" }).trim().min(1, "内容不能为空").max(500, "内容最多 500 个字"),
  system: z.string({ required_error: "缺少必填字段 system" }).trim().min(1, "系统不能为空").max(16, "系统最多 16 个字"),
});

/** Logged-out clicks: at most 60 a minute from one IP (shared by the instances through Redis when configured). */
const ANONYMOUS_CLICKS_PER_MINUTE = 60;

export async function operationLogRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  installOperationLog(app, ctx);

  app.post("/sys-operation-log", async (request) => {
    const caller = await requireCaller(ctx, request);
    const body = parse(clickSchema, request.body);
    await recordOperation(ctx, { platformId: caller.platformId, caller, ...body, kind: "CLICK", ip: clientIp(request), userAgent: agentOf(request) });
    return ok(null);
  });

  app.post("/sys-operation-log/common-add", async (request) => {
    const platformId = platformOf(request);
    const body = parse(clickSchema, request.body);
    const ip = clientIp(request);
    if (!(await limiterOf(ctx).hit(`oplog:anonymous:${ip}`, ANONYMOUS_CLICKS_PER_MINUTE, 60_000)).allowed) throw new HttpError(429, "操作过于频繁，请稍后再试");
    await recordOperation(ctx, { platformId, caller: null, ...body, kind: "CLICK", ip, userAgent: agentOf(request) });
    return ok(null);
  });
}
