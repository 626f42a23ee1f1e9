/**
 * Writing resources: create, update, delete and transitions, each in one transaction with its
 * `resource_events` row. Every write re-reads the row through the caller's scope, checks the verb's
 * permission (4003), the row's state (4009) and its version, and updates guarded by the state and
 * version it read, so two concurrent audits cannot both win.
 */
import { regionExists, regionLevels, regionPath } from "../../contract/regions.js";
import { sql } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { columnOf, createSchema, deletableIn, fieldOf, statusColumnOf, mayRowAction, mayTransition, mayUse, rowActionLegal, rowActionOf, rowTitle, transitionField, transitionOf, transitionSchema, updateSchema, type Verb } from "../../contract/resources/derive.js";
import type { AnyResource, Field, Transition } from "../../contract/resources/kit.js";
import { chinaCompactDate } from "../../contract/units.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { hashColumn, idNoHash, isSealedId, maskColumn, sealedColumnsOf, sealIdColumns } from "../db/personal.js";
import { maskIdNo } from "../../contract/personal.js";
import { HttpError, notFound, Refusal } from "../http/envelope.js";
import { parseLabelled as parse } from "../http/validate.js";
import { isIndividual, isOrgUser, rowsFor, type CallerScope } from "../scope.js";
import type { AnyDb, Binding, Row, TransitionService } from "./bind.js";
import { choosableColumns, unchoosableReason } from "../../contract/resources/choosable.js";
import { recordResourceEvent } from "./events.js";
import { assertWaterFor, findRow, fromColumn, mayWriteRow, scopedBase, toColumn, toRecords } from "./query.js";
import { bindingOf } from "./lookup.js";
import { engineServices } from "./services.js";

/** Every image field takes only stored files its writer uploaded (or it already held): no reaching another's private file by id. */
async function checkImageRefs(trx: AnyDb, def: AnyResource, scope: CallerScope, values: Record<string, unknown>, before: Row | null, strict = false): Promise<void> {
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.kind !== "images") continue;
    const column = columnOf(key, field);
    if (values[column] === undefined) continue;
    await engineServices().checkDocumentRefs(trx, scope, field.label, values[column], before?.[column], { strict });
  }
}

const VERB_LABELS: Record<Verb, string> = { list: "查看", detail: "查看", create: "新增", update: "编辑", delete: "删除", export: "导出" };

export function assertMay(def: AnyResource, scope: CallerScope, verb: Verb): void {
  if (!mayUse(def, scope, verb)) throw new Refusal(RefusalCode.notPermitted, `当前账号没有${VERB_LABELS[verb]}${def.name}的权限`);
}

/**
 * The row a write (`update`, `delete` or a transition's key) is about: 404 when the caller cannot see
 * it, 4003 when it may see it but not change it (a shared row of another owner).
 */
async function findWritableRow(trx: AnyDb, binding: Binding, scope: CallerScope, id: number, write: string, label: string): Promise<Row> {
  const row = await findRow(trx, binding, scope, id);
  if (!(await mayWriteRow(trx, binding, scope, id, write))) throw new Refusal(RefusalCode.notPermitted, `${rowTitle(binding.def, recordLike(binding.def, row))} 不属于您的单位，只能查看，不能${label}`);
  return row;
}

const stale = (def: AnyResource, row: Row) => new Refusal(RefusalCode.illegalState, `${rowTitle(def, recordLike(def, row))} 已被他人修改，请刷新后重试`);

/** The row's values under the record's keys (for titles and state checks). */
function recordLike(def: AnyResource, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id };
  for (const [key, field] of Object.entries(def.fields)) out[key] = fromColumn(field, row[columnOf(key, field)]);
  if (def.status) out[def.status.field] = row[statusColumnOf(def)!];
  return out;
}

const stateLabel = (def: AnyResource, field: string, state: unknown) => {
  const options = field === def.status?.field ? def.status.states : def.fields[field]?.options;
  return options?.[String(state)]?.label ?? String(state);
};

