/**
 * The generic loaders and actions of every resource page (docs/architecture.md, the resource engine): list, detail, add/edit form
 * and audit. Everything lives in the URL or a POSTed form, so each page works without JavaScript:
 * row confirmations open from `?confirm=<action>:<id>`, inline forms from `?form=new|<id>`. The
 * platform decides what a row allows; these only show and forward.
 */
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { actionSpecOf, filterSchema, formSchema, rowActionOf, transitionFormSchema, transitionOf, type ResourceFilter } from "../../contract/resources/derive";
import type { AnyResource, Field } from "../../contract/resources/kit";
import { resourceOf } from "../../contract/resources/index";
import { pageTitle } from "~/navigation";
import { bulkValueOf, hrefFor, idOfRequest, pageTitleOf, type AuditPage, type BulkAction, type DetailPage, type FormPage, type ListPage, type RelatedSection } from "~/pages/kit";
import { randomUUID } from "node:crypto";
import { columnsOf } from "~/pages/columns";
import { parseResourceQuery } from "./resource-query";
import { isPickSearch, pickerOf, pickersOf } from "./picker.server";
import { PICK_FIELD, pickKeywordName } from "~/lib/picker";
import { resourcesApi, type ResourceDetail, type ResourcePageData, type ResourceRecord } from "./resources.server";
import { noticeAndHeaders, platformMessage, redirectWithNotice } from "./page-data.server";
import { PlatformError } from "./platform.server";
import { requirePage, type CurrentUser } from "./user.server";
import { readForm } from "~/services/read-form.server";
import { CASCADE_INTENT, foldRegionParts } from "../../contract/region-code";
import { regionChoicesOf, regionFieldKeys } from "./regions.server";
import { readDocumentForm } from "./documents.server";
import { dictItem } from "../../contract/resources/dict-item";
import type { DictChoices } from "~/components/resource/dict-choices";
import type { DocumentKind } from "~/lib/documents";
import { replyStatus } from "~/lib/form";
import { firstPage } from "~/lib/paging";
import { isStaff } from "../../contract/platforms";
import { bulkConfirmKey, recordConfirmOf } from "~/lib/confirm";

/** Document fields (images) among `fields`: each an upload of the one widget, of its kind. */
function documentFieldsOf(fields: Readonly<Record<string, Field>>): Record<string, DocumentKind> {
  return Object.fromEntries(Object.entries(fields).filter(([, field]) => field.kind === "images").map(([key, field]) => [key, field.document?.kind ?? "CREDENTIAL"]));
}

/** Document inputs of the transitions a page's rows offer (its own and its related lists'), e.g. 上传发票影像. */
function transitionDocumentsOf(page: ListPage | DetailPage | AuditPage): Record<string, DocumentKind> {
  const defs = [page.def, ...(page.kind === "list" ? [] : (page.related ?? []).map((r) => r.page().def))];
  return Object.assign({}, ...defs.flatMap((def) => Object.values(def.status?.transitions ?? {}).map((t) => documentFieldsOf(t.input ?? {})))) as Record<string, DocumentKind>;
}

/**
 * The dictionaries (enabled items, in their order) that the transitions of `defs` choose from (驳回原因),
 * only `action`'s when given: the options of a dictionary field's select.
 */
async function dictChoicesFor(user: CurrentUser, defs: readonly AnyResource[], action?: string): Promise<DictChoices> {
  const types = new Set<string>();
  for (const def of defs) for (const [key, t] of Object.entries(def.status?.transitions ?? {})) if (action === undefined || key === action) for (const field of Object.values(t.input ?? {})) if (field.dict) types.add(field.dict.type);
  const out: DictChoices = {};
  for (const type of types) {
    const page = await resourcesApi.search(user, dictItem, { dictType: type } as ResourceFilter, firstPage(100)).catch(() => null);
    out[type] = (page?.records ?? []).filter((r) => r.enabled === "ENABLED").map((r) => [String(r.code), String(r.label)]);
  }
  return out;
}

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** The page's own address without its dialog parameters. */
function pageHref(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of ["confirm", "form", "_data", "index"]) params.delete(name);
  const search = params.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

