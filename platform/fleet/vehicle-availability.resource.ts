/**
 * The binding of 车源 (domain 7.2): the owner's own rows; a vehicle must be an approved one the caller
 * may see, its load within the vehicle's capacity, its time window ahead and at most 7 days long; a new
 * publication for a vehicle takes the older one offline.
 */
import { sql } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { AVAILABILITY_MAX_DAYS, vehicleAvailability } from "../../contract/resources/vehicle-availability.js";
import { tonnesPlain } from "../../contract/numbers.js";
import { nowIso } from "../db/index.js";
import { HttpError, Refusal } from "../http/envelope.js";
import { bindResource, orgScope, type AnyDb, type Row } from "../resources/bind.js";
import { recordResourceEvent } from "../resources/events.js";
import { visible, type CallerScope } from "../scope.js";

const invalid = (message: string) => new HttpError(400, message);

/** The vehicle's newest track point (any of its waybills), for the default position. */
async function lastPointOf(trx: AnyDb, vehicleId: number) {
  return trx
    .selectFrom("freight_track_points as p")
    .innerJoin("freights as f", "f.id", "p.freight_id")
    .select(["p.lat", "p.lng"])
    .where("f.vehicle_id", "=", vehicleId)
    .orderBy("p.recorded_at", "desc")
    .orderBy("p.id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The cross-field rules of a 车源 (merged row values); copies the vehicle's plate, type and default driver. */
async function checkAvailability(trx: AnyDb, scope: CallerScope, v: Record<string, unknown>, now = Date.now()): Promise<void> {
  const vehicle = await trx
    .selectFrom("freight_vehicles as v")
    .select(["v.id", "v.plate_no", "v.vehicle_type", "v.load_capacity", "v.driver_id", "v.audit_status", "v.enabled"])
    .where("v.id", "=", Number(v.vehicle_id))
    .where(visible("freight_vehicles", scope, "v"))
    .where("v.deleted_at", "is", null)
    .executeTakeFirst();
  if (!vehicle) throw invalid("车辆不存在或不属于您");
  if (vehicle.audit_status !== "APPROVED" || vehicle.enabled !== "ENABLED") throw invalid(`车辆 ${vehicle.plate_no} 尚未认证或已停用，不能发布车源`);
  if (Number(v.available_load) > Number(vehicle.load_capacity)) throw invalid(`可载重量不能超过车辆核定载质量 ${tonnesPlain(Number(vehicle.load_capacity))} 吨`);
  const from = Date.parse(String(v.available_from));
  const to = Date.parse(String(v.available_to));
  if (!(to > from)) throw invalid("可用截止时间应晚于开始时间");
  if (to - from > AVAILABILITY_MAX_DAYS * 86_400_000) throw invalid(`可用时间跨度不能超过 ${AVAILABILITY_MAX_DAYS} 天`);
  if (to <= now) throw invalid("可用截止时间已过，请重新填写");
  if (v.driver_id != null) {
    const driver = await trx.selectFrom("freight_drivers as d").select("d.id").where("d.id", "=", Number(v.driver_id)).where(visible("freight_drivers", scope, "d")).executeTakeFirst();
    if (!driver) throw invalid("司机不存在或不属于您");
  }
  v.plate_no = vehicle.plate_no;
  v.vehicle_type = vehicle.vehicle_type;
  v.driver_id ??= vehicle.driver_id;
}

export const vehicleAvailabilityBinding = bindResource(vehicleAvailability, {
  table: "vehicle_availabilities",
  scope: orgScope(),
  labels: {
    vehicleLabel: { table: "freight_vehicles", via: "vehicle_id", column: "plate_no" },
    driverName: { table: "freight_drivers", via: "driver_id", column: "name" },
  },
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      await checkAvailability(trx, scope, values);
      const point = await lastPointOf(trx, Number(values.vehicle_id));
      values.lat = point ? Number(point.lat) : null;
      values.lng = point ? Number(point.lng) : null;
      // One live publication per vehicle: the newer one replaces it.
      const olds = await trx.selectFrom("vehicle_availabilities").selectAll().where("vehicle_id", "=", Number(values.vehicle_id)).where("status", "in", ["AVAILABLE", "BOOKED"]).where("deleted_at", "is", null).execute();
      for (const old of olds) {
        await trx.updateTable("vehicle_availabilities").set({ status: "OFF", off_reason: "已由新的车源信息替代", updated_at: nowIso(), updated_by: scope.userId, version: Number(old.version) + 1 }).where("id", "=", old.id).execute();
        await recordResourceEvent(trx, scope, vehicleAvailability.key, { ...old, id: Number(old.id) }, { action: "OFFLINE", label: "下线", from: old.status, to: "OFF", remark: "已由新的车源信息替代" });
      }
    },
    beforeUpdate: async (trx, scope, before: Row, values) => {
      const merged = { ...before, ...values };
      await checkAvailability(trx, scope, merged);
      values.plate_no = merged.plate_no;
      values.vehicle_type = merged.vehicle_type;
      values.driver_id = merged.driver_id;
    },
    onTransition: async (trx, _scope, row, transition) => {
      if (transition === "relist" && Date.parse(String(row.available_to)) <= Date.now()) throw new Refusal(RefusalCode.illegalState, "可用截止时间已过，请先编辑可用时间再上线");
      if (transition === "relist") await trx.updateTable("vehicle_availabilities").set({ off_reason: null }).where("id", "=", row.id).execute();
    },
  },
});

/** Marks 车源 whose window has passed as 已过期 (called before 找车 reads them, and by the minute job). */
export async function expireAvailabilities(db: AnyDb, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("vehicle_availabilities")
    .set({ status: "EXPIRED", updated_at: now.toISOString(), version: sql`version + 1` })
    .where("status", "in", ["AVAILABLE", "BOOKED"])
    .where("available_to", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
