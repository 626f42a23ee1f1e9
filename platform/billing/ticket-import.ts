/**
 * 进项票批量导入: the template (the registration form's fields as columns, an example row, the allowed
 * values) and the upload. The file is checked and read by the shared xlsx helpers (size, container,
 * zip bomb, streaming); every row is validated with the registration form's own schema and the same
 * ticket rules as 登记 (tax against the rate, not after today, one registration per 发票代码 + 发票号码,
 * also within the file). Either every row is registered in one transaction, or none is and the answer
 * lists each error with its row number, column and what to fix.
 */
import ExcelJS from "exceljs";
import { RefusalCode } from "../../contract/envelope.js";
import { TICKET_IMPORT_MAX_BYTES, TICKET_IMPORT_MAX_ROWS, type TicketImportResult } from "../../contract/billing.js";
import { columnOf, formSchema } from "../../contract/resources/derive.js";
import type { Field } from "../../contract/resources/kit.js";
import { inputTaxTicket } from "../../contract/resources/billing.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { HttpError, Refusal } from "../http/envelope.js";
import { checkXlsxContainer, readFirstSheet } from "../http/xlsx-import.js";
import { recordResourceEvent } from "../resources/events.js";
import { toColumn } from "../resources/query.js";
import type { AnyDb, Row } from "../resources/bind.js";
import { assertMay, nextSerial } from "../resources/write.js";
import { isPlatformStaff, type CallerScope } from "../scope.js";
import { ticketProblem } from "./billing.resource.js";

interface Column {
  key: string;
  header: string;
  field: Field;
  note: string;
}

const FIELDS: Record<string, Field> = inputTaxTicket.fields;
const headerOf = (key: string, field: Field) => (key === "invoiceCompanyId" ? "开票公司（受票方）名称" : field.kind === "money" ? `${field.label}(元)` : field.label);
const noteOf = (key: string, field: Field) => {
  if (key === "invoiceCompanyId") return "已启用的开票公司名称";
  if (field.options) return `可选：${Object.values(field.options).map((o) => o.label).join("、")}`;
  if (field.kind === "date") return "格式 YYYY-MM-DD，不晚于今天";
  if (field.kind === "money") return "元，最多 2 位小数";
  if (key === "taxRateBp") return "基点：900 = 9%，1300 = 13%";
  return "";
};
export const TICKET_COLUMNS: Column[] = Object.entries(FIELDS)
  .filter(([, field]) => field.form === true)
  .map(([key, field]) => ({ key, field, header: headerOf(key, field), note: noteOf(key, field) }));
const HEADER_OF = new Map(TICKET_COLUMNS.map((c) => [c.key, c.header]));
const FIELD_SCHEMAS = Object.entries(formSchema(inputTaxTicket, "create").shape) as Array<[string, { safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: { issues: Array<{ message: string }> } } }]>;

const EXAMPLE: Record<string, string> = {
  invoiceCompanyId: "皖粮网络货运（蚌埠）有限公司",
  category: "成品油",
  ticketType: "数电专票",
  invoiceNo: "24342000000012345678",
  issueDate: "2026-11-02",
  sellerName: "中国石化销售股份有限公司安徽蚌埠石油分公司",
  sellerTaxNo: "913403007050123456",
  amountExclTax: "1000.00",
  taxRateBp: "1300",
  amountInclTax: "1130.00",
  remark: "11 月车队加油",
};

export function assertMayImportTickets(scope: CallerScope): void {
  assertMay(inputTaxTicket, scope, "create");
  if (!isPlatformStaff(scope)) throw new Refusal(RefusalCode.notPermitted, "只有平台财务可以导入进项票");
}

