/**
 * 系统参数 (domain 6.5): one value per key and platform, with defaults in code. The password expiry
 * (`PW_EXPIRATION_DAYS`, 0 = 永不过期) is read when a password is set and enforced at login through
 * users.pw_expiration (spec 3, 4).
 */
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { z } from "zod";
import type { ServiceContext } from "../../context.js";
import { nowIso } from "../../db/index.js";
import type { AnyDb } from "../../resources/bind.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/validate.js";
import { requireCaller } from "../../identity/guard.js";
import { requireCode } from "../../http/permission.js";

export const CONFIG_DEFAULTS = { PW_EXPIRATION_DAYS: { value: "90", type: "INT", description: "密码有效天数（0 = 永不过期）" } } as const;
export type ConfigKey = keyof typeof CONFIG_DEFAULTS;

export async function readConfig(db: AnyDb, platformId: string, key: ConfigKey): Promise<string> {
  const row = await db.selectFrom("sys_configs").select("config_value").where("platform_id", "=", platformId).where("config_key", "=", key).executeTakeFirst();
  return row?.config_value ?? CONFIG_DEFAULTS[key].value;
}

export async function writeConfig(db: AnyDb, platformId: string, key: ConfigKey, value: string, userId: number): Promise<void> {
  const at = nowIso();
  await db
    .insertInto("sys_configs")
    .values({ platform_id: platformId, config_key: key, config_value: value, value_type: CONFIG_DEFAULTS[key].type, description: CONFIG_DEFAULTS[key].description, updated_by: userId, updated_at: at })
    .onConflict((oc) => oc.columns(["platform_id", "config_key"]).doUpdateSet({ config_value: value, updated_by: userId, updated_at: at }))
    .execute();
}

export const MAX_PW_EXPIRATION_DAYS = 365;

/** When a password set at `changedAt` expires under the platform's rule (null: never). */
export async function passwordExpiry(db: AnyDb, platformId: string, changedAt: Date): Promise<string | null> {
  const days = Number(await readConfig(db, platformId, "PW_EXPIRATION_DAYS"));
  return days > 0 ? new Date(changedAt.getTime() + days * 86_400_000).toISOString() : null;
}

const daysParam = z.object({
  value: z.preprocess((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v), z.number({ invalid_type_error: "密码有效天数必须是 0–365 的整数" }).int("密码有效天数必须是整数").min(0, "密码有效天数不能小于 0").max(MAX_PW_EXPIRATION_DAYS, "密码有效天数最多 365 天")),
});
const applyBody = z.object({ applyToExisting: z.boolean({ invalid_type_error: "applyToExisting 必须是布尔值" }).optional() }).nullable();

/** Spec 7.4: `type` names a user list (domain 6.6); the users ACTIVE in it now. */
const listTypeQuery = z.object({ type: z.string({ required_error: "缺少必填参数 type" }).regex(/^[A-Z_]{2,32}$/, "名单类型不正确（type）") });

async function activeUserCodes(ctx: ServiceContext, platformId: string, type: string): Promise<string[]> {
  // user_lists (domain 6.6) belongs to the lists' own feature; until it exists no user is on a list.
  try {
    const now = nowIso();
    const rows = await sql<{ subject_id: number }>`select subject_id from user_lists where platform_id = ${platformId} and list_type = ${type} and status = 'ACTIVE' and (valid_to is null or valid_to > ${now}) and deleted_at is null`.execute(ctx.db.kysely);
    return rows.rows.map((r) => String(r.subject_id));
  } catch {
    return [];
  }
}

export async function sysConfigRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get("/sys-configs/queryPwExpirationConfig", async (request) => {
    const caller = await requireCaller(ctx, request);
    requireCode(caller, "SYSTEM_USER_CONFIG", "查看密码过期配置");
    return ok({ days: Number(await readConfig(ctx.db.kysely, caller.platformId, "PW_EXPIRATION_DAYS")) });
  });

  app.put("/sys-configs/:value/pwExpirationConfig", async (request) => {
    const caller = await requireCaller(ctx, request);
    requireCode(caller, "SYSTEM_USER_CONFIG", "修改密码过期配置");
    const { value } = parse(daysParam, request.params);
    const { applyToExisting } = parse(applyBody, request.body ?? {}) ?? {};
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await writeConfig(trx, caller.platformId, "PW_EXPIRATION_DAYS", String(value), caller.userId);
      if (!applyToExisting) return;
      // 对现有用户立即生效: recompute from each user's last change (their creation when never changed).
      const users = await trx.selectFrom("users").select(["id", "password_changed_at", "created_at"]).where("platform_id", "=", caller.platformId).execute();
      for (const user of users) {
        const base = new Date(user.password_changed_at ?? user.created_at);
        await trx.updateTable("users").set({ pw_expiration: value > 0 ? new Date(base.getTime() + value * 86_400_000).toISOString() : null }).where("id", "=", user.id).execute();
      }
    });
    return ok({ days: value });
  });

  app.post("/sys-configs/getActiveUserCodeByType", async (request) => {
    const caller = await requireCaller(ctx, request);
    const { type } = parse(listTypeQuery, request.query);
    return ok(await activeUserCodes(ctx, caller.platformId, type));
  });
}