const formKeys = (def: AnyResource, mode: "create" | "update") => Object.entries(def.fields).filter(([, f]) => f.form === true || (mode === "create" && f.form === "create")).map(([k]) => k);

/** The resource a POST or a confirmation names: the page's own, or one of its related lists'. */
function targetDef(page: ListPage | DetailPage | AuditPage, key: string | null): AnyResource | null {
  if (!key || key === page.def.key) return page.def;
  const others = page.kind === "list" ? (page.sections ?? []) : (page.related ?? []);
  return others.map((r) => r.page().def).find((def) => def.key === key) ?? null;
}

// ---------------------------------------------------------------------------------------------
// List

/**
 * The record keys a list's table and row links read: its columns (and the label of a reference
 * column), the title, the status, the id and the allowed actions. The page data carries only these
 * (a 20-row list page's HTML); a page with its own table asks for whole records.
 */
function tableRow(page: ListPage, staff: boolean): (record: ResourceRecord) => ResourceRecord {
  const keys = new Set<string>(["id", "actions", "blocked", page.def.titleField]);
  for (const bulk of page.bulkActions ?? []) for (const key of [bulk.value, bulk.sum?.field, bulk.sameValue?.field]) if (key) keys.add(key);
  if (page.def.status) keys.add(page.def.status.field);
  for (const key of Object.values(page.cellNotes ?? {})) keys.add(key);
  for (const [key, field] of columnsOf(page.def, page.columns, page.showOrg && staff)) {
    keys.add(key);
    if (field.ref) keys.add(field.ref.labelKey);
    if (field.kind === "region") keys.add(`${key}Name`);
  }
  return (record) => Object.fromEntries(Object.entries(record).filter(([key]) => keys.has(key))) as ResourceRecord;
}

/** A page's own export route with the list's filters (those the route fixes itself, and `page`, dropped). */
function exportOwn(path: string, filters: URLSearchParams): string {
  const [pathname, own = ""] = path.split("?");
  const params = new URLSearchParams(own);
  for (const [name, value] of filters) if (name !== "page" && !params.has(name)) params.append(name, value);
  return `${pathname}?${params}`;
}

/** The bulk action a list's `?confirm=<key>:` opens (the ticked values ride in the address under its `param`). */
export function bulkConfirmOf(page: Pick<ListPage, "bulkActions">, url: URL): BulkAction | null {
  const key = bulkConfirmKey(url);
  return key === null ? null : (page.bulkActions?.find((b) => b.key === key) ?? null);
}

/** The confirmation of a bulk action: the ticked rows of this page that carry the action, a fresh request number, its inputs' pickers. */
export async function bulkConfirmation<R extends { actions: string[] }>(user: CurrentUser, bulk: BulkAction, url: URL, records: readonly R[]) {
  const ticked = new Set(url.searchParams.getAll(bulk.param ?? "id"));
  const rows = records.filter((r) => r.actions.includes(bulk.key) && ticked.has(bulkValueOf(bulk, r as unknown as Record<string, unknown>)));
  const refs = Object.entries(bulk.inputs ?? {}).filter(([, field]) => field.ref);
  const options = Object.fromEntries(
    await Promise.all(refs.map(async ([name, field]) => [name, await pickerOf(user, resourceOf(field.ref!.resource)!, { where: field.ref!.where as Record<string, string> | undefined })] as const)),
  );
  return { key: bulk.key, rows, requestNo: randomUUID(), options };
}

/** A list page's own section data next to the list (a section-level extension, like `DetailExtra`): 用户管理's add/edit form. */
export type ListExtra = (user: CurrentUser, url: URL) => Promise<unknown>;