/** prefix + China date + a 6-digit serial of that day (domain 0.2), bumped in the caller's transaction. */
export async function nextSerial(trx: AnyDb, prefix: string): Promise<string> {
  const day = chinaCompactDate();
  const row = await trx
    .insertInto("serial_counters")
    .values({ prefix, day, last: 1 })
    .onConflict((oc) => oc.columns(["prefix", "day"]).doUpdateSet({ last: sql`serial_counters.last + 1` }))
    .returning("last")
    .executeTakeFirstOrThrow();
  return `${prefix}${day}${String(row.last).padStart(6, "0")}`;
}

/** An individual's own organisation (domain 0.2): created on first use so org_id stays required. */
export async function personalOrgId(trx: AnyDb, scope: CallerScope): Promise<{ orgId: number; tenantId: number }> {
  const user = await trx.selectFrom("users").select(["org_id", "tenant_id", "name"]).where("id", "=", scope.userId).executeTakeFirstOrThrow();
  if (user.tenant_id == null) throw new Refusal(RefusalCode.prerequisite, "个人账号未归属任何租户，不能添加资源");
  if (user.org_id != null) return { orgId: Number(user.org_id), tenantId: Number(user.tenant_id) };
  const org = await trx.insertInto("organisations").values({ platform_id: scope.platformId, tenant_id: user.tenant_id, name: `${user.name}（个人）`, credit_code: null }).returning("id").executeTakeFirstOrThrow();
  await trx.updateTable("users").set({ org_id: org.id }).where("id", "=", scope.userId).execute();
  return { orgId: Number(org.id), tenantId: Number(user.tenant_id) };
}

/** Where a new row belongs: the caller's organisation, or for staff the one the body names (within their scope). */
async function ownerColumns(trx: AnyDb, binding: Binding, scope: CallerScope, orgId: number | undefined) {
  if (binding.stamp === "platform") return { platform_id: scope.platformId, tenant_id: scope.tenantId, org_id: orgId ?? scope.orgId, owner_user_id: isIndividual(scope) ? scope.userId : null };
  if (isOrgUser(scope)) return { platform_id: scope.platformId, tenant_id: scope.tenantId, org_id: scope.orgId, owner_user_id: null };
  if (isIndividual(scope)) {
    const own = await personalOrgId(trx, scope);
    return { platform_id: scope.platformId, tenant_id: own.tenantId, org_id: own.orgId, owner_user_id: scope.userId };
  }
  // Staff name the organisation; it must be one they see.
  if (orgId === undefined) throw new HttpError(400, "请选择所属企业");
  const org = await trx.selectFrom("organisations").select(["id", "tenant_id"]).where("id", "=", orgId).where(rowsFor(scope, "organisations", { org: "id" })).executeTakeFirst();
  if (!org) throw new HttpError(400, "所属企业不存在或不在您的管理范围内");
  return { platform_id: scope.platformId, tenant_id: Number(org.tenant_id), org_id: Number(org.id), owner_user_id: null };
}

/**
 * Each reference must name a row the caller may see through the referenced resource's own scope, and
 * one its `choosable` rule allows (unless the field accepts any state, or the row keeps the one it has).
 */
async function checkRefs(trx: AnyDb, def: AnyResource, scope: CallerScope, body: Record<string, unknown>, before?: Row): Promise<void> {
  for (const [key, field] of Object.entries(def.fields)) {
    const value = body[key];
    if (!field.ref || value === null || value === undefined) continue;
    const target = bindingOf(field.ref.resource);
    if (!target) continue;
    const rule = field.ref.anyState ? [] : choosableColumns(target.def);
    const title = columnOf(target.def.titleField, target.def.fields[target.def.titleField]!);
    const found = (await scopedBase(trx, target, scope)
      .select(["t.id", `t.${title} as title`, ...rule.map((r) => `t.${r.column}`)] as never)
      .where("t.id", "=", Number(value))
      .executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!found) throw new HttpError(400, `${field.label}不存在或不可选`);
    if (before && String(before[columnOf(key, field)] ?? "") === String(value)) continue;
    const reason = rule.length ? unchoosableReason(target.def, found) : null;
    if (reason) throw new Refusal(RefusalCode.invalid, `${field.label}「${String(found.title)}」不可选：${reason}，请选择其他${target.def.name}`);
  }
}

