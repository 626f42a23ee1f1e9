/**
 * Master data's demo data, in the order the seeders run (platform/demo/seed-all.ts): vehicles,
 * enterprises and invitations, an organisation's own resources, drivers and fleet leaders, the water side.
 */
import type { AuditState } from "../../contract/resources/vocabulary.js";
import { addDays, chinaDate, chinaCompactDate } from "../../contract/units.js";
import type { Transaction, Selectable } from "kysely";
import { type Db, nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { type SeedIds, type SeedOwner as Owner, DEMO_PASSWORD } from "../db/seed.js";
import { creditCodeWithCheck, idCardWithCheck, idCardGender } from "../../contract/validation.js";
import { invitation, type INVITE_CHANNELS, type INVITE_ROLES, type INVITE_STATES } from "../../contract/resources/invitation.js";
import { enterprise } from "../../contract/resources/enterprise.js";
import type { AnyDb, Row } from "../resources/bind.js";
import { recordResourceEvent } from "../resources/events.js";
import { nextSerial } from "../resources/write.js";
import { createEnterpriseAdmin } from "./enterprise.resource.js";
import { expireOverdueInvitations } from "./invitation.resource.js";
import { inviteCodeHash, maskInviteCode } from "./invite-codes.js";
import { CARGO_CLASS_LIST } from "../../contract/code-lists.js";
import { sampleCreditCode, sampleIdCardNo, creditCodeOf, idCardNoOf } from "../../contract/resources/samples.js";
import { taxCompleteOf } from "./shipper.resource.js";
import type { CargosTable, ContactsTable, ProjectsTable, SettlementUnitsTable, ShippersTable, DriverProfilesTable, VehicleRelationsTable } from "./schema.js";
import { backfillDriverProfiles } from "./driver-backfill.js";
import type { FreightDriversTable } from "../freight/schema.js";

const DAY_MS = 24 * 3600_000;

// Demo master data of vehicles: the seeded fleet gets its licence data (approved, valid, loads that fit, so
// dispatch works out of the box), and every demo organisation gets vehicles awaiting audit, rejected and with
// a licence about to expire, so the audit pages have work.

const TYPES = ["重型半挂牵引车", "重型自卸货车", "重型仓栅式货车", "重型厢式货车"];

/** A plausible VIN: WMI + 6 + check position + year + plant + serial (format only; not a real vehicle). */
const vinOf = (n: number) => `LFWSRXRJ${String(n % 10)}${"ABCDEFGHJK"[n % 10]}1E${String(10000 + (n % 89999)).padStart(5, "0")}`.slice(0, 17);

/** The 行驶证 and 道路运输证 of a vehicle, in the vehicle's audit state. */
async function seedCredentials(trx: Transaction<Database>, vehicle: { id: number; tenant_id: number; org_id: number; plate_no: string; owner: string; status: AuditState; licenseTo: string; roadCertNo: string; roadTo: string }) {
  const at = nowIso();
  const common = { platform_id: "A", tenant_id: vehicle.tenant_id, org_id: vehicle.org_id, subject_type: "VEHICLE" as const, subject_id: vehicle.id, status: vehicle.status, created_at: at, updated_at: at, long_term: 0 };
  await trx
    .insertInto("credentials")
    .values([
      { ...common, cred_type: "VEHICLE_LICENSE", cert_no: vehicle.plate_no.replace("·", ""), holder_name: vehicle.owner, issuing_authority: "安徽省蚌埠市公安局交通警察支队", valid_to: vehicle.licenseTo, images: JSON.stringify([`/files/credentials/vl-${vehicle.id}-front.jpg`, `/files/credentials/vl-${vehicle.id}-back.jpg`]), reject_count: vehicle.status === "REJECTED" ? 1 : 0, reject_reason: vehicle.status === "REJECTED" ? "行驶证照片模糊" : null },
      { ...common, cred_type: "ROAD_TRANSPORT_CERT", cert_no: vehicle.roadCertNo, holder_name: vehicle.owner, issuing_authority: "蚌埠市道路运输管理处", valid_to: vehicle.roadTo, images: JSON.stringify([`/files/credentials/rtc-${vehicle.id}.jpg`]), reject_count: 0, reject_reason: null },
    ])
    .execute();
}

export async function seedVehicles(db: Db, ids: SeedIds): Promise<void> {
  const today = chinaDate();
  await db.kysely.transaction().execute(async (trx) => {
    const orgs = await trx.selectFrom("organisations").select(["id", "name", "tenant_id"]).where("id", "in", ids.orgIds).execute();
    const orgName = new Map(orgs.map((o) => [Number(o.id), o.name]));
    const fleet = await trx.selectFrom("freight_vehicles").select(["id", "org_id", "tenant_id", "plate_no", "load_capacity"]).orderBy("id").execute();
    for (const v of fleet) {
      const n = Number(v.id);
      const licenseTo = addDays(today, n % 7 === 0 ? 20 : 200 + (n % 300));
      const roadCertNo = `3403000${String(10000 + n).padStart(5, "0")}`;
      await seedCredentials(trx, { id: n, tenant_id: Number(v.tenant_id), org_id: Number(v.org_id), plate_no: v.plate_no, owner: orgName.get(Number(v.org_id)) ?? "个人车主", status: "APPROVED", licenseTo, roadCertNo, roadTo: addDays(today, 400 + (n % 200)) });
      await trx
        .updateTable("freight_vehicles")
        .set({
          owner_name: orgName.get(Number(v.org_id)) ?? "个人车主",
          use_character: "货运",
          vin: vinOf(n),
          gross_mass: Number(v.load_capacity) + 14_000,
          road_cert_no: roadCertNo,
          license_valid_to: licenseTo,
          road_cert_valid_to: addDays(today, 400 + (n % 200)),
          updated_at: nowIso(),
        })
        .where("id", "=", v.id)
        .execute();
    }
    const letters = "ABCDEFGHJK";
    let n = 0;
    for (const org of orgs) {
      const kinds: Array<{ status: AuditState; remark: string | null }> = [
        { status: "PENDING", remark: null },
        { status: "PENDING", remark: null },
        { status: "REJECTED", remark: "行驶证照片模糊，请重新上传清晰的正副本照片" },
      ];
      for (const kind of kinds) {
        n++;
        const plate = `皖${letters[(Number(org.id) + n) % letters.length]}·${String(60000 + n * 137).slice(0, 5)}`;
        const load = 30_000 + (n % 5) * 2_000;
        const at = new Date(Date.now() - n * 3_600_000).toISOString();
        const row = await trx
          .insertInto("freight_vehicles")
          .values({
            platform_id: "A",
            tenant_id: Number(org.tenant_id),
            org_id: Number(org.id),
            plate_no: plate,
            plate_color_code: "2",
            vehicle_type: TYPES[n % TYPES.length]!,
            energy_type: "B",
            load_capacity: load,
            gross_mass: load + 14_000,
            driver_id: null,
            owner_name: org.name,
            use_character: "货运",
            vin: vinOf(500 + n),
            ownership_type: "OWN",
            road_cert_no: `3403000${String(20000 + n)}`,
            license_valid_to: addDays(today, 365),
            road_cert_valid_to: addDays(today, 365),
            audit_status: kind.status,
            audit_remark: kind.remark,
            created_at: at,
            updated_at: at,
            created_by: ids.userIds.ORG_USER,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await seedCredentials(trx, { id: Number(row.id), tenant_id: Number(org.tenant_id), org_id: Number(org.id), plate_no: plate, owner: org.name, status: kind.status, licenseTo: addDays(today, 365), roadCertNo: `3403000${String(20000 + n)}`, roadTo: addDays(today, 365) });
        await trx.insertInto("resource_events").values({ resource: "vehicle", record_id: Number(row.id), action: "CREATE", action_label: "新增", from_status: null, to_status: "PENDING", remark: null, detail: null, operator_user_id: ids.userIds.ORG_USER, operator_name: "李调度", platform_id: "A", tenant_id: Number(org.tenant_id), org_id: Number(org.id), created_at: at }).execute();
        if (kind.status === "REJECTED") {
          await trx.insertInto("resource_events").values({ resource: "vehicle", record_id: Number(row.id), action: "REJECT", action_label: "驳回", from_status: "PENDING", to_status: "REJECTED", remark: kind.remark, detail: null, operator_user_id: ids.userIds.TENANT_USER, operator_name: "王运营", platform_id: "A", tenant_id: Number(org.tenant_id), org_id: Number(org.id), created_at: nowIso() }).execute();
        }
      }
    }
  });
}

// Demo enterprises and registration invitations. The three demo organisations get approved profiles (their
// credit codes replaced by valid GB 32100 codes, mirrored into organisations); four more enterprises of the
// demo tenant are pending, rejected and disabled, each with its 管理员 account (password Demo@2026). Invitations
// cover every status; the expiry sweep at the end turns the overdue one into 已过期 as the running platform's job
// would.

/** Records an event as the engine would, dated when it happened (the engine stamps the current time). */
async function eventAt(trx: AnyDb, at: string, scope: Parameters<typeof recordResourceEvent>[1], resource: string, row: Row, event: Parameters<typeof recordResourceEvent>[4]): Promise<void> {
  await recordResourceEvent(trx, scope, resource, row, event);
  const last = await trx.selectFrom("resource_events").select((eb) => eb.fn.max("id").as("id")).executeTakeFirstOrThrow();
  await trx.updateTable("resource_events").set({ created_at: at }).where("id", "=", last.id).execute();
}

interface DemoEnterprise {
  name: string;
  shortName: string;
  code17: string;
  kind: "SHIPPER" | "CARRIER" | "LOGISTICS";
  mode: "SELF_OPERATED" | "MATCHMAKING";
  region: string;
  address: string;
  legal: [name: string, id17: string];
  contact: [name: string, phone: string];
  admin: [name: string, mobile: string] | null;
  scope: string;
  roadPermit?: string;
  waterPermit?: string;
  status: "APPROVED" | "PENDING" | "REJECTED";
  enabled?: "DISABLED";
  auditRemark?: string;
  daysAgo: number;
}

/** The demo organisations in seed order, then the new ones. */
const EXISTING: DemoEnterprise[] = [
  { name: "蚌埠粮食运输有限公司", shortName: "蚌埠粮运", code17: "91340300MA2NB7K4Q", kind: "CARRIER", mode: "SELF_OPERATED", region: "340300", address: "安徽省蚌埠市龙子湖区东海大道 2866 号", legal: ["孙建国", "34030219750312351"], contact: ["李调度", "0552-3125678"], admin: null, scope: "普通货运；道路货物运输；粮食收购、仓储", roadPermit: "皖交运管许可蚌字340300012345号", status: "APPROVED", daysAgo: 120 },
  { name: "芜湖江海航运有限公司", shortName: "江海航运", code17: "91340200MA2RTH8W3", kind: "CARRIER", mode: "SELF_OPERATED", region: "340200", address: "安徽省芜湖市镜湖区滨江北路 58 号", legal: ["钱海涛", "34020219800821451"], contact: ["陈海峰", "0553-3876543"], admin: ["陈海峰", "13955300021"], scope: "国内沿海及长江中下游普通货船运输；货物装卸", waterPermit: "交皖XK0123", status: "APPROVED", daysAgo: 110 },
  { name: "合肥恒通物流有限公司", shortName: "恒通物流", code17: "91340100MA2TQ6L5P", kind: "LOGISTICS", mode: "MATCHMAKING", region: "340100", address: "安徽省合肥市包河区繁华大道 1888 号", legal: ["吴恒通", "34010419781105273"], contact: ["刘恒", "13955300031"], admin: ["刘恒", "13955300031"], scope: "道路普通货物运输；网络货运；仓储服务（除危险品）", roadPermit: "皖交运管许可合字340100067890号", status: "APPROVED", daysAgo: 100 },
];

const MORE: DemoEnterprise[] = [
  { name: "安徽丰穗粮油贸易有限公司", shortName: "丰穗粮油", code17: "91340100MA8P4CX2N", kind: "SHIPPER", mode: "SELF_OPERATED", region: "340100", address: "安徽省合肥市蜀山区长江西路 669 号", legal: ["郑丰穗", "34010319820417162"], contact: ["郑晓", "13955300041"], admin: ["郑晓", "13955300041"], scope: "粮食收购；食用油批发；农副产品销售", status: "PENDING", daysAgo: 3 },
  { name: "江苏淮安润禾粮食购销有限公司", shortName: "润禾粮食", code17: "91320800MA1Y7RK3D", kind: "SHIPPER", mode: "MATCHMAKING", region: "320800", address: "江苏省淮安市清江浦区淮海南路 88 号", legal: ["黄润禾", "32080219790926331"], contact: ["黄润", "0517-83456789"], admin: ["黄润", "13955300051"], scope: "粮食收购、销售；饲料原料销售", status: "PENDING", daysAgo: 1 },
  { name: "滁州通达货运有限公司", shortName: "通达货运", code17: "91341100MA2W9JB6H", kind: "CARRIER", mode: "SELF_OPERATED", region: "341100", address: "安徽省滁州市琅琊区丰乐大道 1200 号", legal: ["冯通达", "34110219850118451"], contact: ["冯达", "13955300061"], admin: ["冯达", "13955300061"], scope: "道路普通货物运输", roadPermit: "皖交运管许可滁字341100004321号", status: "REJECTED", auditRemark: "营业执照照片模糊，经营范围与道路运输经营许可证不一致，请重新上传", daysAgo: 8 },
  { name: "马鞍山长江物流有限公司", shortName: "长江物流", code17: "91340500MA2UE3F8K", kind: "LOGISTICS", mode: "SELF_OPERATED", region: "340500", address: "安徽省马鞍山市雨山区湖南西路 399 号", legal: ["褚长江", "34050419761230211"], contact: ["褚江", "0555-2456789"], admin: ["褚江", "13955300071"], scope: "道路普通货物运输；港口货物装卸；仓储", roadPermit: "皖交运管许可马字340500009876号", status: "APPROVED", enabled: "DISABLED", daysAgo: 60 },
];

/** `hours` after an ISO time. */
const later = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3600_000).toISOString();

export async function seedEnterprises(db: Db, ids: SeedIds): Promise<void> {
  const now = Date.now();
  await db.kysely.transaction().execute(async (trx) => {
    const system = { userId: ids.userIds.SYSTEM_USER, name: "平台管理员", platformId: "A" };
    const tenantOps = { userId: ids.userIds.TENANT_USER, name: "王运营", platformId: "A" };
    const orgUser = await trx.selectFrom("users").select(["id", "name", "mobile"]).where("id", "=", ids.userIds.ORG_USER).executeTakeFirstOrThrow();

    const all: Array<[DemoEnterprise, number | null]> = [...EXISTING.map((e, i): [DemoEnterprise, number | null] => [e, ids.orgIds[i] ?? null]), ...MORE.map((e): [DemoEnterprise, number | null] => [e, null])];
    const enterpriseIds: number[] = [];
    for (const [e, existing] of all) {
      const at = new Date(now - e.daysAgo * DAY_MS).toISOString();
      const creditCode = creditCodeWithCheck(e.code17);
      let orgId: number;
      if (existing !== null) {
        orgId = existing;
        await trx.updateTable("organisations").set({ name: e.name, credit_code: creditCode }).where("id", "=", orgId).execute();
      } else {
        const org = await trx.insertInto("organisations").values({ platform_id: "A", tenant_id: ids.tenantId, name: e.name, credit_code: creditCode }).returning("id").executeTakeFirstOrThrow();
        orgId = Number(org.id);
      }
      const admin = e.admin
        ? { userId: (await createEnterpriseAdmin(trx, { platformId: "A", tenantId: ids.tenantId, orgId, name: e.admin[0], mobile: e.admin[1], password: DEMO_PASSWORD })).userId, name: e.admin[0], mobile: e.admin[1] }
        : { userId: Number(orgUser.id), name: orgUser.name, mobile: orgUser.mobile };
      if (e.enabled === "DISABLED") await trx.updateTable("users").set({ status: "ORG_DISABLED" }).where("org_id", "=", orgId).execute();
      const row = await trx
        .insertInto("enterprise_profiles")
        .values({
          id: orgId,
          platform_id: "A",
          tenant_id: ids.tenantId,
          org_id: orgId,
          owner_user_id: null,
          kind: e.kind,
          short_name: e.shortName,
          name: e.name,
          credit_code: creditCode,
          legal_person: e.legal[0],
          legal_person_id_no: idCardWithCheck(e.legal[1]),
          registered_address: e.address,
          region_code: e.region,
          contact_name: e.contact[0],
          contact_mobile: e.contact[1],
          business_scope: e.scope,
          road_permit_no: e.roadPermit ?? null,
          water_permit_no: e.waterPermit ?? null,
          admin_user_id: admin.userId,
          admin_name: admin.name,
          admin_mobile: admin.mobile,
          business_mode: e.mode,
          remark: null,
          audit_status: e.status,
          audit_remark: e.auditRemark ?? null,
          enabled: e.enabled ?? "ENABLED",
          created_at: at,
          created_by: system.userId,
          updated_at: at,
          updated_by: system.userId,
          version: e.status === "PENDING" ? 0 : 1,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      enterpriseIds.push(orgId);
      const creator = existing === null && e.daysAgo < 5 ? tenantOps : system;
      await eventAt(trx, at, creator, enterprise.key, row as unknown as Row, { action: "CREATE", label: "新增", to: "PENDING" });
      if (e.status === "APPROVED") await eventAt(trx, later(at, 5), tenantOps, enterprise.key, row as unknown as Row, { action: "APPROVE", label: "通过", from: "PENDING", to: "APPROVED", remark: "证照齐全，信息一致" });
      if (e.status === "REJECTED") await eventAt(trx, later(at, 20), tenantOps, enterprise.key, row as unknown as Row, { action: "REJECT", label: "驳回", from: "PENDING", to: "REJECTED", remark: e.auditRemark });
      if (e.enabled === "DISABLED") await eventAt(trx, later(at, 24 * 20), system, enterprise.key, row as unknown as Row, { action: "DISABLE", label: "停用", from: "ENABLED", to: "DISABLED" });
    }

    // Invitations: [name, mobile, role, channel, status, days ago, organisation index, by system?]
    const invites: Array<[string, string, keyof typeof INVITE_ROLES, keyof typeof INVITE_CHANNELS, keyof typeof INVITE_STATES, number, number | null, boolean]> = [
      ["赵德胜", "13966100101", "DRIVER", "SMS", "SENT", 0, 0, false],
      ["钱小满", "13966100102", "DRIVER", "WECHAT", "SENT", 2, 0, false],
      ["孙长河", "13966100103", "CAPTAIN", "SMS", "SENT", 5, 1, false],
      ["周立新", "13966100104", "FLEET_LEADER", "LINK", "REGISTERED", 4, 2, false],
      ["吴家宝", "13966100105", "SHIPOWNER", "QR", "REGISTERED", 6, 1, true],
      ["张师傅", "13800000004", "DRIVER", "SMS", "CERTIFIED", 40, 0, false],
      ["郑国强", "13966100107", "DRIVER", "SMS", "CERTIFIED", 20, 2, true],
      ["王海生", "13966100108", "CAPTAIN", "WECHAT", "SENT", 12, 1, false],
      ["冯小东", "13966100109", "ORG_ADMIN", "SMS", "REVOKED", 3, null, true],
      ["陈国梁", "13966100110", "DRIVER", "SMS", "SENT", 9, 2, true],
    ];
    // The demo's codes, known from this file so a demo can accept an invitation; the rows keep only their hashes.
    const codes = ["K7M2QX8R", "P3WN9YTA", "H8B4ZC2E", "R5GT7LUJ", "M2XF6VDN", "Q9AS3KEW", "T4YH8NBC", "W6DJ2RPM", "E3LC5GZK", "U8NV4HTF"];
    const individual = await trx.selectFrom("users").select("id").where("id", "=", ids.userIds.INDIVIDUAL_USER).executeTakeFirst();
    let pastSerial = 900;
    for (const [i, [name, mobile, role, channel, status, daysAgo, orgIndex, bySystem]] of invites.entries()) {
      const created = now - daysAgo * DAY_MS - (i + 1) * 3600_000 * 0.5;
      const at = new Date(created).toISOString();
      const day = chinaCompactDate(created);
      const inviteNo = day === chinaCompactDate(now) ? await nextSerial(trx, "YQ") : `YQ${day}${String((pastSerial += 1)).padStart(6, "0")}`;
      const inviter = bySystem ? system : tenantOps;
      const registered = status === "REGISTERED" || status === "CERTIFIED" ? new Date(created + 26 * 3600_000).toISOString() : null;
      const resentToday = i === 0;
      const row = await trx
        .insertInto("registration_invitations")
        .values({
          platform_id: "A",
          tenant_id: orgIndex === null && bySystem ? null : ids.tenantId,
          org_id: orgIndex === null ? null : (enterpriseIds[orgIndex] ?? null),
          owner_user_id: null,
          invite_no: inviteNo,
          invitee_mobile: mobile,
          invitee_name: name,
          role,
          invite_code_hash: inviteCodeHash("A", codes[i]!),
          invite_code: maskInviteCode(codes[i]!),
          channel,
          inviter_user_id: inviter.userId,
          inviter_name: inviter.name,
          expires_at: new Date(created + 7 * DAY_MS).toISOString(),
          status,
          registered_user_id: status === "CERTIFIED" && mobile === "13800000004" && individual ? Number(individual.id) : null,
          registered_at: registered,
          certified_at: status === "CERTIFIED" ? new Date(created + 3 * DAY_MS).toISOString() : null,
          send_count_day: resentToday ? 2 : 1,
          last_sent_day: chinaDate(created),
          created_at: at,
          created_by: inviter.userId,
          updated_at: at,
          updated_by: inviter.userId,
          version: 0,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await eventAt(trx, at, inviter, invitation.key, row as unknown as Row, { action: "CREATE", label: "新增", to: "SENT" });
      if (resentToday) await eventAt(trx, later(at, 0.25), inviter, invitation.key, row as unknown as Row, { action: "RESEND", label: "重发", from: "SENT", to: "SENT" });
      if (status === "REVOKED") await eventAt(trx, later(at, 2), inviter, invitation.key, row as unknown as Row, { action: "REVOKE", label: "撤回", from: "SENT", to: "REVOKED" });
    }
    await expireOverdueInvitations(trx);
  });
}

// Demo data of an organisation's own resources: the cargo category dictionary of every platform (the
// ministry's 19 classes, grain kinds under 粮食 1100), and for each demo organisation shippers in every audit
// state (with their audit history), settlement units, cargos, contacts and projects; the INDIVIDUAL_USER demo
// account gets a personal organisation (as `personalOrgId` creates it) with a couple of cargos and contacts.
// Plain inserts in one transaction on an empty database.

type Trx = Transaction<Database>;
type Cargo = Selectable<CargosTable>;
type Shipper = Selectable<ShippersTable>;
type Project = Selectable<ProjectsTable>;

/** Our kinds below some of the ministry's cargo classes (部标货物类型分类代码, contract/code-lists.ts). */
const KINDS: Record<string, string[]> = { "0100": ["原煤", "焦炭"], "0500": ["黄沙", "碎石"], "1100": ["玉米", "小麦", "稻谷", "大豆", "高粱", "大麦", "饲料"] };
const CATEGORIES: Array<[name: string, code: string, children?: string[]]> = Object.entries(CARGO_CLASS_LIST.codes).map(([code, { label }]) => [label, code, KINDS[code]]);


/** Per organisation: place names, shipper names and regions, so the three organisations differ. */
const RESOURCE_ORGS = [
  {
    region: "340302",
    shippers: ["中储粮蚌埠直属库有限公司", "安徽丰原粮油贸易有限公司", "蚌埠市淮上粮油购销有限公司"],
    person: ["陈立军", "0552-3012345"],
    places: [
      ["LOADING", "中储粮蚌埠直属库", "340302", "安徽省蚌埠市龙子湖区东海大道 1688 号", "孙保管", "13805520011", "中储粮蚌埠直属库有限公司"],
      ["UNLOADING", "芜湖港朱家桥港区", "340207", "安徽省芜湖市鸠江区朱家桥港区港湾路 8 号", "钱调度", "13905530022", "芜湖港储运有限公司"],
      ["BOTH", "合肥北粮库", "340102", "安徽省合肥市瑶海区北二环路 266 号", "赵主任", "0551-64281234", "安徽省粮食储备有限公司"],
      ["RECEIVER", "南京龙潭港粮食码头", "320113", "江苏省南京市栖霞区龙潭港区港城路 1 号", "周经理", "13851700033", "南京港龙潭集装箱有限公司"],
    ],
  },
  {
    region: "340202",
    shippers: ["芜湖市粮食储备有限公司", "安徽省江淮粮油集团有限公司", "无为县惠民粮食购销有限公司"],
    person: ["吴永刚", "0553-5821234"],
    places: [
      ["LOADING", "芜湖三山粮库", "340208", "安徽省芜湖市弋江区三山大道 99 号", "刘保管", "13805530044", "芜湖市粮食储备有限公司"],
      ["UNLOADING", "马鞍山港郑蒲港区", "340521", "安徽省马鞍山市当涂县郑蒲港新区港口大道 6 号", "孙调度", "13905550055", "马鞍山港口集团有限公司"],
      ["BOTH", "铜陵横港粮库", "340705", "安徽省铜陵市铜官区横港路 18 号", "钱主任", "0562-2812345", "铜陵市粮食储备库"],
    ],
  },
  {
    region: "340104",
    shippers: ["合肥市粮食收储有限公司", "安徽皖垦粮油有限公司", "肥西县丰乐粮食购销有限公司"],
    person: ["郑国华", "0551-65891234"],
    places: [
      ["LOADING", "宿州埇桥粮食物流园", "341302", "安徽省宿州市埇桥区金江三路 128 号", "王保管", "13805570066", "宿州市粮食物流有限公司"],
      ["UNLOADING", "合肥港派河港区", "340123", "安徽省合肥市肥西县派河港路 3 号", "冯调度", "13905510077", "合肥港集团有限公司"],
      ["RECEIVER", "徐州粮食储备库", "320311", "江苏省徐州市泉山区三环西路 55 号", "陈主任", "0516-83451234", "徐州市粮食储备有限公司"],
    ],
  },
] as const;

const CARGOS: Array<[name: string, category: string, packaging: Cargo["packaging"], priceFen: number, lossBp: number, enabled?: Cargo["enabled"]]> = [
  ["国标三等玉米", "玉米", "BULK", 265_000, 30],
  ["国标二等小麦", "小麦", "BULK", 282_000, 20],
  ["早籼稻", "稻谷", "BAGGED", 276_000, 30],
  ["国产大豆", "大豆", "TON_BAG", 480_000, 20],
  ["饲料级玉米", "饲料", "BULK", 240_000, 40, "DISABLED"],
];

class Serials {
  private last = new Map<string, number>();
  next(prefix: string, at: string): string {
    const day = chinaCompactDate(at);
    const key = `${prefix}${day}`;
    const n = (this.last.get(key) ?? 0) + 1;
    this.last.set(key, n);
    return `${key}${String(n).padStart(6, "0")}`;
  }
  rows() {
    return [...this.last].map(([key, last]) => ({ prefix: key.slice(0, 2), day: key.slice(2), last }));
  }
}

async function seedCategories(trx: Trx, at: string): Promise<Map<string, Map<string, { id: number; name: string; code: string }>>> {
  const platforms = await trx.selectFrom("platforms").select("id").execute();
  const out = new Map<string, Map<string, { id: number; name: string; code: string }>>();
  for (const { id: platformId } of platforms) {
    const byName = new Map<string, { id: number; name: string; code: string }>();
    for (const [i, [name, code, children]] of CATEGORIES.entries()) {
      const base = { platform_id: platformId, tenant_id: null, org_id: null, owner_user_id: null, created_at: at, updated_at: at, enabled: "ENABLED" as const, remark: null };
      const parent = await trx.insertInto("cargo_categories").values({ ...base, parent_id: null, name, ministry_code: code, sort: (i + 1) * 10 }).returning("id").executeTakeFirstOrThrow();
      byName.set(name, { id: Number(parent.id), name, code });
      for (const [j, child] of (children ?? []).entries()) {
        const row = await trx.insertInto("cargo_categories").values({ ...base, parent_id: parent.id, name: child, ministry_code: code, sort: j + 1 }).returning("id").executeTakeFirstOrThrow();
        byName.set(child, { id: Number(row.id), name: child, code });
      }
    }
    out.set(platformId, byName);
  }
  return out;
}

const scoped = (o: Owner, at: string) => ({ platform_id: o.platformId, tenant_id: o.tenantId, org_id: o.orgId, owner_user_id: o.ownerUserId, created_at: at, created_by: o.operator.id, updated_at: at, updated_by: o.operator.id });

async function event(trx: Trx, o: Owner, resource: string, recordId: number, e: { action: string; label: string; from?: string; to?: string; remark?: string; by: { id: number | null; name: string }; at: string }) {
  await trx
    .insertInto("resource_events")
    .values({ resource, record_id: recordId, action: e.action, action_label: e.label, from_status: e.from ?? null, to_status: e.to ?? null, remark: e.remark ?? null, detail: null, operator_user_id: e.by.id, operator_name: e.by.name, platform_id: o.platformId, tenant_id: o.tenantId, org_id: o.orgId, created_at: e.at })
    .execute();
}

/** An audited row's history: created (待审核), then approved or rejected by the tenant's staff. */
async function auditHistory(trx: Trx, o: Owner, resource: string, id: number, status: string, created: string, auditor: { id: number | null; name: string }, remark: string | null) {
  await event(trx, o, resource, id, { action: "CREATE", label: "新增", to: "PENDING", by: o.operator, at: created });
  const at = new Date(Date.parse(created) + 3 * 3600_000).toISOString();
  if (status === "APPROVED") await event(trx, o, resource, id, { action: "APPROVE", label: "通过", from: "PENDING", to: "APPROVED", remark: remark ?? undefined, by: auditor, at });
  if (status === "REJECTED") await event(trx, o, resource, id, { action: "REJECT", label: "驳回", from: "PENDING", to: "REJECTED", remark: remark ?? undefined, by: auditor, at });
}

async function seedCargosAndContacts(trx: Trx, o: Owner, categories: Map<string, { id: number; name: string; code: string }>, cargos: typeof CARGOS, places: ReadonlyArray<readonly [kind: Selectable<ContactsTable>["kind"], ...rest: string[]]>, start: number) {
  for (const [i, [name, category, packaging, price, loss, enabled]] of cargos.entries()) {
    const c = categories.get(category)!;
    const at = new Date(start + i * 3600_000).toISOString();
    await trx
      .insertInto("cargos")
      .values({ ...scoped(o, at), name, category_id: c.id, category_name: c.name, ministry_code: c.code, packaging, unit_price: price, loss_allowance_bp: loss, remark: null, enabled: enabled ?? "ENABLED" })
      .execute();
  }
  const ids: number[] = [];
  const defaults = new Set<string>();
  for (const [i, [kind, place, region, address, contactName, mobile, company]] of places.entries()) {
    const at = new Date(start + i * 3600_000).toISOString();
    const isDefault = defaults.has(kind!) ? 0 : 1;
    defaults.add(kind!);
    const row = await trx
      .insertInto("contacts")
      .values({ ...scoped(o, at), kind: kind!, place: place!, region_code: region!, address: address!, contact_name: contactName!, contact_mobile: mobile!, company_name: company ?? null, fence_radius_m: 500 + i * 500, is_default: isDefault })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
}

export async function seedOrgResources(db: Db, ids: SeedIds): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const now = Date.now();
    const categories = await seedCategories(trx, new Date(now - 120 * DAY_MS).toISOString());
    const serials = new Serials();
    const users = await trx.selectFrom("users").select(["id", "name", "type", "org_id", "tenant_id"]).where("id", "in", Object.values(ids.userIds)).execute();
    const user = (type: string) => users.find((u) => u.type === type)!;
    const orgUser = user("ORG_USER");
    const tenantUser = user("TENANT_USER");
    const auditor = { id: Number(tenantUser.id), name: String(tenantUser.name) };
    const grain = categories.get("A")!;

    for (const [index, orgId] of ids.orgIds.entries()) {
      const spec = RESOURCE_ORGS[index % RESOURCE_ORGS.length]!;
      const operator = Number(orgUser.org_id) === orgId ? { id: Number(orgUser.id), name: String(orgUser.name) } : { id: null, name: "企业管理员" };
      const o: Owner = { platformId: "A", tenantId: ids.tenantId, orgId, ownerUserId: null, operator };
      const start = now - (60 - index) * DAY_MS;
      const contactIds = await seedCargosAndContacts(trx, o, grain, CARGOS, spec.places, start);

      // 托运人: approved company (complete tax block, 月结), approved person (普票, 预付), pending company (授信), rejected company.
      const [approvedName, pendingName, rejectedName] = spec.shippers;
      const [personName, personPhone] = spec.person;
      const shipperSpecs: Array<{ kind: Shipper["kind"]; name: string; audit: Shipper["audit_status"]; settle: Shipper["settle_mode"]; credit: number | null; tax: boolean; remark: string | null }> = [
        { kind: "COMPANY", name: approvedName, audit: "APPROVED", settle: "MONTHLY", credit: null, tax: true, remark: "营业执照与开票信息一致" },
        { kind: "PERSON", name: personName, audit: "APPROVED", settle: "PREPAID", credit: null, tax: true, remark: null },
        { kind: "COMPANY", name: pendingName, audit: "PENDING", settle: "CREDIT", credit: 50_000_000, tax: false, remark: null },
        { kind: "COMPANY", name: rejectedName, audit: "REJECTED", settle: "MONTHLY", credit: null, tax: true, remark: "营业执照照片模糊，且开票抬头与执照名称不一致，请重新上传" },
      ];
      const shipperIds: number[] = [];
      for (const [i, s] of shipperSpecs.entries()) {
        const at = new Date(start + (i + 1) * DAY_MS).toISOString();
        const n = index * 10 + i + 1;
        const company = s.kind === "COMPANY";
        const creditCode = company ? sampleCreditCode(n, spec.region) : null;
        const values = {
          ...scoped(o, at),
          shipper_no: serials.next("TY", at),
          kind: s.kind,
          name: s.name,
          credit_code: creditCode,
          id_card_no: company ? null : sampleIdCardNo(7300 + n, spec.region),
          legal_person: company ? ["周建国", "许文华", "韩立新"][i % 3]! : null,
          address: company ? `安徽省${["蚌埠市龙子湖区", "芜湖市镜湖区", "合肥市包河区"][index % 3]}粮贸路 ${10 + i} 号` : null,
          contact_name: company ? ["孙经理", "李主任", "杨会计"][i % 3]! : s.name,
          contact_mobile: `1385520${String(1000 + n).slice(-4)}`,
          tax_title: s.tax ? (company && s.audit === "REJECTED" ? `${s.name.slice(0, -4)}集团` : s.name) : company ? s.name : null,
          tax_no: company && s.tax ? creditCode : null,
          tax_address: company && s.tax ? `安徽省蚌埠市龙子湖区东海大道 ${200 + n} 号` : null,
          tax_phone: company && s.tax ? personPhone : null,
          tax_bank_name: company && s.tax ? "中国农业发展银行蚌埠市分行" : null,
          tax_bank_account: company && s.tax ? `2033401000${String(100_000 + n)}` : null,
          tax_complete: 0,
          receive_name: company ? "王会计" : s.name,
          receive_mobile: "13966660001",
          receive_address: company ? "安徽省蚌埠市龙子湖区东海大道 1688 号财务室" : null,
          receive_email: company ? `fp${n}@grain-demo.cn` : null,
          settle_mode: s.settle,
          credit_limit: s.credit,
          audit_status: s.audit,
          audit_remark: s.audit === "PENDING" ? null : s.remark,
          enabled: "ENABLED" as const,
          remark: s.settle === "CREDIT" ? "授信额度经财务部审批" : null,
        };
        values.tax_complete = taxCompleteOf(values);
        const row = await trx.insertInto("shippers").values(values).returning("id").executeTakeFirstOrThrow();
        shipperIds.push(Number(row.id));
        await auditHistory(trx, o, "shipper", Number(row.id), s.audit, at, auditor, values.audit_remark);
      }

      // 核算单位 under the approved company shipper (one with its own tax block, one stopped).
      const units: Array<[code: string, name: string, budget: number, tax: boolean, enabled: Selectable<SettlementUnitsTable>["enabled"]]> = [
        ["HS01", `${approvedName!.replace(/有限公司$/, "")}一分库`, 80_000_000, true, "ENABLED"],
        ["HS02", `${approvedName!.replace(/有限公司$/, "")}二分库`, 50_000_000, false, "ENABLED"],
        ["HS03", `${approvedName!.replace(/有限公司$/, "")}轮换组`, 20_000_000, false, "DISABLED"],
      ];
      for (const [i, [code, name, budget, tax, enabled]] of units.entries()) {
        const at = new Date(start + (6 + i) * DAY_MS).toISOString();
        await trx
          .insertInto("settlement_units")
          .values({
            ...scoped(o, at),
            shipper_id: shipperIds[0]!,
            code,
            name,
            budget,
            tax_title: tax ? name : null,
            tax_no: tax ? sampleCreditCode(900 + index * 10 + i, spec.region) : null,
            tax_address: tax ? "安徽省蚌埠市龙子湖区东海大道 1688 号" : null,
            tax_phone: tax ? spec.person[1] : null,
            tax_bank_name: tax ? "中国农业发展银行蚌埠市分行" : null,
            tax_bank_account: tax ? `2033401000${String(200_000 + index * 10 + i)}` : null,
            enabled,
          })
          .execute();
      }

      // 项目: approved and active, pending, rejected, approved and finished.
      const projects: Array<[name: string, shipper: number, audit: Project["audit_status"], status: Project["status"], from: string, to: string, weightKg: number, remark: string | null]> = [
        ["2026年最低收购价小麦移库", 0, "APPROVED", "ACTIVE", "2026-03-01", "2026-12-31", 20_000_000, "合同已备案"],
        ["2026年玉米轮换出库", 2, "PENDING", "ACTIVE", "2026-05-01", "2026-10-31", 8_000_000, null],
        ["稻谷跨省调运", 1, "REJECTED", "ACTIVE", "2026-04-01", "2026-09-30", 3_000_000, "合同编号与上传合同不一致，请核对后重新提交"],
        ["2025年秋粮收购运输", 0, "APPROVED", "FINISHED", "2025-09-01", "2025-12-31", 15_000_000, "项目已按计划完成"],
      ];
      for (const [i, [name, shipperIndex, audit, status, from, to, weight, remark]] of projects.entries()) {
        const at = new Date(start + (10 + i) * DAY_MS).toISOString();
        const row = await trx
          .insertInto("projects")
          .values({
            ...scoped(o, at),
            project_no: serials.next("XM", at),
            name,
            shipper_id: shipperIds[shipperIndex]!,
            contract_no: `HT${chinaCompactDate(at)}${String(index * 10 + i + 1).padStart(4, "0")}`,
            loading_contact_id: contactIds[0] ?? null,
            unloading_contact_id: contactIds[1] ?? null,
            period_from: from,
            period_to: to,
            planned_weight: weight,
            status,
            audit_status: audit,
            audit_remark: audit === "PENDING" ? null : remark,
            remark: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await auditHistory(trx, o, "project", Number(row.id), audit, at, auditor, audit === "PENDING" ? null : remark);
        if (status === "FINISHED") await event(trx, o, "project", Number(row.id), { action: "FINISH", label: "结束项目", from: "ACTIVE", to: "FINISHED", by: operator, at: new Date(Date.parse(at) + 30 * DAY_MS).toISOString() });
      }
    }

    // The individual's personal organisation (as platform/resources/write.ts personalOrgId creates it).
    const individual = user("INDIVIDUAL_USER");
    if (individual.tenant_id != null) {
      let orgId = individual.org_id == null ? null : Number(individual.org_id);
      if (orgId === null) {
        const org = await trx.insertInto("organisations").values({ platform_id: "A", tenant_id: individual.tenant_id, name: `${individual.name}（个人）`, credit_code: null }).returning("id").executeTakeFirstOrThrow();
        orgId = Number(org.id);
        await trx.updateTable("users").set({ org_id: orgId }).where("id", "=", individual.id).execute();
      }
      const me = { id: Number(individual.id), name: String(individual.name) };
      const o: Owner = { platformId: "A", tenantId: Number(individual.tenant_id), orgId, ownerUserId: me.id, operator: me };
      await seedCargosAndContacts(trx, o, grain, CARGOS.slice(0, 2), RESOURCE_ORGS[0].places.slice(0, 2), now - 20 * DAY_MS);
    }

    const counters = serials.rows();
    if (counters.length) await trx.insertInto("serial_counters").values(counters).execute();
  });
}

// Demo data of drivers, fleet leaders and 人车关系: every seeded roster driver gets an approved profile (and its
// vehicle a load that fits the demo dispatches), and each demo organisation gets drivers awaiting audit,
// rejected, with an expired licence and no longer cooperating; the tenant gets a fleet leader with members and
// two awaiting or rejected; each organisation gets relations in every state.

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

// Demo data of the water master data (domain 1.3, 1.7, 2.6, 2.8), after the freight seed: certified profiles
// for the seeded captains and the master-data fields of the seeded ships (all approved, so water dispatch
// keeps working), and for every demo organisation approved, pending and rejected captains, ships, shipowners
// and ship relations, with their audit history.

/** An instant `days` before now, a little earlier in the day for each step so rows never share a time. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS - (days % 7) * 3600_000).toISOString();

/** What each demo organisation's water business looks like (in the order of SeedIds.orgIds). */
const WATER_ORGS = [
  {
    region: "340302",
    port: "蚌埠",
    shipPrefix: "皖蚌埠货",
    dispatcher: "李调度",
    companies: [
      { name: "蚌埠淮河船务有限公司", legal: "孙德明", address: "安徽省蚌埠市龙子湖区淮河路 316 号", phone: "0552-3126688", permit: "皖蚌埠XK0021" },
      { name: "怀远县顺达航运有限公司", legal: "王金山", address: "安徽省蚌埠市怀远县禹王路 58 号", phone: "0552-8012345", permit: "皖蚌埠XK0057" },
    ],
    persons: ["陶长林", "鲍永福"],
    captains: ["韩大勇", "邵春生", "陈保国"],
  },
  {
    region: "340202",
    port: "芜湖",
    shipPrefix: "皖芜湖货",
    dispatcher: "周调度",
    companies: [
      { name: "芜湖长江船务有限公司", legal: "汪国庆", address: "安徽省芜湖市镜湖区滨江北路 9 号", phone: "0553-3881234", permit: "皖芜湖XK0103" },
      { name: "繁昌港航运输有限公司", legal: "吴立新", address: "安徽省芜湖市繁昌区港湾路 21 号", phone: "0553-7869012", permit: "皖芜湖XK0142" },
    ],
    persons: ["江海涛", "方兴旺"],
    captains: ["章卫东", "俞金山", "姚振华"],
  },
  {
    region: "340104",
    port: "合肥",
    shipPrefix: "皖合肥货",
    dispatcher: "吴调度",
    companies: [
      { name: "巢湖航运有限公司", legal: "许文杰", address: "安徽省合肥市巢湖市港口路 12 号", phone: "0551-82312345", permit: "皖合肥XK0036" },
      { name: "南京滨江船务有限公司", legal: "顾明亮", address: "江苏省南京市鼓楼区江边路 66 号", phone: "025-58801234", permit: "苏南京XK0218" },
    ],
    persons: ["葛家宝", "詹俊峰"],
    captains: ["费庆丰", "苗胜利", "诸葛玉林"],
  },
] as const;

const SHIP_TYPES = ["BULK", "BULK", "DRY_CARGO", "BULK", "DECK_BARGE", "CONTAINER", "SAND_DUMP", "DRY_CARGO"] as const;
const NAV_AREAS = ["B", "B", "C", "A", "B", "J2"] as const;
const PORT_OF: Record<string, string> = { 皖蚌埠货: "蚌埠", 皖芜湖货: "芜湖", 皖合肥货: "合肥", 皖马鞍山货: "马鞍山", 皖淮南货: "淮南", 皖安庆货: "安庆", 苏南京货: "南京" };

function portOf(shipName: string): string {
  const prefix = Object.keys(PORT_OF).find((p) => shipName.startsWith(p));
  return prefix ? PORT_OF[prefix]! : "蚌埠";
}

/** Master-data figures of a ship of this deadweight (kg): tonnages from the usual inland ratios. */
function shipFigures(serial: number, loadKg: number) {
  const deadweightT = loadKg / 1000;
  return {
    ship_identity_no: `CN${String(20_150_000_000 + serial * 7919)}`,
    ship_type: SHIP_TYPES[serial % SHIP_TYPES.length]!,
    nav_area: NAV_AREAS[serial % NAV_AREAS.length]!,
    gross_tonnage: Math.round(deadweightT * 0.62),
    net_tonnage: Math.round(deadweightT * 0.35),
    build_date: `${2010 + (serial % 13)}-${String(1 + (serial % 12)).padStart(2, "0")}-${String(5 + (serial % 20)).padStart(2, "0")}`,
    call_sign: `BR${String(4000 + serial)}`,
    mmsi: `41300${String(1000 + serial * 37).padStart(4, "0")}`,
  };
}

interface Actor {
  userId: number;
  name: string;
  platformId: string;
}

export async function seedWater(db: Db, ids: SeedIds): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const orgs = await trx.selectFrom("organisations").select(["id", "platform_id", "tenant_id"]).where("id", "in", ids.orgIds).execute();
    const auditor: Actor = { userId: ids.userIds.TENANT_USER, name: "王运营", platformId: "A" };
    const today = chinaDate();
    let serial = 0;
    let person = 0;

    for (const [index, orgId] of ids.orgIds.entries()) {
      const org = orgs.find((o) => o.id === orgId)!;
      const plan = WATER_ORGS[index % WATER_ORGS.length]!;
      const scoped = { platform_id: org.platform_id, tenant_id: org.tenant_id, org_id: org.id };
      const dispatcher: Actor = { userId: index === 0 ? ids.userIds.ORG_USER : ids.userIds.TENANT_USER, name: plan.dispatcher, platformId: org.platform_id };
      const event = (actor: Actor, resource: string, row: Row, e: Parameters<typeof recordResourceEvent>[4]) => recordResourceEvent(trx, actor, resource, row, e);

      /** A profile and its roster row; `audit` decides both states (REMOVED rosters keep an approved profile). */
      const addCaptain = async (name: string, audit: "APPROVED" | "PENDING" | "REJECTED", createdDaysAgo: number, extra: { certificateNo?: string; existingId?: number; account?: { userId: number; mobile: string } | null; validTo?: string; remark?: string | null; removed?: boolean } = {}) => {
        person++;
        const idCardNo = idCardNoOf(plan.region, `${1966 + (person % 28)}-${String(1 + (person % 12)).padStart(2, "0")}-${String(1 + ((person * 7) % 28)).padStart(2, "0")}`, 11 + person * 2);
        const at = daysAgo(createdDaysAgo);
        const certificateNo = extra.certificateNo ?? `皖内河${String(320_000_000 + person * 1_237)}`;
        const copy = { name, crew_cert_no: certificateNo, crew_position: "CAPTAIN" as const, nav_area: "B" as const, service_book_no: `${plan.region}${String(100_000 + person * 31)}`, cert_valid_to: extra.validTo ?? `${2027 + (person % 4)}-${String(1 + (person % 12)).padStart(2, "0")}-28` };
        const profile = await trx
          .insertInto("captain_profiles")
          .values({
            ...scoped,
            owner_user_id: null,
            // The demo captain's profile is his own account's (he sees it and his ship from /driver).
            user_id: extra.account?.userId ?? null,
            mobile: extra.account?.mobile ?? `13${String(700_000_000 + person * 104_729).slice(0, 9)}`,
            id_card_no: idCardNo,
            gender: idCardGender(idCardNo),
            address: `安徽省${plan.port}市沿江路 ${10 + person} 号`,
            source: "ORG",
            ...copy,
            audit_status: audit,
            audit_remark: audit === "REJECTED" ? (extra.remark ?? "船员适任证书照片模糊，请重新上传清晰照片") : null,
            enabled: "ENABLED",
            remark: null,
            created_at: at,
            created_by: dispatcher.userId,
            updated_by: audit === "PENDING" ? dispatcher.userId : auditor.userId,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await event(dispatcher, "captainProfile", profile as unknown as Row, { action: "CREATE", label: "企业添加船长，提交审核", to: "PENDING" });
        if (audit !== "PENDING") await event(auditor, "captainProfile", profile as unknown as Row, { action: audit === "APPROVED" ? "APPROVE" : "REJECT", label: audit === "APPROVED" ? "通过" : "驳回", from: "PENDING", to: audit, remark: profile.audit_remark });
        const roster = {
          profile_id: profile.id,
          id_card_no: idCardNo,
          certificate_no: certificateNo,
          crew_position: copy.crew_position,
          nav_area: copy.nav_area,
          service_book_no: copy.service_book_no,
          cert_valid_to: copy.cert_valid_to,
          profile_audit_status: audit,
          status: extra.removed ? ("REMOVED" as const) : ("ACTIVE" as const),
          updated_at: at,
        };
        if (extra.existingId) {
          await trx.updateTable("freight_captains").set(roster).where("id", "=", extra.existingId).execute();
          return extra.existingId;
        }
        const row = await trx
          .insertInto("freight_captains")
          .values({ ...scoped, user_id: null, name, mobile: profile.mobile, ...roster, created_at: at, created_by: dispatcher.userId, remark: extra.removed ? "航线调整，暂停合作" : null })
          .returningAll()
          .executeTakeFirstOrThrow();
        await event(dispatcher, "captain", row as unknown as Row, { action: "CREATE", label: "新增", to: "ACTIVE" });
        if (extra.removed) await event(dispatcher, "captain", row as unknown as Row, { action: "REMOVE", label: "解除合作", from: "ACTIVE", to: "REMOVED" });
        return row.id;
      };

      // The freight seed's captains: certified profiles; one certificate about to expire.
      const existing = await trx.selectFrom("freight_captains").select(["id", "name", "certificate_no", "user_id", "mobile"]).where("org_id", "=", org.id).orderBy("id").execute();
      for (const [i, c] of existing.entries()) {
        const account = c.user_id === null ? null : { userId: Number(c.user_id), mobile: c.mobile };
        await addCaptain(c.name, "APPROVED", 120 + i, { existingId: c.id, certificateNo: c.certificate_no, account, validTo: i === 0 ? addDays(today, 20) : undefined });
      }
      const pendingCaptain = await addCaptain(plan.captains[0], "PENDING", 2);
      await addCaptain(plan.captains[1], "REJECTED", 9);
      await addCaptain(plan.captains[2], "APPROVED", 60, { removed: true });

      // The freight seed's ships: approved master data.
      const ships = await trx.selectFrom("freight_ships").select(["id", "ship_name", "load_capacity"]).where("org_id", "=", org.id).orderBy("id").execute();
      for (const s of ships) await trx.updateTable("freight_ships").set({ ...shipFigures(++serial, s.load_capacity), registry_port: portOf(s.ship_name), self_owned: 1 }).where("id", "=", s.id).execute();

      // Shipowners: approved company and person, a pending company, a rejected person.
      const addShipowner = async (kind: "COMPANY" | "PERSON", k: number, audit: "APPROVED" | "PENDING" | "REJECTED", createdDaysAgo: number, remark: string | null = null) => {
        const at = daysAgo(createdDaysAgo);
        const company = kind === "COMPANY" ? plan.companies[k]! : null;
        person++;
        const name = company ? company.name : plan.persons[k]!;
        const companyRegion = company?.address.startsWith("江苏") ? "320106" : plan.region;
        const row = await trx
          .insertInto("shipowners")
          .values({
            ...scoped,
            owner_user_id: null,
            user_id: null,
            kind,
            name,
            id_card_no: company ? null : idCardNoOf(plan.region, `${1970 + (person % 20)}-0${1 + (person % 9)}-1${person % 10}`, 21 + person * 2),
            mobile: company ? null : `15${String(500_000_000 + person * 79_193).slice(0, 9)}`,
            address: company ? null : `安徽省${plan.port}市滨河路 ${20 + person} 号`,
            credit_code: company ? creditCodeOf(companyRegion, `MA2${String(100_000 + person * 613)}`) : null,
            legal_person: company?.legal ?? null,
            registered_address: company?.address ?? null,
            contact_name: company?.legal ?? null,
            contact_mobile: company?.phone ?? null,
            water_permit_no: company?.permit ?? null,
            audit_status: audit,
            audit_remark: remark,
            enabled: "ENABLED",
            remark: null,
            created_at: at,
            created_by: dispatcher.userId,
            updated_by: audit === "PENDING" ? dispatcher.userId : auditor.userId,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await event(dispatcher, "shipowner", row as unknown as Row, { action: "CREATE", label: "新增", to: "PENDING" });
        if (audit !== "PENDING") await event(auditor, "shipowner", row as unknown as Row, { action: audit === "APPROVED" ? "APPROVE" : "REJECT", label: audit === "APPROVED" ? "通过" : "驳回", from: "PENDING", to: audit, remark });
        return row;
      };
      const ownerCompany = await addShipowner("COMPANY", 0, "APPROVED", 90);
      const ownerPerson = await addShipowner("PERSON", 0, "APPROVED", 75);
      const pendingCompany = await addShipowner("COMPANY", 1, "PENDING", 3);
      await addShipowner("PERSON", 1, "REJECTED", 12, "身份证照片与填写的身份证号不一致");

      // Approved ships belong to the approved shipowners.
      for (const [i, s] of ships.entries()) await trx.updateTable("freight_ships").set({ shipowner_id: i % 2 === 0 ? ownerCompany.id : ownerPerson.id }).where("id", "=", s.id).execute();

      // New ships: one awaiting audit (with the pending captain), one rejected.
      const addShip = async (audit: "PENDING" | "REJECTED", createdDaysAgo: number, captainId: number | null, remark: string | null) => {
        const at = daysAgo(createdDaysAgo);
        serial++;
        const loadKg = (2_000 + (serial % 5) * 400) * 1000;
        const row = await trx
          .insertInto("freight_ships")
          .values({
            ...scoped,
            ship_name: `${plan.shipPrefix}${String(2_100 + serial)}`,
            load_capacity: loadKg,
            captain_id: captainId,
            created_at: at,
            ...shipFigures(serial, loadKg),
            registry_port: plan.port,
            shipowner_id: audit === "PENDING" ? pendingCompany.id : ownerPerson.id,
            self_owned: audit === "PENDING" ? 0 : 1,
            audit_status: audit,
            audit_remark: remark,
            created_by: dispatcher.userId,
            updated_by: audit === "PENDING" ? dispatcher.userId : auditor.userId,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await event(dispatcher, "ship", row as unknown as Row, { action: "CREATE", label: "新增", to: "PENDING" });
        if (audit === "REJECTED") await event(auditor, "ship", row as unknown as Row, { action: "REJECT", label: "驳回", from: "PENDING", to: "REJECTED", remark });
        return row;
      };
      await addShip("PENDING", 1, pendingCaptain, null);
      await addShip("REJECTED", 8, null, "船舶检验证书簿已过有效期，请上传新的检验证书");

      // Ship relations on the first two seeded ships.
      const captainProfileOf = async (rosterId: number) => (await trx.selectFrom("freight_captains").select("profile_id").where("id", "=", rosterId).executeTakeFirstOrThrow()).profile_id!;
      const addRelation = async (
        shipRow: { id: number },
        party: { type: "CAPTAIN"; profileId: number; name: string } | { type: "SHIPOWNER"; id: number; name: string },
        relationType: "OWNER" | "OPERATOR" | "CAPTAIN" | "LEASED",
        audit: "APPROVED" | "PENDING" | "REJECTED",
        createdDaysAgo: number,
        more: { validFrom?: string | null; validTo?: string | null; remark?: string | null; dissolved?: string } = {},
      ) => {
        const at = daysAgo(createdDaysAgo);
        const row = await trx
          .insertInto("ship_relations")
          .values({
            ...scoped,
            owner_user_id: null,
            ship_id: shipRow.id,
            party_type: party.type,
            party_id: party.type === "CAPTAIN" ? party.profileId : party.id,
            party_name: party.name,
            captain_profile_id: party.type === "CAPTAIN" ? party.profileId : null,
            shipowner_id: party.type === "SHIPOWNER" ? party.id : null,
            relation_type: relationType,
            valid_from: more.validFrom ?? null,
            valid_to: more.validTo ?? null,
            materials: relationType === "OWNER" ? null : JSON.stringify([`/files/ship-relations/${org.id}-${shipRow.id}-${relationType.toLowerCase()}.jpg`]),
            audit_status: audit,
            audit_remark: more.remark ?? null,
            relation_status: more.dissolved ? "DISSOLVED" : "ACTIVE",
            dissolve_reason: more.dissolved ?? null,
            created_at: at,
            created_by: dispatcher.userId,
            updated_by: audit === "PENDING" ? dispatcher.userId : auditor.userId,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const r = row as unknown as Row;
        await event(dispatcher, "shipRelation", r, { action: "CREATE", label: "新增", to: "PENDING" });
        if (audit !== "PENDING") await event(auditor, "shipRelation", r, { action: audit === "APPROVED" ? "APPROVE" : "REJECT", label: audit === "APPROVED" ? "通过" : "驳回", from: "PENDING", to: audit, remark: more.remark ?? null });
        if (more.dissolved) await event(dispatcher, "shipRelation", r, { action: "DISSOLVE", label: "解除", from: "ACTIVE", to: "DISSOLVED", remark: more.dissolved });
      };
      const [first, second] = ships;
      if (first) {
        await addRelation(first, { type: "SHIPOWNER", id: ownerCompany.id, name: ownerCompany.name }, "OWNER", "APPROVED", 88);
        const captainOfFirst = existing[0];
        if (captainOfFirst) await addRelation(first, { type: "CAPTAIN", profileId: await captainProfileOf(captainOfFirst.id), name: captainOfFirst.name }, "CAPTAIN", "APPROVED", 86, { validFrom: addDays(today, -86), validTo: addDays(today, 279) });
        await addRelation(first, { type: "SHIPOWNER", id: ownerPerson.id, name: ownerPerson.name }, "LEASED", "APPROVED", 70, { validFrom: addDays(today, -200), validTo: addDays(today, -20), dissolved: "光租合同到期，双方不再续租" });
      }
      if (second) {
        await addRelation(second, { type: "SHIPOWNER", id: pendingCompany.id, name: pendingCompany.name }, "OPERATOR", "PENDING", 2, { validFrom: today, validTo: addDays(today, 365) });
        await addRelation(second, { type: "SHIPOWNER", id: ownerPerson.id, name: ownerPerson.name }, "LEASED", "REJECTED", 10, { validFrom: addDays(today, -10), validTo: addDays(today, 355), remark: "光租合同未盖章，请上传双方签章的租赁合同" });
      }
    }
  });
}
