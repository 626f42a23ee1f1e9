/**
 * 找车 (domain 7.2): the platform's 车源 that are 可接单 now, filtered and paged; 联系 (reveal the number,
 * logged once per user and 10 minutes) and 邀请 (an SMS from the caller's INVITE template, or the
 * platform's); and 轨迹定位 (domain 7.3): the organisation's waybills in transit with their last points.
 */
import { regionPrefix } from "../../contract/region-code.js";
import { sql } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { CONTACT_REPEAT_MS, FIND_CAR_CONTACT_KINDS, FIND_CAR_INVITE_KINDS, maskPlate, type ContactResult, type FindCarCard, type FindCarFilter, type InTransitFilter, type InTransitWaybill } from "../../contract/find-car.js";
import { POSITION_ONLINE_MS } from "../../contract/fleet.js";
import { maskMobile } from "../../contract/sms.js";
import { chinaDateTime, chinaDayEnd, chinaDayStart, tonnesToKg } from "../../contract/units.js";
import type { Paged } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import type { Db } from "../db/index.js";
import { notFound, Refusal } from "../http/envelope.js";
import { likePattern } from "../reports/kit.js";
import { isIndividual, isOrgUser, visible, type CallerScope } from "../scope.js";
import { expireAvailabilities } from "./vehicle-availability.resource.js";
import { gatewayTemplate } from "./sms-template.resource.js";
import { sendSms } from "./sms-gateway.js";

type Kysely = Db["kysely"];

function liveAvailabilities(db: Kysely, scope: CallerScope, filter: FindCarFilter, now: string) {
  let q = db
    .selectFrom("vehicle_availabilities as a")
    .innerJoin("organisations as g", "g.id", "a.org_id")
    .where("a.platform_id", "=", scope.platformId)
    .where("a.status", "=", "AVAILABLE")
    .where("a.deleted_at", "is", null)
    .where("a.available_to", ">", now);
  if (filter.place) q = q.where("a.current_place", "like", likePattern(filter.place));
  // A province or a city takes every place inside it (32 0000 → 32…, 3213 00 → 3213…).
  if (filter.regionCode) q = q.where("a.current_region_code", "like", `${regionPrefix(filter.regionCode)}%`);
  if (filter.toPlace) q = q.where("a.to_places", "like", likePattern(filter.toPlace));
  if (filter.plateNo) q = q.where("a.plate_no", "like", likePattern(filter.plateNo.toUpperCase()));
  if (filter.vehicleType) q = q.where("a.vehicle_type", "like", likePattern(filter.vehicleType));
  if (filter.vehicleLength) q = q.where("a.vehicle_length", "=", filter.vehicleLength);
  const minLoad = filter.minLoad ? tonnesToKg(filter.minLoad) : null;
  if (minLoad) q = q.where("a.available_load", ">=", minLoad);
  if (filter.availableOn) q = q.where("a.available_from", "<", chinaDayEnd(filter.availableOn)).where("a.available_to", ">", chinaDayStart(filter.availableOn));
  const inTransit = sql<number>`exists (select 1 from freights f where f.vehicle_id = a.vehicle_id and f.status = 'IN_TRANSIT')`;
  if (filter.idleOnly) q = q.where(sql<boolean>`not ${inTransit}`);
  return { q, inTransit };
}

/** Whether the caller owns the row (its organisation, or an individual's own). */
const owns = (scope: CallerScope, row: { org_id: number; owner_user_id: number | null }) =>
  isIndividual(scope) ? Number(row.owner_user_id) === scope.userId : isOrgUser(scope) && Number(row.org_id) === scope.orgId;

