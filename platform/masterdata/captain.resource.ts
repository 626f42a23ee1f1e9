/**
 * 船长 bindings (domain 1.3): the platform-level `captain_profiles` (audited with TMS_SHIP_APPROVE) and
 * the organisations' roster `freight_captains`, whose person and certificate columns are copies of
 * the profile. Adding a roster row finds the profile by 身份证号 or creates it 待审核; while the
 * profile is not yet approved the organisation that created it may still correct it from the roster.
 */
import { sql } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { captain, captainProfile } from "../../contract/resources/captain.js";
import { idCardGender } from "../../contract/validation.js";
import { nowIso } from "../db/index.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, orgScope, type AnyDb, type Row, type ScopeRule } from "../resources/bind.js";
import { requireCredentialsFor } from "./credentials.js";
import { recordResourceEvent } from "../resources/events.js";
import { idNoHash, sealIdColumns } from "../db/personal.js";
import { maskIdNo as maskIdCard } from "../../contract/personal.js";
import { INDIVIDUAL_ROWS, rowsFor, type CallerScope } from "../scope.js";
import { announceApprovedProfile, announceCarrierAccount, linkProfileAccount, type CarrierProfile } from "./carrier-accounts.js";
import { OPEN_FREIGHT_STATUSES } from "./ship.resource.js";


/** Roster column → profile column, for the fields a roster row copies (mobile is the organisation's own contact). */
const KEY_COPIES: Record<string, string> = {
  name: "name",
  certificate_no: "crew_cert_no",
  crew_position: "crew_position",
  nav_area: "nav_area",
  service_book_no: "service_book_no",
  cert_valid_to: "cert_valid_to",
};

/**
 * Domain 0.7: the platform for SYSTEM_USER; for a tenant the profiles registered in it or on one of
 * its rosters; for an organisation those on its roster (or that it created); an individual their own.
 */
const profileScope: ScopeRule = (scope, alias) => {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const onRoster = (column: "tenant_id" | "org_id", id: number) => sql`${col("id")} in (select c.profile_id from freight_captains c where c.${sql.ref(column)} = ${id} and c.deleted_at is null and c.profile_id is not null)`;
  return rowsFor(scope, alias, {
    tenant: (_, tenantId) => sql`(${col("tenant_id")} = ${tenantId} or ${onRoster("tenant_id", tenantId)})`,
    org: (_, orgId) => sql`(${col("org_id")} = ${orgId} or ${onRoster("org_id", orgId)})`,
    individual: (_, userId) => sql`${col("user_id")} = ${userId}`,
  });
};

/** Keeps the roster copies of a profile in step (its columns and its audit state). */
async function copyToRosters(trx: AnyDb, profileId: number, columns: Record<string, unknown>): Promise<void> {
  const set: Record<string, unknown> = {};
  for (const [rosterColumn, profileColumn] of Object.entries(KEY_COPIES)) if (columns[profileColumn] !== undefined) set[rosterColumn] = columns[profileColumn];
  if (columns.audit_status !== undefined) set.profile_audit_status = columns.audit_status;
  if (Object.keys(set).length) await trx.updateTable("freight_captains").set(set).where("profile_id", "=", profileId).execute();
}

const changed = (before: Record<string, unknown>, values: Record<string, unknown>, column: string) => values[column] !== undefined && String(before[column] ?? "") !== String(values[column] ?? "");