/** A list page's data; `wholeRecords` for a page that draws its own table from more of each record, `extra` for its own section. */
export async function listLoader(page: ListPage, { request }: Args, { wholeRecords = false, extra }: { wholeRecords?: boolean; extra?: ListExtra } = {}) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const query = parseResourceQuery(filterSchema(page.def), page.def, url, page.preset);
  let data: ResourcePageData;
  let searchError: string | null = null;
  try {
    data = await resourcesApi.search(user, page.def, query.filter, query);
  } catch (error) {
    searchError = platformMessage(error);
    data = { records: [], total: 0, current: query.current, size: query.size, can: { create: false, export: false } };
  }
  const lastPage = Math.max(1, Math.ceil(data.total / query.size));
  if (!searchError && data.records.length === 0 && query.current > lastPage) {
    const params = new URLSearchParams(url.search);
    params.set("current", String(lastPage));
    throw redirect(`${url.pathname}?${params}`);
  }
  const asked = recordConfirmOf(url);
  const confirmDef = asked ? targetDef(page, asked.resource) : null;
  // Only a delete, a transition or a row action confirms here; a page's own intent (手动发放) has its own dialog.
  const confirm = asked && confirmDef && (asked.action === "delete" || actionSpecOf(confirmDef, asked.action)) ? asked : null;
  // The row to confirm: on this page, or looked up (an old link, another page of the list, a section's row).
  const confirmRecord = confirm && confirmDef ? ((confirmDef === page.def ? data.records.find((r) => r.id === confirm.id) : undefined) ?? (await resourcesApi.get(user, confirmDef, confirm.id))) : null;
  const sections = await Promise.all(
    (page.sections ?? []).map(async (section) => ({
      title: section.title,
      data: await resourcesApi.search(user, section.page().def, { ...section.filter }, firstPage(50)).catch((error: unknown) => ({ error: platformMessage(error) })),
    })),
  );
  const formParam = url.searchParams.get("form");
  let form: { mode: "create" | "update"; record: ResourceRecord | null } | null = null;
  if (page.inlineForm && formParam) {
    if (formParam === "new" && data.can.create) form = { mode: "create", record: null };
    else if (/^[1-9]\d{0,14}$/.test(formParam)) {
      const record = await resourcesApi.get(user, page.def, Number(formParam));
      if (record?.actions.includes("edit")) form = { mode: "update", record };
    }
  }
  const filterRefs = Object.entries(page.def.fields).filter(([, f]) => f.ref && f.filter).map(([k]) => k);
  const formRecord = form?.record as Record<string, unknown> | null | undefined;
  const options = {
    ...(await pickersOf(user, page.def, filterRefs, url.searchParams, (key) => query.values[key])),
    ...(form ? await pickersOf(user, page.def, formKeys(page.def, form.mode), null, (key) => formRecord?.[key]) : {}),
  };
  const filterRegions = regionFieldKeys(page.def).filter((k) => page.def.fields[k]!.filter);
  const formRegions = form ? regionFieldKeys(page.def, formKeys(page.def, form.mode)) : [];
  const regions = {
    ...regionChoicesOf(filterRegions, null, (key) => query.values[key]),
    ...regionChoicesOf(formRegions, null, (key) => form?.record?.[key]),
  };
  const { notice, headers } = await noticeAndHeaders(request, user);
  const exportParams = new URLSearchParams(url.search);
  for (const name of ["confirm", "form", "current", "size", "_data", "index"]) exportParams.delete(name);
  exportParams.set("page", page.path);
  const staff = isStaff(user.info);
  const bulk = bulkConfirmOf(page, url);
  return json(
    {
      data: wholeRecords ? data : { ...data, records: data.records.map(tableRow(page, staff)) },
      bulk: bulk ? await bulkConfirmation(user, bulk, url, data.records) : null,
      values: query.values,
      errors: query.errors,
      filtered: Object.keys(query.values).length > 0,
      confirm: confirm && confirmRecord?.actions.includes(confirm.action === "delete" ? "delete" : confirm.action) ? { ...confirm, resource: confirmDef!.key, record: confirmRecord } : null,
      sections,
      form,
      options,
      regions,
      notice,
      searchError,
      exportHref: page.exportPath ? exportOwn(page.exportPath, exportParams) : `/export.xlsx?${exportParams}`,
      listHref: pageHref(url),
      staff,
      dicts: confirm && confirmDef ? await dictChoicesFor(user, [confirmDef], confirm.action) : {},
      extra: extra ? await extra(user, url) : null,
    },
    { headers },
  );
}

