/**
 * The find-ship reads that are not engine lists (domain 7.4, 7.6): the map, a ship's find-ship detail,
 * 在途船舶, and the public availability cards (masked contacts, approved data only).
 */
import { sql } from "kysely";
import type { FreightStatus } from "../../contract/freight.js";
import {
  isStale,
  maskMobile,
  TRACK_DAYS,
  type AvailabilitySummary,
  type FindShipDetail,
  type PublicAvailability,
  type ShipInTransit,
  type ShipMap,
  type ShipMapQuery,
} from "../../contract/findship.js";
import { SHIP_TYPES } from "../../contract/resources/ship.js";
import { chinaDate } from "../../contract/units.js";
import { orgScope, type AnyDb } from "../resources/bind.js";
import { isOrgUser, isPlatformStaff, rowsFor, visible, type CallerScope } from "../scope.js";

const shipTypeLabel = (code: string) => SHIP_TYPES[code as keyof typeof SHIP_TYPES]?.label ?? code;
const today = () => chinaDate();

type AvailabilityRow = { id: number; ship_id: number; empty_port: string; empty_from: string; empty_to: string; to_ports: string | null; available_load: number; expected_price: number | null };
const summary = (a: AvailabilityRow): AvailabilitySummary => ({
  id: Number(a.id),
  emptyPort: a.empty_port,
  emptyFrom: a.empty_from,
  emptyTo: a.empty_to,
  toPorts: a.to_ports,
  availableLoadKg: Number(a.available_load),
  expectedPriceFen: a.expected_price == null ? null : Number(a.expected_price),
});

/** Published notices still open and not yet over (empty_to ≥ today). */
function openAvailabilities(db: AnyDb, platformId: string) {
  return db
    .selectFrom("ship_availabilities as a")
    .where("a.platform_id", "=", platformId)
    .where("a.audit_status", "=", "APPROVED")
    .where("a.status", "=", "OPEN")
    .where("a.empty_to", ">=", today())
    .where("a.deleted_at", "is", null);
}

/** 找船地图: latest positions of the platform's certified, enabled ships, with their open notice; and the approved wharves. */
export async function shipMap(db: AnyDb, platformId: string, q: ShipMapQuery, now = Date.now()): Promise<ShipMap> {
  let ships = db
    .selectFrom("ship_positions as p")
    .innerJoin("freight_ships as s", "s.id", "p.id")
    .select(["s.id", "s.ship_name", "s.ship_type", "s.load_capacity", "p.lat", "p.lng", "p.sog", "p.nav_status", "p.destination", "p.recorded_at"])
    .where("s.platform_id", "=", platformId)
    .where("s.audit_status", "=", "APPROVED")
    .where("s.enabled", "=", "ENABLED")
    .where("s.deleted_at", "is", null)
    .orderBy("s.ship_name")
    .limit(2000);
  if (q.shipType) ships = ships.where("s.ship_type", "=", q.shipType);
  if (q.minTonnes !== undefined) ships = ships.where("s.load_capacity", ">=", Math.round(q.minTonnes * 1000));
  if (q.maxTonnes !== undefined) ships = ships.where("s.load_capacity", "<=", Math.round(q.maxTonnes * 1000));
  if (q.navStatus) ships = ships.where("p.nav_status", "=", q.navStatus);
  if (q.box) {
    const [minLng, minLat, maxLng, maxLat] = q.box.split(",").map(Number) as [number, number, number, number];
    ships = ships.where("p.lng", ">=", minLng).where("p.lng", "<=", maxLng).where("p.lat", ">=", minLat).where("p.lat", "<=", maxLat);
  }
  const rows = await ships.execute();
  const ids = rows.map((r) => Number(r.id));
  const open = ids.length
    ? ((await openAvailabilities(db, platformId).select(["a.id", "a.ship_id", "a.empty_port", "a.empty_from", "a.empty_to", "a.to_ports", "a.available_load", "a.expected_price"]).where("a.ship_id", "in", ids).orderBy("a.empty_from").execute()) as AvailabilityRow[])
    : [];
  const noticeOf = new Map<number, AvailabilityRow>();
  for (const a of open) if (!noticeOf.has(Number(a.ship_id))) noticeOf.set(Number(a.ship_id), a);
  const wharves = await db
    .selectFrom("wharves")
    .select(["id", "name", "port_name", "lat", "lng"])
    .where("platform_id", "=", platformId)
    .where("audit_status", "=", "APPROVED")
    .where("enabled", "=", "ENABLED")
    .where("deleted_at", "is", null)
    .orderBy("port_name")
    .limit(500)
    .execute();
  return {
    ships: rows
      .map((r) => {
        const notice = noticeOf.get(Number(r.id));
        return {
          shipId: Number(r.id),
          shipName: r.ship_name,
          shipType: shipTypeLabel(r.ship_type),
          deadweightKg: Number(r.load_capacity),
          lat: Number(r.lat),
          lng: Number(r.lng),
          sog: Number(r.sog),
          navStatus: r.nav_status,
          destination: r.destination,
          recordedAt: r.recorded_at,
          stale: isStale(r.recorded_at, now),
          availability: notice ? summary(notice) : null,
        };
      })
      .filter((s) => !q.empty || s.availability !== null),
    wharves: wharves.map((w) => ({ id: Number(w.id), name: w.name, portName: w.port_name, lat: Number(w.lat), lng: Number(w.lng) })),
  };
}

