/**
 * Carrier eligibility (派单资格, domain 0.5 rule 1, road): whether a driver and a vehicle may carry a new
 * waybill, as the list of Chinese reasons why not (empty: eligible). Written once; used by dispatch
 * (`platform/freight/dispatch.ts` refuses with 4010 naming the reasons) and by the dispatch page's
 * selectors (`platform/freight/resources.ts` greys out ineligible drivers and vehicles with the reason).
 * Both roads and waters: a driver, vehicle, captain or ship on a live waybill (any status the status
 * machine has not finished) is taken until that waybill ends.
 */
import { sql } from "kysely";
import { AUDIT_STATES } from "../../contract/resources/vocabulary.js";
import { FREIGHT_STATUS_LABELS } from "../../contract/freight.js";
import { LIVE_STATUSES } from "../../contract/freight-steps.js";
import { chinaDate } from "../../contract/units.js";
import { tonnesPlain } from "../../contract/numbers.js";
import type { AnyDb } from "../resources/bind.js";
import { credentialGaps, type HeldCredential } from "../../contract/resources/credential.js";
import { heldCredentials } from "./credentials.js";

export interface DriverFacts {
  id: number;
  name: string;
  /** 在册状态 of the roster row. */
  status: string;
  profile: { auditStatus: string; enabled: string; licenseValidTo: string | null; qualificationValidTo: string | null; credentials: HeldCredential[] } | null;
}

export interface VehicleFacts {
  id: number;
  plateNo: string;
  orgId: number;
  driverId: number | null;
  loadCapacity: number;
  auditStatus: string;
  enabled: string;
  operationStatus: string;
  ownershipType: string;
  licenseValidTo: string | null;
  roadCertValidTo: string | null;
  credentials: HeldCredential[];
}

export interface CaptainFacts {
  id: number;
  name: string;
  /** The captain profile's audit and its credentials (null: the roster entry has no profile). */
  profile: { auditStatus: string; enabled: string; credentials: HeldCredential[] } | null;
}

export interface ShipFacts {
  id: number;
  shipName: string;
  auditStatus: string;
  enabled: string;
  credentials: HeldCredential[];
}

const auditLabel = (status: string) => AUDIT_STATES[status as keyof typeof AUDIT_STATES]?.label ?? status;
const past = (date: string | null, today: string) => date !== null && date < today;

/** Reasons of the driver alone (profile audit, enabled, licences, roster state). */
export function driverReasons(d: DriverFacts, today = chinaDate()): string[] {
  const who = `司机${d.name}`;
  const reasons: string[] = [];
  if (d.status !== "ACTIVE") reasons.push(`${who}已与本企业解除合作`);
  if (!d.profile) return [...reasons, `${who}尚未建立司机档案`];
  if (d.profile.auditStatus !== "APPROVED") reasons.push(`${who}的认证状态为${auditLabel(d.profile.auditStatus)}`);
  if (d.profile.enabled !== "ENABLED") reasons.push(`${who}的账号已停用`);
  if (past(d.profile.licenseValidTo, today)) reasons.push(`${who}的驾驶证已过期`);
  if (past(d.profile.qualificationValidTo, today)) reasons.push(`${who}的从业资格证已过期`);
  // 五证齐全: the mandatory credentials approved and unexpired, each named.
  reasons.push(...credentialGaps("DRIVER", d.profile.credentials, today, `${who}的`));
  return reasons;
}

/** Reasons of the vehicle alone (audit, enabled, operation, licences). */
export function vehicleReasons(v: VehicleFacts, today = chinaDate()): string[] {
  const what = `车辆${v.plateNo}`;
  const reasons: string[] = [];
  if (v.auditStatus !== "APPROVED") reasons.push(`${what}的认证状态为${auditLabel(v.auditStatus)}`);
  if (v.enabled !== "ENABLED") reasons.push(`${what}已停用`);
  if (v.operationStatus === "SUSPENDED") reasons.push(`${what}已停运`);
  if (past(v.licenseValidTo, today)) reasons.push(`${what}的行驶证已过期`);
  if (past(v.roadCertValidTo, today)) reasons.push(`${what}的道路运输证已过期`);
  reasons.push(...credentialGaps("VEHICLE", v.credentials, today, `${what}的`));
  return reasons;
}