/** What the platform said must still be told (a refused SMS, a code shown once), or else `otherwise`. */
const noticeOf = (record: ResourceRecord, otherwise: string) => (typeof record.warning === "string" ? record.warning : otherwise);

/** The notice after a transition or row action: 用户 张三 已重置密码，新密码已通过短信发送. */
const doneNotice = (def: AnyResource, record: ResourceRecord, action: { label: string; done?: string }) => noticeOf(record, `${def.name} ${String(record[def.titleField] ?? "")} 已${action.label}${action.done ? `，${action.done}` : ""}`);

/** Row and page POSTs: delete, a transition (with its inputs), a row action, and the inline add/edit form. */
export async function recordAction(page: ListPage | DetailPage | AuditPage, { request, params }: Args) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const documents = { ...(page.kind === "list" && page.inlineForm ? documentFieldsOf(page.def.fields) : {}), ...transitionDocumentsOf(page) };
  const { form: formData, errors: uploadErrors } = Object.keys(documents).length ? await readDocumentForm(request, user, documents) : { form: await readForm(request), errors: {} };
  const intent = String(formData.get("intent") ?? "");
  const back = pageHref(url);
  if (intent === "create" || intent === "update") {
    if (page.kind !== "list" || !page.inlineForm) return json({ error: "不支持的操作", fieldErrors: null }, { status: 400 });
    return saveForm(page.def, intent, formData, user, { withOrg: false, id: Number(formData.get("id")) || null, done: () => back, uploadErrors });
  }
  const def = targetDef(page, typeof formData.get("resource") === "string" ? String(formData.get("resource")) : null);
  if (!def) return json({ error: "不支持的操作", fieldErrors: null }, { status: 400 });
  const id = Number(formData.get("id") ?? idOfRequest(params, url));
  if (!Number.isSafeInteger(id) || id <= 0) return json({ error: "记录不存在", fieldErrors: null }, { status: 400 });
  const version = Number(formData.get("version"));
  try {
    if (intent === "reveal") return json({ revealed: await resourcesApi.reveal(user, def, id, String(formData.get("field") ?? "")) });
    if (intent === "delete") {
      const removed = await resourcesApi.remove(user, def, id);
      const to = page.kind === "list" || def !== page.def ? back : (page.links.list ?? back);
      return redirectWithNotice(user, to, `${removed.title} 已删除`);
    }
    const key = intent.startsWith("transition:") ? intent.slice("transition:".length) : "";
    const transition = actionSpecOf(def, key);
    if (!transition) return json({ error: "不支持的操作", fieldErrors: null }, { status: 400 });
    // A row action that is not a transition (重置密码) takes no inputs: the platform's service does the work.
    if (rowActionOf(def, key)) {
      const record = await resourcesApi.transition(user, def, id, key, {});
      return redirectWithNotice(user, back, doneNotice(def, record, transition));
    }
    const refused = Object.entries(uploadErrors);
    if (refused.length) return json({ error: refused.map(([, m]) => m).join("；"), fieldErrors: Object.fromEntries(refused.filter(([k]) => k !== "_").map(([k, m]) => [k, [m]])) }, { status: 400 });
    formData.set("transition", key);
    const submission = parseWithZod(formData, { schema: transitionFormSchema(def, [key]) });
    if (submission.status !== "success") return json({ error: null, fieldErrors: submission.reply().error ?? null }, { status: replyStatus(submission) });
    const { transition: _t, version: _v, ...inputs } = submission.value as Record<string, unknown>;
    const body: Record<string, unknown> = { ...inputs };
    if (Number.isSafeInteger(version) && version >= 0 && formData.get("version") !== null) body.version = version;
    const record = await resourcesApi.transition(user, def, id, key, body);
    return redirectWithNotice(user, back, doneNotice(def, record, transition));
  } catch (error) {
    return json({ error: platformMessage(error), fieldErrors: null }, { status: 400 });
  }
}

/** What a bulk action's page hands its platform service: the ticked values, the confirmation's request number and inputs. */
export interface BulkRequest {
  /** The ticked rows' values (ids unless the action's `pattern` says otherwise). */
  values: string[];
  requestNo: string;
  input: Record<string, unknown>;
}