/** The ship an availability notice is about (published ones only), or null. */
export async function shipOfAvailability(db: AnyDb, platformId: string, id: number): Promise<number | null> {
  const row = await db.selectFrom("ship_availabilities").select("ship_id").where("id", "=", id).where("platform_id", "=", platformId).where("audit_status", "=", "APPROVED").where("deleted_at", "is", null).executeTakeFirst();
  return row ? Number(row.ship_id) : null;
}

/** 找船详情: a certified ship's public subset, position and 7-day track, its notices, the caller's conversations and its completed voyages. */
export async function findShipDetail(db: AnyDb, scope: CallerScope, shipId: number, now = Date.now()): Promise<FindShipDetail | null> {
  const ship = await db
    .selectFrom("freight_ships as s")
    .leftJoin("shipowners as o", "o.id", "s.shipowner_id")
    .select(["s.id", "s.ship_name", "s.mmsi", "s.ship_type", "s.load_capacity", "s.nav_area", "s.registry_port", "s.build_date", "s.gross_tonnage", "s.net_tonnage", "s.audit_status", "o.name as shipowner_name"])
    .where("s.id", "=", shipId)
    .where("s.platform_id", "=", scope.platformId)
    .where("s.enabled", "=", "ENABLED")
    .where("s.deleted_at", "is", null)
    // Certified ships for everyone; staff of the platform and the owning organisation see their uncertified ones too.
    .where((eb) => eb.or([eb("s.audit_status", "=", "APPROVED"), ...(isPlatformStaff(scope) ? [eb("s.audit_status", "!=", "APPROVED")] : []), ...(isOrgUser(scope) ? [rowsFor(scope, "s", { platform: null })] : [])]))
    .executeTakeFirst();
  if (!ship) return null;
  const position = await db.selectFrom("ship_positions").selectAll().where("id", "=", shipId).executeTakeFirst();
  const since = new Date(now - TRACK_DAYS * 86_400_000).toISOString();
  const track = await db.selectFrom("ship_track_points").select(["lat", "lng", "sog", "nav_status", "recorded_at"]).where("ship_id", "=", shipId).where("recorded_at", ">=", since).orderBy("recorded_at").orderBy("id").limit(5000).execute();
  const notices = await db
    .selectFrom("ship_availabilities")
    .selectAll()
    .where("ship_id", "=", shipId)
    .where("platform_id", "=", scope.platformId)
    .where("audit_status", "=", "APPROVED")
    .where("deleted_at", "is", null)
    .orderBy("empty_from", "desc")
    .limit(20)
    .execute();
  const talks = await db
    .selectFrom("ship_communications as c")
    .select(["c.id", "c.created_at", "c.contact_name", "c.contact_mobile", "c.channel", "c.content", "c.result", "c.operator_name"])
    .where("c.ship_id", "=", shipId)
    .where("c.deleted_at", "is", null)
    .where(orgScope({ individual: null })(scope, "c"))
    .orderBy("c.created_at", "desc")
    .limit(50)
    .execute();
  const deals = await db
    .selectFrom("freights as f")
    .select(["f.freight_no", "f.loading_place", "f.unloading_place", "f.loaded_weight", "f.complete_time", "f.status"])
    .where("f.ship_id", "=", shipId)
    .where("f.status", "=", "COMPLETED")
    .where(visible("freights", scope, "f"))
    .orderBy("f.complete_time", "desc")
    .limit(10)
    .execute();
  const voyages = await db.selectFrom("freights").select(sql<number>`count(*)`.as("n")).where("ship_id", "=", shipId).where("status", "=", "COMPLETED").executeTakeFirst();
  return {
    ship: {
      id: Number(ship.id),
      shipName: ship.ship_name,
      mmsi: ship.mmsi,
      shipType: shipTypeLabel(ship.ship_type),
      deadweightKg: Number(ship.load_capacity),
      navArea: ship.nav_area,
      registryPort: ship.registry_port,
      buildYear: ship.build_date?.slice(0, 4) ?? null,
      grossTonnage: ship.gross_tonnage == null ? null : Number(ship.gross_tonnage),
      netTonnage: ship.net_tonnage == null ? null : Number(ship.net_tonnage),
      certified: ship.audit_status === "APPROVED",
      shipownerName: ship.shipowner_name ?? null,
    },
    position: position
      ? { lat: Number(position.lat), lng: Number(position.lng), sog: Number(position.sog), navStatus: position.nav_status, recordedAt: position.recorded_at, destination: position.destination, eta: position.eta, stale: isStale(position.recorded_at, now) }
      : null,
    track: track.map((p) => ({ lat: Number(p.lat), lng: Number(p.lng), sog: Number(p.sog), navStatus: p.nav_status, recordedAt: p.recorded_at })),
    availabilities: notices.map((a) => ({ ...summary(a as AvailabilityRow), status: a.status, contactName: a.contact_name, contactMobile: a.contact_mobile, viewCount: Number(a.view_count), callCount: Number(a.call_count) })),
    communications: talks.map((c) => ({ id: Number(c.id), createdTime: c.created_at, contactName: c.contact_name, contactMobile: c.contact_mobile, channel: c.channel, content: c.content, result: c.result, operatorName: c.operator_name })),
    deals: deals.map((d) => ({ freightNo: d.freight_no, route: `${d.loading_place} → ${d.unloading_place}`, loadedKg: d.loaded_weight == null ? null : Number(d.loaded_weight), completedAt: d.complete_time })),
    completedVoyages: Number(voyages?.n ?? 0),
  };
}

