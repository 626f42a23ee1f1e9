/**
 * Derivations of a resource definition, used by both sides: the filter, create, update, form and
 * transition schemas (each message written once in the field builders), the columns of a list,
 * detail or export, and which actions a row allows a caller. The platform computes `actions` with
 * `allowedActions`; the console only shows them.
 */
import { z } from "zod";
import type { UserType } from "../platforms.js";
import { mayUseCode, type PermissionCode } from "../permissions.js";
import { chinaDateText, withSpecialCharacterFilter } from "../fields.js";
import { chinaDate } from "../units.js";
import { f, type AnyResource, type Field, type RowAction, type Transition } from "./kit.js";

export const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const columnOf = (key: string, field: Field) => field.column ?? snake(key);
/** The status column (snake_case of the status field), or null without a status machine. */
export const statusColumnOf = (def: AnyResource) => (def.status ? snake(def.status.field) : null);

const blankAsAbsent = (value: unknown) => (value === "" || value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);
const UNKNOWN_KEYS = "请求中有不能填写的字段";

/** The status as an enum field, so lists, filters, details and exports treat it like any other. */
export function statusField(def: AnyResource): Field<string> | null {
  const status = def.status;
  if (!status) return null;
  return f.enumOf(status.label, status.states, { list: true, detail: "基本信息", export: true, filter: "eq" });
}

/** Every field including the status, keyed as on the wire. */
export function allFields(def: AnyResource): Array<[string, Field]> {
  const status = statusField(def);
  return [...Object.entries(def.fields), ...(status ? [[def.status!.field, status] as [string, Field]] : [])];
}

export const fieldOf = (def: AnyResource, key: string): Field | undefined => (def.status?.field === key ? (statusField(def) ?? undefined) : def.fields[key]);

// ---------------------------------------------------------------------------------------------
// Filters

// A whole positive id: PostgreSQL refuses -1.5 or 1e20 as a bigint parameter (SQLite would compare it).
const filterId = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9]\d{0,14}$/)]).transform(Number);
const filterBool = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);
const filterDate = chinaDateText;

export interface FilterSpec {
  key: string;
  field: Field;
  op: "eq" | "contains" | "range";
}

/** The filters of a list: each filter field, the status, and the keyword box. */
export function filterSpecs(def: AnyResource): FilterSpec[] {
  return allFields(def)
    .filter(([, field]) => field.filter)
    .map(([key, field]) => ({ key, field, op: field.filter as FilterSpec["op"] }));
}

export function filterSchema(def: AnyResource) {
  const shape: Record<string, z.ZodTypeAny> = {};
  const ranges: Array<[string, string, string]> = [];
  for (const { key, field, op } of filterSpecs(def)) {
    if (op === "range") {
      shape[`${key}From`] = z.preprocess(blankAsAbsent, filterDate(`${field.label}起`).optional());
      shape[`${key}To`] = z.preprocess(blankAsAbsent, filterDate(`${field.label}止`).optional());
      ranges.push([`${key}From`, `${key}To`, field.label]);
    } else if (op === "contains") {
      const contains = z.preprocess(blankAsAbsent, z.string({ invalid_type_error: `${field.label}必须是文字` }).trim().max(64, `${field.label}最多 64 个字`).optional());
      shape[key] = field.input.sanitize ? withSpecialCharacterFilter(contains) : contains;
    } else if (field.kind === "ref" || field.kind === "int") {
      shape[key] = z.preprocess(blankAsAbsent, filterId.optional()).refine(() => true, `${field.label}不正确`);
    } else if (field.kind === "bool") {
      shape[key] = z.preprocess(blankAsAbsent, filterBool.optional());
    } else {
      shape[key] = z.preprocess(blankAsAbsent, (field.wire as z.ZodTypeAny).optional());
    }
  }
  if (def.keyword) shape.keyword = z.preprocess(blankAsAbsent, z.string({ invalid_type_error: `${def.keyword.label}必须是文字` }).trim().max(64, `${def.keyword.label}最多 64 个字`).optional());
  if (def.createdFilter) {
    shape.createdFrom = z.preprocess(blankAsAbsent, filterDate(`${def.createdFilter}起`).optional());
    shape.createdTo = z.preprocess(blankAsAbsent, filterDate(`${def.createdFilter}止`).optional());
    ranges.push(["createdFrom", "createdTo", def.createdFilter]);
  }
  shape.orgId = z.preprocess(blankAsAbsent, filterId.optional());
  return z.object(shape).superRefine((value, ctx) => {
    for (const [from, to, label] of ranges) {
      if (value[from] && value[to] && value[from] > value[to]) ctx.addIssue({ code: "custom", path: [to], message: `${label}的开始日期不能晚于结束日期` });
    }
  });
}

