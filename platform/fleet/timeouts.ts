/**
 * 超时规则 (domain 7.2): loading not started within N hours of dispatch, transit over N hours, stopped
 * (speed 0) over N minutes in transit, no position over N minutes in transit. Evaluated over a
 * waybill's track points as they arrive (`ingestTrackPoints`) and by the minute job for the rules that
 * fire on silence (`runTimeoutDetector`). Each breach is recorded once: at most one OPEN alert per
 * (waybill, type), closed automatically when the condition clears (moving again, waybill advanced),
 * so a later stop is a new breach. New alerts are pushed through the realtime channel to the
 * organisation's users as notifications (实时提醒).
 */
import { sql } from "kysely";
import type { ServiceContext } from "../context.js";
import { notifyUsers } from "../iam/notifications/notify.js";
import type { AnyDb } from "../resources/bind.js";
import { regionLineage } from "../../contract/regions.js";
import { ALERT_TYPE_OPTIONS } from "../../contract/resources/fleet.js";
import { placeRegion } from "../db/place-regions.js";
import { yieldToRequests } from "../db/yield.js";

export type AlertType = keyof typeof ALERT_TYPE_OPTIONS;

export interface TimeoutRule {
  loadingTimeoutH: number | null;
  transitTimeoutH: number | null;
  stopTimeoutMin: number | null;
  offlineTimeoutMin: number | null;
}

export interface TrackPoint {
  lat: number;
  lng: number;
  speed: number;
  recordedAt: string;
}

export interface WaybillState {
  status: string;
  createdAt: string;
  loadingTime: string | null;
}

export interface Breach {
  type: AlertType;
  threshold: string;
  actual: string;
  startedAt: string;
  lat: number | null;
  lng: number | null;
}

const MIN = 60_000;
const HOUR = 60 * MIN;

