/** Database rows of the freight service as the wire contract shows them. */
import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from "kysely";
import type { FreightRecord } from "../../contract/freight.js";
import { actionsOffered } from "../../contract/freight-steps.js";
import type { UserType } from "../../contract/platforms.js";
import type { Database } from "../db/schema.js";
import type { FreightsTable } from "./schema.js";

export type FreightRow = Selectable<FreightsTable>;

/** Organisation names by id, for the organisations a page of rows mentions. */
export async function orgNames(db: Kysely<Database>, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom("organisations").select(["id", "name"]).where("id", "in", unique).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** A waybill as `caller`'s kind of account sees it, with the steps it may take on it now. */
export function toFreightRecord(row: FreightRow, orgName: string, caller: UserType): FreightRecord {
  const road = row.freight_way === "ROAD";
  return {
    id: Number(row.id),
    freightNo: row.freight_no,
    freightWay: row.freight_way,
    status: row.status,
    orderId: Number(row.order_id),
    orderNo: row.order_no,
    orgId: Number(row.org_id),
    orgName,
    shipperName: row.shipper_name,
    cargoCategory: row.cargo_category,
    driverId: road ? Number(row.driver_id) : null,
    driverName: road ? row.carrier_name : null,
    vehicleId: road ? Number(row.vehicle_id) : null,
    plateNo: road ? row.conveyance_name : null,
    captainId: road ? null : Number(row.captain_id),
    captainName: road ? null : row.carrier_name,
    shipId: road ? null : Number(row.ship_id),
    shipName: road ? null : row.conveyance_name,
    carrierMobile: row.carrier_mobile,
    loadingPlace: row.loading_place,
    loadingAddress: row.loading_address,
    unloadingPlace: row.unloading_place,
    unloadingAddress: row.unloading_address,
    plannedWeight: Number(row.planned_weight),
    loadedWeight: row.loaded_weight == null ? null : Number(row.loaded_weight),
    pickupWeight: row.pickup_weight == null ? null : Number(row.pickup_weight),
    unloadedWeight: row.unloaded_weight == null ? null : Number(row.unloaded_weight),
    unitPrice: Number(row.unit_price),
    freightAmount: Number(row.freight_amount),
    abnormal: Number(row.abnormal) === 1,
    abnormalReason: row.abnormal_reason,
    contractNo: row.contract_no,
    createdTime: row.created_at,
    loadingTime: row.loading_time,
    unloadingTime: row.unloading_time,
    signTime: row.sign_time,
    confirmTime: row.confirm_time,
    completeTime: row.complete_time,
    cancelTime: row.cancel_time,
    cancelReason: row.cancel_reason,
    actions: actionsOffered(row.status, caller),
  };
}

export async function toFreightRecords(db: Kysely<Database>, rows: FreightRow[], caller: UserType): Promise<FreightRecord[]> {
  const names = await orgNames(db, rows.map((r) => Number(r.org_id)));
  return rows.map((row) => toFreightRecord(row, names.get(Number(row.org_id)) ?? "", caller));
}

/** `column` contains `text` literally (LIKE with %, _ and \ escaped). */
export function contains(column: string, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