/** 在途船舶: the caller's water waybills in transit with their ship's latest AIS position. */
export async function shipsInTransit(db: AnyDb, scope: CallerScope, keyword: string | undefined, now = Date.now()): Promise<ShipInTransit[]> {
  let query = db
    .selectFrom("freights as f")
    .leftJoin("freight_ships as s", "s.id", "f.ship_id")
    .leftJoin("ship_positions as p", "p.id", "f.ship_id")
    .select(["f.id", "f.freight_no", "f.status", "f.conveyance_name", "f.carrier_name", "f.loading_place", "f.unloading_place", "f.loaded_weight", "f.loading_time", "s.mmsi", "p.lat", "p.lng", "p.sog", "p.nav_status", "p.recorded_at", "p.eta", "p.destination"])
    .where(visible("freights", scope, "f"))
    .where("f.freight_way", "=", "WATER")
    .where("f.status", "=", "IN_TRANSIT" satisfies FreightStatus)
    .orderBy("f.loading_time", "desc")
    .limit(500);
  if (keyword) query = query.where((eb) => eb.or([eb("f.freight_no", "like", `%${keyword}%`), eb("f.conveyance_name", "like", `%${keyword}%`)]));
  const rows = await query.execute();
  return rows.map((r) => ({
    freightId: Number(r.id),
    freightNo: r.freight_no,
    shipName: r.conveyance_name,
    mmsi: r.mmsi ?? null,
    captainName: r.carrier_name,
    route: `${r.loading_place} → ${r.unloading_place}`,
    loadedKg: r.loaded_weight == null ? null : Number(r.loaded_weight),
    loadingTime: r.loading_time,
    position:
      r.recorded_at == null
        ? null
        : { lat: Number(r.lat), lng: Number(r.lng), sog: Number(r.sog), navStatus: String(r.nav_status), recordedAt: r.recorded_at, eta: r.eta ?? null, destination: r.destination ?? null, stale: isStale(r.recorded_at, now) },
  }));
}

