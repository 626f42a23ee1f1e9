/** One waybill in full: detail, dispatch info and track. */
import { sql, type Kysely } from "kysely";
import { TRACK_POINT_LIMIT, type DispatchInfo, type FreightDetail, type FreightEvent, type FreightTrack, type TrackPoint } from "../../contract/freight.js";
import type { Database } from "../db/schema.js";
import { notFound } from "../http/envelope.js";
import { commentsOf } from "./comments.js";
import { freightContract } from "./contracts.js";
import { orgNames, toFreightRecord, type FreightRow } from "./records.js";
import { visible, type CallerScope } from "../scope.js";

async function visibleBy(db: Kysely<Database>, scope: CallerScope, key: { id: number } | { freightNo: string }): Promise<FreightRow> {
  let query = db.selectFrom("freights").selectAll().where(visible("freights", scope));
  query = "id" in key ? query.where("id", "=", key.id) : query.where("freight_no", "=", key.freightNo.toUpperCase());
  const row = await query.executeTakeFirst();
  if (!row) throw notFound("运单不存在");
  return row;
}

/** The dispatcher's mobile (the account that dispatched the waybill), for the carrier to call. */
async function dispatcherMobileOf(db: Kysely<Database>, row: FreightRow): Promise<string | null> {
  if (row.dispatcher_user_id == null) return null;
  const user = await db.selectFrom("users").select("mobile").where("id", "=", row.dispatcher_user_id).executeTakeFirst();
  return user?.mobile ?? null;
}

function dispatchInfoOf(row: FreightRow, dispatcherMobile: string | null): DispatchInfo {
  return {
    freightId: Number(row.id),
    freightNo: row.freight_no,
    freightWay: row.freight_way,
    orderNo: row.order_no,
    dispatcherName: row.dispatcher_name,
    dispatcherMobile,
    dispatchTime: row.created_at,
    carrierName: row.carrier_name,
    carrierMobile: row.carrier_mobile,
    conveyanceName: row.conveyance_name,
    plannedWeight: Number(row.planned_weight),
    unitPrice: Number(row.unit_price),
    loadingPlace: row.loading_place,
    unloadingPlace: row.unloading_place,
  };
}

export async function dispatchInfo(db: Kysely<Database>, scope: CallerScope, id: number): Promise<DispatchInfo> {
  const row = await visibleBy(db, scope, { id });
  return dispatchInfoOf(row, await dispatcherMobileOf(db, row));
}

export async function freightDetail(db: Kysely<Database>, scope: CallerScope, freightNo: string): Promise<FreightDetail> {
  const row = await visibleBy(db, scope, { freightNo });
  const id = Number(row.id);
  const [names, events, comments, points, device, dispatcherMobile] = await Promise.all([
    orgNames(db, [Number(row.org_id)]),
    db.selectFrom("freight_events").selectAll().where("freight_id", "=", id).orderBy("id").execute(),
    commentsOf(db, scope, id),
    db.selectFrom("freight_track_points").select(sql<number>`count(*)`.as("n")).where("freight_id", "=", id).executeTakeFirstOrThrow(),
    row.vehicle_id == null
      ? Promise.resolve(undefined)
      : db.selectFrom("gps_devices").select("device_no").where("vehicle_id", "=", row.vehicle_id).executeTakeFirst(),
    dispatcherMobileOf(db, row),
  ]);
  const orgName = names.get(Number(row.org_id)) ?? "";
  return {
    ...toFreightRecord(row, orgName, scope.type),
    loadingTicketUrl: row.loading_ticket_url,
    unloadingTicketUrl: row.unloading_ticket_url,
    gpsDeviceNo: device?.device_no ?? null,
    dispatch: dispatchInfoOf(row, dispatcherMobile),
    contract: freightContract(row, orgName),
    events: events.map(
      (e): FreightEvent => ({
        id: Number(e.id),
        action: e.action,
        fromStatus: e.from_status,
        toStatus: e.to_status,
        operatorName: e.operator_name,
        remark: e.remark,
        createdTime: e.created_at,
      }),
    ),
    comments,
    trackPointCount: Number(points.n),
  };
}

/** Keeps at most `limit` points, evenly spread, always keeping the first and the last. */
export function thinOut<T>(points: T[], limit: number): T[] {
  if (points.length <= limit) return points;
  const step = (points.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, i) => points[Math.round(i * step)]!);
}

export async function freightTrack(db: Kysely<Database>, scope: CallerScope, freightNo: string): Promise<FreightTrack> {
  const row = await visibleBy(db, scope, { freightNo });
  const rows = await db
    .selectFrom("freight_track_points")
    .select(["lat", "lng", "speed", "recorded_at"])
    .where("freight_id", "=", row.id)
    .orderBy("recorded_at")
    .orderBy("id")
    .execute();
  const points = rows.map((p): TrackPoint => ({ lat: Number(p.lat), lng: Number(p.lng), speed: Number(p.speed), time: p.recorded_at }));
  return { freightNo: row.freight_no, points: thinOut(points, TRACK_POINT_LIMIT), totalPoints: points.length };
}
