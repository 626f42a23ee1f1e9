import type { Kysely, Migration } from "kysely";
import { CARRIER_ROLE_TEMPLATES, ENTERPRISE_ADMIN_CODES, ENTERPRISE_ADMIN_ROLE } from "../../../contract/role-templates.js";
import { grantMissingCodes, templateRole } from "../../iam/role-templates.js";
import type { DialectName } from "../index.js";

/**
 * Water transport for the accounts the platform made before their templates held it: every 企业管理员
 * role gets the water permission (its enterprise may keep captains and ships and dispatch water
 * waybills), and every account that owns a captain profile and cannot see water gets the 船长 role (the
 * carrier role gave him no sight of his own water waybills).
 */
export function waterCarrierCodesMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const k = db as Kysely<any>;
      const roles = await k.selectFrom("roles").select("id").where("name", "=", ENTERPRISE_ADMIN_ROLE).where("user_type", "=", "ORG_USER").execute();
      for (const role of roles) await grantMissingCodes(k, Number(role.id), ENTERPRISE_ADMIN_CODES);
      const captains = await k
        .selectFrom("captain_profiles as p")
        .innerJoin("users as u", "u.id", "p.user_id")
        .select(["u.id", "u.platform_id"])
        .where("p.deleted_at", "is", null)
        .where("u.type", "=", "INDIVIDUAL_USER")
        .where((eb) => eb.not(eb.exists(eb.selectFrom("user_roles as ur").innerJoin("role_permissions as rp", "rp.role_id", "ur.role_id").select("ur.role_id").whereRef("ur.user_id", "=", "u.id").where("rp.permission_code", "=", "TMS_FREIGHT_WATER"))))
        .execute();
      for (const captain of captains) {
        const roleId = await templateRole(k, String(captain.platform_id), { ...CARRIER_ROLE_TEMPLATES.CAPTAIN, userType: "INDIVIDUAL_USER" });
        await k.insertInto("user_roles").values({ user_id: Number(captain.id), role_id: roleId }).execute();
      }
    },
    async down() {
      // Codes and roles granted stay granted.
    },
  };
}