async function checkUnique(trx: AnyDb, binding: Binding, scope: CallerScope, body: Record<string, unknown>, exceptId?: number): Promise<void> {
  for (const [key, message] of Object.entries(binding.unique ?? {})) {
    const value = body[key];
    if (value === null || value === undefined) continue;
    const column = columnOf(key, binding.def.fields[key]!);
    const sealed = sealedColumnsOf(binding.table).includes(column);
    let query = trx.selectFrom(binding.table).select("id").where(sealed ? hashColumn(column) : column, "=", sealed ? idNoHash(String(value)) : value).where("platform_id", "=", scope.platformId).where("deleted_at", "is", null);
    if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
    if (await query.executeTakeFirst()) throw new Refusal(RefusalCode.illegalState, message(value));
  }
}

/** A new row's unanswered yes/no questions (a form's 「请选择」 left as it was) are the binding's default, else 否; never null. */
function unansweredBools(binding: Binding, body: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(binding.def.fields)) {
    const column = columnOf(key, field);
    if (field.kind === "bool" && field.form && body[key] == null) values[column] = binding.defaults?.[column] ?? toColumn(field, false);
  }
  return values;
}

function columnsOf(def: AnyResource, body: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const field = def.fields[key];
    if (field && value !== undefined) values[columnOf(key, field)] = toColumn(field, value);
  }
  return values;
}

/** An edit's changes for the audit trail; an ID number compared by its hash and recorded masked. */
function changesOf(table: string, before: Row, values: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const sealed = sealedColumnsOf(table);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [column, value] of Object.entries(values)) {
    if (sealed.includes(column) && !isSealedId(value)) {
      const hash = value == null || value === "" ? null : idNoHash(String(value));
      if ((before[hashColumn(column)] ?? null) !== hash) changes[column] = [before[maskColumn(column)] ?? null, hash ? maskIdNo(String(value).toUpperCase()) : null];
    } else if (String(before[column] ?? "") !== String(value ?? "")) changes[column] = [before[column] ?? null, value];
  }
  return changes;
}

/** A unique index refused the row: a concurrent write took the same value. */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
};

async function runWrite<T>(ctx: ServiceContext, binding: Binding, work: (trx: AnyDb) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.kysely.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(RefusalCode.illegalState, `${binding.def.name}已存在（唯一字段重复），请检查后重试`);
    throw error;
  }
}

/**
 * Region fields hold codes of GB/T 2260 (contract/regions.ts): the shared schema checks the shape, the
 * platform that the division exists and is as deep as the field asks (a city, or a county).
 */
export function checkRegions(fields: Readonly<Record<string, Field>>, body: Record<string, unknown>): void {
  for (const [key, field] of Object.entries(fields)) {
    const code = body[key];
    if (field.kind !== "region" || typeof code !== "string") continue;
    const problem = regionProblem(field, code);
    if (problem) throw new HttpError(400, problem);
  }
}

/** Why a region field's code is not acceptable (null when it is): it must exist and be deep enough. */
export function regionProblem(field: Field, code: string): string | null {
  if (!regionExists(code)) return `${field.label} ${code} 不是有效的行政区划代码（GB/T 2260），请在 省 / 市 / 区 中选择`;
  const levels = regionLevels(code);
  if (!levels.city) return `${field.label}请至少选到市（现为 ${regionPath(code)}）`;
  if (field.regionLevel === "district" && !levels.district) return `${field.label}请选到区县（现为 ${regionPath(code)}）`;
  return null;
}

