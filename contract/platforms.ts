/** Platform ids of spec 1 / 9: chosen by host. */
export const PLATFORM_IDS = ["A", "B", "C", "D"] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export function isPlatformId(value: unknown): value is PlatformId {
  return typeof value === "string" && (PLATFORM_IDS as readonly string[]).includes(value);
}

export const USER_TYPES = ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"] as const;
export type UserType = (typeof USER_TYPES)[number];

/** What each account kind is called on every page and in every message. */
export const USER_TYPE_LABELS: Record<UserType, string> = { SYSTEM_USER: "平台用户", TENANT_USER: "租户用户", ORG_USER: "企业用户", INDIVIDUAL_USER: "个人用户" };

/** Anything with an account kind: the platform's caller and scope, the console's user info. */
type Kinded = { type: UserType };
/** Platform staff (SYSTEM_USER): the whole platform. */
export const isPlatformStaff = (who: Kinded) => who.type === "SYSTEM_USER";
/** A tenant's staff (TENANT_USER). */
export const isTenantStaff = (who: Kinded) => who.type === "TENANT_USER";
/** Platform or tenant staff: the people who operate the platform rather than use it, across organisations. */
export const isStaff = (who: Kinded) => isPlatformStaff(who) || isTenantStaff(who);
/** A user of an organisation (ORG_USER: shipper, carrier company…). */
export const isOrgUser = (who: Kinded) => who.type === "ORG_USER";
/** An individual (INDIVIDUAL_USER: a driver, captain or fleet leader acting for themself). */
export const isIndividual = (who: Kinded) => who.type === "INDIVIDUAL_USER";