export const captainProfileBinding = bindResource(captainProfile, {
  table: "captain_profiles",
  scope: profileScope,
  stamp: "platform",
  water: true,
  unique: { idCardNo: (v) => `身份证号 ${maskIdCard(String(v))} 已有船长档案` },
  hooks: {
    beforeCreate: async (_trx, _scope, values) => {
      values.gender = idCardGender(String(values.id_card_no));
    },
    beforeUpdate: async (trx, _scope, before, values) => {
      const copies: Record<string, unknown> = {};
      for (const column of Object.values(KEY_COPIES)) if (changed(before, values, column)) copies[column] = values[column];
      const anyChange = Object.keys(values).some((column) => changed(before, values, column));
      if (anyChange && before.audit_status !== "PENDING") copies.audit_status = "PENDING";
      await copyToRosters(trx, before.id, copies);
    },
    onTransition: async (trx, scope, row, transition) => {
      await requireCredentialsFor("CAPTAIN")(trx, scope, row, transition);
      await copyToRosters(trx, row.id, { audit_status: row.audit_status });
      if (transition === "approve") await linkProfileAccount(trx, "CAPTAIN", row as unknown as CarrierProfile, (row.mobile as string | null) ?? null);
    },
    afterTransition: async (ctx, _scope, row, transition) => {
      if (transition === "approve") await announceApprovedProfile(ctx, "CAPTAIN", row);
    },
  },
});

/** The profile of an ID number on the caller's platform, if any. */
function profileByIdCard(trx: AnyDb, platformId: string, idCardNo: string) {
  return trx.selectFrom("captain_profiles").selectAll().where("platform_id", "=", platformId).where("id_card_no_hash", "=", idNoHash(idCardNo)).where("deleted_at", "is", null).executeTakeFirst();
}

/** Find-or-create the profile of a new roster row and link it (domain 1.2 add: exact match on 身份证号). */
async function linkProfile(trx: AnyDb, scope: CallerScope, values: Record<string, unknown>): Promise<void> {
  const idCardNo = String(values.id_card_no);
  const orgId = Number(values.org_id);
  const found = await profileByIdCard(trx, scope.platformId, idCardNo);
  if (found) {
    if (found.name !== values.name) throw new Refusal(RefusalCode.invalid, `身份证号 ${maskIdCard(idCardNo)} 已登记为船长「${found.name}」，请核对姓名`);
    const onRoster = await trx.selectFrom("freight_captains").select(["status"]).where("org_id", "=", orgId).where("profile_id", "=", found.id).where("deleted_at", "is", null).executeTakeFirst();
    if (onRoster) throw new Refusal(RefusalCode.illegalState, onRoster.status === "REMOVED" ? `船长 ${found.name} 已在本企业名册中（已解除合作），请在船长列表中恢复合作` : `船长 ${found.name} 已在本企业名册中`);
    // The certified profile is authoritative: the roster copies its person and certificate data.
    for (const [rosterColumn, profileColumn] of Object.entries(KEY_COPIES)) values[rosterColumn] = found[profileColumn as keyof typeof found];
    values.profile_id = found.id;
    values.profile_audit_status = found.audit_status;
    values.user_id = await linkProfileAccount(trx, "CAPTAIN", found as unknown as CarrierProfile, (values.mobile as string | null) ?? null);
    return;
  }
  const at = nowIso();
  const profile = await trx
    .insertInto("captain_profiles")
    .values(sealIdColumns("captain_profiles", {
      platform_id: scope.platformId,
      tenant_id: values.tenant_id as number | null,
      org_id: orgId,
      owner_user_id: (values.owner_user_id as number | null) ?? null,
      user_id: null,
      name: String(values.name),
      mobile: String(values.mobile),
      id_card_no: idCardNo,
      gender: idCardGender(idCardNo),
      address: null,
      source: "ORG",
      crew_cert_no: String(values.certificate_no),
      crew_position: String(values.crew_position),
      nav_area: (values.nav_area as string | null) ?? null,
      service_book_no: (values.service_book_no as string | null) ?? null,
      cert_valid_to: (values.cert_valid_to as string | null) ?? null,
      audit_status: "PENDING",
      audit_remark: null,
      enabled: "ENABLED",
      remark: null,
      created_at: at,
      updated_at: at,
      created_by: scope.userId,
      updated_by: scope.userId,
    }))
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordResourceEvent(trx, scope, captainProfile.key, profile as unknown as Row, { action: "CREATE", label: "企业添加船长，提交审核", to: "PENDING" });
  values.profile_id = profile.id;
  values.profile_audit_status = "PENDING";
  values.user_id = await linkProfileAccount(trx, "CAPTAIN", profile as unknown as CarrierProfile, (values.mobile as string | null) ?? null);
}

