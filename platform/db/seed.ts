import { PERMISSIONS, PERMISSION_CODES, type PermissionCode } from "../../contract/permissions.js";
import { ORG_ORDER_CODES, ORG_RESOURCE_CODES } from "../../contract/role-templates.js";
import type { UserType } from "../../contract/platforms.js";
import type { Db } from "./index.js";
import { nowIso } from "./index.js";

export const DEMO_PASSWORD = "Demo@2026";

export const DEMO_ACCOUNTS = {
  SYSTEM_USER: "13800000001",
  TENANT_USER: "13800000002",
  ORG_USER: "13800000003",
  INDIVIDUAL_USER: "13800000004",
} as const satisfies Record<UserType, string>;

/**
 * The demo captain: an INDIVIDUAL_USER like 张师傅, who carries the first organisation's water waybills
 * on his own ship (platform/freight/seed.ts) and works from the same phone pages (/driver). Not one of
 * DEMO_ACCOUNTS, which holds one account of each kind.
 */
export const DEMO_CAPTAIN = { mobile: "13800000005", name: "陈船长", role: "个人船长" } as const;

export const PLATFORMS = [
  { id: "A", name: "运输管理后台", title: "运输管理后台" },
  { id: "B", name: "网络货运平台", title: "网络货运平台" },
  { id: "C", name: "粮运通", title: "粮运通物流平台" },
  { id: "D", name: "江淮粮运", title: "江淮粮运管理平台" },
];

const REPORTS_BASIC: PermissionCode[] = [
  "TMS_STATISTICS_OF_lOADING_TRAFFIC",
  "TMS_STATISTICS_OF_UNLOADING_TRAFFIC",
  "TMS_STATISTICS_OF_DRIVER_TRAFFIC",
  "TMS_STATISTICS_OF_VEHICLE_TRAFFIC",
  "TMS_STATISTICS_OF_GOODS_TRAFFIC",
];

/** Master-data audits and lists a tenant's operations staff hold (domain 0.6 租户运营). */
const TENANT_AUDITS: PermissionCode[] = [
  "TMS_ENTERPRISE_MANAGEMENT",
  "TMS_ENTERPRISE_APPROVE",
  "TMS_DRIVER_MANAGEMENT",
  "TMS_VEHICLE_LIST",
  "TMS_VEHICLE_APPROVE",
  "TMS_DRIVER_MASTER_APPROVE",
  "TMS_VEHICLE_RELATION_APPROVE",
  "TMS_SHIP_APPROVE",
  "TMS_SHIPOWNER_APPROVE",
  "TMS_SHIPPER_APPROVE",
  "TMS_SHIP_RELATION_APPROVE",
  "TMS_REGISTER_INVITE",
  "TMS_PROJECT_APPROVE",
];