/** The page's call of the owner's service for a bulk action: the notice, and where to go (default: back to the list). */
export type BulkRun = (user: CurrentUser, request: BulkRequest) => Promise<{ notice: string; to?: string }>;

/**
 * A bulk action's POST (from its confirmation): the ticked values and the inputs are checked, then the
 * page's `run` calls the owner's platform service, which checks the rows again and does the work (all or
 * nothing, idempotent by the request number). A refusal answers the page with the confirmation still open.
 */
export async function bulkAction(page: Pick<ListPage, "bulkActions">, { request }: Args, runs: Record<string, BulkRun>) {
  const user = await requirePage(request);
  const form = await readForm(request);
  const url = new URL(request.url);
  const intent = String(form.get("intent") ?? "");
  const bulk = page.bulkActions?.find((b) => `bulk:${b.key}` === intent);
  const run = bulk ? runs[bulk.key] : undefined;
  if (!bulk || !run) return json({ error: "不支持的操作", fieldErrors: null }, { status: 400 });
  const values = form.getAll(bulk.param ?? "id").map(String);
  if (values.some((v) => !(bulk.pattern ?? ROW_ID).test(v))) return json({ error: `选择的${bulk.noun}不正确，请重新勾选`, fieldErrors: null }, { status: 400 });
  if (values.length === 0) return json({ error: `请先勾选${bulk.noun}`, fieldErrors: null }, { status: 400 });
  if (values.length > LARGEST_BULK) return json({ error: `一次最多勾选 ${LARGEST_BULK} 个${bulk.noun}`, fieldErrors: null }, { status: 400 });
  const input: Record<string, unknown> = {};
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, field] of Object.entries(bulk.inputs ?? {})) {
    const text = String(form.get(name) ?? "").trim();
    if (!text) {
      if (field.required) fieldErrors[name] = [`请${field.input.type === "select" || field.ref ? "选择" : "填写"}${field.label}`];
      continue;
    }
    const value = field.fromForm(text);
    const parsed = value === null ? null : field.wire.safeParse(value);
    if (!parsed?.success) fieldErrors[name] = [parsed?.error.issues[0]?.message ?? field.formError];
    else input[name] = parsed.data;
  }
  if (Object.keys(fieldErrors).length) return json({ error: Object.values(fieldErrors).map(([m]) => m).join("；"), fieldErrors }, { status: 400 });
  const back = new URL(url);
  for (const name of ["confirm", bulk.param ?? "id", "_data", "index"]) back.searchParams.delete(name);
  try {
    const done = await run(user, { values, requestNo: String(form.get("requestNo") ?? ""), input });
    return redirectWithNotice(user, done.to ?? `${back.pathname}${back.search}`, done.notice);
  } catch (error) {
    return json({ error: platformMessage(error), fieldErrors: null }, { status: 200 });
  }
}

const ROW_ID = /^[1-9]\d{0,14}$/;

/** The most rows one bulk action takes (the largest page; the services refuse more too). */
const LARGEST_BULK = 200;

// ---------------------------------------------------------------------------------------------
// Detail and audit

async function recordOf(page: DetailPage | AuditPage | FormPage, user: CurrentUser, { params, request }: Args): Promise<ResourceDetail> {
  const id = idOfRequest(params, new URL(request.url));
  const record = id ? await resourcesApi.get(user, page.def, id) : null;
  if (!record) throw new Response(`${page.def.name}不存在`, { status: 404 });
  return record;
}

async function relatedOf(user: CurrentUser, related: readonly RelatedSection[] | undefined, record: ResourceRecord) {
  return Promise.all(
    (related ?? []).map(async (section) => {
      const target = section.page();
      const data = await resourcesApi.search(user, target.def, { ...section.filter(record) } as ResourceFilter, firstPage(50)).catch((error: unknown) => ({ error: platformMessage(error) }));
      return { title: section.title, data };
    }),
  );
}

/** A detail page's own data next to the record (a section-level extension of the resource engine, docs/architecture.md): loaded with the user and the record. */
export type DetailExtra = (user: CurrentUser, record: ResourceDetail) => Promise<unknown>;

