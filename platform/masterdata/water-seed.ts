/**
 * Demo data of the water master data (domain 1.3, 1.7, 2.6, 2.8), after the freight seed: certified
 * profiles for the seeded captains and the master-data fields of the seeded ships (all approved, so
 * water dispatch keeps working), and for every demo organisation approved, pending and rejected
 * captains, ships, shipowners and ship relations, with their audit history.
 */
import { addDays, chinaDate } from "../../contract/units.js";
import { creditCodeOf, idCardNoOf } from "../../contract/resources/samples.js";
import { idCardGender } from "../../contract/validation.js";
import type { Db } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";
import type { Row } from "../resources/bind.js";
import { recordResourceEvent } from "../resources/events.js";

const DAY = 24 * 3600_000;
/** An instant `days` before now, a little earlier in the day for each step so rows never share a time. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - (days % 7) * 3600_000).toISOString();

/** What each demo organisation's water business looks like (in the order of SeedIds.orgIds). */
const ORGS = [
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
      const plan = ORGS[index % ORGS.length]!;
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
