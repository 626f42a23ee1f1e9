/**
 * The driver bindings (domain 1.1, 1.2, 0.7): `driver_profiles` (platform-level, each caller sees the
 * profiles its rule allows) and `freight_drivers` (an organisation's roster, scoped like the freight
 * rows). Adding a roster entry finds or creates the person's profile; 解除合作 is refused while the
 * driver has waybills awaiting loading or in transit.
 */
import { sql } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { driver, driverProfile } from "../../contract/resources/driver.js";
import { nowIso } from "../db/index.js";
import { idNoHash, sealIdColumns } from "../db/personal.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, orgScope, type AnyDb, type Row, type ScopeRule } from "../resources/bind.js";
import { requireCredentialsFor } from "./credentials.js";
import { recordResourceEvent } from "../resources/events.js";
import { INDIVIDUAL_ROWS, rowsFor, type CallerScope } from "../scope.js";
import { announceApprovedProfile, announceCarrierAccount, linkProfileAccount, type CarrierProfile } from "./carrier-accounts.js";

const col = (alias: string, name: string) => sql.ref(`${alias}.${name}`);

/**
 * Domain 0.7: SYSTEM_USER the platform; TENANT_USER profiles on a roster row of the tenant or registered
 * through it; ORG_USER profiles on its roster; INDIVIDUAL_USER their own.
 */
export const profileScope: ScopeRule = (scope, a) =>
  rowsFor(scope, a, {
    tenant: (a, tenantId) => sql`(${col(a, "registered_tenant_id")} = ${tenantId} or ${col(a, "id")} in (select d.profile_id from freight_drivers d where d.tenant_id = ${tenantId} and d.deleted_at is null and d.profile_id is not null))`,
    org: (a, orgId) => sql`${col(a, "id")} in (select d.profile_id from freight_drivers d where d.org_id = ${orgId} and d.deleted_at is null and d.profile_id is not null)`,
    individual: (a, userId) => sql`${col(a, "user_id")} = ${userId}`,
  });

/** The roster copies of a profile's data. */
const COPIED = ["name", "mobile", "id_card_no", "vehicle_class", "license_valid_to", "qualification_cert_no", "qualification_valid_to"] as const;

/** Keeps the roster rows' copies and auth status in step with their profile. */
async function syncRosters(trx: AnyDb, profileId: number, values: Record<string, unknown>): Promise<void> {
  if (Object.keys(values).length) await trx.updateTable("freight_drivers").set(sealIdColumns("freight_drivers", values)).where("profile_id", "=", profileId).execute();
}

export const driverProfileBinding = bindResource(driverProfile, {
  table: "driver_profiles",
  scope: profileScope,
  stamp: "platform",
  unique: { idCardNo: () => "该身份证号已有司机档案" },
  defaults: { source: "PLATFORM" },
  hooks: {
    beforeCreate: async (_trx, _scope, values) => {
      values.registered_tenant_id = values.tenant_id ?? null;
    },
    beforeUpdate: async (trx, _scope, before, values) => {
      const changed = Object.entries(values).some(([column, value]) => String(before[column] ?? "") !== String(value ?? ""));
      if (!changed) return;
      const copies: Record<string, unknown> = { profile_status: "PENDING" };
      for (const column of COPIED) if (values[column] !== undefined) copies[column] = values[column];
      if (values.driving_license_no !== undefined) copies.license_no = values.driving_license_no;
      await syncRosters(trx, Number(before.id), copies);
    },
    onTransition: async (trx, scope, row, transition) => {
      await requireCredentialsFor("DRIVER")(trx, scope, row, transition);
      await syncRosters(trx, Number(row.id), { profile_status: row.audit_status });
      if (transition === "approve") await linkProfileAccount(trx, "DRIVER", row as unknown as CarrierProfile, String(row.mobile));
    },
    afterTransition: async (ctx, _scope, row, transition) => {
      if (transition === "approve") await announceApprovedProfile(ctx, "DRIVER", row);
    },
  },
});