export async function createResource(ctx: ServiceContext, binding: Binding, scope: CallerScope, input: unknown) {
  const { def } = binding;
  assertWaterFor(binding, scope);
  assertMay(def, scope, "create");
  const parsed = parse(createSchema(def), input) as Record<string, unknown>;
  checkRegions(def.fields, parsed);
  const row = await runWrite(ctx, binding, async (trx) => {
    const body = await engineServices().screenFields(trx, scope.platformId, def.fields, parsed);
    await checkRefs(trx, def, scope, body);
    await checkUnique(trx, binding, scope, body);
    const at = nowIso();
    const values: Record<string, unknown> = {
      ...(await ownerColumns(trx, binding, scope, body.orgId as number | undefined)),
      ...binding.defaults,
      ...columnsOf(def, body),
      ...unansweredBools(binding, body),
      created_at: at,
      updated_at: at,
      created_by: scope.userId,
      updated_by: scope.userId,
    };
    if (def.status) values[statusColumnOf(def)!] = def.status.initial;
    if (binding.number) values[columnOf(binding.number.field, def.fields[binding.number.field]!)] = await nextSerial(trx, binding.number.prefix);
    await checkImageRefs(trx, def, scope, values, null);
    await binding.hooks?.beforeCreate?.(trx, scope, values, body);
    sealIdColumns(binding.table, values);
    const row = (await trx.insertInto(binding.table).values(values).returningAll().executeTakeFirstOrThrow()) as Row;
    await recordResourceEvent(trx, scope, def.key, row, { action: "CREATE", label: "新增", to: def.status ? String(values[statusColumnOf(def)!]) : null });
    return row;
  });
  const warning = await binding.hooks?.afterCreate?.(ctx, scope, row).catch((error: unknown) => ctx.log.error({ err: error }, "afterCreate hook failed"));
  const record = (await toRecords(ctx.db.kysely, binding, scope, [row]))[0]!;
  return warning ? { ...record, warning } : record;
}

