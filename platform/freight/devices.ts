/** GPS devices on vehicles (open API, spec 7.3): the selector and binding. */
import { sql, type Kysely } from "kysely";
import { FreightRefusalCode, type GpsDeviceRecord } from "../../contract/freight.js";
import type { Paged } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { HttpError, notFound, offsetOf, Refusal } from "../http/envelope.js";
import { contains } from "./records.js";
import { isIndividual, visible, type CallerScope } from "../scope.js";

function devicesQuery(db: Kysely<Database>, scope: CallerScope) {
  return db.selectFrom("gps_devices as g").leftJoin("freight_vehicles as v", "v.id", "g.vehicle_id").where(visible("gps_devices", scope, "g"));
}

const deviceColumns = ["g.id", "g.device_no", "g.model", "g.sim_no", "g.online", "g.vehicle_id", "g.bound_at", "v.plate_no"] as const;

type DeviceRow = { id: number; device_no: string; model: string; sim_no: string; online: number; vehicle_id: number | null; bound_at: string | null; plate_no: string | null };

function toDeviceRecord(r: DeviceRow): GpsDeviceRecord {
  return {
    id: Number(r.id),
    deviceNo: r.device_no,
    model: r.model,
    simNo: r.sim_no,
    online: Number(r.online) === 1,
    vehicleId: r.vehicle_id == null ? null : Number(r.vehicle_id),
    plateNo: r.plate_no ?? null,
    boundTime: r.bound_at,
  };
}

/** The selector: devices in the caller's scope, narrowed by keyword (device or plate), bound or not, one vehicle, one organisation. */
export async function selectDevices(
  db: Kysely<Database>,
  scope: CallerScope,
  filter: { keyword?: string; bound?: boolean | null; vehicleId?: number | null; orgId?: number | null },
  { current, size }: { current: number; size: number },
): Promise<Paged<GpsDeviceRecord>> {
  let query = devicesQuery(db, scope);
  if (filter.keyword) query = query.where(sql<boolean>`(${contains("g.device_no", filter.keyword)} or ${contains("v.plate_no", filter.keyword)})`);
  if (filter.bound != null) query = query.where("g.vehicle_id", filter.bound ? "is not" : "is", null);
  if (filter.vehicleId != null) query = query.where("g.vehicle_id", "=", filter.vehicleId);
  if (filter.orgId != null) query = query.where("g.org_id", "=", filter.orgId);
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    query.select(deviceColumns).orderBy("g.id").limit(size).offset(offsetOf(current, size)).execute(),
  ]);
  return { records: rows.map(toDeviceRecord), total: Number(total), current, size };
}

/** Binds a device to a vehicle of the same organisation, or unbinds it (vehicleId null). */
export async function bindDevice(ctx: ServiceContext, scope: CallerScope, deviceId: number, vehicleId: number | null): Promise<GpsDeviceRecord> {
  if (isIndividual(scope)) throw new Refusal(FreightRefusalCode.notPermitted, "个人账号不能绑定或解绑 GPS 设备");
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const device = await trx.selectFrom("gps_devices as g").selectAll("g").where("g.id", "=", deviceId).where(visible("gps_devices", scope, "g")).executeTakeFirst();
    if (!device) throw notFound("GPS 设备不存在");
    if (vehicleId === null) {
      if (device.vehicle_id == null) throw new Refusal(FreightRefusalCode.illegalState, `设备 ${device.device_no} 未绑定车辆`);
      await trx.updateTable("gps_devices").set({ vehicle_id: null, bound_at: null }).where("id", "=", device.id).execute();
      return;
    }
    const vehicle = await trx.selectFrom("freight_vehicles as v").selectAll("v").where("v.id", "=", vehicleId).where(visible("freight_vehicles", scope, "v")).executeTakeFirst();
    if (!vehicle) throw notFound("车辆不存在");
    if (Number(vehicle.org_id) !== Number(device.org_id)) throw new HttpError(400, "车辆与设备不属于同一企业，不能绑定");
    if (device.vehicle_id != null && Number(device.vehicle_id) === vehicleId) return;
    if (device.vehicle_id != null) {
      const current = await trx.selectFrom("freight_vehicles").select("plate_no").where("id", "=", device.vehicle_id).executeTakeFirst();
      throw new Refusal(FreightRefusalCode.illegalState, `设备 ${device.device_no} 已绑定车辆 ${current?.plate_no ?? ""}，请先解绑`);
    }
    const other = await trx.selectFrom("gps_devices").select("device_no").where("vehicle_id", "=", vehicleId).executeTakeFirst();
    if (other) throw new Refusal(FreightRefusalCode.illegalState, `车辆 ${vehicle.plate_no} 已绑定设备 ${other.device_no}，请先解绑`);
    await trx.updateTable("gps_devices").set({ vehicle_id: vehicleId, bound_at: nowIso() }).where("id", "=", device.id).execute();
  });
  const row = await devicesQuery(ctx.db.kysely, scope).select(deviceColumns).where("g.id", "=", deviceId).executeTakeFirstOrThrow();
  return toDeviceRecord(row);
}
