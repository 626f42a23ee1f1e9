/**
 * Whose rows a caller may see: the one home of the scoping rule (docs/architecture.md "Where each rule
 * lives"). A caller sees their platform's rows, narrowed to the tenant (TENANT_USER), the organisation
 * (ORG_USER) or the rows they own or work on as driver/captain (INDIVIDUAL_USER); SYSTEM_USER (platform
 * staff) sees the whole platform. Water transport is visible only with the water permission and the
 * CAPTAIN version function (spec 5: freightWay is forced to ROAD otherwise).
 *
 * `rowsFor` turns a caller into the condition on a table's rows; the engine's `orgScope`, the freight
 * service's `visible` and every hand-written query use it, and the predicates below (`isPlatformStaff`…)
 * are the only place that reads `scope.type`.
 */
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { seesWater } from "../contract/permissions.js";
import type { UserType } from "../contract/platforms.js";
import type { ServiceContext } from "./context.js";
import type { Caller } from "./identity/caller.js";
import { Refusal } from "./http/envelope.js";
import { FreightRefusalCode } from "../contract/freight.js";
import { isIndividual, isOrgUser, isPlatformStaff, isStaff, isTenantStaff } from "../contract/platforms.js";

export interface CallerScope {
  type: UserType;
  userId: number;
  name: string;
  platformId: string;
  tenantId: number | null;
  orgId: number | null;
  /** Whether water waybills, orders, captains and ships are visible. */
  water: boolean;
  permissions: ReadonlySet<string>;
}

export function scopeOf(ctx: ServiceContext, caller: Caller): CallerScope {
  return {
    type: caller.type,
    userId: caller.userId,
    name: caller.name,
    platformId: caller.platformId,
    tenantId: caller.tenantId,
    orgId: caller.orgId,
    water: seesWater(caller.permissions, ctx.config.versionFunctions),
    permissions: caller.permissions,
  };
}

// ---------------------------------------------------------------------------------------------------
// Who the caller is
// ---------------------------------------------------------------------------------------------------

// The kinds of caller, as the console asks them too (contract/platforms.ts).
export { isIndividual, isOrgUser, isPlatformStaff, isStaff, isTenantStaff };

/** The organisation an ORG_USER acts for; undefined for every other caller (staff act across organisations). */
export const ownOrgId = (scope: Pick<CallerScope, "type" | "orgId">): number | null | undefined => (isOrgUser(scope) ? scope.orgId : undefined);

