/**
 * Demo data of drivers, fleet leaders and 人车关系: every seeded roster driver gets an approved profile
 * (and its vehicle a load that fits the demo dispatches), and each demo organisation gets drivers awaiting
 * audit, rejected, with an expired licence and no longer cooperating; the tenant gets a fleet leader with
 * members and two awaiting or rejected; each organisation gets relations in every state.
 */
import type { Selectable } from "kysely";
import { idCardWithCheck } from "../../contract/validation.js";
import { addDays, chinaDate } from "../../contract/units.js";
import type { Db } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";
import type { AnyDb } from "../resources/bind.js";
import { backfillDriverProfiles } from "./driver-backfill.js";
import type { DriverProfilesTable, VehicleRelationsTable } from "./drivers-schema.js";
import type { FreightDriversTable } from "../freight/schema.js";

type Profile = Selectable<DriverProfilesTable>;
type Roster = Selectable<FreightDriversTable>;
type Relation = Selectable<VehicleRelationsTable>;

const REGIONS = ["340302", "340104", "341202", "320602", "321002", "340203"];
const idOf = (n: number) => idCardWithCheck(`${REGIONS[n % REGIONS.length]}${1972 + (n % 24)}${String(1 + (n % 12)).padStart(2, "0")}${String(1 + ((n * 7) % 28)).padStart(2, "0")}${String(100 + n).slice(-3)}`);
const mobileOf = (n: number) => `15${String(755_000_000 + n * 7919).slice(0, 9)}`;

interface Event {
  action: string;
  label: string;
  from: string | null;
  to: string | null;
  remark?: string | null;
  by: { id: number; name: string };
  at: string;
}

async function events(trx: AnyDb, resource: string, row: { id: number; platform_id: string; tenant_id: number | null; org_id: number | null }, list: Event[]) {
  for (const e of list) {
    await trx
      .insertInto("resource_events")
      .values({ resource, record_id: row.id, action: e.action, action_label: e.label, from_status: e.from, to_status: e.to, remark: e.remark ?? null, detail: null, operator_user_id: e.by.id, operator_name: e.by.name, platform_id: row.platform_id, tenant_id: row.tenant_id, org_id: row.org_id, created_at: e.at })
      .execute();
  }
}

/** The audit history of a subject created awaiting audit and then decided (or not). */
const auditTrail = (status: string, remark: string | null, creator: { id: number; name: string }, auditor: { id: number; name: string }, at: string, decidedAt: string): Event[] => {
  const trail: Event[] = [{ action: "CREATE", label: "新增", from: null, to: "PENDING", by: creator, at }];
  if (status === "APPROVED") trail.push({ action: "APPROVE", label: "通过", from: "PENDING", to: "APPROVED", remark, by: auditor, at: decidedAt });
  if (status === "REJECTED") trail.push({ action: "REJECT", label: "驳回", from: "PENDING", to: "REJECTED", remark, by: auditor, at: decidedAt });
  return trail;
};