export async function detailLoader(page: DetailPage | AuditPage, args: Args, options: { extra?: DetailExtra } = {}) {
  const user = await requirePage(args.request);
  const record = await recordOf(page, user, args);
  const [related, extra] = await Promise.all([relatedOf(user, page.related, record), options.extra ? options.extra(user, record) : Promise.resolve(null)]);
  const url = new URL(args.request.url);
  const { notice, headers } = await noticeAndHeaders(args.request, user);
  const asked = recordConfirmOf(url);
  const confirmDef = asked ? targetDef(page, asked.resource) : null;
  // Only a delete, a transition or a row action confirms here; a page's own intent (手动发放) has its own dialog.
  const confirm = asked && confirmDef && (asked.action === "delete" || actionSpecOf(confirmDef, asked.action)) ? asked : null;
  const confirmRecord = confirm && confirmDef ? (confirmDef === page.def && confirm.id === record.id ? record : await resourcesApi.get(user, confirmDef, confirm.id)) : null;
  const confirmed = confirm && confirmRecord?.actions.includes(confirm.action) ? { ...confirm, resource: confirmDef!.key, record: confirmRecord } : null;
  const dicts = confirmed ? await dictChoicesFor(user, [confirmDef!], confirmed.action) : page.kind === "audit" ? await dictChoicesFor(user, [page.def]) : {};
  return json({ record, related, extra, notice, confirm: confirmed, pageHref: pageHref(url), title: pageTitleOf(page, pageTitle), dicts }, { headers });
}

/** 通过 / 驳回 (or any transition group) with its inputs; back to the audit page with the outcome. */
export async function auditAction(page: AuditPage, args: Args) {
  const user = await requirePage(args.request);
  const url = new URL(args.request.url);
  const id = idOfRequest(args.params, url);
  if (!id) throw new Response(`${page.def.name}不存在`, { status: 404 });
  // A row of a related list (a 证照's 通过 / 驳回 in its confirmation) posts an intent, as on a list; one with documents is multipart.
  if ((args.request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) return recordAction(page, args);
  const form = await readForm(args.request.clone());
  if (form.get("intent") !== null) return recordAction(page, args);
  const keys = Object.entries(page.def.status?.transitions ?? {})
    .filter(([, t]) => t.group === page.group)
    .map(([k]) => k);
  const submission = parseWithZod(form, { schema: transitionFormSchema(page.def, keys) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: replyStatus(submission) });
  const { transition: key, version, ...inputs } = submission.value as Record<string, unknown> & { transition: string; version?: number };
  try {
    const record = await resourcesApi.transition(user, page.def, id, key, version === undefined ? inputs : { ...inputs, version });
    return redirectWithNotice(user, pageHref(url), doneNotice(page.def, record, transitionOf(page.def, key)!));
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "not-found") throw new Response(`${page.def.name}不存在`, { status: 404 });
    return json({ result: submission.reply({ formErrors: [platformMessage(error)] }) });
  }
}

// ---------------------------------------------------------------------------------------------
// Add and edit

export async function formLoader(page: FormPage, args: Args) {
  const user = await requirePage(args.request);
  const record = page.mode === "update" ? await recordOf(page, user, args) : null;
  if (record && !record.actions.includes("edit")) throw new Response(`${page.def.name}当前不能编辑`, { status: 403 });
  const keys = formKeys(page.def, page.mode);
  const options = await formPickers(user, page.def, keys, page.withOrg === true && page.mode === "create", null, (key) => (record as Record<string, unknown> | null)?.[key]);
  const regions = regionChoicesOf(regionFieldKeys(page.def, keys), null, (key) => record?.[key]);
  const { notice, headers } = await noticeAndHeaders(args.request, user);
  return json({ record, options, regions, notice, title: pageTitleOf(page, pageTitle) }, { headers });
}

/** A form's pickers: its reference fields and, for staff creating a record of an organisation, 所属企业. */
async function formPickers(user: CurrentUser, def: AnyResource, keys: readonly string[], withOrg: boolean, input: FormData | null, selected: (key: string) => unknown) {
  const options = await pickersOf(user, def, keys, input, selected);
  const enterprise = withOrg ? resourceOf("enterprise") : undefined;
  if (enterprise) {
    const keyword = input?.get(pickKeywordName("orgId"));
    options.orgId = await pickerOf(user, enterprise, { keyword: typeof keyword === "string" ? keyword : "", selected: selected("orgId") });
  }
  return options;
}

