/**
 * The platform's template roles (contract/role-templates.ts), made on first use in each platform and
 * topped up with any code their template gained since: the 企业管理员 of every new enterprise and the
 * 司机/船长 role of every carrier account share one role each per platform.
 */
import type { Kysely, Transaction } from "kysely";
import type { UserType } from "../../contract/platforms.js";
import type { Database } from "../db/schema.js";
import type { AnyDb } from "../resources/bind.js";

type Db = Kysely<Database> | Transaction<Database>;
const typed = (trx: AnyDb) => trx as unknown as Db;

/** Adds to a role the catalogued codes of `codes` it does not hold yet. */
export async function grantMissingCodes(trx: AnyDb, roleId: number, codes: readonly string[]): Promise<void> {
  const db = typed(trx);
  const held = await db.selectFrom("role_permissions").select("permission_code").where("role_id", "=", roleId).execute();
  const have = new Set(held.map((h) => h.permission_code));
  const known = await db.selectFrom("permissions").select("code").where("code", "in", [...codes]).execute();
  const missing = known.filter((p) => !have.has(p.code));
  if (missing.length) await db.insertInto("role_permissions").values(missing.map((p) => ({ role_id: roleId, permission_code: p.code }))).execute();
}

/** The platform's role of a template (found by name and user kind, else created), holding every code of the template. */
export async function templateRole(trx: AnyDb, platformId: string, template: { name: string; userType: UserType; codes: readonly string[] }): Promise<number> {
  const db = typed(trx);
  const found = await db.selectFrom("roles").select("id").where("platform_id", "=", platformId).where("name", "=", template.name).where("user_type", "=", template.userType).executeTakeFirst();
  const roleId = found ? Number(found.id) : Number((await db.insertInto("roles").values({ platform_id: platformId, name: template.name, user_type: template.userType }).returning("id").executeTakeFirstOrThrow()).id);
  await grantMissingCodes(db, roleId, template.codes);
  return roleId;
}