export type ResourceFilter = Record<string, string | number | boolean | undefined>;

// ---------------------------------------------------------------------------------------------
// Bodies: create, update, transition

const formFields = (def: AnyResource, mode: "create" | "update") =>
  Object.entries(def.fields).filter(([, field]) => field.form === true || (mode === "create" && field.form === "create"));

/** An expiry date may not lie in the past when it is first entered. */
const notExpired = (field: Field, schema: z.ZodTypeAny) => (field.expiry ? schema.refine((v: unknown) => typeof v !== "string" || v >= chinaDate(), `${field.label}已过期，请上传有效证件`) : schema);

const orgIdBody = z.preprocess(blankAsAbsent, z.number({ invalid_type_error: "所属企业不正确" }).int("所属企业不正确").positive("所属企业不正确").optional());

export function createSchema(def: AnyResource) {
  const shape: Record<string, z.ZodTypeAny> = { orgId: orgIdBody };
  for (const [key, field] of formFields(def, "create")) {
    const wire = notExpired(field, field.wire as z.ZodTypeAny);
    shape[key] = field.required ? wire : wire.nullable().optional();
  }
  return z.object(shape).strict(UNKNOWN_KEYS);
}

/** Every editable field may be left out (it keeps its value); `version` guards against lost updates. */
export function updateSchema(def: AnyResource) {
  const shape: Record<string, z.ZodTypeAny> = { version: z.number({ invalid_type_error: "version 必须是整数" }).int("version 必须是整数").min(0).optional() };
  for (const [key, field] of formFields(def, "update")) {
    const wire = field.wire as z.ZodTypeAny;
    shape[key] = field.required ? wire.optional() : wire.nullable().optional();
  }
  return z.object(shape).strict(UNKNOWN_KEYS);
}

export function transitionOf(def: AnyResource, key: string): Transition<string> | undefined {
  return def.status?.transitions[key];
}

export function transitionSchema(def: AnyResource, key: string) {
  const shape: Record<string, z.ZodTypeAny> = { version: z.number().int().min(0).optional() };
  for (const [name, field] of Object.entries(transitionOf(def, key)?.input ?? {})) {
    const wire = field.wire as z.ZodTypeAny;
    shape[name] = field.required ? wire : z.preprocess(blankAsAbsent, wire.nullable().optional());
  }
  return z.object(shape).strict(UNKNOWN_KEYS);
}

// ---------------------------------------------------------------------------------------------
// Forms: FormData text → wire values (the same rules as the platform's, run again there)

function formValue(field: Field, keepWhenBlank = false) {
  const missing = field.kind === "enum" || field.kind === "ref" || field.kind === "bool" ? `请选择${field.label}` : field.kind === "images" ? `请上传${field.label}` : `请填写${field.label}`;
  const text = z.string({ required_error: missing, invalid_type_error: field.formError });
  const read = (value: string, ctx: z.RefinementCtx) => {
    const parsed = field.fromForm(value);
    if (parsed === null) {
      ctx.addIssue({ code: "custom", message: field.formError });
      return z.NEVER;
    }
    const checked = notExpired(field, field.wire as z.ZodTypeAny).safeParse(parsed);
    if (!checked.success) {
      ctx.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? field.formError });
      return z.NEVER;
    }
    return checked.data as unknown;
  };
  if (field.required && !keepWhenBlank) return z.preprocess(blankAsAbsent, text.transform(read));
  // A masked value is never sent back to the form: left blank, it keeps what is stored.
  if (keepWhenBlank) return z.preprocess(blankAsAbsent, text.optional().transform((value, ctx) => (value === undefined ? undefined : read(value, ctx))));
  return z.preprocess(blankAsAbsent, text.optional().transform((value, ctx) => (value === undefined ? null : read(value, ctx))));
}