export async function ticketTemplate(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("进项票导入");
  sheet.columns = TICKET_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(TICKET_COLUMNS.map((c) => EXAMPLE[c.key] ?? ""));
  const help = book.addWorksheet("填写说明");
  help.columns = [{ header: "列名", width: 24 }, { header: "必填", width: 8 }, { header: "说明与可选值", width: 70 }];
  help.getRow(1).font = { bold: true };
  for (const c of TICKET_COLUMNS) help.addRow([c.header, c.field.required ? "是" : "否", c.note]);
  help.addRow([]);
  help.addRow(["限制", "", `仅支持 .xlsx；文件不超过 ${TICKET_IMPORT_MAX_BYTES / 1024 / 1024} MB；最多 ${TICKET_IMPORT_MAX_ROWS} 行；只读取第一个工作表，第一行为表头`]);
  help.addRow(["规则", "", "任一行有错误时整个文件都不导入；同一发票代码 + 发票号码只能登记一次"]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A date cell: Excel's day serial (styles are not read) or text with / or -. */
const dateText = (text: string) =>
  /^\d{5}(\.\d+)?$/.test(text)
    ? new Date(Math.round((Number(text) - 25569) * 86_400_000)).toISOString().slice(0, 10)
    : text.slice(0, 10).replace(/^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/, (_m, y: string, mo: string, d: string) => `${y}-${mo.padStart(2, "0")}-${d.padStart(2, "0")}`);

type RowError = TicketImportResult["errors"][number];

function validateRow(rowNo: number, cells: Record<string, string>, companies: Map<string, number>): { errors: RowError[]; columns: Record<string, unknown> } {
  const errors: RowError[] = [];
  const form: Record<string, string> = {};
  for (const c of TICKET_COLUMNS) {
    const text = cells[c.header] ?? "";
    if (!text) continue;
    if (c.key === "invoiceCompanyId") {
      const id = companies.get(text);
      if (id === undefined) errors.push({ rowNo, column: c.header, message: `开票公司「${text}」不存在或未启用` });
      else form[c.key] = String(id);
    } else if (c.field.options) form[c.key] = Object.entries(c.field.options).find(([k, o]) => o.label === text || k === text)?.[0] ?? text;
    else if (c.field.kind === "date") form[c.key] = dateText(text);
    else form[c.key] = text;
  }
  const columns: Record<string, unknown> = {};
  for (const [key, schema] of FIELD_SCHEMAS) {
    const parsed = schema.safeParse(form[key]);
    const header = HEADER_OF.get(key) ?? key;
    if (!parsed.success) {
      if (!errors.some((e) => e.column === header)) errors.push({ rowNo, column: header, message: parsed.error.issues[0]?.message ?? "格式不正确" });
    } else if (parsed.data !== undefined && FIELDS[key]) columns[columnOf(key, FIELDS[key])] = toColumn(FIELDS[key], parsed.data);
  }
  return { errors, columns };
}

const ticketKey = (c: Record<string, unknown>) => `${String(c.invoice_code ?? "")}/${String(c.invoice_no)}`;

export async function importTickets(ctx: ServiceContext, scope: CallerScope, file: { fileName: string; bytes: Buffer }): Promise<TicketImportResult> {
  assertMayImportTickets(scope);
  const failed = (message: string, errors: RowError[] = []): TicketImportResult => ({ status: "FAILED", message, imported: 0, errors });
  let sheet;
  try {
    checkXlsxContainer(file.fileName.slice(0, 200), file.bytes, TICKET_IMPORT_MAX_BYTES);
    sheet = await readFirstSheet(file.bytes, TICKET_IMPORT_MAX_ROWS);
  } catch (error) {
    if (error instanceof Refusal) return failed(error.message);
    throw error;
  }
  const missing = TICKET_COLUMNS.filter((c) => !sheet.headers.includes(c.header)).map((c) => c.header);
  if (missing.length) return failed(`表头与模板不一致，缺少列：${missing.join("、")}；请下载模板重新填写`);
  if (sheet.rows.length === 0) return failed("文件中没有数据行");

  const db = ctx.db.kysely;
  const companyRows = await db.selectFrom("invoice_companies").select(["id", "name"]).where("platform_id", "=", scope.platformId).where("enabled", "=", "ENABLED").where("deleted_at", "is", null).execute();
  const companies = new Map(companyRows.map((c) => [c.name, Number(c.id)]));
  const rows = sheet.rows.map((r) => ({ rowNo: r.rowNo, ...validateRow(r.rowNo, r.cells, companies) }));
  const errors = rows.flatMap((r) => r.errors);
  const seen = new Map<string, number>();
  const noHeader = HEADER_OF.get("invoiceNo")!;
  for (const r of rows) {
    if (r.errors.length) continue;
    const problem = ticketProblem(r.columns);
    if (problem) errors.push({ rowNo: r.rowNo, column: problem.field === "issueDate" ? HEADER_OF.get("issueDate")! : HEADER_OF.get("amountInclTax")!, message: problem.message });
    const key = ticketKey(r.columns);
    const first = seen.get(key);
    if (first !== undefined) errors.push({ rowNo: r.rowNo, column: noHeader, message: `发票号码 ${String(r.columns.invoice_no)} 与第 ${first} 行重复` });
    else seen.set(key, r.rowNo);
  }
  // Already registered (checked again inside the transaction below).
  const numbers = [...new Set(rows.filter((r) => !r.errors.length).map((r) => String(r.columns.invoice_no)))];
  const registered = async (k: AnyDb) => {
    const found = new Map<string, string>();
    for (let i = 0; i < numbers.length; i += 500) {
      const hits = await k.selectFrom("input_tax_tickets").select(["invoice_code", "invoice_no", "ticket_no"]).where("invoice_no", "in", numbers.slice(i, i + 500)).where("deleted_at", "is", null).execute();
      for (const h of hits) found.set(ticketKey(h), h.ticket_no);
    }
    return found;
  };
  const duplicates = (found: Map<string, string>) =>
    rows.filter((r) => !r.errors.length && found.has(ticketKey(r.columns))).map((r) => ({ rowNo: r.rowNo, column: noHeader, message: `发票号码 ${String(r.columns.invoice_no)} 已登记（${found.get(ticketKey(r.columns))}），不能重复登记` }));
  errors.push(...duplicates(await registered(db)));
  if (errors.length) {
    errors.sort((a, b) => a.rowNo - b.rowNo);
    return failed(`${new Set(errors.map((e) => e.rowNo)).size} 行有错误，整个文件未导入；请按错误说明修改后重新上传`, errors);
  }

  const at = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      const raced = duplicates(await registered(trx));
      if (raced.length) throw new Refusal(RefusalCode.illegalState, raced[0]!.message);
      for (const r of rows) {
        const values = { platform_id: scope.platformId, tenant_id: null, org_id: null, owner_user_id: null, ...r.columns, ticket_no: await nextSerial(trx, "JX"), certify_status: "UNCERTIFIED", created_at: at, updated_at: at, created_by: scope.userId, updated_by: scope.userId };
        const row = (await trx.insertInto("input_tax_tickets").values(values as never).returningAll().executeTakeFirstOrThrow()) as Row;
        await recordResourceEvent(trx, scope, inputTaxTicket.key, row, { action: "CREATE", label: "批量导入", to: "UNCERTIFIED", remark: file.fileName.slice(0, 100) });
      }
    });
  } catch (error) {
    if (error instanceof Refusal || error instanceof HttpError) return failed(`${error.message}，整个文件未导入`);
    throw error;
  }
  return { status: "IMPORTED", message: `已导入 ${rows.length} 张进项票`, imported: rows.length, errors: [] };
}