export async function seedDrivers(db: Db, ids: SeedIds): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await backfillDriverProfiles(trx);
    // The demo dispatches carry up to 40 t: the seeded fleet's approved loads are raised to fit them.
    const light = await trx.selectFrom("freight_vehicles").select(["id", "load_capacity", "gross_mass"]).where("driver_id", "is not", null).where("load_capacity", "<", 40_000).execute();
    for (const v of light) {
      await trx.updateTable("freight_vehicles").set({ load_capacity: Number(v.load_capacity) + 10_000, gross_mass: v.gross_mass == null ? null : Number(v.gross_mass) + 10_000 }).where("id", "=", v.id).execute();
    }

    const today = chinaDate();
    const orgUser = { id: ids.userIds.ORG_USER, name: "李调度" };
    const auditor = { id: ids.userIds.TENANT_USER, name: "王运营" };
    const admin = { id: ids.userIds.SYSTEM_USER, name: "平台管理员" };
    const orgs = await trx.selectFrom("organisations").select(["id", "name", "tenant_id", "platform_id"]).where("id", "in", ids.orgIds).orderBy("id").execute();
    let n = 0;
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

    const addProfile = async (o: { platformId: string; tenantId: number | null; orgId: number | null; name: string; status: Profile["audit_status"]; remark?: string | null; source: Profile["source"]; licenseValidTo?: string; creator: { id: number; name: string } }) => {
      n++;
      const at = hoursAgo(n * 5);
      const id = idOf(n);
      const row = await trx
        .insertInto("driver_profiles")
        .values({
          platform_id: o.platformId,
          tenant_id: o.tenantId,
          org_id: o.orgId,
          owner_user_id: null,
          user_id: null,
          registered_tenant_id: o.tenantId,
          name: o.name,
          mobile: mobileOf(n),
          id_card_no: id,
          source: o.source,
          driving_license_no: id,
          vehicle_class: n % 3 === 0 ? "B2" : "A2",
          license_valid_to: o.licenseValidTo ?? addDays(today, 700 + n * 11),
          qualification_cert_no: id,
          qualification_valid_to: addDays(today, 400 + n * 13),
          audit_status: o.status,
          audit_remark: o.remark ?? null,
          enabled: "ENABLED",
          created_at: at,
          updated_at: at,
          created_by: o.creator.id,
          updated_by: o.creator.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await events(trx, "driverProfile", { ...row, id: Number(row.id) }, auditTrail(o.status, o.remark ?? null, o.creator, auditor, at, hoursAgo(n * 5 - 2)));
      return row;
    };

    const addRoster = async (org: (typeof orgs)[number], profile: Awaited<ReturnType<typeof addProfile>>, o: { status?: Roster["status"]; driverType?: Roster["driver_type"]; remark?: string | null } = {}) => {
      const at = profile.created_at;
      const row = await trx
        .insertInto("freight_drivers")
        .values({
          platform_id: org.platform_id,
          tenant_id: Number(org.tenant_id),
          org_id: Number(org.id),
          user_id: null,
          name: profile.name,
          mobile: profile.mobile,
          license_no: profile.driving_license_no,
          created_at: at,
          profile_id: profile.id,
          id_card_no: profile.id_card_no,
          vehicle_class: profile.vehicle_class,
          license_valid_to: profile.license_valid_to,
          qualification_cert_no: profile.qualification_cert_no,
          qualification_valid_to: profile.qualification_valid_to,
          driver_type: o.driverType ?? "OWN",
          status: o.status ?? "ACTIVE",
          profile_status: profile.audit_status,
          remark: o.remark ?? null,
          created_by: orgUser.id,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const trail: Event[] = [{ action: "CREATE", label: "新增", from: null, to: "ACTIVE", by: orgUser, at }];
      if (o.status === "REMOVED") trail.push({ action: "REMOVE", label: "解除合作", from: "ACTIVE", to: "REMOVED", by: orgUser, at: hoursAgo(1) });
      await events(trx, "driver", { ...row, id: Number(row.id), tenant_id: Number(row.tenant_id), org_id: Number(row.org_id) }, trail);
      return row;
    };

    const NAMES = [
      ["陈德胜", "刘长江", "赵红旗", "孙立新", "钱卫东"],
      ["周广林", "吴永刚", "郑海波", "冯建华", "褚志明"],
      ["蒋国庆", "沈春雷", "韩金龙", "杨树林", "朱宏伟"],
    ];
    for (const [i, org] of orgs.entries()) {
      const names = NAMES[i % NAMES.length]!;
      const scoped = { platformId: org.platform_id, tenantId: Number(org.tenant_id), orgId: Number(org.id), source: "ORG" as const, creator: orgUser };
      await addRoster(org, await addProfile({ ...scoped, name: names[0]!, status: "PENDING" }), { driverType: "EXTERNAL" });
      await addRoster(org, await addProfile({ ...scoped, name: names[1]!, status: "PENDING" }), { driverType: "AFFILIATED" });
      await addRoster(org, await addProfile({ ...scoped, name: names[2]!, status: "REJECTED", remark: "驾驶证照片模糊，准驾车型无法辨认，请重新上传" }));
      await addRoster(org, await addProfile({ ...scoped, name: names[3]!, status: "APPROVED", licenseValidTo: addDays(today, -15) }), { remark: "驾驶证已过期，待换证" });
      await addRoster(org, await addProfile({ ...scoped, name: names[4]!, status: "APPROVED" }), { status: "REMOVED", remark: "合同到期，不再合作" });
    }
    // Registered through the platform and the tenant, on no roster yet.
    const tenant = orgs[0]!;
    await addProfile({ platformId: tenant.platform_id, tenantId: Number(tenant.tenant_id), orgId: null, name: "马振东", status: "PENDING", source: "APP", creator: admin });
    await addProfile({ platformId: tenant.platform_id, tenantId: Number(tenant.tenant_id), orgId: null, name: "胡德海", status: "APPROVED", source: "INVITE", creator: admin });
    await addProfile({ platformId: tenant.platform_id, tenantId: null, orgId: null, name: "许光明", status: "REJECTED", remark: "身份证与本人照片不符", source: "PLATFORM", creator: admin });

    // 车队长: one approved with members (the first organisation's seeded drivers), one awaiting audit, one rejected.
    const leaders = [
      { name: "高建军", fleet: "蚌埠建军运输车队", status: "APPROVED", collect: 1, rule: "PERCENT", value: 300, remark: null },
      { name: "林志远", fleet: "合肥志远物流车队", status: "PENDING", collect: 0, rule: "NONE", value: null, remark: null },
      { name: "罗大勇", fleet: "南通大勇车队", status: "REJECTED", collect: 1, rule: "FIXED_PER_TON", value: 500, remark: "承诺函未签字，请补充" },
    ] as const;
    const first = orgs[0]!;
    for (const [i, l] of leaders.entries()) {
      n++;
      const at = hoursAgo(200 - i * 30);
      const leader = await trx
        .insertInto("fleet_leaders")
        .values({ platform_id: first.platform_id, tenant_id: Number(first.tenant_id), org_id: null, owner_user_id: null, user_id: null, registered_tenant_id: Number(first.tenant_id), name: l.name, mobile: mobileOf(n), id_card_no: idOf(n), fleet_name: l.fleet, collect_enabled: l.collect, distribution_rule: l.rule, distribution_value: l.value, audit_status: l.status, audit_remark: l.remark, enabled: "ENABLED", created_at: at, updated_at: at, created_by: admin.id, updated_by: admin.id })
        .returningAll()
        .executeTakeFirstOrThrow();
      await events(trx, "fleetLeader", { ...leader, id: Number(leader.id) }, auditTrail(l.status, l.remark, auditor, auditor, at, hoursAgo(190 - i * 30)));
      if (l.status !== "APPROVED") continue;
      const members = await trx
        .selectFrom("freight_drivers as d")
        .innerJoin("freight_vehicles as v", "v.driver_id", "d.id")
        .select(["d.id as driverId", "d.profile_id", "v.id as vehicleId"])
        .where("d.org_id", "=", first.id)
        .where("d.user_id", "is", null)
        .where("d.profile_status", "=", "APPROVED")
        .orderBy("d.id", "desc")
        .limit(4)
        .execute();
      for (const [k, m] of members.entries()) {
        const quit = k === members.length - 1;
        const member = await trx
          .insertInto("fleet_leader_members")
          .values({ platform_id: first.platform_id, tenant_id: Number(first.tenant_id), org_id: null, owner_user_id: null, fleet_leader_id: leader.id, driver_profile_id: Number(m.profile_id), vehicle_id: m.vehicleId, joined_at: addDays(today, -120 + k * 10), quit_at: quit ? addDays(today, -5) : null, status: quit ? "QUIT" : "ACTIVE", collect_authorized: k === 0 ? 1 : 0, remark: quit ? "个人原因退出车队" : null, created_at: at, updated_at: at, created_by: admin.id })
          .returningAll()
          .executeTakeFirstOrThrow();
        await events(trx, "fleetLeaderMember", { ...member, id: Number(member.id) }, [{ action: "CREATE", label: "新增", from: null, to: "ACTIVE", by: auditor, at }, ...(quit ? [{ action: "QUIT", label: "退出车队", from: "ACTIVE", to: "QUIT", by: auditor, at: hoursAgo(120) }] : [])]);
        if (!quit) await trx.updateTable("freight_drivers").set({ fleet_leader_id: leader.id, driver_type: "AFFILIATED" }).where("id", "=", m.driverId).execute();
      }
    }

    // 人车关系: each organisation links seeded drivers to another of its vehicles, in each state.
    const kinds: Array<{ type: Relation["relation_type"]; audit: Relation["audit_status"]; status: Relation["status"]; remark: string | null; reason: string | null }> = [
      { type: "AFFILIATED", audit: "APPROVED", status: "ACTIVE", remark: "挂靠协议齐全", reason: null },
      { type: "EMPLOYED", audit: "PENDING", status: "ACTIVE", remark: null, reason: null },
      { type: "LEASED", audit: "REJECTED", status: "ACTIVE", remark: "租赁合同未盖章", reason: null },
      { type: "EMPLOYED", audit: "APPROVED", status: "DISSOLVED", remark: null, reason: "车主收回授权" },
    ];
    for (const org of orgs) {
      const fleet = await trx
        .selectFrom("freight_drivers as d")
        .innerJoin("freight_vehicles as v", "v.driver_id", "d.id")
        .innerJoin("driver_profiles as p", "p.id", "d.profile_id")
        .select(["p.id as profileId", "p.name", "v.id as vehicleId", "v.plate_no"])
        .where("d.org_id", "=", org.id)
        .where("d.user_id", "is", null)
        .orderBy("d.id")
        .limit(kinds.length + 1)
        .execute();
      for (const [k, kind] of kinds.entries()) {
        const driver = fleet[k];
        const vehicle = fleet[k + 1];
        if (!driver || !vehicle) break;
        const at = hoursAgo(72 - k * 8);
        const row = await trx
          .insertInto("vehicle_relations")
          .values({ platform_id: org.platform_id, tenant_id: Number(org.tenant_id), org_id: Number(org.id), owner_user_id: null, pair_name: `${driver.name} · ${vehicle.plate_no}`, driver_profile_id: driver.profileId, vehicle_id: vehicle.vehicleId, relation_type: kind.type, valid_from: addDays(today, -90), valid_to: addDays(today, 275 + k * 30), auth_images: JSON.stringify(["/files/relations/authorisation-demo.jpg"]), audit_status: kind.audit, audit_remark: kind.remark, status: kind.status, dissolve_reason: kind.reason, remark: null, created_at: at, updated_at: at, created_by: orgUser.id, updated_by: orgUser.id })
          .returningAll()
          .executeTakeFirstOrThrow();
        const trail = auditTrail(kind.audit, kind.remark, orgUser, auditor, at, hoursAgo(70 - k * 8));
        if (kind.status === "DISSOLVED") trail.push({ action: "DISSOLVE", label: "解除", from: "ACTIVE", to: "DISSOLVED", remark: kind.reason, by: orgUser, at: hoursAgo(2) });
        await events(trx, "vehicleRelation", { ...row, id: Number(row.id), tenant_id: Number(row.tenant_id), org_id: Number(row.org_id) }, trail);
      }
    }
  });
}
