/**
 * Reading resources: the scoped base query every read and write starts from, the list search with
 * its filters, one row, the reference picker's options, and the keyset walk of the export. This is
 * the only module that selects from a binding's table.
 */
import { choosableColumns, unchoosableReason } from "../../contract/resources/choosable.js";
import { regionPrefix } from "../../contract/region-code.js";
import { regionPath } from "../../contract/regions.js";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { Paged } from "../../contract/envelope.js";
import { allFields, allowedActions, columnOf, filterSpecs, mayUse, type ResourceFilter } from "../../contract/resources/derive.js";
import type { Field } from "../../contract/resources/kit.js";
import { chinaDayEnd, chinaDayStart } from "../../contract/units.js";
import { notFound, offsetOf, Refusal } from "../http/envelope.js";
import { RefusalCode } from "../../contract/envelope.js";
import type { CallerScope } from "../scope.js";
import type { AnyDb, Binding, Row } from "./bind.js";
import { hashColumn, idNoHash, maskColumn, sealedColumnsOf } from "../db/personal.js";
import { maskIdNo, maskMobile, SENSITIVE_VIEW } from "../../contract/personal.js";
import { isIdCardNo } from "../../contract/validation.js";

const A = "t";
const ref = (column: string) => sql.ref(`${A}.${column}`);

