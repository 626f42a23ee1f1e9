import type { FreightAction, FreightRecord } from "../../contract/freight";

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

/** The steps a list's row offers (FreightListPage's RowActions); the row's other allowed steps are not sent. */
export const FREIGHT_ROW_ACTIONS: ReadonlySet<FreightAction> = new Set(["LOADING", "UNLOADING", "SIGN", "REVIEW", "FLEET_CONFIRM", "COMPLETE", "CANCEL"]);

export function freightRow(record: FreightRecord): FreightRow {
  const row = Object.fromEntries(FREIGHT_ROW_FIELDS.map((key) => [key, record[key]])) as FreightRow;
  return { ...row, actions: record.actions.filter((action) => FREIGHT_ROW_ACTIONS.has(action)) };
}