/** Realistic subsets for the non-system demo accounts; the system account holds every code. */
const ROLE_SUBSETS: Record<Exclude<UserType, "SYSTEM_USER">, { role: string; codes: PermissionCode[] }> = {
  TENANT_USER: {
    role: "租户运营",
    codes: [
      "TMS_ORDER_ADD", "TMS_ORDER_EDIT", "TMS_ORDER_CLOSE", "TMS_ORDER_EXPORT", "TMS_ORDER_IMPORT",
      "TMS_DELIVERY_MANAGEMENT", "TMS_TRANSPORT_TASK", "TMS_CONTAINER_RETURN",
      "TMS_FREIGHT_DISPATCH",
      "TMS_FREIGHT_WATER",
      "IAM_USER_MANAGEMENT",
      "IAM_ROLE_MANAGEMENT",
      "TMS_INVOICE_MANAGEMENT_ADMIN",
      "TMS_DRIVER_APPROVE",
      ...TENANT_AUDITS,
      "TMS_RISK_APPEAL_LIST",
      "TMS_RISK_APPEAL_DETAIL",
      "TMS_RISK_APPEAL_AUDIT",
      ...REPORTS_BASIC,
      "TMS_STATISTICS_OF_VEHICLE_OUTPUT",
      "TMS_STATISTICS_OF_ORDER_TREND",
      "TMS_ORDER_TREND_REPORT",
      "TMS_INVOICE_INFO",
      "TMS_COMPLAINT_HANDLING",
      "TMS_TAX_MANAGEMENT",
      "TMS_MATCHMAKING_BILLING",
      "TMS_FINANCE_STATISTICS",
      "TMS_FIND_SHIP", "TMS_SHIP_INFO_APPROVE", "TMS_WHARF_MANAGEMENT", "TMS_WHARF_APPROVE",
    ],
  },
  ORG_USER: {
    role: "企业调度",
    codes: [
      ...ORG_ORDER_CODES,
      "TMS_FREIGHT_WATER",
      ...ORG_RESOURCE_CODES,
      "TMS_RISK_APPEAL_LIST",
      "TMS_RISK_APPEAL_SUBMIT",
      "TMS_RISK_APPEAL_DETAIL",
      "TMS_STATISTICS_OF_lOADING_TRAFFIC",
      "TMS_STATISTICS_OF_UNLOADING_TRAFFIC",
      "TMS_WAYBILL_ANALYSIS_MANAGEMENT",
      "TMS_SUBSCRIBE_LIST",
      "TMS_SOURCE_LIST",
      "TMS_NEW_SOURCE",
      "TMS_UPDATA_SOURCE",
      "TMS_UPDATA_SOURCEPRICE",
      "TMS_CALL_LOG",
      "TMS_COLLECT_LOG",
      "TMS_SELF_OWNED_SHIP",
      "TMS_FIND_SHIP",
      "TMS_INVOICE_INFO",
      "PAY_PAYMENT_MANAGEMENT",
      "PAY_PAYMENT_AUDIT",
      "PAY_ACCOUNT_RECHARGE",
      "PAY_BANK_CARD",
      "PAY_WITHDRAW_APPLY",
      "TMS_INVOICE_APPLY",
      "TMS_MATCHMAKING_BILLING",
      "TMS_FINANCE_STATISTICS",
    ],
  },
  INDIVIDUAL_USER: {
    role: "个人车主",
    codes: ["TMS_ORDER_ADD", "TMS_ORDER_EDIT", "TMS_ORDER_CLOSE", "TMS_DELIVERY_MANAGEMENT", "TMS_TRANSPORT_TASK", "TMS_CONTAINER_RETURN", "TMS_FREIGHT_DISPATCH", "TMS_RISK_APPEAL_SUBMIT", "TMS_RISK_APPEAL_DETAIL", "TMS_INVOICE_INFO", "TMS_RESOURCE_DRIVER", "TMS_RESOURCE_CARGO", "TMS_RESOURCE_CONTACT", "TMS_VEHICLE_ADD", "PAY_BANK_CARD", "PAY_WITHDRAW_APPLY"],
  },
};

/** The demo captain's role: his water waybills (the water permission), his wallet and appeals. */
const CAPTAIN_CODES: PermissionCode[] = ["TMS_FREIGHT_WATER", "TMS_TRANSPORT_TASK", "TMS_RESOURCE_CAPTAIN", "TMS_RISK_APPEAL_SUBMIT", "TMS_RISK_APPEAL_DETAIL", "TMS_INVOICE_INFO", "PAY_BANK_CARD", "PAY_WITHDRAW_APPLY"];

/** The organisation a seeder writes rows for, and who "created" them in the history. */
export interface SeedOwner {
  platformId: string;
  tenantId: number;
  orgId: number;
  ownerUserId: number | null;
  operator: { id: number | null; name: string };
}

export interface SeedIds {
  tenantId: number;
  orgIds: number[];
  userIds: Record<UserType, number>;
  /** The demo captain's account (DEMO_CAPTAIN). */
  captainUserId: number;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom("users").select("id").limit(1).executeTakeFirst();
  return !!row;
}