/**
 * Corrections from the roster reach the profile only while it is not approved and this organisation
 * created it; an approved profile changes through platform staff. 手机号 and 备注 stay the roster's own.
 */
async function correctProfile(trx: AnyDb, scope: CallerScope, before: Row, values: Record<string, unknown>): Promise<void> {
  const copies: Record<string, unknown> = {};
  for (const [rosterColumn, profileColumn] of Object.entries(KEY_COPIES)) if (changed(before, values, rosterColumn)) copies[profileColumn] = values[rosterColumn];
  if (!Object.keys(copies).length || before.profile_id == null) return;
  const profile = await trx.selectFrom("captain_profiles").selectAll().where("id", "=", Number(before.profile_id)).executeTakeFirstOrThrow();
  if (profile.audit_status === "APPROVED") throw new Refusal(RefusalCode.illegalState, `船长 ${profile.name} 的档案已认证，姓名和适任证书信息不能由企业修改，请联系平台审核人员`);
  if (profile.org_id !== before.org_id) throw new Refusal(RefusalCode.illegalState, `船长 ${profile.name} 的档案由其他企业创建，不能修改`);
  const at = nowIso();
  await trx
    .updateTable("captain_profiles")
    .set({ ...copies, audit_status: "PENDING", updated_at: at, updated_by: scope.userId, version: sql`version + 1` })
    .where("id", "=", profile.id)
    .execute();
  await recordResourceEvent(trx, scope, captainProfile.key, profile as unknown as Row, {
    action: "UPDATE",
    label: profile.audit_status === "REJECTED" ? "企业修改资料，重新提交审核" : "企业修改资料",
    from: profile.audit_status,
    to: "PENDING",
    detail: Object.fromEntries(Object.entries(copies).map(([column, value]) => [column, [profile[column as keyof typeof profile] ?? null, value]])),
  });
  await copyToRosters(trx, profile.id, { ...copies, audit_status: "PENDING" });
  values.profile_audit_status = "PENDING";
}

/** A captain still at work (current captain of a ship, or on an open waybill) cannot leave the roster. */
async function assertFree(trx: AnyDb, row: Row, doing: string): Promise<void> {
  const ship = await trx.selectFrom("freight_ships").select("ship_name").where("captain_id", "=", row.id).where("deleted_at", "is", null).executeTakeFirst();
  if (ship) throw new Refusal(RefusalCode.illegalState, `船长 ${String(row.name)} 仍是船舶 ${ship.ship_name} 的当前船长，请先更换船长后再${doing}`);
  const open = await trx.selectFrom("freights").select("freight_no").where("captain_id", "=", row.id).where("status", "in", [...OPEN_FREIGHT_STATUSES]).executeTakeFirst();
  if (open) throw new Refusal(RefusalCode.illegalState, `船长 ${String(row.name)} 有未完成的运单（${open.freight_no}），不能${doing}`);
}

export const captainBinding = bindResource(captain, {
  table: "freight_captains",
  scope: orgScope({ individual: INDIVIDUAL_ROWS.freight_captains }),
  water: true,
  labels: { profileName: { table: "captain_profiles", via: "profile_id", column: "name" } },
  hooks: {
    beforeCreate: (trx, scope, values) => linkProfile(trx, scope, values),
    afterCreate: (ctx, _scope, row) => announceCarrierAccount(ctx, "CAPTAIN", row),
    beforeUpdate: (trx, scope, before, values) => correctProfile(trx, scope, before, values),
    beforeDelete: (trx, _scope, row) => assertFree(trx, row, "删除"),
    onTransition: async (trx, _scope, row, transition) => {
      if (transition === "remove") await assertFree(trx, row, "解除合作");
    },
  },
});