/** Whose money account a caller holds: their organisation's (ORG_USER) or their own wallet (INDIVIDUAL_USER); staff hold none. */
export function accountOwner(scope: CallerScope): { ownerType: "ORG" | "USER"; ownerId: number } | null {
  if (isOrgUser(scope)) return scope.orgId === null ? null : { ownerType: "ORG", ownerId: scope.orgId };
  if (isIndividual(scope)) return { ownerType: "USER", ownerId: scope.userId };
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Which rows the caller sees
// ---------------------------------------------------------------------------------------------------

/** How an INDIVIDUAL_USER owns a row of a table (null: they own none). */
export type IndividualRule = ((alias: string, userId: number) => RawBuilder<unknown>) | null;

/** A custom narrowing for a tenant's or an organisation's rows (a roster, a registration): `(alias, id, scope)`. */
export type Narrowing = (alias: string, id: number, scope: Caller | CallerScope) => RawBuilder<unknown>;

export interface RowColumns {
  /** The platform column (default platform_id); null when the table has none (the query is already tied to one platform). */
  platform?: string | null;
  /** The tenant column (default tenant_id) or a custom narrowing; null: tenant staff see none of these rows. */
  tenant?: string | Narrowing | null;
  /** The organisation column (default org_id); null: organisation users see none; "tenant": they see their tenant's rows (a tenant-wide hall). */
  org?: string | Narrowing | null | "tenant";
  /** The rows an individual sees (default: owner_user_id = me); null: none. */
  individual?: IndividualRule;
  /** Who of the staff sees the rows: "all" (default: platform staff the platform, tenant staff their tenant) or "platform" (platform staff only). */
  staff?: "all" | "platform";
}

export const NOTHING = sql<SqlBool>`1 = 0`;
const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
export const ownedByMe: IndividualRule = (alias, userId) => sql`${ref(alias, "owner_user_id")} = ${userId}`;

/**
 * The condition selecting the rows of a table (under `alias`) the caller may see. The one scoping
 * rule: every other scope (the engine's bindings, the freight service, hand-written reports and
 * ledger queries) is this function with the table's columns.
 */
export function rowsFor(scope: Caller | CallerScope, alias: string, columns: RowColumns = {}): RawBuilder<SqlBool> {
  const platform = columns.platform === undefined ? "platform_id" : columns.platform;
  const parts: RawBuilder<unknown>[] = platform ? [sql`${ref(alias, platform)} = ${scope.platformId}`] : [];
  const narrow = (column: string | Narrowing | null | undefined, fallback: string, id: number | null): boolean => {
    const rule = column === undefined ? fallback : column;
    if (rule === null || id === null) return false;
    parts.push(typeof rule === "string" ? sql`${ref(alias, rule)} = ${id}` : rule(alias, id, scope));
    return true;
  };
  switch (scope.type) {
    case "SYSTEM_USER":
      break;
    case "TENANT_USER":
      if (columns.staff === "platform" || !narrow(columns.tenant, "tenant_id", scope.tenantId)) return NOTHING;
      break;
    case "ORG_USER": {
      const tenantWide = columns.org === "tenant";
      if (columns.staff === "platform" || !(tenantWide ? narrow(columns.tenant, "tenant_id", scope.tenantId) : narrow(columns.org as string | Narrowing | null | undefined, "org_id", scope.orgId))) return NOTHING;
      break;
    }
    case "INDIVIDUAL_USER": {
      const individual = columns.individual === undefined ? ownedByMe : columns.individual;
      if (columns.staff === "platform" || !individual) return NOTHING;
      parts.push(individual(alias, scope.userId));
      break;
    }
  }
  return parts.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

export type ScopedTable = "freights" | "freight_orders" | "freight_drivers" | "freight_vehicles" | "freight_captains" | "freight_ships" | "gps_devices" | "freight_contracts";

const myDrivers = (userId: number) => sql`(select d.id from freight_drivers d where d.user_id = ${userId})`;
const myCaptains = (userId: number) => sql`(select c.id from freight_captains c where c.user_id = ${userId})`;
/** An individual's vehicles: those they own (owner_user_id) and those one of their driver rows drives. */
const myVehicle: IndividualRule = (t, u) => sql`(${ref(t, "owner_user_id")} = ${u} or ${ref(t, "driver_id")} in ${myDrivers(u)})`;

/**
 * How an INDIVIDUAL_USER owns the rows of each carrier table, shared by the freight service (`visible`)
 * and the resource engine's bindings of the same tables.
 */
export const INDIVIDUAL_ROWS: Record<ScopedTable, IndividualRule> = {
  freights: (t, u) => sql`${ref(t, "carrier_user_id")} = ${u}`,
  freight_orders: ownedByMe,
  freight_drivers: (t, u) => sql`(${ref(t, "owner_user_id")} = ${u} or ${ref(t, "user_id")} = ${u})`,
  freight_vehicles: myVehicle,
  freight_captains: (t, u) => sql`${ref(t, "user_id")} = ${u}`,
  freight_ships: (t, u) => sql`${ref(t, "captain_id")} in ${myCaptains(u)}`,
  gps_devices: (t, u) => sql`${ref(t, "vehicle_id")} in (select v.id from freight_vehicles v where ${myVehicle("v", u)})`,
  freight_contracts: (t, u) => sql`(${ref(t, "driver_id")} in ${myDrivers(u)} or ${ref(t, "captain_id")} in ${myCaptains(u)})`,
};

/**
 * The condition selecting the rows of a freight-service table the caller may see. `alias` is the name
 * the query uses for the table (defaults to the table name).
 */
export function visible(table: ScopedTable, scope: CallerScope, alias: string = table): RawBuilder<SqlBool> {
  const rows = rowsFor(scope, alias, { individual: INDIVIDUAL_ROWS[table] });
  if (!scope.water && (table === "freights" || table === "freight_orders")) return sql<SqlBool>`(${rows} and ${ref(alias, "freight_way")} = 'ROAD')`;
  return rows;
}

/** Captains and ships are only for callers who may see water transport. */
export function assertWater(scope: CallerScope): void {
  if (!scope.water) throw new Refusal(FreightRefusalCode.notPermitted, "当前账号没有水路运输权限");
}

/**
 * Rows of a money-account owner (`owner_type`/`owner_id`: withdrawals, bank cards): staff see the
 * platform's or their tenant's, an organisation or individual only their own.
 */
export function accountRows(scope: CallerScope, alias: string): RawBuilder<SqlBool> {
  if (isStaff(scope)) return rowsFor(scope, alias);
  const owner = accountOwner(scope);
  if (!owner) return NOTHING;
  return sql<SqlBool>`(${ref(alias, "platform_id")} = ${scope.platformId} and ${ref(alias, "owner_type")} = ${owner.ownerType} and ${ref(alias, "owner_id")} = ${owner.ownerId})`;
}