/**
 * Creates platforms, tenant, organisations, the permission catalogue, roles and the four demo accounts,
 * whose password is `DEMO_PASSWORD` stored as `passwordHash` (hashed by the caller, identity/crypto.ts).
 */
export async function seedIdentity(db: Db, passwordHash: string): Promise<SeedIds> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto("platforms").values(PLATFORMS).execute();
    await trx
      .insertInto("permissions")
      .values(PERMISSION_CODES.map((code) => ({ code, name: PERMISSIONS[code].name, category: PERMISSIONS[code].category })))
      .execute();
    const tenant = await trx.insertInto("tenants").values({ platform_id: "A", name: "皖粮物流集团" }).returning("id").executeTakeFirstOrThrow();
    const orgNames = ["蚌埠粮食运输有限公司", "芜湖江海航运有限公司", "合肥恒通物流有限公司"];
    const orgIds: number[] = [];
    for (const [i, name] of orgNames.entries()) {
      const org = await trx
        .insertInto("organisations")
        .values({ platform_id: "A", tenant_id: tenant.id, name, credit_code: `91340300MA2N${String(1000 + i)}X` })
        .returning("id")
        .executeTakeFirstOrThrow();
      orgIds.push(org.id);
    }
    const subsets: Record<UserType, { role: string; codes: readonly PermissionCode[] }> = {
      SYSTEM_USER: { role: "平台超级管理员", codes: PERMISSION_CODES },
      ...ROLE_SUBSETS,
    };
    const people: Record<UserType, { name: string; tenant: number | null; org: number | null }> = {
      SYSTEM_USER: { name: "平台管理员", tenant: null, org: null },
      TENANT_USER: { name: "王运营", tenant: tenant.id, org: null },
      ORG_USER: { name: "李调度", tenant: tenant.id, org: orgIds[0] },
      INDIVIDUAL_USER: { name: "张师傅", tenant: tenant.id, org: null },
    };
    const pwExpiration = new Date(Date.now() + 180 * 24 * 3600_000).toISOString();
    const addAccount = async (type: UserType, role: { name: string; codes: readonly PermissionCode[] }, person: { name: string; mobile: string; tenant: number | null; org: number | null }) => {
      const roleRow = await trx.insertInto("roles").values({ platform_id: "A", name: role.name, user_type: type }).returning("id").executeTakeFirstOrThrow();
      await trx
        .insertInto("role_permissions")
        .values(role.codes.map((code) => ({ role_id: roleRow.id, permission_code: code })))
        .execute();
      const user = await trx
        .insertInto("users")
        .values({
          platform_id: "A",
          tenant_id: person.tenant,
          org_id: person.org,
          type,
          mobile: person.mobile,
          name: person.name,
          password_hash: passwordHash,
          headshot_url: null,
          status: "ACTIVE",
          failed_attempts: 0,
          locked_until: null,
          pw_expiration: pwExpiration,
          created_at: nowIso(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.insertInto("user_roles").values({ user_id: user.id, role_id: roleRow.id }).execute();
      return user.id;
    };
    const userIds = {} as Record<UserType, number>;
    for (const type of Object.keys(DEMO_ACCOUNTS) as UserType[]) {
      userIds[type] = await addAccount(type, { name: subsets[type].role, codes: subsets[type].codes }, { ...people[type], mobile: DEMO_ACCOUNTS[type] });
    }
    const captainUserId = await addAccount("INDIVIDUAL_USER", { name: DEMO_CAPTAIN.role, codes: CAPTAIN_CODES }, { name: DEMO_CAPTAIN.name, mobile: DEMO_CAPTAIN.mobile, tenant: tenant.id, org: null });
    return { tenantId: tenant.id, orgIds, userIds, captainUserId };
  });
}
