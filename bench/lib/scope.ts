/** A demo account's caller scope for benchmarks that call the platform's functions in process. */
import { WATER_PERMISSION } from "../../contract/permissions.js";
import { REPORTS } from "../../contract/reports.js";
import type { Db } from "../../platform/db/index.js";
import type { CallerScope } from "../../platform/scope.js";

/** The account's scope with the permissions its roles grant, as the platform builds it. */
export async function userScope(db: Db, mobile: string): Promise<CallerScope> {
  const user = await userRow(db, mobile);
  const codes = await db.kysely
    .selectFrom("user_roles")
    .innerJoin("role_permissions", "role_permissions.role_id", "user_roles.role_id")
    .select("permission_code")
    .where("user_id", "=", user.id)
    .execute();
  const permissions = new Set(codes.map((c) => c.permission_code));
  return scopeOfUser(user, permissions.has(WATER_PERMISSION), permissions);
}

/** The account's scope with every report code, so each report runs for each account. */
export async function reportScope(db: Db, mobile: string): Promise<CallerScope> {
  return scopeOfUser(await userRow(db, mobile), true, new Set(Object.values(REPORTS).map((r) => r.code)));
}

type UserRow = Awaited<ReturnType<typeof userRow>>;
const userRow = (db: Db, mobile: string) => db.kysely.selectFrom("users").selectAll().where("mobile", "=", mobile).executeTakeFirstOrThrow();

function scopeOfUser(user: UserRow, water: boolean, permissions: Set<string>): CallerScope {
  return { type: user.type, userId: user.id, name: user.name, platformId: user.platform_id, tenantId: user.tenant_id, orgId: user.org_id, water, permissions };
}