/** Reasons of the captain alone (profile audit, enabled, mandatory credentials). */
export function captainReasons(c: CaptainFacts, today = chinaDate()): string[] {
  const who = `船长${c.name}`;
  if (!c.profile) return [`${who}尚未建立船长档案（须上传身份证和船员适任证书并通过审核）`];
  const reasons: string[] = [];
  if (c.profile.auditStatus !== "APPROVED") reasons.push(`${who}的认证状态为${auditLabel(c.profile.auditStatus)}`);
  if (c.profile.enabled !== "ENABLED") reasons.push(`${who}的账号已停用`);
  reasons.push(...credentialGaps("CAPTAIN", c.profile.credentials, today, `${who}的`));
  return reasons;
}

/** Reasons of the ship alone (audit, enabled, mandatory credentials). */
export function shipReasons(s: ShipFacts, today = chinaDate()): string[] {
  const what = `船舶${s.shipName}`;
  const reasons: string[] = [];
  if (s.auditStatus !== "APPROVED") reasons.push(`${what}的认证状态为${auditLabel(s.auditStatus)}`);
  if (s.enabled !== "ENABLED") reasons.push(`${what}已停用`);
  reasons.push(...credentialGaps("SHIP", s.credentials, today, `${what}的`));
  return reasons;
}

export async function captainFacts(db: AnyDb, ids: number[]): Promise<Map<number, CaptainFacts>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("freight_captains as c")
    .leftJoin("captain_profiles as p", (join) => join.onRef("p.id", "=", "c.profile_id").on("p.deleted_at", "is", null))
    .select(["c.id", "c.name", "p.id as profileId", "p.audit_status", "p.enabled"])
    .where("c.id", "in", ids)
    .execute();
  const held = await heldCredentials(db, "CAPTAIN", rows.filter((r) => r.profileId != null).map((r) => Number(r.profileId)));
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), name: String(r.name), profile: r.profileId == null ? null : { auditStatus: String(r.audit_status), enabled: String(r.enabled), credentials: held.get(Number(r.profileId)) ?? [] } }]));
}

export async function shipFacts(db: AnyDb, ids: number[]): Promise<Map<number, ShipFacts>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom("freight_ships").select(["id", "ship_name", "audit_status", "enabled"]).where("id", "in", ids).execute();
  const held = await heldCredentials(db, "SHIP", ids);
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), shipName: String(r.ship_name), auditStatus: String(r.audit_status), enabled: String(r.enabled), credentials: held.get(Number(r.id)) ?? [] }]));
}

/** Every reason the captain and ship may not carry a new waybill (empty: eligible). */
export async function waterCarrierReasons(db: AnyDb, o: { captainId: number; shipId: number }): Promise<string[]> {
  const today = chinaDate();
  const [captains, ships] = await Promise.all([captainFacts(db, [o.captainId]), shipFacts(db, [o.shipId])]);
  const c = captains.get(o.captainId);
  const s = ships.get(o.shipId);
  if (!c || !s) return [c ? "船舶不存在" : "船长不存在"];
  const live = await liveCarrierReasons(db, { captain: { id: c.id, label: c.name }, ship: { id: s.id, label: s.shipName } });
  return [...captainReasons(c, today), ...shipReasons(s, today), ...live];
}

/**
 * Reasons of the pair: the driver must be the vehicle's default driver, or linked to it by an approved,
 * valid 人车关系, or the vehicle must be the dispatching organisation's own (企业自有); the planned weight
 * must fit the vehicle's 核定载质量.
 */
export function pairReasons(d: DriverFacts, v: VehicleFacts, o: { orgId: number; plannedWeight: number | null; related: boolean }): string[] {
  const reasons: string[] = [];
  const own = v.orgId === o.orgId && v.ownershipType === "OWN";
  if (v.driverId !== d.id && !o.related && !own) reasons.push(`司机${d.name}与车辆${v.plateNo}未关联（须为车辆的默认司机、有已通过的人车关系或为企业自有车辆）`);
  if (o.plannedWeight !== null && o.plannedWeight > v.loadCapacity) reasons.push(`计划重量 ${tonnesPlain(o.plannedWeight)} 吨超过车辆${v.plateNo}的核定载质量 ${tonnesPlain(v.loadCapacity)} 吨`);
  return reasons;
}