type PublicRow = AvailabilityRow & { ship_name: string; ship_type: string; deadweight: number; contact_name: string; contact_mobile: string };

/** Published open notices as the public sees them: contacts masked, the position as a day only. */
export async function publicAvailabilities(db: AnyDb, platformId: string, filter: { port?: string; minTonnes?: number; shipType?: string; ids?: number[]; minLoadKg?: number }, limit = 50): Promise<PublicAvailability[]> {
  let query = openAvailabilities(db, platformId)
    .innerJoin("freight_ships as s", "s.id", "a.ship_id")
    .where("s.audit_status", "=", "APPROVED")
    .where("s.enabled", "=", "ENABLED")
    .select(["a.id", "a.ship_id", "a.ship_name", "a.ship_type", "a.deadweight", "a.empty_port", "a.empty_from", "a.empty_to", "a.to_ports", "a.available_load", "a.expected_price", "a.contact_name", "a.contact_mobile"])
    .orderBy("a.empty_from")
    .orderBy("a.id")
    .limit(limit);
  if (filter.port) query = query.where("a.empty_port", "like", `%${filter.port.replace(/[\\%_]/g, "")}%`);
  if (filter.minTonnes !== undefined) query = query.where("a.deadweight", ">=", Math.round(filter.minTonnes * 1000));
  if (filter.shipType) query = query.where("a.ship_type", "=", filter.shipType);
  if (filter.ids) query = query.where("a.id", "in", filter.ids.length ? filter.ids : [-1]);
  if (filter.minLoadKg !== undefined) query = query.where("a.available_load", ">=", filter.minLoadKg);
  const rows = (await query.execute()) as PublicRow[];
  const shipIds = [...new Set(rows.map((r) => Number(r.ship_id)))];
  const positions = shipIds.length ? await db.selectFrom("ship_positions").select(["id", "recorded_at"]).where("id", "in", shipIds).execute() : [];
  const dayOf = new Map(positions.map((p) => [Number(p.id), chinaDate(p.recorded_at)]));
  return rows.map((r) => ({
    id: Number(r.id),
    shipId: Number(r.ship_id),
    shipName: r.ship_name,
    shipType: shipTypeLabel(r.ship_type),
    deadweightKg: Number(r.deadweight),
    emptyPort: r.empty_port,
    emptyFrom: r.empty_from,
    emptyTo: r.empty_to,
    toPorts: r.to_ports,
    availableLoadKg: Number(r.available_load),
    expectedPriceFen: r.expected_price == null ? null : Number(r.expected_price),
    contactName: r.contact_name.slice(0, 1) + "*".repeat(Math.max(1, r.contact_name.length - 1)),
    contactMobile: maskMobile(r.contact_mobile),
    lastPositionDay: dayOf.get(Number(r.ship_id)) ?? null,
  }));
}
