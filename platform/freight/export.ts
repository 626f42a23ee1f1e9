/**
 * The waybill export (POST tms-freight/export): an xlsx of the current filter, streamed through the
 * shared writer of platform/http/xlsx.ts while rows are read in keyset pages.
 */
import { NUMBER_FORMAT_2DP, tonnesNumber, yuanNumber } from "../../contract/numbers.js";
import type { Writable } from "node:stream";
import type { Kysely } from "kysely";
import type { FastifyReply } from "fastify";
import { FREIGHT_STATUS_LABELS, FREIGHT_WAY_LABELS, freightExportDisposition, type FreightFilter } from "../../contract/freight.js";
import type { ServiceContext } from "../context.js";
import type { Database } from "../db/schema.js";
import { EXPORT_PAGE_SIZE, sendWorkbook, writeWorkbook, type SheetColumn, type WorkbookSource } from "../http/xlsx.js";
import { freightsAfter, type FreightCursor } from "./search.js";
import { orgNames, type FreightRow } from "./records.js";
import type { CallerScope } from "../scope.js";
import { chinaDateTime } from "../../contract/units.js";

export { XLSX_TYPE } from "../http/xlsx.js";

/** The waybill columns the workbook shows: the export reads only these (a third of the table's). */
const ROW_COLUMNS = [
  "id",
  "org_id",
  "freight_no",
  "freight_way",
  "order_no",
  "status",
  "shipper_name",
  "cargo_category",
  "carrier_name",
  "carrier_mobile",
  "conveyance_name",
  "loading_place",
  "unloading_place",
  "planned_weight",
  "loaded_weight",
  "pickup_weight",
  "unloaded_weight",
  "unit_price",
  "freight_amount",
  "abnormal",
  "abnormal_reason",
  "contract_no",
  "created_at",
  "loading_time",
  "unloading_time",
  "complete_time",
] as const;

export type ExportRow = Pick<FreightRow, (typeof ROW_COLUMNS)[number]>;

/** One page of the export's walk through the filter. */
export function exportPageAfter(db: Kysely<Database>, scope: CallerScope, filter: FreightFilter, cursor: FreightCursor | null, limit: number): Promise<ExportRow[]> {
  return freightsAfter(db, scope, filter, cursor).select(ROW_COLUMNS).limit(limit).execute();
}

const tonnes = (kg: number | null) => (kg == null ? null : tonnesNumber(Number(kg)));

const COLUMNS: Array<SheetColumn<ExportRow>> = [
  { header: "运单号", width: 22, value: (r) => r.freight_no },
  { header: "运输方式", width: 10, value: (r) => FREIGHT_WAY_LABELS[r.freight_way] },
  { header: "订单号", width: 20, value: (r) => r.order_no },
  { header: "状态", width: 8, value: (r) => FREIGHT_STATUS_LABELS[r.status] },
  { header: "所属企业", width: 24, value: (r, org) => org(String(r.org_id)) },
  { header: "托运人", width: 24, value: (r) => r.shipper_name },
  { header: "货物", width: 8, value: (r) => r.cargo_category },
  { header: "司机/船长", width: 10, value: (r) => r.carrier_name },
  { header: "联系电话", width: 13, value: (r) => r.carrier_mobile },
  { header: "车牌/船名", width: 14, value: (r) => r.conveyance_name },
  { header: "装货地", width: 14, value: (r) => r.loading_place },
  { header: "卸货地", width: 14, value: (r) => r.unloading_place },
  { header: "计划重量(吨)", width: 12, numFmt: NUMBER_FORMAT_2DP, value: (r) => tonnes(r.planned_weight) },
  { header: "装货重量(吨)", width: 12, numFmt: NUMBER_FORMAT_2DP, value: (r) => tonnes(r.loaded_weight) },
  { header: "提货重量(吨)", width: 12, numFmt: NUMBER_FORMAT_2DP, value: (r) => tonnes(r.pickup_weight) },
  { header: "卸货重量(吨)", width: 12, numFmt: NUMBER_FORMAT_2DP, value: (r) => tonnes(r.unloaded_weight) },
  { header: "运价(元/吨)", width: 11, numFmt: NUMBER_FORMAT_2DP, value: (r) => yuanNumber(r.unit_price) },
  { header: "运费(元)", width: 12, numFmt: NUMBER_FORMAT_2DP, value: (r) => yuanNumber(r.freight_amount) },
  { header: "异常", width: 28, value: (r) => (Number(r.abnormal) === 1 ? r.abnormal_reason ?? "异常" : "") },
  { header: "合同编号", width: 20, value: (r) => r.contract_no },
  { header: "创建时间", width: 19, value: (r) => chinaDateTime(r.created_at) },
  { header: "装货时间", width: 19, value: (r) => chinaDateTime(r.loading_time) },
  { header: "卸货时间", width: 19, value: (r) => chinaDateTime(r.unloading_time) },
  { header: "完成时间", width: 19, value: (r) => chinaDateTime(r.complete_time) },
];

export const EXPORT_HEADERS = COLUMNS.map((c) => c.header);

/** One waybill's cells, in column order (also used by the benchmark's in-memory comparison). */
export function exportCells(row: ExportRow, orgName: string): Array<string | number | null> {
  return COLUMNS.map((c) => c.value(row, () => orgName));
}

/** attachment; freights_YYYYMMDD.xlsx, and the UTF-8 name 运单列表_YYYYMMDD.xlsx. */
export const exportDisposition = (now: Date = new Date()) => freightExportDisposition(now);

export interface ExportSource {
  /** Rows after the cursor, newest first; an empty page ends the walk. */
  page(cursor: FreightCursor | null, limit: number): Promise<ExportRow[]>;
  orgNames(ids: number[]): Promise<Map<number, string>>;
}

/** The waybill sheet of a source of rows (also used by bench/export-writers.ts). */
export function freightWorkbookSource(source: ExportSource): WorkbookSource<ExportRow, FreightCursor> {
  return {
    sheetName: "运单列表",
    logName: "freight export",
    columns: COLUMNS,
    page: (cursor, limit) => source.page(cursor, limit),
    cursorOf: (row) => ({ createdAt: row.created_at, id: Number(row.id) }),
    lookup: async (rows) => {
      const names = await source.orgNames([...new Set(rows.map((r) => Number(r.org_id)))]);
      return (key) => names.get(Number(key)) ?? "";
    },
  };
}

/** Writes the waybill workbook to `output` (see writeWorkbook: back-pressure, stops when `gone()`). */
export function writeFreightWorkbook(output: Writable, source: ExportSource, gone: () => boolean, pageSize = EXPORT_PAGE_SIZE) {
  return writeWorkbook(output, freightWorkbookSource(source), gone, pageSize);
}

/** Answers the export request with the streamed workbook of the filter. */
export function sendFreightExport(ctx: ServiceContext, scope: CallerScope, filter: FreightFilter, reply: FastifyReply) {
  const source: ExportSource = {
    page: (cursor, limit) => exportPageAfter(ctx.db.kysely, scope, filter, cursor, limit),
    orgNames: (ids) => orgNames(ctx.db.kysely, ids),
  };
  return sendWorkbook(ctx, reply, freightWorkbookSource(source), exportDisposition(), scope.userId);
}
