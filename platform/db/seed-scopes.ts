import { PERMISSION_CODES } from "../../contract/permissions.js";
import type { UserType } from "../../contract/platforms.js";
import type { CallerScope } from "../scope.js";
import type { Db } from "./index.js";
import type { SeedIds } from "./seed.js";

const ALL = new Set<string>(PERMISSION_CODES);

/** The demo accounts' rows, and a caller scope holding every permission for each account kind (seeders act as them). */
export async function demoScopes(db: Db, ids: SeedIds) {
  const users = await db.kysely.selectFrom("users").selectAll().where("id", "in", Object.values(ids.userIds)).execute();
  const scopeOfUser = (u: (typeof users)[number]): CallerScope => ({
    type: u.type,
    userId: Number(u.id),
    name: u.name,
    platformId: u.platform_id,
    tenantId: u.tenant_id === null ? null : Number(u.tenant_id),
    orgId: u.org_id === null ? null : Number(u.org_id),
    water: true,
    permissions: ALL,
  });
  const scopeOf = (type: UserType): CallerScope => scopeOfUser(users.find((x) => x.type === type)!);
  return { users, scopeOf, scopeOfUser };
}
