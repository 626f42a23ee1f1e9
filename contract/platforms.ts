/** Platform ids of spec 1 / 9: chosen by host. */
export const PLATFORM_IDS = ["A", "B", "C", "D"] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export function isPlatformId(value: unknown): value is PlatformId {
  return typeof value === "string" && (PLATFORM_IDS as readonly string[]).includes(value);
}

export const USER_TYPES = ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"] as const;
export type UserType = (typeof USER_TYPES)[number];
