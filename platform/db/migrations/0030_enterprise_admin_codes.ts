import type { Kysely, Migration } from "kysely";
import { ENTERPRISE_ADMIN_CODES, ENTERPRISE_ADMIN_ROLE } from "../../../contract/role-templates.js";
import { grantMissingCodes } from "../../iam/role-templates.js";
import type { DialectName } from "../index.js";

/**
 * Every 企业管理员 role made before its template held the codes of domain 0.6
 * (货源, 充值, 支付, 银行卡, 申请开票, 统计报表) gets the codes it lacks, so the administrators of
 * existing enterprises can run their business without the platform editing the role by hand.
 */
export function enterpriseAdminCodesMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const k = db as Kysely<any>;
      const roles = await k.selectFrom("roles").select("id").where("name", "=", ENTERPRISE_ADMIN_ROLE).where("user_type", "=", "ORG_USER").execute();
      for (const role of roles) await grantMissingCodes(k, Number(role.id), ENTERPRISE_ADMIN_CODES);
    },
    async down() {
      // Codes granted to a role stay granted.
    },
  };
}