/** `column` contains `text` literally (LIKE with %, _ and \ escaped). */
export function contains(column: string | RawBuilder<unknown>, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${typeof column === "string" ? sql.ref(column) : column} like ${pattern} escape '\\'`;
}

export function assertWaterFor(binding: Binding, scope: CallerScope): void {
  if (binding.water && !scope.water) throw new Refusal(RefusalCode.notPermitted, "当前账号没有水路运输权限");
}

/** The rows of the binding's table the caller may see (aliased `t`), without soft-deleted ones. */
export function scopedBase(db: AnyDb, binding: Binding, scope: CallerScope) {
  let query = db.selectFrom(source(binding)).where(binding.scope(scope, A));
  if (binding.softDelete !== false) query = query.where(ref("deleted_at"), "is", null);
  if (binding.where) query = query.where(binding.where(A));
  return query;
}

/** The row's columns, the computed ones among them (`source`). */
export function selectRow(query: ReturnType<typeof scopedBase>) {
  return query.selectAll(A);
}

/** The table as `t`; with computed columns, the table's rows with those columns added (`Binding.computed`). */
function source(binding: Binding) {
  const computed = Object.entries(binding.computed ?? {});
  if (!computed.length) return `${binding.table} as ${A}` as const;
  const columns = computed.map(([column, expression]) => sql`${expression("s")} as ${sql.id(column)}`);
  return sql`(select s.*, ${sql.join(columns)} from ${sql.table(binding.table)} s)`.as(A);
}

/** The record action that a write stands for (the buttons the platform offers). */
const ACTION_OF_WRITE: Record<string, string> = { update: "edit", delete: "delete" };
const WRITE_OF_ACTION = Object.fromEntries(Object.entries(ACTION_OF_WRITE).map(([w, a]) => [a, w]));
const writesOf = (binding: Binding) => ["update", "delete", ...Object.keys(binding.def.status?.transitions ?? {}), ...Object.keys(binding.def.actions ?? {})];

/**
 * Of these readable rows, which writes the binding's write scope leaves the caller (by row id).
 * Bindings without a write scope leave every write: whoever reads a row may change it.
 */
async function writableOf(db: AnyDb, binding: Binding, scope: CallerScope, ids: number[]): Promise<Map<number, Set<string>> | null> {
  const rule = binding.writeScope;
  if (!rule || !ids.length) return null;
  const writes = writesOf(binding);
  const rows = await db
    .selectFrom(`${binding.table} as ${A}`)
    .select([`${A}.id as id`, ...writes.map((w, i) => sql<number>`case when ${rule(scope, A, w)} then 1 else 0 end`.as(`w${i}`))])
    .where(ref("id"), "in", ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), new Set(writes.filter((_, i) => Number((r as Record<string, unknown>)[`w${i}`]) === 1))]));
}

/** A column's stored value as the record carries it. */
export function fromColumn(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case "bool":
      return Number(value) === 1;
    case "images":
      // A column holding one stored reference (a recharge's 转账凭证) reads as a one-item list.
      if (!String(value).startsWith("[")) return String(value) ? [String(value)] : [];
      try {
        return JSON.parse(String(value)) as unknown;
      } catch {
        return [];
      }
    case "weight":
    case "money":
    case "int":
    case "ref":
      return Number(value);
    default:
      return value;
  }
}

/** A record value as the column stores it. */
export function toColumn(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.kind === "bool") return value ? 1 : 0;
  if (field.kind === "images") return JSON.stringify(value);
  return value;
}

const MASKS = { idCard: maskIdNo, mobile: maskMobile };

export { SENSITIVE_VIEW };

/** Records as the platform sends them: fields, reference labels, organisation, times, allowed actions. */
export async function toRecords(db: AnyDb, binding: Binding, scope: CallerScope, rows: Row[]): Promise<Array<Record<string, unknown>>> {
  const { def } = binding;
  const fields = allFields(def);
  const labelValues = new Map<string, Map<number, string>>();
  for (const [labelKey, join] of Object.entries(binding.labels ?? {})) {
    const ids = [...new Set(rows.map((r) => r[join.via]).filter((v) => v !== null && v !== undefined).map(Number))];
    const found = ids.length ? await db.selectFrom(join.table).select(["id", `${join.column} as label`]).where("id", "in", ids).execute() : [];
    labelValues.set(labelKey, new Map(found.map((r) => [Number(r.id), String(r.label)])));
  }
  const listed = new Map<string, Map<number, Array<{ id: number; label: string }>>>();
  const rowIds = rows.map((r) => Number(r.id));
  for (const [key, list] of Object.entries(binding.lists ?? {})) {
    const found = rowIds.length
      ? await db.selectFrom(`${list.link} as l`).innerJoin(`${list.table} as x`, `x.id`, `l.${list.to}`).select([`l.${list.via} as owner`, `x.id as id`, `x.${list.column} as label`]).where(`l.${list.via}`, "in", rowIds).orderBy("x.id").execute()
      : [];
    const names = new Map<number, Array<{ id: number; label: string }>>();
    for (const r of found) names.set(Number(r.owner), [...(names.get(Number(r.owner)) ?? []), { id: Number(r.id), label: String(r.label) }]);
    listed.set(key, names);
  }
  const orgIds = [...new Set(rows.map((r) => r.org_id).filter((v) => v !== null && v !== undefined).map(Number))];
  const orgs = orgIds.length ? await db.selectFrom("organisations").select(["id", "name"]).where("id", "in", orgIds).execute() : [];
  const orgName = new Map(orgs.map((o) => [Number(o.id), String(o.name)]));
  const unmasked = scope.permissions.has(SENSITIVE_VIEW);
  // A sealed ID number is shown by its stored mask, to every caller: the full number only through a logged reveal.
  const sealed = new Set(sealedColumnsOf(binding.table));
  const writable = await writableOf(db, binding, scope, rows.map((r) => Number(r.id)));
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {
      id: Number(row.id),
      orgId: row.org_id == null ? null : Number(row.org_id),
      orgName: row.org_id == null ? null : (orgName.get(Number(row.org_id)) ?? null),
      createdTime: row.created_at ?? null,
      updatedTime: row.updated_at ?? null,
      version: Number(row.version ?? 0),
    };
    for (const [key, field] of fields) {
      const column = columnOf(key, field);
      const value = sealed.has(column) ? (row[maskColumn(column)] ?? null) : fromColumn(field, row[column]);
      record[key] = typeof value === "string" && field.mask && !sealed.has(column) && (field.mask === "idCard" || !unmasked) ? MASKS[field.mask](value) : value;
      // A place shows by its name: "江苏省 宿迁市 宿城区" next to the stored code (contract/regions.ts).
      if (field.kind === "region") record[`${key}Name`] = typeof value === "string" && value ? regionPath(value) : null;
    }
    for (const [labelKey, join] of Object.entries(binding.labels ?? {})) {
      const id = row[join.via];
      record[labelKey] = id == null ? null : (labelValues.get(labelKey)?.get(Number(id)) ?? null);
    }
    for (const [key, names] of listed) {
      const items = names.get(Number(row.id)) ?? [];
      record[key] = items.map((item) => item.label).join("、");
      const ids = binding.lists![key]!.ids;
      if (ids) record[ids] = items.map((item) => item.id);
    }
    const left = writable?.get(Number(row.id));
    const guards = binding.actionGuards ?? {};
    const actions = allowedActions(def, record, scope)
      .filter((action) => !writable || action === "detail" || left?.has(WRITE_OF_ACTION[action] ?? action))
      .filter((action) => !guards[action] || guards[action](record, scope));
    const allowed = [...actions];
    for (const [key, offered] of Object.entries(binding.linkActions ?? {})) if (offered(record, scope, allowed)) actions.push(key);
    record.actions = actions;
    return record;
  });
  for (const [key, bulk] of Object.entries(binding.bulk ?? {})) {
    const offered = records.filter((record) => bulk.offered(record, scope));
    const blocked = bulk.blocked && offered.length ? await bulk.blocked(db, scope, offered) : new Map<number, string>();
    for (const record of offered) {
      const reason = blocked.get(Number(record.id));
      if (reason) record.blocked = { ...(record.blocked as Record<string, string> | undefined), [key]: reason };
      else (record.actions as string[]).push(key);
    }
  }
  return records;
}

const sortColumn = (binding: Binding) => {
  const [key] = binding.def.defaultSort;
  if (key === "createdTime") return "created_at";
  const field = binding.def.fields[key];
  return field ? columnOf(key, field) : key;
};

/** Adds the filter's conditions (eq, contains, China-day ranges, keyword, organisation). */
function filtered(query: ReturnType<typeof scopedBase>, binding: Binding, filter: ResourceFilter) {
  let q = query;
  for (const { key, field, op } of filterSpecs(binding.def)) {
    const column = columnOf(key, field);
    if (op === "range") {
      const from = filter[`${key}From`];
      const to = filter[`${key}To`];
      const instant = field.kind === "datetime";
      const at = ref(column);
      // Days (text) or, for an amount, fen (numbers).
      if (typeof from === "string" || typeof from === "number") q = q.where(at, ">=", instant ? chinaDayStart(String(from)) : from);
      if (typeof to === "string" || typeof to === "number") q = instant ? q.where(at, "<", chinaDayEnd(String(to))) : q.where(at, "<=", to);
      continue;
    }
    const value = filter[key];
    if (value === undefined || value === null) continue;
    // A sealed number is found by its full value only (its keyed hash); a part of it finds nothing.
    if (sealedColumnsOf(binding.table).includes(column)) q = q.where(ref(hashColumn(column)), "=", idNoHash(String(value)));
    else if (op === "contains") q = q.where(contains(`${A}.${column}`, String(value)));
    // A place filter takes the chosen division and everything inside it (江苏省 → every 32xxxx).
    else if (field.kind === "region") q = q.where(ref(column), "like", `${regionPrefix(String(value))}%`);
    else q = q.where(ref(column), "=", field.kind === "bool" ? (value ? 1 : 0) : value);
  }
  const keyword = binding.def.keyword;
  if (keyword && typeof filter.keyword === "string") {
    const text = filter.keyword;
    const sealed = sealedColumnsOf(binding.table);
    const matches = keyword.fields.map((k) => columnOf(k, binding.def.fields[k]!)).filter((column) => !sealed.includes(column)).map((column) => contains(`${A}.${column}`, text));
    if (binding.keywordAlso) matches.push(binding.keywordAlso(A, text));
    if (sealed.length && isIdCardNo(text.trim())) matches.push(...sealed.map((column) => sql<SqlBool>`${ref(hashColumn(column))} = ${idNoHash(text)}`));
    if (!matches.length) matches.push(sql<SqlBool>`1 = 0`);
    q = q.where(sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
  }
  if (typeof filter.createdFrom === "string") q = q.where(ref("created_at"), ">=", chinaDayStart(filter.createdFrom));
  if (typeof filter.createdTo === "string") q = q.where(ref("created_at"), "<", chinaDayEnd(filter.createdTo));
  if (typeof filter.orgId === "number") q = q.where(ref("org_id"), "=", filter.orgId);
  return q;
}

export interface ResourcePage extends Paged<Record<string, unknown>> {
  can: { create: boolean; export: boolean };
  /**
   * Bindings with `countTotal: false` never count the table: `total` is then a lower bound (the rows up
   * to this page, plus one when a further row exists) and `more` says whether a next page exists.
   */
  more?: boolean;
  /** Footer sums over the whole filter (spec 2.4), for definitions that name them. */
  sums?: Record<string, number>;
}

export async function searchResource(db: AnyDb, binding: Binding, scope: CallerScope, filter: ResourceFilter, { current, size }: { current: number; size: number }): Promise<ResourcePage> {
  const query = filtered(scopedBase(db, binding, scope), binding, filter);
  const [direction] = [binding.def.defaultSort[1]];
  const can = { create: mayUse(binding.def, scope, "create"), export: mayUse(binding.def, scope, "export") };
  const page = (limit: number) =>
    selectRow(query)
      .orderBy(ref(sortColumn(binding)), direction)
      .orderBy(ref("id"), direction)
      .limit(limit)
      .offset(offsetOf(current, size))
      .execute() as Promise<Row[]>;
  if (binding.countTotal === false) {
    const rows = await page(size + 1);
    const more = rows.length > size;
    const shown = rows.slice(0, size);
    return { records: await toRecords(db, binding, scope, shown), total: offsetOf(current, size) + shown.length + (more ? 1 : 0), current, size, can, more };
  }
  const summed: Array<[string, RawBuilder<number>]> = [
    ...Object.entries(binding.def.sums ?? {}).map(([key, field]): [string, RawBuilder<number>] => [key, sql<number>`sum(${ref(columnOf(field, binding.def.fields[field]!))})`]),
    ...Object.entries(binding.sumsOf ?? {}).map(([key, sum]): [string, RawBuilder<number>] => [key, sum(A)]),
  ];
  const totals = summed.map(([key, sum]) => sql<number>`coalesce(${sum}, 0)`.as(key));
  const [count, rows] = await Promise.all([query.select([sql<number>`count(*)`.as("total"), ...totals]).executeTakeFirstOrThrow(), page(size)]);
  const sums = summed.length ? Object.fromEntries(summed.map(([key]) => [key, Number((count as Record<string, unknown>)[key] ?? 0)])) : undefined;
  return { records: await toRecords(db, binding, scope, rows), total: Number(count.total), current, size, can, ...(sums ? { sums } : {}) };
}

/** The row with this id if the caller may see it; otherwise 404 (never 403: not theirs is not there). */
export async function findRow(db: AnyDb, binding: Binding, scope: CallerScope, id: number): Promise<Row> {
  const row = (await selectRow(scopedBase(db, binding, scope)).where(ref("id"), "=", id).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(`${binding.def.name}不存在`);
  return row;
}

/** Whether the binding's write scope lets the caller make this write (`update`, `delete` or a transition's key) on a row it can read. */
export async function mayWriteRow(db: AnyDb, binding: Binding, scope: CallerScope, id: number, write: string): Promise<boolean> {
  if (!binding.writeScope) return true;
  return !!(await db.selectFrom(`${binding.table} as ${A}`).select(`${A}.id`).where(ref("id"), "=", id).where(binding.writeScope(scope, A, write)).executeTakeFirst());
}

export const OPTIONS_LIMIT = 50;

/**
 * The columns a picker's keyword searches: the title, the fields of the
 * definition's keyword box (姓名/手机号) and every field it filters by "contains" (车牌号, 编号 …), so a
 * driver is found by mobile and a vehicle by plate without a list kept anywhere else.
 */
export function optionSearchColumns(binding: Binding): string[] {
  const { def } = binding;
  const keys = new Set<string>([def.titleField, ...(def.keyword?.fields ?? []), ...filterSpecs(def).filter((s) => s.op === "contains").map((s) => s.key)]);
  const sealed = sealedColumnsOf(binding.table);
  return [...new Set([...keys].filter((key) => def.fields[key]).map((key) => columnOf(key, def.fields[key]!)))].filter((column) => !sealed.includes(column));
}

export interface OptionsQuery {
  keyword?: string;
  where?: ResourceFilter;
  current: number;
  size: number;
  /** Ids whose labels the picker shows whatever the keyword (the saved value): only those in scope come back. */
  selected?: readonly number[];
}

/** A picker's option; a row the resource's `choosable` rule excludes comes greyed with the reason. */
export interface PickerOption {
  id: number;
  label: string;
  /** Present only when the row cannot be chosen. */
  disabledReason?: string;
}

export interface OptionsPage extends Paged<PickerOption> {
  selected: PickerOption[];
}

/** One page of `{ id, label }` of the caller's scope for another resource's picker, the total, and the selected ids' labels. */
export async function optionsPage(db: AnyDb, binding: Binding, scope: CallerScope, { keyword, where, current, size, selected = [] }: OptionsQuery): Promise<OptionsPage> {
  const title = binding.def.titleField;
  const titleColumn = columnOf(title, binding.def.fields[title]!);
  const column = sealedColumnsOf(binding.table).includes(titleColumn) ? maskColumn(titleColumn) : titleColumn;
  const base = where ? filtered(scopedBase(db, binding, scope), binding, where) : scopedBase(db, binding, scope);
  const query = keyword ? base.where(sql<SqlBool>`(${sql.join(optionSearchColumns(binding).map((c) => contains(`${A}.${c}`, keyword)), sql` or `)})`) : base;
  // The choosable rows first, the greyed ones after them (each with its reason).
  const rule = choosableColumns(binding.def);
  const columns = [`${A}.id as id`, `${A}.${column} as label`, ...rule.map((r) => `${A}.${r.column}`)] as never;
  const ordered = rule.length ? query.orderBy(sql`case when ${sql.join(rule.map((r) => sql`${ref(r.column)} in (${sql.join([...r.states])})`), sql` and `)} then 0 else 1 end`) : query;
  const [count, rows, chosen] = await Promise.all([
    query.select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow(),
    ordered.select(columns).orderBy(ref(column)).orderBy(ref("id")).limit(size).offset(offsetOf(current, size)).execute(),
    selected.length ? base.select(columns).where(ref("id"), "in", [...selected]).execute() : Promise.resolve([]),
  ]);
  const item = (r: Record<string, unknown>): PickerOption => {
    const disabledReason = unchoosableReason(binding.def, r);
    return disabledReason ? { id: Number(r.id), label: String(r.label), disabledReason } : { id: Number(r.id), label: String(r.label) };
  };
  return { records: rows.map(item), total: Number(count.total), current, size, selected: chosen.map(item) };
}

/** At most 50 options of the caller's scope for another resource's picker (the first page of `optionsPage`), the choosable ones first. */
export async function resourceOptions(db: AnyDb, binding: Binding, scope: CallerScope, keyword: string | undefined, where?: ResourceFilter): Promise<PickerOption[]> {
  return (await optionsPage(db, binding, scope, { keyword, where, current: 1, size: OPTIONS_LIMIT })).records;
}

export interface WalkCursor {
  sort: unknown;
  id: number;
}

/** One page of the export's keyset walk through the filter, in the list's order. */
export function rowsAfter(db: AnyDb, binding: Binding, scope: CallerScope, filter: ResourceFilter, cursor: WalkCursor | null, limit: number): Promise<Row[]> {
  const column = sortColumn(binding);
  const direction = binding.def.defaultSort[1];
  let query = filtered(scopedBase(db, binding, scope), binding, filter);
  if (cursor) {
    const op = direction === "desc" ? sql`<` : sql`>`;
    query = query.where(sql<SqlBool>`(${ref(column)} ${op} ${cursor.sort} or (${ref(column)} = ${cursor.sort} and ${ref("id")} ${op} ${cursor.id}))`);
  }
  return selectRow(query).orderBy(ref(column), direction).orderBy(ref("id"), direction).limit(limit).execute() as Promise<Row[]>;
}

export const cursorOf = (binding: Binding, row: Row): WalkCursor => ({ sort: row[sortColumn(binding)], id: Number(row.id) });