export async function updateResource(ctx: ServiceContext, binding: Binding, scope: CallerScope, id: number, input: unknown) {
  const { def } = binding;
  assertWaterFor(binding, scope);
  assertMay(def, scope, "update");
  const parsed = parse(updateSchema(def), input) as Record<string, unknown>;
  checkRegions(def.fields, parsed);
  const row = await runWrite(ctx, binding, async (trx) => {
    const body = await engineServices().screenFields(trx, scope.platformId, def.fields, parsed);
    const before = await findWritableRow(trx, binding, scope, id, "update", "编辑");
    const statusColumn = statusColumnOf(def);
    if (def.status && !def.status.editableIn.includes(String(before[statusColumn!]))) {
      throw new Refusal(RefusalCode.illegalState, `${rowTitle(def, recordLike(def, before))} 当前状态为「${stateLabel(def, def.status.field, before[statusColumn!])}」，不能编辑`);
    }
    if (typeof body.version === "number" && body.version !== Number(before.version)) throw stale(def, before);
    const { version: _version, ...fields } = body;
    await checkRefs(trx, def, scope, fields, before);
    await checkUnique(trx, binding, scope, fields, id);
    const values = columnsOf(def, fields);
    const changes = changesOf(binding.table, before, values);
    await checkImageRefs(trx, def, scope, values, before);
    await binding.hooks?.beforeUpdate?.(trx, scope, before, values);
    sealIdColumns(binding.table, values);
    const reaudit = def.status?.onEdit && Object.keys(changes).length > 0 && before[statusColumn!] !== def.status.onEdit;
    if (reaudit) values[statusColumn!] = def.status!.onEdit;
    const result = await trx
      .updateTable(binding.table)
      .set({ ...values, updated_at: nowIso(), updated_by: scope.userId, version: Number(before.version) + 1 })
      .where("id", "=", id)
      .where("version", "=", Number(before.version))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw stale(def, before);
    const after = (await trx.selectFrom(binding.table).selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as Row;
    await recordResourceEvent(trx, scope, def.key, after, {
      action: "UPDATE",
      label: reaudit ? "修改资料，重新审核" : "修改资料",
      from: statusColumn ? String(before[statusColumn]) : null,
      to: statusColumn ? String(after[statusColumn]) : null,
      detail: changes,
    });
    return after;
  });
  return (await toRecords(ctx.db.kysely, binding, scope, [row]))[0]!;
}

export async function deleteResource(ctx: ServiceContext, binding: Binding, scope: CallerScope, id: number) {
  const { def } = binding;
  assertWaterFor(binding, scope);
  assertMay(def, scope, "delete");
  const record = await runWrite(ctx, binding, async (trx) => {
    const before = await findWritableRow(trx, binding, scope, id, "delete", "删除");
    const statusColumn = statusColumnOf(def);
    if (def.status && !deletableIn(def, String(before[statusColumn!]))) {
      throw new Refusal(RefusalCode.illegalState, `${rowTitle(def, recordLike(def, before))} 当前状态为「${stateLabel(def, def.status.field, before[statusColumn!])}」，不能删除`);
    }
    await binding.hooks?.beforeDelete?.(trx, scope, before);
    const at = nowIso();
    const result = await trx.updateTable(binding.table).set({ deleted_at: at, updated_at: at, updated_by: scope.userId, version: Number(before.version) + 1 }).where("id", "=", id).where("version", "=", Number(before.version)).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw stale(def, before);
    await recordResourceEvent(trx, scope, def.key, before, { action: "DELETE", label: "删除" });
    return recordLike(def, before);
  });
  return { id, title: rowTitle(def, record) };
}

export async function transitionResource(ctx: ServiceContext, binding: Binding, scope: CallerScope, id: number, key: string, input: unknown) {
  const { def } = binding;
  if (rowActionOf(def, key)) return rowAction(ctx, binding, scope, id, key, input);
  const transition = transitionOf(def, key);
  if (!transition) throw notFound("不支持的操作");
  assertWaterFor(binding, scope);
  if (!mayTransition(def, scope, key)) throw new Refusal(RefusalCode.notPermitted, `当前账号没有「${def.name}${transition.label}」的权限`);
  const body = parse(transitionSchema(def, key), input) as Record<string, unknown>;
  const column = transitionColumn(def, transition);
  const service = binding.services?.[key];
  if (service) return serviceTransition(ctx, binding, scope, id, key, body, service);
  const notices = engineServices().transitionNotices();
  const row = await runWrite(ctx, binding, async (trx) => {
    const before = await findWritableRow(trx, binding, scope, id, key, transition.label);
    const from = assertLegal(def, transition, before, column);
    if (typeof body.version === "number" && body.version !== Number(before.version)) throw stale(def, before);
    const { version: _version, ...unscreened } = body;
    const inputs = await engineServices().foldDictChoices(trx, scope.platformId, transition.input ?? {}, await engineServices().screenFields(trx, scope.platformId, transition.input ?? {}, unscreened));
    const values = columnsOf(def, inputs);
    // A transition's documents (上传发票影像) are new: only files the writer uploaded, never a typed address.
    await checkImageRefs(trx, { ...def, fields: Object.fromEntries(Object.entries(transition.input ?? {}).filter(([key]) => def.fields[key])) } as AnyResource, scope, values, before, true);
    const result = await trx
      .updateTable(binding.table)
      .set({ ...values, [column]: transition.to, updated_at: nowIso(), updated_by: scope.userId, version: Number(before.version) + 1 })
      .where("id", "=", id)
      .where(column, "=", from)
      .where("version", "=", Number(before.version))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw stale(def, before);
    const moved = (await trx.selectFrom(binding.table).selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as Row;
    await binding.hooks?.onTransition?.(trx, scope, moved, key, inputs);
    // The answer shows what the hook changed too (e.g. a later expiry).
    const after = binding.hooks?.onTransition ? ((await trx.selectFrom(binding.table).selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as Row) : moved;
    const remark = Object.values(inputs).find((v) => typeof v === "string") as string | undefined;
    await recordResourceEvent(trx, scope, def.key, after, { action: key.toUpperCase(), label: transition.label, from, to: transition.to, remark: remark ?? null });
    await notices.stage(trx, binding, scope, after, key, String(recordLike(def, after)[def.titleField] ?? after.id));
    return after;
  });
  await notices.deliver(ctx);
  const warning = await binding.hooks?.afterTransition?.(ctx, scope, row, key).catch((error: unknown) => ctx.log.error({ err: error }, "afterTransition hook failed"));
  const record = (await toRecords(ctx.db.kysely, binding, scope, [row]))[0]!;
  return warning ? { ...record, warning } : record;
}

/** The column a transition moves: its enum field's, or the status column. */
function transitionColumn(def: AnyResource, transition: Transition<string>): string {
  const field = transitionField(def, transition);
  return def.fields[field] ? columnOf(field, def.fields[field]) : statusColumnOf(def)!;
}

/** The state check of a transition: its `from` and its `when` on other fields, with the refusal naming the state. */
function assertLegal(def: AnyResource, transition: Transition<string>, row: Row, column: string): string {
  const field = transitionField(def, transition);
  const from = String(row[column]);
  if (!transition.from.includes(from)) throw new Refusal(RefusalCode.illegalState, `${rowTitle(def, recordLike(def, row))} 当前状态为「${stateLabel(def, field, from)}」，不能${transition.label}`);
  for (const [other, states] of Object.entries(transition.when ?? {})) {
    const value = row[columnOf(other, def.fields[other]!)];
    if (!states.includes(String(value))) throw new Refusal(RefusalCode.illegalState, `${rowTitle(def, recordLike(def, row))} 的${def.fields[other]!.label}为「${stateLabel(def, other, value)}」，不能${transition.label}`);
  }
  return from;
}

/** A transition its service carries out (the ledger's money moves): the engine's checks, then the service, then the row as it is now. */
async function serviceTransition(ctx: ServiceContext, binding: Binding, scope: CallerScope, id: number, key: string, body: Record<string, unknown>, service: TransitionService) {
  const { def } = binding;
  const transition = transitionOf(def, key)!;
  const column = transitionColumn(def, transition);
  const db = ctx.db.kysely;
  const before = await findWritableRow(db, binding, scope, id, key, transition.label);
  assertLegal(def, transition, before, column);
  const { version: _version, ...inputs } = body;
  await service(ctx, scope, id, inputs);
  return (await toRecords(db, binding, scope, [await findRow(db, binding, scope, id)]))[0]!;
}

/**
 * A row action that is not a transition (`def.actions`): the engine checks the caller's kind and codes,
 * the row's scope and write scope, the action's `when` states and the binding's guard, then its service
 * carries it out with its own checks and history; the answer is the row as it is now.
 */
async function rowAction(ctx: ServiceContext, binding: Binding, scope: CallerScope, id: number, key: string, input: unknown) {
  const { def } = binding;
  const action = rowActionOf(def, key)!;
  assertWaterFor(binding, scope);
  if (!mayRowAction(def, scope, key)) throw new Refusal(RefusalCode.notPermitted, `当前账号没有「${def.name}${action.label}」的权限`);
  const { version: _version, ...inputs } = parse(transitionSchema(def, key), input) as Record<string, unknown>;
  const db = ctx.db.kysely;
  const before = await findWritableRow(db, binding, scope, id, key, action.label);
  const [record] = await toRecords(db, binding, scope, [before]);
  if (!rowActionLegal(def, action, record!)) {
    const [field, states] = Object.entries(action.when ?? {}).find(([name, allowed]) => !allowed.includes(String(record![name])))!;
    throw new Refusal(RefusalCode.illegalState, `${rowTitle(def, record!)} 当前${fieldOf(def, field)?.label ?? "状态"}为「${stateLabel(def, field, record![field])}」，不能${action.label}（须为${states.map((s) => stateLabel(def, field, s)).join("或")}）`);
  }
  await binding.services![key]!(ctx, scope, id, inputs);
  return (await toRecords(db, binding, scope, [await findRow(db, binding, scope, id)]))[0]!;
}
