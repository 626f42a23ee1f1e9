/**
 * 批量导入订单 (domain 3.5): an xlsx is checked as a file (size, zip container, no macros, no zip bomb),
 * read streaming with ExcelJS, and every row validated with the new-order form's own schema
 * (`formSchema(order, "create")`) and the order's cross-field rules, after names are resolved to the
 * organisation's shippers, cargos and projects. Either every row is imported in one transaction, or
 * none is and the batch keeps each refused row with its errors (row number, column, Chinese reason),
 * offered back as an xlsx.
 */
import { createHash } from "node:crypto";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { mayUseCode } from "../../contract/permissions.js";
import { ORDER_IMPORT_MAX_BYTES, ORDER_IMPORT_MAX_ROWS, type ImportBatch, type ImportError, type RefusedRow } from "../../contract/order-import.js";
import { columnOf, formSchema } from "../../contract/resources/derive.js";
import type { Field } from "../../contract/resources/kit.js";
import { DEFAULT_LOSS_BP, order } from "../../contract/resources/order.js";
import { chinaCompactDate } from "../../contract/units.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { Refusal } from "../http/envelope.js";
import { notifyUsers } from "../iam/notifications/notify.js";
import { boundedRefusedRow, checkXlsxContainer, readFirstSheet, type SheetRows } from "../http/xlsx-import.js";
import type { AnyDb } from "../resources/bind.js";
import { toColumn } from "../resources/query.js";
import { nextSerial, personalOrgId, regionProblem } from "../resources/write.js";
import { placeRegionOf } from "../db/place-regions.js";
import { isIndividual, isOrgUser, rowsFor, type CallerScope } from "../scope.js";
import { orderRuleErrors } from "./order.resource.js";

export const IMPORT_MAX_BYTES = ORDER_IMPORT_MAX_BYTES;
export const IMPORT_MAX_ROWS = ORDER_IMPORT_MAX_ROWS;

// ---------------------------------------------------------------------------------------------
// The template's columns, derived from the order's form fields

interface Column {
  header: string;
  key: string;
  field: Field;
  /** How the cell's text becomes the form's text (labels → codes, names → ids). */
  note: string;
}

const REF_HEADERS: Record<string, [header: string, note: string]> = {
  shipperId: ["托运人名称", "托运人资料中已启用的托运人名称或统一社会信用代码"],
  cargoId: ["货物名称", "货物资料中已启用的货物名称"],
  projectId: ["项目编号", "已审核通过且进行中的项目编号，选填"],
};

function headerOf(key: string, field: Field): string {
  if (REF_HEADERS[key]) return REF_HEADERS[key][0];
  const unit = field.kind === "weight" ? "吨" : field.kind === "money" ? "元/吨" : key === "lossAllowanceBp" ? "‰" : field.input.suffix;
  return unit ? `${field.label}(${unit})` : field.label;
}

function noteOf(key: string, field: Field): string {
  if (REF_HEADERS[key]) return REF_HEADERS[key][1];
  if (field.options) return `可选：${Object.values(field.options).map((o) => o.label).join("、")}`;
  if (field.kind === "datetime") return "格式 YYYY-MM-DD HH:mm";
  if (field.kind === "weight") return "吨，最多 3 位小数";
  if (field.kind === "money") return "元/吨，最多 2 位小数";
  if (field.kind === "region") return "省 市 区县，如 安徽省 蚌埠市 淮上区，或 6 位行政区划代码；不填则按详细地址识别";
  return field.hint ?? "";
}

export const IMPORT_COLUMNS: Column[] = Object.entries(order.fields)
  .filter(([, field]) => field.form === true)
  .map(([key, field]) => ({ header: headerOf(key, field), key, field, note: noteOf(key, field) }));

