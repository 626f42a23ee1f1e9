/**
 * Production start-up: no demo data. The platforms and the permission catalogue are kept
 * in step on every start; the first platform administrator comes from a one-time command
 * (`npm run admin:create`), with a random password that is already expired, so the first login goes
 * straight to changing it.
 */
import { randomBytes, randomInt } from "node:crypto";
import { PERMISSIONS, PERMISSION_CODES } from "../../contract/permissions.js";
import { MOBILE_PATTERN } from "../../contract/validation.js";
import { hashPassword } from "../identity/crypto.js";
import type { Db } from "../db/index.js";
import { nowIso } from "../db/index.js";
import { PLATFORMS } from "../db/seed.js";
import { startDictionary } from "../masterdata/dict-item.resource.js";
import { STARTING_REJECT_REASONS } from "../../contract/resources/dict-item.js";

/** Inserts missing platforms, permission codes and starting 驳回原因; changes nothing that exists. */
export async function bootstrapCatalogue(db: Db): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const platforms = new Set((await trx.selectFrom("platforms").select("id").execute()).map((p) => p.id));
    const missingPlatforms = PLATFORMS.filter((p) => !platforms.has(p.id));
    if (missingPlatforms.length) await trx.insertInto("platforms").values(missingPlatforms).execute();
    const codes = new Set((await trx.selectFrom("permissions").select("code").execute()).map((p) => p.code));
    const missingCodes = PERMISSION_CODES.filter((code) => !codes.has(code));
    if (missingCodes.length) {
      await trx
        .insertInto("permissions")
        .values(missingCodes.map((code) => ({ code, name: PERMISSIONS[code].name, category: PERMISSIONS[code].category })))
        .execute();
    }
    await startDictionary(trx, "AUDIT_REJECT_REASON", STARTING_REJECT_REASONS);
  });
}

/** A password that meets the policy: letters and digits, 16 characters. */
function oneTimePassword(): string {
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz";
  const body = randomBytes(12).toString("base64url").replace(/[-_]/g, "x");
  return `${letters[randomInt(letters.length)]}${randomInt(10)}${body}`.slice(0, 16);
}

export interface FirstAdmin {
  userId: number;
  mobile: string;
  password: string;
}

/** Creates the platform's first administrator; refused once the platform has any platform user. */
export async function createFirstAdmin(db: Db, input: { mobile: string; name: string; platformId?: string }): Promise<FirstAdmin> {
  const platformId = input.platformId ?? "A";
  if (!MOBILE_PATTERN.test(input.mobile)) throw new Error("手机号格式不正确");
  const name = input.name.trim();
  if (!name || name.length > 32) throw new Error("姓名不能为空，且不超过 32 个字");
  if (!PLATFORMS.some((p) => p.id === platformId)) throw new Error(`平台 ${platformId} 不存在`);
  await bootstrapCatalogue(db);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const userId = await db.kysely.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("users").select("id").where("platform_id", "=", platformId).where("type", "=", "SYSTEM_USER").executeTakeFirst();
    if (existing) throw new Error(`平台 ${platformId} 已有平台用户，首个管理员只能创建一次；请用现有管理员在「系统管理 › 用户管理」中添加`);
    const role = await trx.insertInto("roles").values({ platform_id: platformId, name: "平台超级管理员", user_type: "SYSTEM_USER" }).returning("id").executeTakeFirstOrThrow();
    await trx
      .insertInto("role_permissions")
      .values(PERMISSION_CODES.map((code) => ({ role_id: role.id, permission_code: code })))
      .execute();
    const now = nowIso();
    const user = await trx
      .insertInto("users")
      .values({ platform_id: platformId, tenant_id: null, org_id: null, type: "SYSTEM_USER", mobile: input.mobile, name, password_hash: passwordHash, headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: now, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
    return Number(user.id);
  });
  return { userId, mobile: input.mobile, password };
}
