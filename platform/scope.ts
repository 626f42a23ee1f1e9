/**
 * What a caller may see of the freight service's rows: their platform always; then the tenant
 * (TENANT_USER), the organisation (ORG_USER) or their own rows as driver/captain (INDIVIDUAL_USER);
 * SYSTEM_USER sees the whole platform. Water transport is visible only with the water permission
 * and the CAPTAIN version function (spec 5: freightWay is forced to ROAD otherwise).
 */
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { seesWater } from "../contract/permissions.js";
import type { UserType } from "../contract/platforms.js";
import type { ServiceContext } from "./context.js";
import type { Caller } from "./identity/caller.js";
import { Refusal } from "./http/envelope.js";
import { FreightRefusalCode } from "../contract/freight.js";

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

export type ScopedTable = "freights" | "freight_orders" | "freight_drivers" | "freight_vehicles" | "freight_captains" | "freight_ships" | "gps_devices" | "freight_contracts";

const myDrivers = (userId: number) => sql`(select d.id from freight_drivers d where d.user_id = ${userId})`;
const myCaptains = (userId: number) => sql`(select c.id from freight_captains c where c.user_id = ${userId})`;

/** How an INDIVIDUAL_USER owns rows of each table (null: they own none). */
const OWNED_BY: Record<ScopedTable, ((table: string, userId: number) => RawBuilder<unknown>) | null> = {
  freights: (t, u) => sql`${sql.ref(`${t}.carrier_user_id`)} = ${u}`,
  freight_orders: (t, u) => sql`${sql.ref(`${t}.owner_user_id`)} = ${u}`,
  freight_drivers: (t, u) => sql`${sql.ref(`${t}.user_id`)} = ${u}`,
  freight_vehicles: (t, u) => sql`${sql.ref(`${t}.driver_id`)} in ${myDrivers(u)}`,
  freight_captains: (t, u) => sql`${sql.ref(`${t}.user_id`)} = ${u}`,
  freight_ships: (t, u) => sql`${sql.ref(`${t}.captain_id`)} in ${myCaptains(u)}`,
  gps_devices: (t, u) => sql`${sql.ref(`${t}.vehicle_id`)} in (select v.id from freight_vehicles v where v.driver_id in ${myDrivers(u)})`,
  freight_contracts: (t, u) => sql`(${sql.ref(`${t}.driver_id`)} in ${myDrivers(u)} or ${sql.ref(`${t}.captain_id`)} in ${myCaptains(u)})`,
};

const NOTHING = sql<SqlBool>`1 = 0`;

/**
 * The condition selecting the rows of `table` the caller may see. `alias` is the name the query
 * uses for the table (defaults to the table name).
 */
export function visible(table: ScopedTable, scope: CallerScope, alias: string = table): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: RawBuilder<unknown>[] = [sql`${col("platform_id")} = ${scope.platformId}`];
  switch (scope.type) {
    case "SYSTEM_USER":
      break;
    case "TENANT_USER":
      if (scope.tenantId === null) return NOTHING;
      parts.push(sql`${col("tenant_id")} = ${scope.tenantId}`);
      break;
    case "ORG_USER":
      if (scope.orgId === null) return NOTHING;
      parts.push(sql`${col("org_id")} = ${scope.orgId}`);
      break;
    case "INDIVIDUAL_USER": {
      const owned = OWNED_BY[table];
      if (!owned) return NOTHING;
      parts.push(owned(alias, scope.userId));
      break;
    }
  }
  if (!scope.water && (table === "freights" || table === "freight_orders")) parts.push(sql`${col("freight_way")} = 'ROAD'`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Captains and ships are only for callers who may see water transport. */
export function assertWater(scope: CallerScope): void {
  if (!scope.water) throw new Refusal(FreightRefusalCode.notPermitted, "当前账号没有水路运输权限");
}