export async function findCars(ctx: ServiceContext, scope: CallerScope, filter: FindCarFilter, paging: { current: number; size: number }): Promise<Paged<FindCarCard>> {
  const db = ctx.db.kysely;
  const now = new Date();
  await expireAvailabilities(db, now);
  const { q, inTransit } = liveAvailabilities(db, scope, filter, now.toISOString());
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)`.as("n")).executeTakeFirst(),
    q
      .select([
        "a.id", "a.org_id", "a.owner_user_id", "a.plate_no", "a.vehicle_type", "a.vehicle_length", "a.available_load", "a.current_place", "a.current_region_code",
        "a.to_places", "a.available_from", "a.available_to", "a.expected_price", "a.contact_mobile", "a.contact_count", "g.name as org_name",
        inTransit.as("busy"),
        sql<string | null>`(select max(p.recorded_at) from freight_track_points p join freights f2 on f2.id = p.freight_id where f2.vehicle_id = a.vehicle_id)`.as("last_at"),
      ])
      .orderBy("a.available_from")
      .orderBy("a.id", "desc")
      .limit(paging.size)
      .offset((paging.current - 1) * paging.size)
      .execute(),
  ]);
  const records = rows.map((r): FindCarCard => {
    const own = owns(scope, { org_id: Number(r.org_id), owner_user_id: r.owner_user_id == null ? null : Number(r.owner_user_id) });
    return {
      id: Number(r.id), plateNo: own ? r.plate_no : maskPlate(r.plate_no), vehicleType: r.vehicle_type, vehicleLength: r.vehicle_length, availableLoad: Number(r.available_load),
      currentPlace: r.current_place, currentRegionCode: r.current_region_code, toPlaces: r.to_places, availableFrom: r.available_from, availableTo: r.available_to,
      expectedPrice: r.expected_price == null ? null : Number(r.expected_price), contactMobile: own ? r.contact_mobile : maskMobile(r.contact_mobile), orgName: r.org_name,
      busy: Boolean(Number(r.busy)), lastPositionAt: r.last_at ?? null, contactCount: Number(r.contact_count), own,
    };
  });
  return { records, total: Number(count?.n ?? 0), current: paging.current, size: paging.size };
}

async function liveOne(db: Kysely, scope: CallerScope, id: number) {
  const row = await db
    .selectFrom("vehicle_availabilities as a")
    .select(["a.id", "a.plate_no", "a.contact_mobile", "a.status", "a.available_to", "a.org_id"])
    .where("a.id", "=", id)
    .where("a.platform_id", "=", scope.platformId)
    .where("a.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw notFound("车源不存在");
  if (row.status !== "AVAILABLE" || row.available_to <= new Date().toISOString()) throw new Refusal(RefusalCode.illegalState, `车源 ${maskPlate(row.plate_no)} 已不可接单`);
  return row;
}

async function recentContact(db: Kysely, scope: CallerScope, id: number, channel: "PHONE" | "SMS") {
  return db
    .selectFrom("vehicle_contact_logs")
    .select(["id", "created_at"])
    .where("availability_id", "=", id)
    .where("user_id", "=", scope.userId)
    .where("channel", "=", channel)
    .where("created_at", ">", new Date(Date.now() - CONTACT_REPEAT_MS).toISOString())
    .orderBy("id", "desc")
    .executeTakeFirst();
}

async function logContact(db: Kysely, scope: CallerScope, id: number, channel: "PHONE" | "SMS", smsLogId: number | null) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("vehicle_contact_logs").values({ platform_id: scope.platformId, availability_id: id, org_id: scope.orgId, user_id: scope.userId, user_name: scope.name, channel, sms_log_id: smsLogId, created_at: new Date().toISOString() }).execute();
    await trx.updateTable("vehicle_availabilities").set({ contact_count: sql`contact_count + 1` }).where("id", "=", id).execute();
  });
}

/** 联系: the full plate and number, for organisations and platform staff; logged once per 10 minutes per user. */
export async function contactCar(ctx: ServiceContext, scope: CallerScope, id: number): Promise<ContactResult> {
  if (!FIND_CAR_CONTACT_KINDS.includes(scope.type)) throw new Refusal(RefusalCode.notPermitted, "仅企业或平台账号可以查看车主联系方式");
  const db = ctx.db.kysely;
  const row = await liveOne(db, scope, id);
  const repeated = !!(await recentContact(db, scope, id, "PHONE"));
  if (!repeated) await logContact(db, scope, id, "PHONE", null);
  return { plateNo: row.plate_no, contactMobile: row.contact_mobile, repeated };
}

/** The INVITE template the organisation sends with: its own approved one, else the platform's. */
async function inviteTemplate(db: Kysely, scope: CallerScope) {
  const rows = await db
    .selectFrom("sms_templates")
    .selectAll()
    .where("platform_id", "=", scope.platformId)
    .where("code", "=", "INVITE")
    .where("status", "=", "APPROVED")
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("org_id", "=", scope.orgId ?? -1), eb("org_id", "is", null)]))
    .orderBy(sql`case when org_id is null then 1 else 0 end`)
    .orderBy("updated_at", "desc")
    .limit(1)
    .execute();
  return rows[0];
}

/** 邀请: an SMS from the INVITE template to the vehicle's contact, at most once per 10 minutes per user. */
export async function inviteCar(ctx: ServiceContext, scope: CallerScope, id: number, route: string): Promise<{ sentTo: string }> {
  if (!FIND_CAR_INVITE_KINDS.includes(scope.type)) throw new Refusal(RefusalCode.notPermitted, "仅企业账号可以发送找车邀请");
  const db = ctx.db.kysely;
  const row = await liveOne(db, scope, id);
  const earlier = await recentContact(db, scope, id, "SMS");
  if (earlier) throw new Refusal(RefusalCode.illegalState, `已于 ${chinaDateTime(earlier.created_at).slice(11, 16)} 向该车源发送过邀请，请 10 分钟后再试`);
  const template = await inviteTemplate(db, scope);
  if (!template) throw new Refusal(RefusalCode.illegalState, "没有可用的「找车邀请」短信模板，请先在短信模板中新增并报备");
  const [me, org] = await Promise.all([
    db.selectFrom("users").select(["mobile"]).where("id", "=", scope.userId).executeTakeFirstOrThrow(),
    db.selectFrom("organisations").select(["name"]).where("id", "=", scope.orgId ?? -1).executeTakeFirst(),
  ]);
  const sent = await sendSms(ctx, db, {
    platformId: scope.platformId, orgId: scope.orgId, userId: scope.userId, purpose: "INVITE",
    template: gatewayTemplate({ ...template, id: Number(template.id) }), mobile: row.contact_mobile,
    values: { plateNo: row.plate_no, orgName: org?.name ?? scope.name, route, mobile: me.mobile },
  });
  if (!sent.accepted) throw new Refusal(RefusalCode.illegalState, `邀请短信发送失败：${sent.error ?? "短信网关未受理"}`);
  await logContact(db, scope, id, "SMS", sent.logId);
  return { sentTo: maskMobile(row.contact_mobile) };
}

/** 轨迹定位: the organisation's waybills in transit (road and, with the water right, water) with their latest point. */
export async function inTransitWaybills(ctx: ServiceContext, scope: CallerScope, filter: InTransitFilter): Promise<InTransitWaybill[]> {
  const db = ctx.db.kysely;
  let q = db
    .selectFrom("freights as f")
    .leftJoin("freight_track_points as p", (join) =>
      join.onRef("p.freight_id", "=", "f.id").on("p.id", "=", sql<number>`(select p2.id from freight_track_points p2 where p2.freight_id = f.id order by p2.recorded_at desc, p2.id desc limit 1)`),
    )
    .select(["f.id", "f.freight_no", "f.freight_way", "f.conveyance_name", "f.carrier_name", "f.loading_place", "f.unloading_place", "f.loading_time", "p.lat", "p.lng", "p.speed", "p.recorded_at"])
    .where(visible("freights", scope, "f"))
    .where("f.status", "=", "IN_TRANSIT");
  if (filter.freightWay) q = q.where("f.freight_way", "=", filter.freightWay);
  if (filter.freightNo) q = q.where("f.freight_no", "like", likePattern(filter.freightNo));
  if (filter.conveyance) q = q.where("f.conveyance_name", "like", likePattern(filter.conveyance.toUpperCase()));
  const rows = await q.orderBy("f.loading_time", "desc").orderBy("f.id", "desc").limit(500).execute();
  const now = Date.now();
  const waybills = rows.map((r): InTransitWaybill => ({
    freightId: Number(r.id), freightNo: r.freight_no, freightWay: r.freight_way, conveyanceName: r.conveyance_name, carrierName: r.carrier_name,
    route: `${r.loading_place} → ${r.unloading_place}`, loadingTime: r.loading_time,
    lat: r.lat == null ? null : Number(r.lat), lng: r.lng == null ? null : Number(r.lng), speed: r.speed == null ? null : Number(r.speed),
    recordedAt: r.recorded_at ?? null, online: !!r.recorded_at && now - Date.parse(r.recorded_at) <= POSITION_ONLINE_MS,
  }));
  return filter.offlineOnly ? waybills.filter((w) => !w.online) : waybills;
}