const EXAMPLE: Record<string, string> = {
  externalNo: "WT2026110001",
  freightWay: "公路运输",
  businessMode: "自营",
  shipperId: "中储粮蚌埠直属库有限公司",
  cargoId: "国标三等玉米",
  businessTypeCode: "干线普货运输",
  consigneeName: "合肥市粮食收储有限公司",
  loadingPlace: "蚌埠中心粮库",
  loadingRegionCode: "安徽省 蚌埠市 淮上区",
  loadingAddress: "安徽省蚌埠市淮上区沫河口工业园 8 号",
  loadingContactName: "王库管",
  loadingContactMobile: "13955301234",
  unloadingPlace: "合肥北粮库",
  unloadingRegionCode: "安徽省 合肥市 庐阳区",
  unloadingAddress: "安徽省合肥市庐阳区北城大道 100 号",
  distanceKm: "160",
  loadingFrom: "2026-12-01 08:00",
  loadingTo: "2026-12-05 18:00",
  plannedWeight: "500",
  unitPrice: "85",
  shipperUnitPrice: "90",
  lossAllowanceBp: "3",
  settleBasis: "较小值",
  remark: "示例行，导入前请删除",
};

/** The template: headers, one example row, and a sheet of instructions with the allowed values. */
export async function importTemplate(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("订单导入");
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(IMPORT_COLUMNS.map((c) => EXAMPLE[c.key] ?? ""));
  const help = book.addWorksheet("填写说明");
  help.columns = [
    { header: "列名", width: 20 },
    { header: "必填", width: 8 },
    { header: "说明与可选值", width: 70 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of IMPORT_COLUMNS) help.addRow([c.header, c.field.required ? "是" : "否", c.note]);
  help.addRow([]);
  help.addRow(["限制", "", `仅支持 .xlsx；文件不超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB；最多 ${IMPORT_MAX_ROWS} 行数据；只读取第一个工作表，第一行为表头`]);
  help.addRow(["规则", "", "任一行有错误时整个文件都不导入；请下载错误明细修改后重新上传"]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------
// The file

const refuse = (message: string) => new Refusal(RefusalCode.invalid, message);
const readSheet = (bytes: Buffer) => readFirstSheet(bytes, IMPORT_MAX_ROWS);

// ---------------------------------------------------------------------------------------------
// Rows

interface Lookups {
  shippers: Map<string, { id: number; name: string }>;
  cargos: Map<string, { id: number; name: string; category: string; unitPrice: number | null; lossBp: number | null }>;
  projects: Map<string, number>;
}

async function lookups(db: AnyDb, orgId: number): Promise<Lookups> {
  const shippers = await db.selectFrom("shippers").select(["id", "name", "credit_code"]).where("org_id", "=", orgId).where("enabled", "=", "ENABLED").where("deleted_at", "is", null).execute();
  const cargos = await db.selectFrom("cargos").select(["id", "name", "category_name", "unit_price", "loss_allowance_bp"]).where("org_id", "=", orgId).where("enabled", "=", "ENABLED").where("deleted_at", "is", null).execute();
  const projects = await db.selectFrom("projects").select(["id", "project_no"]).where("org_id", "=", orgId).where("audit_status", "=", "APPROVED").where("status", "=", "ACTIVE").where("deleted_at", "is", null).execute();
  const s = new Map<string, { id: number; name: string }>();
  for (const r of shippers) {
    s.set(r.name, { id: Number(r.id), name: r.name });
    if (r.credit_code) s.set(r.credit_code, { id: Number(r.id), name: r.name });
  }
  return {
    shippers: s,
    cargos: new Map(cargos.map((r) => [r.name, { id: Number(r.id), name: r.name, category: String(r.category_name), unitPrice: r.unit_price == null ? null : Number(r.unit_price), lossBp: r.loss_allowance_bp == null ? null : Number(r.loss_allowance_bp) }])),
    projects: new Map(projects.map((r) => [String(r.project_no), Number(r.id)])),
  };
}

/** Which of `externalNos` the organisation's orders already carry (asked of those alone: it may hold millions). */
async function takenExternalNos(db: AnyDb, orgId: number, externalNos: string[]): Promise<Set<string>> {
  const distinct = [...new Set(externalNos)];
  const taken = new Set<string>();
  for (let i = 0; i < distinct.length; i += 500) {
    const rows = await db.selectFrom("freight_orders").select("external_no").where("org_id", "=", orgId).where("external_no", "in", distinct.slice(i, i + 500)).where("deleted_at", "is", null).execute();
    for (const row of rows) taken.add(String(row.external_no));
  }
  return taken;
}

const FIELD_SCHEMAS = Object.entries(formSchema(order, "create").shape) as Array<[string, { safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: { issues: Array<{ message: string }> } } }]>;
type Outcome = { ok: boolean; value?: unknown; message?: string };
const COLUMN_OF = new Map(Object.entries(order.fields as Record<string, Field>).map(([key, field]) => [key, columnOf(key, field)]));

/**
 * The outcomes of a file's cells, each computed once: imports repeat shippers, places and prices row
 * after row, and a 区划 read from text searches the whole division table.
 */
type FileMemo = Map<string, unknown>;
function once<T>(memo: FileMemo, key: string, compute: () => T): T {
  if (memo.has(key)) return memo.get(key) as T;
  const value = compute();
  if (memo.size < 200_000) memo.set(key, value);
  return value;
}
const HEADER_OF = new Map(IMPORT_COLUMNS.map((c) => [c.key, c.header]));

/** A 区划 cell: a 6-digit code as it is, else the division the text names (安徽省蚌埠市淮上区 → 340311). */
const regionCellCode = (text: string): string => (/^\d{6}$/.test(text.trim()) ? text.trim() : placeRegionOf(text) ?? text);

/** One row's cells as the new-order form's text, validated by its schema and the order's rules. */
function validateRow(cells: Record<string, string>, look: Lookups, seen: Set<string>, memo: FileMemo): { errors: ImportError[]; values: Record<string, unknown>; externalNo?: string } {
  const errors: ImportError[] = [];
  const form: Record<string, string> = {};
  for (const c of IMPORT_COLUMNS) {
    // A blank 区划 cell takes the county the row's 详细地址 names (platform/db/place-regions.ts).
    const address = c.field.kind === "region" ? cells[HEADER_OF.get(c.key.replace("RegionCode", "Address")) ?? ""] : undefined;
    const text = cells[c.header] || (address ? once(memo, `address\u0000${address}`, () => placeRegionOf(address) ?? "") : "");
    if (!text) continue;
    if (c.key === "shipperId" || c.key === "cargoId" || c.key === "projectId") {
      const id = c.key === "shipperId" ? look.shippers.get(text)?.id : c.key === "cargoId" ? look.cargos.get(text)?.id : look.projects.get(text);
      if (id === undefined) errors.push({ column: c.header, message: `${c.field.label}「${text}」不存在或未启用` });
      else form[c.key] = String(id);
    } else if (c.field.options) {
      const code = Object.entries(c.field.options).find(([k, o]) => o.label === text || k === text)?.[0];
      form[c.key] = code ?? text;
    } else if (c.field.kind === "region") {
      form[c.key] = once(memo, `region\u0000${text}`, () => regionCellCode(text));
    } else if (c.field.kind === "datetime") {
      // Styles are not read (faster), so a date cell arrives as Excel's day serial (wall-clock time).
      const serial = /^\d{5}(\.\d+)?$/.test(text) ? new Date(Math.round((Number(text) - 25569) * 86_400_000)).toISOString().slice(0, 16).replace("T", " ") : text;
      form[c.key] = serial.replace(/^(\d{4})[/-](\d{1,2})[/-](\d{1,2})[ T](\d{1,2}):(\d{2})(?::\d{2})?$/, (_m, y, mo, d, h, mi) => `${y}-${mo.padStart(2, "0")}-${d.padStart(2, "0")}T${h.padStart(2, "0")}:${mi}`);
    } else {
      form[c.key] = text;
    }
  }
  // The form's object schema field by field (it has no cross-field refinements).
  const values: Record<string, unknown> = {};
  for (const [key, schema] of FIELD_SCHEMAS) {
    const text = form[key];
    const outcome = once<Outcome>(memo, `${key}\u0000${text ?? "\u0001"}`, () => {
      const parsed = schema.safeParse(text);
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? "格式不正确" };
    });
    if (!outcome.ok) {
      if (!errors.some((e) => e.column === HEADER_OF.get(key))) errors.push({ column: HEADER_OF.get(key) ?? key, message: outcome.message! });
    } else if (outcome.value !== undefined) values[key] = outcome.value;
  }
  for (const c of IMPORT_COLUMNS) {
    const code = values[c.key];
    const problem = c.field.kind === "region" && typeof code === "string" ? once(memo, `problem\u0000${c.key}\u0000${code}`, () => regionProblem(c.field, code)) : null;
    if (problem) errors.push({ column: c.header, message: problem });
  }
  const externalNo = values.externalNo as string | undefined;
  if (errors.length) return { errors, values: {}, externalNo };
  const columns: Record<string, unknown> = {};
  const fields: Record<string, Field> = order.fields;
  for (const [key, value] of Object.entries(values)) if (fields[key] && value !== undefined) columns[COLUMN_OF.get(key)!] = toColumn(fields[key], value);
  errors.push(...orderRuleErrors(columns));
  if (externalNo && seen.has(externalNo)) errors.push({ column: HEADER_OF.get("externalNo")!, message: `原始单号 ${externalNo} 在文件中重复` });
  if (externalNo) seen.add(externalNo);
  return { errors, values: columns, externalNo };
}

// ---------------------------------------------------------------------------------------------
// The import

/** `n` consecutive numbers of today's serial for `prefix`, reserved in one statement. */
async function reserveSerials(trx: AnyDb, prefix: string, n: number): Promise<string[]> {
  const day = chinaCompactDate();
  const row = await trx
    .insertInto("serial_counters")
    .values({ prefix, day, last: n })
    .onConflict((oc) => oc.columns(["prefix", "day"]).doUpdateSet({ last: sql`serial_counters.last + ${n}` }))
    .returning("last")
    .executeTakeFirstOrThrow();
  const last = Number(row.last);
  return Array.from({ length: n }, (_, i) => `${prefix}${day}${String(last - n + 1 + i).padStart(6, "0")}`);
}

async function insertChunked(trx: AnyDb, table: "freight_orders" | "resource_events" | "import_rows", rows: Array<Record<string, unknown>>): Promise<void> {
  if (!rows.length) return;
  const size = Math.max(1, Math.floor(900 / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += size) await trx.insertInto(table).values(rows.slice(i, i + size) as never).execute();
}

async function ownerOf(db: AnyDb, scope: CallerScope, orgId: number | null): Promise<{ platform_id: string; tenant_id: number; org_id: number; owner_user_id: number | null }> {
  if (isIndividual(scope)) {
    const own = await personalOrgId(db, scope);
    return { platform_id: scope.platformId, tenant_id: own.tenantId, org_id: own.orgId, owner_user_id: scope.userId };
  }
  if (isOrgUser(scope)) return { platform_id: scope.platformId, tenant_id: Number(scope.tenantId), org_id: Number(scope.orgId), owner_user_id: null };
  if (orgId === null) throw refuse("请选择导入到哪个企业");
  const org = await db.selectFrom("organisations").select(["id", "tenant_id"]).where("id", "=", orgId).where(rowsFor(scope, "organisations", { org: "id" })).executeTakeFirst();
  if (!org) throw refuse("所属企业不存在或不在您的管理范围内");
  return { platform_id: scope.platformId, tenant_id: Number(org.tenant_id), org_id: Number(org.id), owner_user_id: null };
}

export function assertMayImport(scope: CallerScope): void {
  if (!mayUseCode(scope.type, scope.permissions, "TMS_ORDER_IMPORT")) throw new Refusal(RefusalCode.notPermitted, "当前账号没有批量导入订单的权限");
}

/** Checks, reads and validates the file; imports every row in one transaction, or none. Returns the batch. */
export async function importOrders(ctx: ServiceContext, scope: CallerScope, input: { fileName: string; bytes: Buffer; orgId: number | null; asDraft: boolean }): Promise<ImportBatch> {
  assertMayImport(scope);
  const db = ctx.db.kysely;
  const owner = await db.transaction().execute((trx) => ownerOf(trx, scope, input.orgId));
  const sha = createHash("sha256").update(input.bytes).digest("hex");
  const fileName = input.fileName.slice(0, 200) || "orders.xlsx";
  let sheet: SheetRows | null = null;
  let fileError: string | null = null;
  try {
    checkXlsxContainer(fileName, input.bytes, IMPORT_MAX_BYTES);
    sheet = await readSheet(input.bytes);
    const missing = IMPORT_COLUMNS.filter((c) => !sheet!.headers.includes(c.header)).map((c) => c.header);
    if (missing.length) throw refuse(`表头与模板不一致，缺少列：${missing.join("、")}；请下载模板重新填写`);
    if (sheet.rows.length === 0) throw refuse("文件中没有数据行");
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    fileError = error.message;
  }
  const look = fileError ? null : await lookups(db, owner.org_id);
  const seen = new Set<string>();
  const memo: FileMemo = new Map();
  const results = sheet && look ? sheet.rows.map((row) => ({ row, ...validateRow(row.cells, look, seen, memo) })) : [];
  const taken = await takenExternalNos(db, owner.org_id, results.flatMap((r) => (r.externalNo ? [r.externalNo] : [])));
  for (const r of results) {
    if (r.externalNo && taken.has(r.externalNo)) r.errors.unshift({ column: HEADER_OF.get("externalNo")!, message: `原始单号 ${r.externalNo} 已有订单` });
  }
  const refused = results.filter((r) => r.errors.length > 0);
  const at = nowIso();
  const batchId = await db.transaction().execute(async (trx) => {
    const ok = !fileError && refused.length === 0;
    const batch = await trx
      .insertInto("import_batches")
      .values({
        ...owner,
        batch_no: await nextSerial(trx, "DR"),
        kind: "ORDER",
        file_name: fileName,
        file_sha256: sha,
        total_rows: results.length,
        valid_rows: results.length - refused.length,
        invalid_rows: refused.length,
        imported_rows: ok ? results.length : 0,
        status: ok ? "IMPORTED" : "FAILED",
        message: fileError ?? (refused.length ? `${refused.length} 行有错误，整个文件未导入` : `已导入 ${results.length} 个订单`),
        headers: sheet ? JSON.stringify(sheet.headers.filter(Boolean)) : null,
        created_at: at,
        updated_at: at,
        created_by: scope.userId,
        updated_by: scope.userId,
      })
      .returning(["id", "batch_no"])
      .executeTakeFirstOrThrow();
    if (!ok) {
      await insertChunked(trx, "import_rows", refused.map((r) => ({ batch_id: Number(batch.id), row_no: r.row.rowNo, ...boundedRefusedRow(r.row.cells, r.errors), status: "INVALID", entity_id: null })));
      return Number(batch.id);
    }
    const numbers = await reserveSerials(trx, "DD", results.length);
    const cargoById = new Map([...look!.cargos.values()].map((c) => [c.id, c]));
    const shipperById = new Map([...look!.shippers.values()].map((s) => [s.id, s]));
    const blank = Object.fromEntries(IMPORT_COLUMNS.map((c) => [columnOf(c.key, c.field), null]));
    const rows = results.map((r, i) => {
      const cargo = cargoById.get(Number(r.values.cargo_id))!;
      const shipper = shipperById.get(Number(r.values.shipper_id))!;
      return {
        ...blank,
        ...r.values,
        ...owner,
        order_no: numbers[i]!,
        contract_no: `HT${numbers[i]!}`,
        status: input.asDraft ? "DRAFT" : "WAIT_DISPATCH",
        shipper_name: shipper.name,
        cargo_name: cargo.name,
        cargo_category: cargo.category.slice(0, 16),
        cargo_unit_price: r.values.cargo_unit_price ?? cargo.unitPrice,
        loss_allowance_bp: r.values.loss_allowance_bp ?? cargo.lossBp ?? DEFAULT_LOSS_BP,
        dispatched_weight: 0,
        source: "IMPORT",
        created_at: at,
        updated_at: at,
        created_by: scope.userId,
        updated_by: scope.userId,
      };
    });
    await insertChunked(trx, "freight_orders", rows);
    // The reserved numbers are consecutive and of one length, so they are a range.
    const created = await trx.selectFrom("freight_orders").select("id").where("order_no", ">=", numbers[0]!).where("order_no", "<=", numbers[numbers.length - 1]!).execute();
    const remark = `批量导入 ${String(batch.batch_no)}（${fileName}）`;
    await insertChunked(
      trx,
      "resource_events",
      created.map((o) => ({ resource: "order", record_id: Number(o.id), action: "IMPORT", action_label: "导入", from_status: null, to_status: input.asDraft ? "DRAFT" : "WAIT_DISPATCH", remark, detail: null, operator_user_id: scope.userId, operator_name: scope.name.slice(0, 32), platform_id: owner.platform_id, tenant_id: owner.tenant_id, org_id: owner.org_id, created_at: at })),
    );
    return Number(batch.id);
  });
  const batch = (await findBatch(db, scope, batchId))!;
  if (batch.status === "IMPORTED") {
    const users = await db.selectFrom("users").select("id").where("org_id", "=", owner.org_id).where("status", "=", "ACTIVE").where("id", "<>", scope.userId).execute();
    const firstOrder = await db.selectFrom("freight_orders").select("id").where("org_id", "=", owner.org_id).where("source", "=", "IMPORT").where("created_at", "=", at).orderBy("id").executeTakeFirst();
    if (firstOrder) await notifyUsers(ctx, users.map((u) => Number(u.id)), { content: `${scope.name} 批量导入了 ${batch.importedRows} 个订单（${batch.batchNo}），请及时安排派车。`, targetType: "ORDER", targetId: Number(firstOrder.id), tags: ["order"] }).catch((error: unknown) => ctx.log.error({ err: error }, "import notification failed"));
  }
  return batch;
}

// ---------------------------------------------------------------------------------------------
// Reading batches

function batchScope(scope: CallerScope) {
  return (q: ReturnType<typeof baseQuery>) => {
    return q.where(rowsFor(scope, "b", { individual: (b, userId) => sql`${sql.ref(`${b}.created_by`)} = ${userId}` })).where("b.kind", "=", "ORDER");
  };
}
const baseQuery = (db: AnyDb) => db.selectFrom("import_batches as b").leftJoin("users as u", "u.id", "b.created_by");

type BatchRow = Record<string, unknown>;
const toBatch = (r: BatchRow, refused: RefusedRow[]): ImportBatch => ({
  id: Number(r.id),
  batchNo: String(r.batch_no),
  fileName: String(r.file_name),
  status: r.status as ImportBatch["status"],
  totalRows: Number(r.total_rows),
  validRows: Number(r.valid_rows),
  invalidRows: Number(r.invalid_rows),
  importedRows: Number(r.imported_rows),
  message: (r.message as string | null) ?? null,
  operatorName: (r.operator_name as string | null) ?? null,
  createdTime: String(r.created_at),
  refused,
});

export async function listBatches(db: AnyDb, scope: CallerScope): Promise<ImportBatch[]> {
  const rows = await batchScope(scope)(baseQuery(db)).selectAll("b").select("u.name as operator_name").orderBy("b.id", "desc").limit(20).execute();
  return rows.map((r) => toBatch(r as BatchRow, []));
}

/** One batch of the caller's scope with its refused rows (at most `limit`), or null. */
export async function findBatch(db: AnyDb, scope: CallerScope, id: number, limit = 500): Promise<(ImportBatch & { headers: string[]; rows: Array<{ rowNo: number; data: Record<string, string>; errors: ImportError[] }> }) | null> {
  const row = await batchScope(scope)(baseQuery(db)).selectAll("b").select("u.name as operator_name").where("b.id", "=", id).executeTakeFirst();
  if (!row) return null;
  const rows = await db.selectFrom("import_rows").selectAll().where("batch_id", "=", id).orderBy("row_no").limit(limit).execute();
  const parsed = rows.map((r) => ({ rowNo: Number(r.row_no), data: JSON.parse(r.data) as Record<string, string>, errors: JSON.parse(r.errors) as ImportError[] }));
  return { ...toBatch(row as BatchRow, parsed.map((r) => ({ rowNo: r.rowNo, errors: r.errors }))), headers: row.headers ? (JSON.parse(String(row.headers)) as string[]) : IMPORT_COLUMNS.map((c) => c.header), rows: parsed };
}

/** The refused rows as an xlsx in the template's layout, with a column of their errors, to fix and upload again. */
export async function refusedRowsXlsx(db: AnyDb, scope: CallerScope, id: number): Promise<Buffer | null> {
  const batch = await findBatch(db, scope, id, IMPORT_MAX_ROWS);
  if (!batch) return null;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("订单导入");
  const headers = IMPORT_COLUMNS.map((c) => c.header);
  sheet.columns = [...headers.map((h) => ({ header: h, width: Math.max(12, h.length * 2 + 4) })), { header: "错误说明", width: 60 }];
  sheet.getRow(1).font = { bold: true };
  for (const r of batch.rows) {
    const added = sheet.addRow([...headers.map((h) => r.data[h] ?? ""), r.errors.map((e) => `第 ${r.rowNo} 行「${e.column}」：${e.message}`).join("；")]);
    added.getCell(headers.length + 1).font = { color: { argb: "FFCC0000" } };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
