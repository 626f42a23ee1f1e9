/** The xlsx export of any resource: its export columns, the list's filter and order, streamed. */
import type { FastifyReply } from "fastify";
import { columnOf, exportColumns, type ResourceFilter } from "../../contract/resources/derive.js";
import { openIdNo, sealedColumnsOf } from "../db/personal.js";
import type { Field } from "../../contract/resources/kit.js";
import { NUMBER_FORMAT_2DP, PERCENT_FORMAT, rateNumber, tonnesNumber, yuanNumber } from "../../contract/numbers.js";
import { regionPath } from "../../contract/regions.js";
import { maskMobile } from "../../contract/personal.js";
import { chinaDateTime } from "../../contract/units.js";
import type { ServiceContext } from "../context.js";
import { exportDisposition, sendWorkbook, type SheetColumn } from "../http/xlsx.js";
import type { CallerScope } from "../scope.js";
import type { Binding, Row } from "./bind.js";
import { cursorOf, rowsAfter, toRecords, type WalkCursor } from "./query.js";

type RecordRow = Record<string, unknown> & { __row: Row };

/** Numbers stay numbers (吨 and 元 with 2 decimals, rates as fractions) so the sheet can sum them; regions as names. */
function cell(field: Field, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (field.kind === "weight") return tonnesNumber(Number(value));
  if (field.kind === "money") return yuanNumber(Number(value));
  if (field.kind === "rate") return rateNumber(Number(value));
  if (field.kind === "region") return regionPath(String(value));
  if (field.kind === "int") return Number(value);
  if (field.kind === "datetime") return chinaDateTime(String(value));
  return field.format(value as never);
}

/**
 * The sheet's columns; `reveal` (导出完整证件号, held and ticked, logged) puts the full ID numbers in their
 * columns (opened here, row by row, never stored) and the full mobiles in theirs. Without it a masked
 * mobile (`mask: "mobile"`) is masked in the sheet whoever exports: a file travels further than a screen.
 */
export function resourceColumns(binding: Binding, reveal = false): Array<SheetColumn<RecordRow>> {
  const sealed = sealedColumnsOf(binding.table);
  const full = (key: string, field: Field) => (row: RecordRow) => {
    const stored = row.__row[columnOf(key, field)];
    return typeof stored === "string" && stored ? openIdNo(stored) : null;
  };
  const mobile = (key: string, field: Field) => (row: RecordRow) => {
    const stored = row.__row[columnOf(key, field)];
    return typeof stored === "string" && stored ? (reveal ? stored : maskMobile(stored)) : null;
  };
  const columns: Array<SheetColumn<RecordRow>> = exportColumns(binding.def).map(([key, field]) => ({
    header: field.kind === "weight" ? `${field.label}(吨)` : field.kind === "money" ? `${field.label}(元)` : field.label,
    width: Math.max(10, Math.min(30, field.label.length * 2 + 4, field.input.maxLength ?? 20)),
    numFmt: field.kind === "weight" || field.kind === "money" ? NUMBER_FORMAT_2DP : field.kind === "rate" ? PERCENT_FORMAT : undefined,
    value: reveal && sealed.includes(columnOf(key, field)) ? full(key, field) : field.mask === "mobile" ? mobile(key, field) : (row) => (field.ref ? ((row[field.ref.labelKey] as string | null) ?? null) : cell(field, row[key])),
  }));
  columns.push({ header: "所属企业", width: 24, value: (row) => (row.orgName as string | null) ?? null });
  columns.push({ header: "创建时间", width: 19, value: (row) => chinaDateTime(String(row.createdTime ?? "")) });
  return columns;
}

export function sendResourceExport(ctx: ServiceContext, binding: Binding, scope: CallerScope, filter: ResourceFilter, reply: FastifyReply, reveal = false) {
  const db = ctx.db.kysely;
  return sendWorkbook<RecordRow, WalkCursor>(
    ctx,
    reply,
    {
      sheetName: `${binding.def.name}列表`,
      logName: `${binding.def.key} export`,
      columns: resourceColumns(binding, reveal),
      page: async (cursor, limit) => {
        const rows = await rowsAfter(db, binding, scope, filter, cursor, limit);
        const records = await toRecords(db, binding, scope, rows);
        return records.map((record, i) => ({ ...record, __row: rows[i]! }));
      },
      cursorOf: (row) => cursorOf(binding, row.__row),
    },
    exportDisposition(binding.def.key, `${binding.def.name}列表`),
    scope.userId,
  );
}