export interface FormOptions {
  /** The caller picks the owning organisation (platform and tenant staff). */
  withOrg?: boolean;
}

/** The add/edit form's schema for Conform and the action: text in, the create/update body out. */
export function formSchema(def: AnyResource, mode: "create" | "update", options: FormOptions = {}) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [key, field] of formFields(def, mode)) shape[key] = formValue(field, mode === "update" && !!field.mask);
  if (options.withOrg && mode === "create") shape.orgId = formValue(f.ref("所属企业", "enterprise", "orgName", { required: true }));
  if (mode === "update") shape.version = z.preprocess(blankAsAbsent, z.string().regex(/^\d{1,9}$/).transform(Number).optional());
  return z.object(shape);
}

/** The keys of a definition's place fields (kind "region"). */
export const regionKeys = (def: AnyResource) => allFields(def).filter(([, field]) => field.kind === "region").map(([key]) => key);

/** An audit (or any transition group) form: the chosen transition and its inputs. */
export function transitionFormSchema(def: AnyResource, keys: readonly string[]) {
  const choices = keys.map((key) => transitionOf(def, key)!).filter(Boolean);
  const names = choices.map((t) => t.label).join("或");
  const inputs = new Map<string, Field>();
  for (const t of choices) for (const [name, field] of Object.entries(t.input ?? {})) if (!inputs.has(name)) inputs.set(name, { ...field, required: false });
  const shape: Record<string, z.ZodTypeAny> = {
    transition: z.preprocess(blankAsAbsent, z.string({ required_error: `请选择${names}` }).refine((v) => keys.includes(v), `请选择${names}`)),
    version: z.preprocess(blankAsAbsent, z.string().regex(/^\d{1,9}$/).transform(Number).optional()),
  };
  for (const [name, field] of inputs) shape[name] = formValue(field);
  return z
    .object(shape)
    .superRefine((value, ctx) => {
      const chosen = transitionOf(def, String(value.transition));
      for (const [name, field] of Object.entries(chosen?.input ?? {})) {
        if (field.required && (value[name] === null || value[name] === undefined)) ctx.addIssue({ code: "custom", path: [name], message: `${chosen!.label}时请${field.input.type === "select" ? "选择" : "填写"}${field.label}` });
      }
    })
    // Only the chosen transition's inputs go on (通过 takes no 驳回原因): the platform refuses unknown fields.
    .transform((value) => {
      const own = transitionOf(def, String(value.transition))?.input ?? {};
      return Object.fromEntries(Object.entries(value).filter(([name]) => name === "transition" || name === "version" || name in own));
    });
}

// ---------------------------------------------------------------------------------------------
// Columns and sections

export const listColumns = (def: AnyResource) => allFields(def).filter(([, field]) => field.list);
export const exportColumns = (def: AnyResource) => allFields(def).filter(([, field]) => field.export);

export function detailSections(def: AnyResource): Array<{ title: string; fields: Array<[string, Field]> }> {
  const sections = new Map<string, Array<[string, Field]>>();
  for (const [key, field] of allFields(def)) {
    if (!field.detail) continue;
    const title = field.detail === true ? "基本信息" : field.detail;
    sections.set(title, [...(sections.get(title) ?? []), [key, field]]);
  }
  return [...sections].map(([title, fields]) => ({ title, fields }));
}

// ---------------------------------------------------------------------------------------------
// Actions

export interface ActingCaller {
  type: UserType;
  permissions: ReadonlySet<string>;
}

