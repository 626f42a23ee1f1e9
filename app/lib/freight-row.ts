import type { FreightRecord } from "../../contract/freight";

/**
 * The fields a waybill list's table, row links and dialogs read. The list loaders send only these:
 * a record has twice as many, and every one of them would travel in the page's loader data
 * (issue 14: a 20-row list page's HTML).
 */
export const FREIGHT_ROW_FIELDS = [
  "id",
  "freightNo",
  "freightWay",
  "status",
  "orderNo",
  "abnormal",
  "abnormalReason",
  "driverName",
  "plateNo",
  "captainName",
  "shipName",
  "loadingPlace",
  "unloadingPlace",
  "plannedWeight",
  "loadedWeight",
  "unloadedWeight",
  "freightAmount",
  "createdTime",
  "actions",
] as const satisfies ReadonlyArray<keyof FreightRecord>;

export type FreightRow = Pick<FreightRecord, (typeof FREIGHT_ROW_FIELDS)[number]>;

export function freightRow(record: FreightRecord): FreightRow {
  return Object.fromEntries(FREIGHT_ROW_FIELDS.map((key) => [key, record[key]])) as FreightRow;
}
