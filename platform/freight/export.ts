/**
 * The waybill export (POST tms-freight/export): an xlsx of the current filter, streamed with ExcelJS's
 * WorkbookWriter while rows are read in keyset pages, so neither the result nor the file is ever held
 * in memory; it stops reading when the client goes away.
 */
import { PassThrough, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { Kysely } from "kysely";
import type { FastifyReply } from "fastify";
import { FREIGHT_STATUS_LABELS, FREIGHT_WAY_LABELS, type FreightFilter } from "../../contract/freight.js";
import type { ServiceContext } from "../context.js";
import type { Database } from "../db/schema.js";
import { freightsAfter, type FreightCursor } from "./search.js";
import { orgNames, type FreightRow } from "./records.js";
import type { CallerScope } from "./scope.js";
import { chinaCompactDate, chinaDateTime } from "./time.js";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const EXPORT_PAGE_SIZE = 2000;

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

const tonnes = (kg: number | null) => (kg == null ? null : Number(kg) / 1000);
const yuan = (fen: number) => Number(fen) / 100;

interface Column {
  header: string;
  width: number;
  numFmt?: string;
  value: (row: ExportRow, orgName: string) => string | number | null;
}

const COLUMNS: Column[] = [
  { header: "运单号", width: 22, value: (r) => r.freight_no },
  { header: "运输方式", width: 10, value: (r) => FREIGHT_WAY_LABELS[r.freight_way] },
  { header: "订单号", width: 20, value: (r) => r.order_no },
  { header: "状态", width: 8, value: (r) => FREIGHT_STATUS_LABELS[r.status] },
  { header: "所属企业", width: 24, value: (_r, org) => org },
  { header: "托运人", width: 24, value: (r) => r.shipper_name },
  { header: "货物", width: 8, value: (r) => r.cargo_category },
  { header: "司机/船长", width: 10, value: (r) => r.carrier_name },
  { header: "联系电话", width: 13, value: (r) => r.carrier_mobile },
  { header: "车牌/船名", width: 14, value: (r) => r.conveyance_name },
  { header: "装货地", width: 14, value: (r) => r.loading_place },
  { header: "卸货地", width: 14, value: (r) => r.unloading_place },
  { header: "计划重量(吨)", width: 12, numFmt: "0.00", value: (r) => tonnes(r.planned_weight) },
  { header: "装货重量(吨)", width: 12, numFmt: "0.00", value: (r) => tonnes(r.loaded_weight) },
  { header: "提货重量(吨)", width: 12, numFmt: "0.00", value: (r) => tonnes(r.pickup_weight) },
  { header: "卸货重量(吨)", width: 12, numFmt: "0.00", value: (r) => tonnes(r.unloaded_weight) },
  { header: "运价(元/吨)", width: 11, numFmt: "0.00", value: (r) => yuan(r.unit_price) },
  { header: "运费(元)", width: 12, numFmt: "0.00", value: (r) => yuan(r.freight_amount) },
  { header: "异常", width: 28, value: (r) => (Number(r.abnormal) === 1 ? r.abnormal_reason ?? "异常" : "") },
  { header: "合同编号", width: 20, value: (r) => r.contract_no },
  { header: "创建时间", width: 19, value: (r) => chinaDateTime(r.created_at) },
  { header: "装货时间", width: 19, value: (r) => chinaDateTime(r.loading_time) },
  { header: "卸货时间", width: 19, value: (r) => chinaDateTime(r.unloading_time) },
  { header: "完成时间", width: 19, value: (r) => chinaDateTime(r.complete_time) },
];

export const EXPORT_HEADERS = COLUMNS.map((c) => c.header);

/**
 * One shared style object per column. ExcelJS caches a style's id by object identity; left alone it
 * gives every cell a fresh style object and serialises it again for each cell, which was 40 % of the
 * export's time.
 */
const CELL_STYLES: Array<Partial<ExcelJS.Style>> = COLUMNS.map((c) => (c.numFmt ? { numFmt: c.numFmt } : {}));

/** One waybill's cells, in column order (also used by the benchmark's in-memory comparison). */
export function exportCells(row: ExportRow, orgName: string): Array<string | number | null> {
  return COLUMNS.map((c) => c.value(row, orgName));
}

/** attachment; an ASCII fallback name and the UTF-8 name 运单列表_YYYYMMDD.xlsx (RFC 6266 / 5987). */
export function exportDisposition(now: Date = new Date()): string {
  const day = chinaCompactDate(now);
  return `attachment; filename="freights_${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(`运单列表_${day}.xlsx`)}`;
}

export interface ExportSource {
  /** Rows after the cursor, newest first; an empty page ends the walk. */
  page(cursor: FreightCursor | null, limit: number): Promise<ExportRow[]>;
  orgNames(ids: number[]): Promise<Map<number, string>>;
}

/** Resolves once `stream` can take more data, or has closed (never rejects). */
function drainedOrClosed(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

/**
 * Writes the workbook to `output` page by page. Between pages it waits while the output is full
 * (so memory stays at about one page) and stops as soon as `gone()` reports the client left.
 * Returns how many rows were written, and whether the walk was cut short.
 */
export async function writeFreightWorkbook(
  output: Writable,
  source: ExportSource,
  gone: () => boolean,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<{ rows: number; complete: boolean }> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet("运单列表", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c, i) => ({ key: String(i), width: c.width }));
  sheet.addRow(EXPORT_HEADERS).commit();
  let cursor: FreightCursor | null = null;
  let rows = 0;
  for (;;) {
    if (gone()) return { rows, complete: false };
    const page = await source.page(cursor, pageSize);
    if (page.length === 0) break;
    const names = await source.orgNames([...new Set(page.map((r) => Number(r.org_id)))]);
    for (const row of page) {
      const org = names.get(Number(row.org_id)) ?? "";
      const line = sheet.addRow(exportCells(row, org));
      CELL_STYLES.forEach((style, i) => (line.getCell(i + 1).style = style));
      line.commit();
    }
    rows += page.length;
    const last = page[page.length - 1]!;
    cursor = { createdAt: last.created_at, id: Number(last.id) };
    // Let the zip and the socket catch up before reading more (SQLite queries never yield to I/O on
    // their own), then wait while the output is full: a slow client slows the reading down.
    await new Promise((resolve) => setImmediate(resolve));
    while (output.writableNeedDrain && !gone()) await drainedOrClosed(output);
    if (page.length < pageSize) break;
  }
  if (gone()) return { rows, complete: false };
  sheet.commit();
  // The zip is finished only once the client has taken it all; if the client leaves first, give up.
  const abandoned = new Promise<"abandoned">((resolve) => {
    const check = () => {
      if (!output.writableFinished) resolve("abandoned");
    };
    if (output.destroyed) check();
    else output.once("close", check);
  });
  const outcome = await Promise.race([workbook.commit().then(() => "committed" as const), abandoned]);
  return { rows, complete: outcome === "committed" };
}

/**
 * Answers the export request with the streamed workbook. Validation happened before this is
 * called, so errors before the first byte are JSON envelopes; an error after it ends the stream.
 */
export function sendFreightExport(ctx: ServiceContext, scope: CallerScope, filter: FreightFilter, reply: FastifyReply) {
  const stream = new PassThrough();
  let clientGone = false;
  const markGone = () => {
    if (!reply.raw.writableFinished) clientGone = true;
  };
  // The response closes early when the client goes away; Fastify then also destroys our stream.
  reply.raw.once("close", markGone);
  stream.once("close", markGone);
  stream.on("error", () => undefined);

  const source: ExportSource = {
    page: (cursor, limit) => exportPageAfter(ctx.db.kysely, scope, filter, cursor, limit),
    orgNames: (ids) => orgNames(ctx.db.kysely, ids),
  };
  writeFreightWorkbook(stream, source, () => clientGone)
    .then(({ rows, complete }) => {
      if (!complete) {
        ctx.log.info({ rows }, "freight export stopped: client went away");
        stream.destroy();
      }
    })
    .catch((error: unknown) => {
      ctx.log.error({ err: error }, "freight export failed while streaming");
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });

  return reply.header("Content-Type", XLSX_TYPE).header("Content-Disposition", exportDisposition()).header("Cache-Control", "no-store").send(stream);
}