/** Any of the codes, each for the caller's kind (the catalogue's `kinds`); no codes: no code needed. */
export const holdsAny = (caller: ActingCaller, codes: readonly string[] | string | undefined) => {
  if (codes === undefined) return false;
  const list = typeof codes === "string" ? [codes] : codes;
  return list.length === 0 || list.some((code) => mayUseCode(caller.type, caller.permissions, code as PermissionCode));
};

export type Verb = "list" | "detail" | "create" | "update" | "delete" | "export";

/** Whether the caller may use a verb at all (kind and permission code); rows then come from the scope. */
export function mayUse(def: AnyResource, caller: ActingCaller, verb: Verb): boolean {
  const kinds = verb === "list" || verb === "detail" || verb === "export" ? def.kinds.read : (def.kinds.write ?? []);
  return kinds.includes(caller.type) && holdsAny(caller, def.permissions[verb]);
}

export function mayTransition(def: AnyResource, caller: ActingCaller, key: string): boolean {
  const t = transitionOf(def, key);
  return !!t && t.kinds.includes(caller.type) && holdsAny(caller, t.permission);
}

/** The state a transition reads (the status, or another enum field it names). */
export const transitionField = (def: AnyResource, t: Transition<string>) => t.field ?? def.status!.field;

/** Whether the row's states allow a transition (its `from`, and its `when` on other fields). */
export function transitionLegal(def: AnyResource, t: Transition<string>, row: Record<string, unknown>): boolean {
  return t.from.includes(String(row[transitionField(def, t)])) && Object.entries(t.when ?? {}).every(([field, states]) => states.includes(String(row[field])));
}

/** A row action that is not a transition (`def.actions`). */
export const rowActionOf = (def: AnyResource, key: string): RowAction | undefined => (Object.hasOwn(def.actions ?? {}, key) ? def.actions![key] : undefined);

export function mayRowAction(def: AnyResource, caller: ActingCaller, key: string): boolean {
  const a = rowActionOf(def, key);
  return !!a && a.kinds.includes(caller.type) && holdsAny(caller, a.permission);
}

/** Whether a row's enum fields allow a row action (its `when`); the refusal's words when not. */
export function rowActionLegal(def: AnyResource, a: RowAction, record: Record<string, unknown>): boolean {
  return Object.entries(a.when ?? {}).every(([field, states]) => states.includes(String(record[field])));
}

/** What a transition or a row action is called, how it looks, what it asks and what its notice adds. */
export function actionSpecOf(def: AnyResource, key: string): { label: string; tone?: "danger" | "primary"; confirm?: string; done?: string; input?: Record<string, Field> } | undefined {
  return transitionOf(def, key) ?? rowActionOf(def, key);
}

/** Whether a row in this state may be deleted (`deletableIn`, else `editableIn`). */
export const deletableIn = (def: AnyResource, state: string | null) => !def.status || (def.status.deletableIn ?? def.status.editableIn).includes(state!);

/** What a row allows the caller: detail, edit, delete, each legal transition and each legal row action. */
export function allowedActions(def: AnyResource, row: Record<string, unknown>, caller: ActingCaller): string[] {
  const actions: string[] = [];
  const state = def.status ? String(row[def.status.field]) : null;
  const editable = !def.status || def.status.editableIn.includes(state!);
  if (mayUse(def, caller, "detail")) actions.push("detail");
  if (editable && mayUse(def, caller, "update")) actions.push("edit");
  if (deletableIn(def, state) && mayUse(def, caller, "delete")) actions.push("delete");
  for (const [key, t] of Object.entries(def.status?.transitions ?? {})) {
    if (mayTransition(def, caller, key) && transitionLegal(def, t, row)) actions.push(key);
  }
  for (const [key, a] of Object.entries(def.actions ?? {})) {
    if (mayRowAction(def, caller, key) && rowActionLegal(def, a, row)) actions.push(key);
  }
  return actions;
}

/** A row's label in messages: 车辆 皖A·12345. */
export const rowTitle = (def: AnyResource, row: Record<string, unknown>) => `${def.name} ${String(row[def.titleField] ?? row.id ?? "")}`.trim();