/**
 * A picker's 「搜索」 without JavaScript: the form comes back with what was typed in every field and the
 * pickers' options narrowed by their keywords; nothing is saved and nothing is marked wrong.
 */
async function pickReply(def: AnyResource, mode: "create" | "update", formData: FormData, user: CurrentUser, withOrg: boolean) {
  const initialValue: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string" && name !== PICK_FIELD) initialValue[name] = value;
  const options = await formPickers(user, def, formKeys(def, mode), withOrg, formData, (key) => initialValue[key]);
  const regions = regionChoicesOf(regionFieldKeys(def, formKeys(def, mode)), formData);
  return json({ result: { initialValue }, options, regions, error: null, fieldErrors: null });
}

async function saveForm(def: AnyResource, mode: "create" | "update", formData: FormData, user: CurrentUser, options: { withOrg: boolean; id: number | null; done: (record: ResourceRecord) => string; uploadErrors?: Record<string, string> }) {
  if (isPickSearch(formData)) return pickReply(def, mode, formData, user, options.withOrg);
  const places = regionFieldKeys(def, formKeys(def, mode));
  const regions = regionChoicesOf(places, formData);
  // 「选择」 of a place without JavaScript: show the next level's choices, keep everything typed, save nothing.
  if (formData.get(CASCADE_INTENT) !== null) {
    const initialValue = Object.fromEntries([...formData.entries()].filter(([name, value]) => typeof value === "string" && name !== CASCADE_INTENT));
    return json({ result: { initialValue }, regions, error: null, fieldErrors: null });
  }
  const submission = parseWithZod(foldRegionParts(formData, places), { schema: formSchema(def, mode, { withOrg: options.withOrg }) });
  // A document the platform refused (type, size) is the field's error; the rest of the form is kept.
  const uploadErrors = Object.entries(options.uploadErrors ?? {});
  if (uploadErrors.length) {
    const message = uploadErrors.map(([, m]) => m).join("；");
    return json({ result: submission.reply({ fieldErrors: Object.fromEntries(uploadErrors.filter(([k]) => k !== "_").map(([k, m]) => [k, [m]])), formErrors: [message] }), regions, error: message, fieldErrors: null }, { status: 400 });
  }
  if (submission.status !== "success") return json({ result: submission.reply(), regions, error: null, fieldErrors: null }, { status: replyStatus(submission) });
  const body = submission.value as Record<string, unknown>;
  try {
    const record = mode === "create" ? await resourcesApi.create(user, def, body) : await resourcesApi.update(user, def, options.id!, body);
    const title = String(record[def.titleField] ?? "");
    // A create whose after-commit work failed (the administrator's password SMS) says so instead.
    const notice = noticeOf(record, `${def.name} ${title} 已${mode === "create" ? "新增" : "保存"}`);
    return redirectWithNotice(user, options.done(record), notice);
  } catch (error) {
    return json({ result: submission.reply({ formErrors: [platformMessage(error)] }), regions, error: platformMessage(error), fieldErrors: null }, { status: 400 });
  }
}

export async function formAction(page: FormPage, args: Args, after?: (record: ResourceRecord) => string) {
  const user = await requirePage(args.request);
  const id = page.mode === "update" ? idOfRequest(args.params, new URL(args.request.url)) : null;
  if (page.mode === "update" && !id) throw new Response(`${page.def.name}不存在`, { status: 404 });
  const documents = documentFieldsOf(page.def.fields);
  const { form, errors } = Object.keys(documents).length ? await readDocumentForm(args.request, user, documents) : { form: await readForm(args.request), errors: {} };
  return saveForm(page.def, page.mode, form, user, {
    uploadErrors: errors,
    withOrg: !!page.withOrg && isStaff(user.info),
    id,
    done: (record) => after?.(record) ?? hrefFor(page.links.detail, record.id) ?? page.links.list ?? "/",
  });
}
