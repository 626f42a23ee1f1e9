/**
 * 车队长 and 车队成员 bindings (domain 2.4). Fleet leaders are platform-level: SYSTEM_USER sees the
 * platform, TENANT_USER those registered through the tenant or with members on its rosters, ORG_USER
 * those its drivers belong to and the tenant's approved ones (to pick on a driver), INDIVIDUAL_USER
 * their own. Members are seen by whoever sees their fleet leader (staff only). A driver is in at most
 * one fleet: joining another ends the old membership.
 */
import { sql, type SqlBool } from "kysely";
import { fleetLeader, fleetLeaderMember } from "../../contract/resources/fleet-leader.js";
import { chinaDate } from "../../contract/units.js";
import { HttpError } from "../http/envelope.js";
import { nowIso } from "../db/index.js";
import { bindResource, type AnyDb, type ScopeRule, type WriteRule } from "../resources/bind.js";
import { recordResourceEvent } from "../resources/events.js";
import { rowsFor, type CallerScope } from "../scope.js";

const col = (alias: string, name: string) => sql.ref(`${alias}.${name}`);

export const fleetLeaderScope: ScopeRule = (scope, a) =>
  rowsFor(scope, a, {
    tenant: (a, tenantId) => sql`(${col(a, "registered_tenant_id")} = ${tenantId} or ${col(a, "id")} in (select m.fleet_leader_id from fleet_leader_members m inner join freight_drivers d on d.profile_id = m.driver_profile_id where d.tenant_id = ${tenantId} and m.deleted_at is null and d.deleted_at is null))`,
    org: (a, orgId, scope) => sql`(${col(a, "id")} in (select d.fleet_leader_id from freight_drivers d where d.org_id = ${orgId} and d.deleted_at is null and d.fleet_leader_id is not null) or (${col(a, "registered_tenant_id")} = ${scope.tenantId ?? -1} and ${col(a, "audit_status")} = 'APPROVED'))`,
    individual: (a, userId) => sql`${col(a, "user_id")} = ${userId}`,
  });

/**
 * Who keeps a fleet leader (and its roster): the platform's staff, the tenant it was registered through,
 * the leader themself. A tenant that only has drivers on the roster, or an organisation picking a leader
 * for its driver, reads it but does not change it.
 */
export const fleetLeaderWrites: WriteRule = (scope, a) => rowsFor(scope, a, { tenant: "registered_tenant_id", org: null, individual: (a, userId) => sql`${col(a, "user_id")} = ${userId}` });

/** 清分值: basis points 0–3000 for 按比例, fen per tonne for 按吨; none for 不清分. */
function checkDistribution(values: Record<string, unknown>): void {
  const rule = values.distribution_rule;
  const value = values.distribution_value;
  if (rule === "NONE") {
    values.distribution_value = null;
    return;
  }
  if (value === null || value === undefined) throw new HttpError(400, "请填写清分值");
  if (rule === "PERCENT" && Number(value) > 3000) throw new HttpError(400, "清分值按比例时不能超过 3000 基点（30%）");
}

export const fleetLeaderBinding = bindResource(fleetLeader, {
  table: "fleet_leaders",
  scope: fleetLeaderScope,
  writeScope: fleetLeaderWrites,
  stamp: "platform",
  unique: { idCardNo: () => "该身份证号已登记为车队长" },
  hooks: {
    beforeCreate: async (_trx, _scope, values) => {
      values.registered_tenant_id = values.tenant_id ?? null;
      checkDistribution(values);
    },
    beforeUpdate: async (_trx, _scope, before, values) => {
      const merged = { ...before, ...values };
      checkDistribution(merged);
      if (merged.distribution_value === null) values.distribution_value = null;
    },
  },
});

/** Ends the profile's other memberships (a driver is in at most one fleet). */
async function leaveOtherFleets(trx: AnyDb, scope: CallerScope, profileId: number, reason: string): Promise<void> {
  const others = await trx.selectFrom("fleet_leader_members").selectAll().where("driver_profile_id", "=", profileId).where("status", "=", "ACTIVE").where("deleted_at", "is", null).execute();
  for (const other of others) {
    await trx.updateTable("fleet_leader_members").set({ status: "QUIT", quit_at: chinaDate(), updated_at: nowIso(), updated_by: scope.userId, version: Number(other.version) + 1 }).where("id", "=", other.id).execute();
    await recordResourceEvent(trx, scope, fleetLeaderMember.key, { ...other, id: Number(other.id) }, { action: "QUIT", label: "退出车队", from: "ACTIVE", to: "QUIT", remark: reason });
  }
}

export const fleetLeaderMemberBinding = bindResource(fleetLeaderMember, {
  table: "fleet_leader_members",
  scope: (scope, a) => sql<SqlBool>`${col(a, "fleet_leader_id")} in (select fl.id from fleet_leaders fl where ${fleetLeaderScope(scope, "fl")} and fl.deleted_at is null)`,
  writeScope: (scope, a, write) => sql<SqlBool>`${col(a, "fleet_leader_id")} in (select fl.id from fleet_leaders fl where ${fleetLeaderWrites(scope, "fl", write)})`,
  stamp: "platform",
  labels: {
    fleetLeaderName: { table: "fleet_leaders", via: "fleet_leader_id", column: "name" },
    driverName: { table: "driver_profiles", via: "driver_profile_id", column: "name" },
    plateNo: { table: "freight_vehicles", via: "vehicle_id", column: "plate_no" },
  },
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      values.joined_at = chinaDate();
      await leaveOtherFleets(trx, scope, Number(values.driver_profile_id), "加入新的车队");
    },
    onTransition: async (trx, _scope, row, transition) => {
      if (transition === "quit") await trx.updateTable("fleet_leader_members").set({ quit_at: chinaDate() }).where("id", "=", Number(row.id)).execute();
    },
  },
});