export async function driverFacts(db: AnyDb, ids: number[]): Promise<Map<number, DriverFacts>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("freight_drivers as d")
    .leftJoin("driver_profiles as p", (join) => join.onRef("p.id", "=", "d.profile_id").on("p.deleted_at", "is", null))
    .select(["d.id", "d.name", "d.status", "p.id as profileId", "p.audit_status", "p.enabled", "p.license_valid_to", "p.qualification_valid_to"])
    .where("d.id", "in", ids)
    .execute();
  const held = await heldCredentials(db, "DRIVER", rows.filter((r) => r.profileId != null).map((r) => Number(r.profileId)));
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        name: String(r.name),
        status: String(r.status),
        profile: r.profileId == null ? null : { auditStatus: String(r.audit_status), enabled: String(r.enabled), licenseValidTo: (r.license_valid_to as string | null) ?? null, qualificationValidTo: (r.qualification_valid_to as string | null) ?? null, credentials: held.get(Number(r.profileId)) ?? [] },
      },
    ]),
  );
}

export async function vehicleFacts(db: AnyDb, ids: number[]): Promise<Map<number, VehicleFacts>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("freight_vehicles")
    .select(["id", "plate_no", "org_id", "driver_id", "load_capacity", "audit_status", "enabled", "operation_status", "ownership_type", "license_valid_to", "road_cert_valid_to"])
    .where("id", "in", ids)
    .execute();
  const held = await heldCredentials(db, "VEHICLE", ids);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        plateNo: String(r.plate_no),
        orgId: Number(r.org_id),
        driverId: r.driver_id == null ? null : Number(r.driver_id),
        loadCapacity: Number(r.load_capacity),
        auditStatus: String(r.audit_status),
        enabled: String(r.enabled),
        operationStatus: String(r.operation_status),
        ownershipType: String(r.ownership_type),
        licenseValidTo: (r.license_valid_to as string | null) ?? null,
        roadCertValidTo: (r.road_cert_valid_to as string | null) ?? null,
        credentials: held.get(Number(r.id)) ?? [],
      },
    ]),
  );
}

/** Whether an approved, valid, not dissolved 人车关系 links the roster driver's profile to the vehicle. */
export async function relatedByRelation(db: AnyDb, driverId: number, vehicleId: number, today = chinaDate()): Promise<boolean> {
  const row = await db
    .selectFrom("vehicle_relations as r")
    .innerJoin("freight_drivers as d", "d.profile_id", "r.driver_profile_id")
    .select("r.id")
    .where("d.id", "=", driverId)
    .where("r.vehicle_id", "=", vehicleId)
    .where("r.audit_status", "=", "APPROVED")
    .where("r.status", "=", "ACTIVE")
    .where("r.deleted_at", "is", null)
    .where(sql<boolean>`(r.valid_to is null or r.valid_to >= ${today}) and (r.valid_from is null or r.valid_from <= ${today})`)
    .executeTakeFirst();
  return !!row;
}

/** Every reason the driver and vehicle may not carry `plannedWeight` for the organisation (empty: eligible). */
export async function roadCarrierReasons(db: AnyDb, o: { driverId: number; vehicleId: number; orgId: number; plannedWeight: number | null }): Promise<string[]> {
  const today = chinaDate();
  const [drivers, vehicles] = await Promise.all([driverFacts(db, [o.driverId]), vehicleFacts(db, [o.vehicleId])]);
  const d = drivers.get(o.driverId);
  const v = vehicles.get(o.vehicleId);
  if (!d || !v) return [d ? "车辆不存在" : "司机不存在"];
  const related = v.driverId === d.id ? true : await relatedByRelation(db, d.id, v.id, today);
  const live = await liveCarrierReasons(db, { driver: { id: d.id, label: d.name }, vehicle: { id: v.id, label: v.plateNo } });
  return [...driverReasons(d, today), ...vehicleReasons(v, today), ...pairReasons(d, v, { orgId: o.orgId, plannedWeight: o.plannedWeight, related }), ...live];
}