/** "52 小时 10 分" / "35 分钟". */
export function duration(ms: number): string {
  const minutes = Math.floor(ms / MIN);
  if (minutes < 60) return `${minutes} 分钟`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} 小时${rest ? ` ${rest} 分` : ""}`;
}

/**
 * The conditions in breach now, from the waybill's state and its track (oldest first). Pure: the
 * caller records new breaches and closes alerts whose condition is gone.
 */
export function evaluate(rule: TimeoutRule, waybill: WaybillState, track: readonly TrackPoint[], now: number): Breach[] {
  const breaches: Breach[] = [];
  const last = track.at(-1);
  const at = (p: TrackPoint | undefined) => ({ lat: p?.lat ?? null, lng: p?.lng ?? null });
  if (waybill.status === "WAIT_LOADING" && rule.loadingTimeoutH) {
    const waited = now - Date.parse(waybill.createdAt);
    if (waited >= rule.loadingTimeoutH * HOUR) breaches.push({ type: "LOADING_TIMEOUT", threshold: `${rule.loadingTimeoutH} 小时`, actual: duration(waited), startedAt: waybill.createdAt, ...at(last) });
  }
  if (waybill.status !== "IN_TRANSIT" || !waybill.loadingTime) return breaches;
  const loading = Date.parse(waybill.loadingTime);
  if (rule.transitTimeoutH && now - loading >= rule.transitTimeoutH * HOUR) {
    breaches.push({ type: "TRANSIT_TIMEOUT", threshold: `${rule.transitTimeoutH} 小时`, actual: duration(now - loading), startedAt: waybill.loadingTime, ...at(last) });
  }
  const inTransit = track.filter((p) => Date.parse(p.recordedAt) >= loading);
  if (rule.stopTimeoutMin && inTransit.length) {
    // The current stop: the trailing run of points at speed 0.
    let first = inTransit.length;
    while (first > 0 && inTransit[first - 1]!.speed === 0) first--;
    const stopStart = inTransit[first];
    if (stopStart) {
      const stopped = Date.parse(inTransit.at(-1)!.recordedAt) - Date.parse(stopStart.recordedAt);
      if (stopped >= rule.stopTimeoutMin * MIN) breaches.push({ type: "STOP_TIMEOUT", threshold: `${rule.stopTimeoutMin} 分钟`, actual: duration(stopped), startedAt: stopStart.recordedAt, ...at(stopStart) });
    }
  }
  if (rule.offlineTimeoutMin) {
    const since = last ? Math.max(Date.parse(last.recordedAt), loading) : loading;
    if (now - since >= rule.offlineTimeoutMin * MIN) breaches.push({ type: "OFFLINE", threshold: `${rule.offlineTimeoutMin} 分钟`, actual: duration(now - since), startedAt: new Date(since).toISOString(), ...at(last) });
  }
  return breaches;
}

type FreightRow = { id: number; platform_id: string; tenant_id: number; org_id: number; freight_no: string; freight_way: string; status: string; vehicle_id: number | null; carrier_name: string; conveyance_name: string; created_at: string; loading_time: string | null; loading_address: string; unloading_address: string; loading_region_code: string | null; unloading_region_code: string | null };

/** An organisation's enabled timeout configs, read when asked. */
const enabledConfigs = (db: AnyDb) => (orgId: number) =>
  db.selectFrom("timeout_configs").selectAll().where("org_id", "=", orgId).where("enabled", "=", "ENABLED").where("deleted_at", "is", null).execute();
type ConfigsOf = ReturnType<typeof enabledConfigs>;

/** The same, read once per organisation (the minute job walks many waybills of few organisations). */
function cachedConfigs(db: AnyDb): ConfigsOf {
  const read = enabledConfigs(db);
  const cache = new Map<number, ReturnType<ConfigsOf>>();
  return (orgId) => {
    if (!cache.has(orgId)) cache.set(orgId, read(orgId));
    return cache.get(orgId)!;
  };
}

/** The most specific enabled config of the waybill's organisation: its route (by region codes), else the default. */
export async function ruleFor(db: AnyDb, f: FreightRow, configsOf: ConfigsOf = enabledConfigs(db)): Promise<TimeoutRule | null> {
  const configs = await configsOf(f.org_id);
  // A route's codes may name a city or a county: the address matches when it lies within them.
  const from = regionLineage(placeRegion(f.loading_region_code, f.loading_address) ?? "");
  const to = regionLineage(placeRegion(f.unloading_region_code, f.unloading_address) ?? "");
  const config = configs.find((c) => c.scope === "ROUTE" && !!c.loading_region_code && from.includes(c.loading_region_code) && !!c.unloading_region_code && to.includes(c.unloading_region_code)) ?? configs.find((c) => c.scope === "DEFAULT");
  if (!config) return null;
  return { loadingTimeoutH: config.loading_timeout_h, transitTimeoutH: config.transit_timeout_h, stopTimeoutMin: config.stop_timeout_min, offlineTimeoutMin: config.offline_timeout_min };
}

const FREIGHT_COLUMNS = ["id", "platform_id", "tenant_id", "org_id", "freight_no", "freight_way", "status", "vehicle_id", "carrier_name", "conveyance_name", "created_at", "loading_time", "loading_address", "unloading_address", "loading_region_code", "unloading_region_code"] as const;

/**
 * Evaluates one waybill now: opens an alert for each new breach, closes open alerts whose condition
 * has cleared. Returns the alerts it opened (ids and types).
 */
export async function checkWaybill(ctx: ServiceContext, f: FreightRow, now: number, notify = true, configsOf?: ConfigsOf): Promise<Array<{ id: number; type: AlertType }>> {
  const db = ctx.db.kysely;
  const rule = await ruleFor(db, f, configsOf);
  const track = rule
    ? await db.selectFrom("freight_track_points").select(["lat", "lng", "speed", "recorded_at as recordedAt"]).where("freight_id", "=", f.id).orderBy("recorded_at").orderBy("id").execute()
    : [];
  const breaches = rule ? evaluate(rule, { status: f.status, createdAt: f.created_at, loadingTime: f.loading_time }, track, now) : [];
  const open = await db.selectFrom("vehicle_alerts").select(["id", "alert_type"]).where("freight_id", "=", f.id).where("status", "=", "OPEN").execute();
  const nowIso = new Date(now).toISOString();
  const cleared = open.filter((a) => !breaches.some((b) => b.type === a.alert_type));
  if (cleared.length) await db.updateTable("vehicle_alerts").set({ status: "AUTO_CLOSED", closed_at: nowIso }).where("id", "in", cleared.map((a) => Number(a.id))).where("status", "=", "OPEN").execute();
  const opened: Array<{ id: number; type: AlertType }> = [];
  for (const breach of breaches.filter((b) => !open.some((a) => a.alert_type === b.type))) {
    const row = await db
      .insertInto("vehicle_alerts")
      .values({
        platform_id: f.platform_id, tenant_id: f.tenant_id, org_id: f.org_id, alert_type: breach.type, vehicle_id: f.vehicle_id, freight_id: f.id, freight_no: f.freight_no,
        plate_no: f.conveyance_name, driver_name: f.carrier_name, threshold: breach.threshold, actual: breach.actual, lat: breach.lat, lng: breach.lng, level: 1,
        started_at: breach.startedAt, detected_at: nowIso, status: "OPEN", closed_at: null, handled_by: null, handled_name: null, handled_at: null, handle_remark: null,
        owner_user_id: null, created_at: nowIso, created_by: null, updated_by: null, updated_at: nowIso, deleted_at: null,
      })
      // A concurrent evaluation may have opened the same alert: the partial unique index keeps one.
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) continue;
    opened.push({ id: Number(row.id), type: breach.type });
    if (!notify) continue;
    const users = await db.selectFrom("users").select("id").where("org_id", "=", f.org_id).execute();
    await notifyUsers(ctx, users.map((u) => Number(u.id)), {
      content: `${ALERT_TYPE_OPTIONS[breach.type].label}：车辆 ${f.conveyance_name}（运单 ${f.freight_no}）${breach.actual}，超过 ${breach.threshold}`,
      targetType: "FREIGHT", targetId: f.id, tags: ["车辆告警", ALERT_TYPE_OPTIONS[breach.type].label], freightNo: f.freight_no, freightWay: f.freight_way as "ROAD" | "WATER",
    }).catch((error: unknown) => ctx.log.warn({ err: error }, "alert notification failed"));
  }
  return opened;
}

/** Track points from a vehicle's device or app: stored on its IN_TRANSIT waybill, then evaluated. */
export async function ingestTrackPoints(ctx: ServiceContext, vehicleId: number, points: readonly TrackPoint[], now = Date.now()): Promise<{ freightId: number | null; opened: Array<{ id: number; type: AlertType }> }> {
  const db = ctx.db.kysely;
  const f = (await db.selectFrom("freights").select([...FREIGHT_COLUMNS]).where("vehicle_id", "=", vehicleId).where("status", "=", "IN_TRANSIT").orderBy("id", "desc").executeTakeFirst()) as FreightRow | undefined;
  if (!f) return { freightId: null, opened: [] };
  if (points.length) await db.insertInto("freight_track_points").values(points.map((p) => ({ freight_id: f.id, lat: p.lat, lng: p.lng, speed: p.speed, recorded_at: p.recordedAt }))).execute();
  return { freightId: Number(f.id), opened: await checkWaybill(ctx, f, now) };
}

/** The statuses whose waybills the detector watches. */
const LIVE_FOR_ALERTS = ["WAIT_LOADING", "IN_TRANSIT"] as const;

/** Live waybills read per statement of the minute job (by id, so each read is one bounded index range). */
const LIVE_BATCH = 500;

/** The minute job: every waiting or in-transit road waybill of organisations with a timeout config. */
export async function runTimeoutDetector(ctx: ServiceContext, now = Date.now(), notify = true, batch = LIVE_BATCH): Promise<number> {
  const db = ctx.db.kysely;
  let opened = 0;
  const configsOf = cachedConfigs(db);
  for (let after = 0; ; ) {
    const rows = (await db
      .selectFrom("freights")
      .select([...FREIGHT_COLUMNS])
      .where("status", "in", LIVE_FOR_ALERTS)
      .where("freight_way", "=", "ROAD")
      .where("org_id", "in", sql<number>`(select org_id from timeout_configs where enabled = 'ENABLED' and deleted_at is null)`)
      .where("id", ">", after)
      .orderBy("id")
      .limit(batch)
      .execute()) as FreightRow[];
    for (const f of rows) {
      opened += (await checkWaybill(ctx, f, now, notify, configsOf)).length;
      await yieldToRequests();
    }
    if (rows.length < batch) break;
    after = Number(rows.at(-1)!.id);
  }
  // Waybills that moved on leave their open alerts behind: close them (a probe per open alert, not a list of every live waybill).
  await db
    .updateTable("vehicle_alerts")
    .set({ status: "AUTO_CLOSED", closed_at: new Date(now).toISOString() })
    .where("status", "=", "OPEN")
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("freights as live").select("live.id").whereRef("live.id", "=", "vehicle_alerts.freight_id").where("live.status", "in", LIVE_FOR_ALERTS))))
    .execute();
  return opened;
}