/** The platform's profile of an ID number, reused when another organisation adds the same person. */
async function profileByIdCard(trx: AnyDb, platformId: string, idCardNo: string) {
  return trx.selectFrom("driver_profiles").selectAll().where("platform_id", "=", platformId).where("id_card_no_hash", "=", idNoHash(idCardNo)).where("deleted_at", "is", null).executeTakeFirst();
}

/** Finds the person's profile by ID number (refusing a second roster row in one organisation) or creates one awaiting audit. */
async function attachProfile(trx: AnyDb, scope: CallerScope, values: Record<string, unknown>): Promise<void> {
  const idCardNo = String(values.id_card_no);
  if (values.license_no == null) values.license_no = idCardNo;
  const found = await profileByIdCard(trx, String(values.platform_id), idCardNo);
  if (found) {
    if (found.name !== values.name) throw new Refusal(RefusalCode.illegalState, `该身份证号的司机档案姓名为「${found.name}」，与填写的姓名不一致`);
    const existing = await trx.selectFrom("freight_drivers").select(["id", "status"]).where("org_id", "=", Number(values.org_id)).where("profile_id", "=", found.id).where("deleted_at", "is", null).executeTakeFirst();
    if (existing) throw new Refusal(RefusalCode.illegalState, existing.status === "ACTIVE" ? `本企业已添加司机${found.name}，不能重复添加` : `司机${found.name}曾与本企业解除合作，不能重复添加`);
    values.profile_id = found.id;
    values.profile_status = found.audit_status;
    values.user_id = await linkProfileAccount(trx, "DRIVER", found as unknown as CarrierProfile, String(values.mobile));
    return;
  }
  const at = nowIso();
  const profile = (await trx
    .insertInto("driver_profiles")
    .values(sealIdColumns("driver_profiles", {
      platform_id: values.platform_id,
      tenant_id: values.tenant_id ?? null,
      org_id: values.org_id ?? null,
      owner_user_id: values.owner_user_id ?? null,
      user_id: null,
      registered_tenant_id: values.tenant_id ?? null,
      name: values.name,
      mobile: values.mobile,
      id_card_no: idCardNo,
      source: "ORG",
      driving_license_no: values.license_no,
      vehicle_class: values.vehicle_class,
      license_valid_to: values.license_valid_to,
      qualification_cert_no: values.qualification_cert_no ?? null,
      qualification_valid_to: values.qualification_valid_to ?? null,
      audit_status: "PENDING",
      enabled: "ENABLED",
      created_at: at,
      updated_at: at,
      created_by: scope.userId,
      updated_by: scope.userId,
    }))
    .returningAll()
    .executeTakeFirstOrThrow()) as Row;
  await recordResourceEvent(trx, scope, driverProfile.key, profile, { action: "CREATE", label: "企业添加司机，提交审核", to: "PENDING" });
  values.profile_id = profile.id;
  values.profile_status = "PENDING";
  values.user_id = await linkProfileAccount(trx, "DRIVER", profile as unknown as CarrierProfile, String(values.mobile));
}

const BUSY = ["WAIT_LOADING", "IN_TRANSIT"] as const;

export const driverBinding = bindResource(driver, {
  table: "freight_drivers",
  // An individual sees the roster rows they added and their own driver rows (platform/scope.ts).
  scope: orgScope({ individual: INDIVIDUAL_ROWS.freight_drivers }),
  labels: {
    fleetLeaderName: { table: "fleet_leaders", via: "fleet_leader_id", column: "name" },
    profileName: { table: "driver_profiles", via: "profile_id", column: "name" },
  },
  hooks: {
    beforeCreate: async (trx, scope, values) => attachProfile(trx, scope, values),
    afterCreate: async (ctx, _scope, row) => announceCarrierAccount(ctx, "DRIVER", row),
    onTransition: async (trx, _scope, row, transition) => {
      if (transition !== "remove") return;
      const busy = await trx.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).where("driver_id", "=", Number(row.id)).where("status", "in", BUSY).executeTakeFirstOrThrow();
      if (Number(busy.n) > 0) throw new Refusal(RefusalCode.illegalState, `司机${String(row.name)}有 ${Number(busy.n)} 条待装货或运输中的运单，不能解除合作`);
    },
  },
});
