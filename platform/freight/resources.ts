/** Selectors of the dispatch page: drivers, vehicles, captains and ships in the caller's scope, paged. */
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { AnyDb } from "../resources/bind.js";
import type { CaptainRecord, DriverRecord, ShipRecord, VehicleRecord } from "../../contract/freight.js";
import type { Paged } from "../../contract/envelope.js";
import type { Database } from "../db/schema.js";
import { offsetOf } from "../http/envelope.js";
import { contains } from "./records.js";
import { assertWater, visible, type CallerScope } from "../scope.js";
import { type CarrierPart, captainFacts, captainReasons, driverFacts, driverReasons, liveReason, liveWaybills, onLiveWaybill, shipFacts, shipReasons, vehicleFacts, vehicleReasons } from "../masterdata/eligibility.js";

interface Paging {
  current: number;
  size: number;
}

const eligibility = (reasons: string[]) => ({ eligible: reasons.length === 0, ineligibleReason: reasons.length ? reasons.join("；") : null });

const either = (a: ReturnType<typeof contains>, b: ReturnType<typeof contains>) => sql<boolean>`(${a} or ${b})`;

/** How one selector turns its page of rows into records that say whether each may be dispatched. */
interface Selector<R, F, T> {
  part: CarrierPart;
  facts: (db: AnyDb, ids: number[]) => Promise<Map<number, F>>;
  reasons: (facts: F) => string[];
  label: (row: R) => string;
  record: (row: R) => T;
}

/**
 * The total of a selector's filtered query and one page of its rows (those on a live waybill last, then by
 * `id`), each record with its eligibility (its own facts and its live waybill).
 */
async function eligiblePage<DB, TB extends keyof DB, R extends { id: unknown }, F, T>(
  db: AnyDb,
  query: SelectQueryBuilder<DB, TB, object>,
  columns: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, R>,
  selector: Selector<R, F, T> & { id: string },
  { current, size }: Paging,
) {
  const [counted, rows] = await Promise.all([
    query.select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow(),
    columns(query).orderBy(onLiveWaybill(selector.part, selector.id)).orderBy(sql.ref(selector.id)).limit(size).offset(offsetOf(current, size)).execute() as Promise<R[]>,
  ]);
  const ids = rows.map((r) => Number(r.id));
  const [facts, live] = await Promise.all([selector.facts(db, ids), liveWaybills(db, selector.part, ids)]);
  const records = rows.map((r) => ({
    ...eligibility([...selector.reasons(facts.get(Number(r.id))!), ...liveReason(selector.part, selector.label(r), live.get(Number(r.id)))]),
    ...selector.record(r),
  }));
  return { records, total: Number((counted as { total: unknown }).total), current, size };
}

export async function listDrivers(db: Kysely<Database>, scope: CallerScope, keyword: string | undefined, paging: Paging): Promise<Paged<DriverRecord>> {
  let query = db.selectFrom("freight_drivers as d").where(visible("freight_drivers", scope, "d"));
  if (keyword) query = query.where(either(contains("d.name", keyword), contains("d.mobile", keyword)));
  const columns = (q: typeof query) =>
    q.select(["d.id", "d.name", "d.mobile", "d.license_no_mask", "d.org_id"]).select((eb) => [
      eb.selectFrom("freight_vehicles as v").select("v.id").whereRef("v.driver_id", "=", "d.id").orderBy("v.id").limit(1).as("vehicleId"),
      eb.selectFrom("freight_vehicles as v").select("v.plate_no").whereRef("v.driver_id", "=", "d.id").orderBy("v.id").limit(1).as("plateNo"),
    ]);
  return eligiblePage(db, query, columns, {
    id: "d.id",
    part: "driver",
    facts: driverFacts,
    reasons: driverReasons,
    label: (r) => r.name,
    record: (r) => ({
      id: Number(r.id),
      name: r.name,
      mobile: r.mobile,
      licenseNo: r.license_no_mask ?? "",
      orgId: Number(r.org_id),
      vehicleId: r.vehicleId == null ? null : Number(r.vehicleId),
      plateNo: r.plateNo ?? null,
    }),
  }, paging);
}

export async function listVehicles(db: Kysely<Database>, scope: CallerScope, keyword: string | undefined, paging: Paging): Promise<Paged<VehicleRecord>> {
  let query = db.selectFrom("freight_vehicles as v").leftJoin("gps_devices as g", "g.vehicle_id", "v.id").where(visible("freight_vehicles", scope, "v"));
  if (keyword) query = query.where(contains("v.plate_no", keyword));
  return eligiblePage(db, query, (q) => q.select(["v.id", "v.plate_no", "v.vehicle_type", "v.load_capacity", "v.org_id", "v.driver_id", "g.device_no"]), {
    id: "v.id",
    part: "vehicle",
    facts: vehicleFacts,
    reasons: vehicleReasons,
    label: (r) => r.plate_no,
    record: (r) => ({
      id: Number(r.id),
      plateNo: r.plate_no,
      vehicleType: r.vehicle_type,
      loadCapacity: Number(r.load_capacity),
      orgId: Number(r.org_id),
      driverId: r.driver_id == null ? null : Number(r.driver_id),
      gpsDeviceNo: r.device_no ?? null,
    }),
  }, paging);
}

export async function listCaptains(db: Kysely<Database>, scope: CallerScope, keyword: string | undefined, paging: Paging): Promise<Paged<CaptainRecord>> {
  assertWater(scope);
  let query = db.selectFrom("freight_captains as c").where(visible("freight_captains", scope, "c"));
  if (keyword) query = query.where(either(contains("c.name", keyword), contains("c.mobile", keyword)));
  const columns = (q: typeof query) =>
    q.select(["c.id", "c.name", "c.mobile", "c.certificate_no", "c.org_id"]).select((eb) => [
      eb.selectFrom("freight_ships as s").select("s.id").whereRef("s.captain_id", "=", "c.id").orderBy("s.id").limit(1).as("shipId"),
      eb.selectFrom("freight_ships as s").select("s.ship_name").whereRef("s.captain_id", "=", "c.id").orderBy("s.id").limit(1).as("shipName"),
    ]);
  return eligiblePage(db, query, columns, {
    id: "c.id",
    part: "captain",
    facts: captainFacts,
    reasons: captainReasons,
    label: (r) => r.name,
    record: (r) => ({
      id: Number(r.id),
      name: r.name,
      mobile: r.mobile,
      certificateNo: r.certificate_no,
      orgId: Number(r.org_id),
      shipId: r.shipId == null ? null : Number(r.shipId),
      shipName: r.shipName ?? null,
    }),
  }, paging);
}

export async function listShips(db: Kysely<Database>, scope: CallerScope, keyword: string | undefined, paging: Paging): Promise<Paged<ShipRecord>> {
  assertWater(scope);
  let query = db.selectFrom("freight_ships as s").where(visible("freight_ships", scope, "s"));
  if (keyword) query = query.where(either(contains("s.ship_name", keyword), contains("s.mmsi", keyword)));
  return eligiblePage(db, query, (q) => q.select(["s.id", "s.ship_name", "s.mmsi", "s.load_capacity", "s.org_id", "s.captain_id"]), {
    id: "s.id",
    part: "ship",
    facts: shipFacts,
    reasons: shipReasons,
    label: (r) => r.ship_name,
    record: (r) => ({
      id: Number(r.id),
      shipName: r.ship_name,
      mmsi: r.mmsi,
      loadCapacity: Number(r.load_capacity),
      orgId: Number(r.org_id),
      captainId: r.captain_id == null ? null : Number(r.captain_id),
    }),
  }, paging);
}
