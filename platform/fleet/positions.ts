/**
 * Latest positions of the caller's vehicles (domain 7.2 orientation): the newest track point of each
 * vehicle's waybills. 运输中 while its latest waybill is IN_TRANSIT, 空闲 otherwise, 离线 when the last
 * point is older than 10 minutes.
 */
import { sql } from "kysely";
import { FREIGHT_STATUS_LABELS, type FreightStatus } from "../../contract/freight.js";
import { POSITION_ONLINE_MS, stopsOf, type PublicShipCard, type VehiclePosition, type VehicleTrack } from "../../contract/fleet.js";
import { normalisePlateNo } from "../../contract/validation.js";
import { SHIP_TYPES } from "../../contract/resources/ship.js";
import { chinaDate } from "../../contract/units.js";
import { tonnesPlain } from "../../contract/numbers.js";
import type { AnyDb } from "../resources/bind.js";
import { visible, type CallerScope } from "../scope.js";

export async function latestPositions(db: AnyDb, scope: CallerScope, plateNo: string | undefined, now: number): Promise<VehiclePosition[]> {
  let vehicles = db
    .selectFrom("freight_vehicles as v")
    .leftJoin("freight_drivers as d", "d.id", "v.driver_id")
    .select(["v.id", "v.plate_no", "v.vehicle_type", "d.name as driver_name"])
    .where(visible("freight_vehicles", scope, "v"))
    .where("v.deleted_at", "is", null)
    .orderBy("v.plate_no")
    .limit(500);
  if (plateNo) vehicles = vehicles.where("v.plate_no", "like", `%${plateNo.toUpperCase()}%`);
  const rows = await vehicles.execute();
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  const latestFreight = await db
    .selectFrom("freights as f")
    .select(["f.id", "f.vehicle_id", "f.freight_no", "f.status", "f.loading_place", "f.unloading_place"])
    .where("f.vehicle_id", "in", ids)
    .where("f.id", "=", sql<number>`(select max(f2.id) from freights f2 where f2.vehicle_id = f.vehicle_id and f2.status <> 'CANCELLED')`)
    .execute();
  const points = await db
    .selectFrom("freight_track_points as p")
    .innerJoin("freights as f", "f.id", "p.freight_id")
    .select(["f.vehicle_id", "p.lat", "p.lng", "p.speed", "p.recorded_at"])
    .where("f.vehicle_id", "in", ids)
    .where(
      "p.id",
      "=",
      sql<number>`(select p2.id from freight_track_points p2 join freights f2 on f2.id = p2.freight_id where f2.vehicle_id = f.vehicle_id order by p2.recorded_at desc, p2.id desc limit 1)`,
    )
    .execute();
  const freightOf = new Map(latestFreight.map((f) => [Number(f.vehicle_id), f]));
  const pointOf = new Map(points.map((p) => [Number(p.vehicle_id), p]));
  return rows.map((v) => {
    const f = freightOf.get(Number(v.id));
    const p = pointOf.get(Number(v.id));
    const online = !!p && now - Date.parse(p.recorded_at) <= POSITION_ONLINE_MS;
    return {
      vehicleId: Number(v.id), plateNo: v.plate_no, vehicleType: v.vehicle_type, driverName: v.driver_name ?? null,
      lat: p ? Number(p.lat) : null, lng: p ? Number(p.lng) : null, speed: p ? Number(p.speed) : null, recordedAt: p?.recorded_at ?? null,
      state: !online ? "OFFLINE" : f?.status === "IN_TRANSIT" ? "IN_TRANSIT" : "IDLE",
      freightNo: f ? `${f.freight_no}（${FREIGHT_STATUS_LABELS[f.status as FreightStatus]}）` : null,
      route: f ? `${f.loading_place} → ${f.unloading_place}` : null,
    };
  });
}

/** The public card of an approved, enabled ship (domain 7.6 /shipDetail). */
export async function publicShipCard(db: AnyDb, platformId: string, id: number): Promise<PublicShipCard | null> {
  const ship = await db
    .selectFrom("freight_ships")
    .select(["id", "ship_name", "ship_type", "load_capacity", "build_date", "registry_port", "audit_status"])
    .where("id", "=", id)
    .where("platform_id", "=", platformId)
    .where("audit_status", "=", "APPROVED")
    .where("enabled", "=", "ENABLED")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!ship) return null;
  const last = await db.selectFrom("freight_track_points as p").innerJoin("freights as f", "f.id", "p.freight_id").select(sql<string | null>`max(p.recorded_at)`.as("at")).where("f.ship_id", "=", id).executeTakeFirst();
  const voyages = await db.selectFrom("freights").select(sql<number>`count(*)`.as("n")).where("ship_id", "=", id).where("status", "=", "COMPLETED").executeTakeFirst();
  return {
    id: Number(ship.id), shipName: ship.ship_name, shipType: SHIP_TYPES[ship.ship_type as keyof typeof SHIP_TYPES]?.label ?? ship.ship_type,
    deadweightTonnes: tonnesPlain(Number(ship.load_capacity)), buildYear: ship.build_date?.slice(0, 4) ?? null, registryPort: ship.registry_port,
    certified: ship.audit_status === "APPROVED", lastPositionDay: last?.at ? chinaDate(last.at) : null, completedVoyages: Number(voyages?.n ?? 0),
  };
}

/** One own vehicle's track points between two instants (all its waybills), with its stops; null when not the caller's. */
export async function vehicleTrack(db: AnyDb, scope: CallerScope, plateNo: string, from: string, to: string): Promise<VehicleTrack | null> {
  const vehicle = await db
    .selectFrom("freight_vehicles as v")
    .select(["v.id", "v.plate_no"])
    .where(visible("freight_vehicles", scope, "v"))
    .where("v.plate_no", "=", normalisePlateNo(plateNo))
    .where("v.deleted_at", "is", null)
    .executeTakeFirst();
  if (!vehicle) return null;
  const rows = await db
    .selectFrom("freight_track_points as p")
    .innerJoin("freights as f", "f.id", "p.freight_id")
    .select(["p.lat", "p.lng", "p.speed", "p.recorded_at", "f.freight_no"])
    .where("f.vehicle_id", "=", Number(vehicle.id))
    .where("p.recorded_at", ">=", from)
    .where("p.recorded_at", "<=", to)
    .orderBy("p.recorded_at")
    .orderBy("p.id")
    .limit(5000)
    .execute();
  const points = rows.map((r) => ({ lat: Number(r.lat), lng: Number(r.lng), speed: Number(r.speed), recordedAt: r.recorded_at, freightNo: r.freight_no }));
  return { vehicleId: Number(vehicle.id), plateNo: vehicle.plate_no, points, stops: stopsOf(points) };
}
