import type { FreightAction, FreightRecord } from "../../contract/freight";
import type { FreightStepPage } from "./freight-links";

/**
 * The fields a waybill list's table, row links and dialogs read. The list loaders send only these:
 * a record has twice as many, and every one of them would travel in the page's loader data
 * (a 20-row list page's HTML).
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

/** The step pages a list's row links to, each with the steps that offer it (确认 serves 审核 and 车队长确认). */
export const FREIGHT_ROW_STEP_PAGES: ReadonlyArray<readonly [label: string, page: FreightStepPage, offeredBy: readonly FreightAction[]]> = [
  ["装货", "loading", ["LOADING"]],
  ["卸货", "unloading", ["UNLOADING"]],
  ["签收", "sign", ["SIGN"]],
  ["确认", "confirm", ["REVIEW", "FLEET_CONFIRM"]],
];
/** The row dialogs of a list (完成, 取消). */
export const FREIGHT_ROW_DIALOG_ACTIONS: readonly FreightAction[] = ["COMPLETE", "CANCEL"];

/** The steps a list's row offers (FreightListPage's RowActions); the row's other allowed steps are not sent. */
export const FREIGHT_ROW_ACTIONS: ReadonlySet<FreightAction> = new Set([...FREIGHT_ROW_STEP_PAGES.flatMap(([, , offeredBy]) => offeredBy), ...FREIGHT_ROW_DIALOG_ACTIONS]);

export function freightRow(record: FreightRecord): FreightRow {
  const row = Object.fromEntries(FREIGHT_ROW_FIELDS.map((key) => [key, record[key]])) as FreightRow;
  return { ...row, actions: record.actions.filter((action) => FREIGHT_ROW_ACTIONS.has(action)) };
}