/** What a live waybill takes: the roster driver (and, through his profile, the same person elsewhere), the vehicle, the captain, the ship. */
export type CarrierPart = "driver" | "vehicle" | "captain" | "ship";

const PART_COLUMN = { driver: "driver_id", vehicle: "vehicle_id", captain: "captain_id", ship: "ship_id" } as const;
const PART_NOUN: Record<CarrierPart, string> = { driver: "司机", vehicle: "车辆", captain: "船长", ship: "船舶" };

export interface LiveWaybill {
  freightNo: string;
  status: keyof typeof FREIGHT_STATUS_LABELS;
}

/**
 * The live waybill of each id of one part (the newest, when there are several), for the reason and the
 * picker. A roster driver is also taken by a live waybill of another roster entry of the same person
 * (the same driver profile, e.g. in another enterprise): one person drives one truck at a time.
 */
export async function liveWaybills(db: AnyDb, part: CarrierPart, ids: number[]): Promise<Map<number, LiveWaybill>> {
  const out = new Map<number, LiveWaybill>();
  if (!ids.length) return out;
  // Each asked id, and the ids that stand for the same carrier (other roster entries of the driver's profile).
  const aliases = new Map<number, number[]>(ids.map((id) => [id, [id]]));
  if (part === "driver") {
    const same = await db
      .selectFrom("freight_drivers as d")
      .innerJoin("freight_drivers as o", "o.profile_id", "d.profile_id")
      .select(["d.id as id", "o.id as other"])
      .where("d.id", "in", ids)
      .where("o.id", "not in", ids)
      .execute();
    for (const row of same) aliases.get(Number(row.id))!.push(Number(row.other));
  }
  const owner = new Map<number, number[]>();
  for (const [id, list] of aliases) for (const alias of list) owner.set(alias, [...(owner.get(alias) ?? []), id]);
  const column = PART_COLUMN[part];
  const rows = await db
    .selectFrom("freights")
    .select([`${column} as carrier`, "freight_no", "status", "id"])
    .where(column, "in", [...owner.keys()])
    .where("status", "in", [...LIVE_STATUSES])
    .orderBy("id", "desc")
    .execute();
  for (const row of rows) {
    for (const id of owner.get(Number(row.carrier)) ?? []) if (!out.has(id)) out.set(id, { freightNo: String(row.freight_no), status: row.status as LiveWaybill["status"] });
  }
  return out;
}

/**
 * Whether the row `ref` (e.g. "d.id") of one part is on a live waybill of its own, as an SQL truth to sort
 * by: the dispatch pickers list who is free first, so the first page offers someone to choose.
 */
export const onLiveWaybill = (part: CarrierPart, ref: string) =>
  sql<boolean>`exists (select 1 from freights as lw where lw.${sql.ref(PART_COLUMN[part])} = ${sql.ref(ref)} and lw.status in (${sql.join([...LIVE_STATUSES])}))`;

/** The reason a part on a live waybill cannot be dispatched, naming the waybill. */
export function liveReason(part: CarrierPart, label: string, waybill: LiveWaybill | undefined): string[] {
  if (!waybill) return [];
  return [`${PART_NOUN[part]}${label}正在执行运单 ${waybill.freightNo}（${FREIGHT_STATUS_LABELS[waybill.status]}），该运单完成或取消前不能再次派单`];
}

/** The live-waybill reasons of the parts of one dispatch item (each part given by id and label). */
export async function liveCarrierReasons(db: AnyDb, parts: Partial<Record<CarrierPart, { id: number; label: string }>>): Promise<string[]> {
  const reasons: string[] = [];
  for (const [part, given] of Object.entries(parts) as Array<[CarrierPart, { id: number; label: string }]>) {
    reasons.push(...liveReason(part, given.label, (await liveWaybills(db, part, [given.id])).get(given.id)));
  }
  return reasons;
}

