/**
 * 角色、用户、权限 administration (domain 6.1). Scope: SYSTEM_USER manages the platform, TENANT_USER
 * its tenant (TENANT and ORG kinds), ORG_USER its organisation (ORG kind). No escalation: a role
 * gains, and a user receives, only codes the caller holds. Permissions are read on every request
 * (identity/service authenticate), so a role change shows on the affected user's next request; a
 * disabled user's tokens are revoked and their sockets told LOGOUT.
 */
import type { FastifyInstance } from "fastify";
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { z } from "zod";
import { RefusalCode } from "../../../contract/envelope.js";
import { idSchema } from "../../../contract/fields.js";
import { PERMISSIONS } from "../../../contract/permissions.js";
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from "../../../contract/platforms.js";
import { MOBILE_PATTERN } from "../../../contract/validation.js";
import type { ServiceContext } from "../../context.js";
import { nowIso } from "../../db/index.js";
import type { Database } from "../../db/schema.js";
import { HttpError, notFound, ok, offsetOf, paged, pagingSchema, Refusal } from "../../http/envelope.js";
import { parse } from "../../http/validate.js";
import type { Caller } from "../../identity/caller.js";
import { hashPassword, randomToken } from "../../identity/crypto.js";
import { requireCaller } from "../../identity/guard.js";
import { announceRevocation } from "../../identity/service.js";
import { sendAccountSms } from "../../identity/account-sms.js";
import { passwordNotSent } from "../../../contract/account-sms.js";
import { requireCode } from "../../http/permission.js";
import { isIndividual, isOrgUser, isPlatformStaff, isTenantStaff, NOTHING, ownOrgId, rowsFor, type CallerScope } from "../../scope.js";

const STAFF: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"];
const USER_ADMIN_CODE = "IAM_USER_MANAGEMENT";
/** A connection or a transaction (Transaction extends Kysely). */
type AnyDb = Kysely<Database>;

const notPermitted = (message: string) => new Refusal(RefusalCode.notPermitted, message);
const illegal = (message: string) => new Refusal(RefusalCode.illegalState, message);

/** The kinds of users (and roles) a caller manages. */
export function managedKinds(caller: Pick<Caller, "type">): readonly UserType[] {
  if (isPlatformStaff(caller)) return USER_TYPES;
  if (isTenantStaff(caller)) return ["TENANT_USER", "ORG_USER"];
  if (isOrgUser(caller)) return ["ORG_USER"];
  return [];
}

type Manager = Caller | CallerScope;

/**
 * Roles the caller may change (alias `alias`): those of their own scope, the platform's for platform
 * staff (the platform's templates only by them). The engine's write scope of 角色管理 and the service's
 * writes (`editableRole`) read it.
 */
export const editableRoles = (caller: Manager, alias: string) => rowsFor(caller, alias, { individual: null });

/** Roles the caller may delete: one they may change that is not built in and that no one holds (`deleteRole` says why not). */
export const deletableRoles = (caller: Manager, alias: string) =>
  sql<SqlBool>`(${editableRoles(caller, alias)} and ${sql.ref(`${alias}.built_in`)} = 0 and not exists (select 1 from user_roles ur where ur.role_id = ${sql.ref(`${alias}.id`)}))`;

/** Roles the caller sees: those they may change, plus the platform's templates of the kinds they manage. */
export function visibleRoles(caller: Manager, alias: string): RawBuilder<SqlBool> {
  const kinds = managedKinds(caller);
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const template = kinds.length ? sql<SqlBool>`(${column("tenant_id")} is null and ${column("org_id")} is null and ${column("user_type")} in (${sql.join([...kinds])}))` : NOTHING;
  return sql<SqlBool>`(${column("platform_id")} = ${caller.platformId} and (${template} or ${editableRoles(caller, alias)}))`;
}

/** The kinds of account a caller manages: staff of their scope, or every account of the platform for `all`. */
const managedAccountKinds = (caller: Manager, all: boolean) => (all ? USER_TYPES : managedKinds(caller).filter((k) => STAFF.includes(k)));

/**
 * Users the caller manages (alias `alias`): staff of their scope, or every account of the platform for
 * `all`. The account actions look a user up through it, and the engine's 用户管理 / 平台用户 list it
 * (resources.ts), platform staff with `all` (as the account actions have always reached them).
 */
export const managedAccounts = (caller: Manager, alias: string, all = isPlatformStaff(caller)) =>
  sql<SqlBool>`(${sql.ref(`${alias}.platform_id`)} = ${caller.platformId} and ${sql.ref(`${alias}.type`)} in (${sql.join([...managedAccountKinds(caller, all)])}) and ${rowsFor(caller, alias, { individual: null })})`;

async function codesOfRole(db: AnyDb, roleId: number): Promise<string[]> {
  const rows = await db.selectFrom("role_permissions").select("permission_code").where("role_id", "=", roleId).orderBy("permission_code").execute();
  return rows.map((r) => r.permission_code);
}

/**
 * The codes a role ends with when the caller asks for `wanted`: codes the caller holds follow the
 * request; codes they lack stay as they were. Asking for a code the caller lacks is refused.
 */
export function resolveRoleCodes(caller: Caller, before: readonly string[], wanted: readonly string[]): string[] {
  const unknown = wanted.filter((code) => !(code in PERMISSIONS));
  if (unknown.length) throw new HttpError(400, `权限码不存在：${unknown.join("、")}`);
  const escalate = wanted.filter((code) => !caller.permissions.has(code) && !before.includes(code));
  if (escalate.length) throw notPermitted(`不能授予您自己没有的权限：${escalate.map((c) => PERMISSIONS[c as keyof typeof PERMISSIONS].name).join("、")}`);
  const kept = before.filter((code) => !caller.permissions.has(code));
  const granted = wanted.filter((code) => caller.permissions.has(code));
  return [...new Set([...kept, ...granted])].sort();
}

type ScopedUser = { platform_id: string; type: UserType; tenant_id: number | null; org_id: number | null };

/** The scope an account's own kind of user sees: the users a holder of 用户管理 there can manage. */
const scopeOfAccount = (user: ScopedUser): CallerScope => ({ type: user.type, userId: 0, name: "", platformId: user.platform_id, tenantId: user.tenant_id, orgId: user.org_id, water: false, permissions: new Set() });

async function hasUserAdmin(trx: AnyDb, user: ScopedUser): Promise<boolean> {
  const query = trx
    .selectFrom("users as u")
    .innerJoin("user_roles as ur", "ur.user_id", "u.id")
    .innerJoin("roles as r", "r.id", "ur.role_id")
    .innerJoin("role_permissions as rp", "rp.role_id", "r.id")
    .select("u.id")
    .where("rp.permission_code", "=", USER_ADMIN_CODE)
    .where("u.status", "=", "ACTIVE")
    .where("r.status", "=", "ENABLED")
    .where("u.type", "=", user.type)
    .where(rowsFor(scopeOfAccount(user), "u"));
  return !!(await query.limit(1).executeTakeFirst());
}

/**
 * Call before a change: `check()` after it refuses (and so rolls back) a change that left a scope
 * which had an ACTIVE holder of IAM_USER_MANAGEMENT without one.
 */
async function guardUserAdmins(trx: AnyDb, users: readonly ScopedUser[]): Promise<{ check(): Promise<void> }> {
  const staff = users.filter((u) => !isIndividual(u));
  const had = await Promise.all(staff.map((u) => hasUserAdmin(trx, u)));
  return {
    async check() {
      for (const [i, user] of staff.entries()) {
        if (had[i] && !(await hasUserAdmin(trx, user))) throw illegal("该范围内至少需要保留一名有「用户管理」权限的在用账号");
      }
    },
  };
}

// ---------------------------------------------------------------- roles

const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label}最多 ${max} 个字`).optional().nullable().transform((v) => v || undefined);
const codesSchema = z.array(z.string().max(64, "权限码过长"), { invalid_type_error: "权限码 codes 必须是数组" }).max(500, "权限码过多").default([]);

const roleBody = z.object({
  name: z.string({ required_error: "请填写角色名称" }).trim().min(1, "请填写角色名称").max(64, "角色名称最多 64 个字"),
  userType: z.enum(USER_TYPES as unknown as [UserType, ...UserType[]], { errorMap: () => ({ message: "请选择用户类型" }) }),
  description: optionalText("角色描述", 200),
  codes: codesSchema,
});
const roleUpdate = roleBody.omit({ userType: true });
const idParams = z.object({ id: idSchema("id") });

type RoleRowDb = { id: number; name: string; user_type: UserType; description?: string | null; built_in: number; status: string };

const roleRecord = (r: RoleRowDb) => ({ id: Number(r.id), name: r.name, userType: r.user_type, description: r.description ?? null, builtIn: Number(r.built_in) === 1, status: r.status });

/** The role if the caller sees it, with whether they may change it (`editable`, 1 or 0), in one read. */
async function findRole(db: AnyDb, caller: Manager, id: number) {
  const role = await db
    .selectFrom("roles as r")
    .selectAll("r")
    .select(sql<number>`case when ${editableRoles(caller, "r")} then 1 else 0 end`.as("editable"))
    .where("r.id", "=", id)
    .where(visibleRoles(caller, "r"))
    .executeTakeFirst();
  if (!role) throw notFound("角色不存在或不在您的管理范围内");
  return role;
}

async function editableRole(db: AnyDb, caller: Manager, id: number) {
  const role = await findRole(db, caller, id);
  if (Number(role.editable) !== 1) throw notPermitted(`角色「${role.name}」由上级维护，您不能修改`);
  return role;
}

/** The catalogue grouped by category; `grantable` says whether the caller may put the code into a role. */
export function catalogue(caller: Caller) {
  const groups = new Map<string, Array<{ code: string; name: string; grantable: boolean }>>();
  for (const [code, entry] of Object.entries(PERMISSIONS)) {
    const list = groups.get(entry.category) ?? [];
    list.push({ code, name: entry.name, grantable: caller.permissions.has(code) });
    groups.set(entry.category, list);
  }
  return [...groups].map(([category, codes]) => ({ category, codes }));
}

export async function roleDetail(ctx: ServiceContext, caller: Caller, id: number) {
  const role = await findRole(ctx.db.kysely, caller, id);
  const users = await ctx.db.kysely
    .selectFrom("user_roles as ur")
    .innerJoin("users as u", "u.id", "ur.user_id")
    .select(["u.id", "u.name", "u.mobile", "u.status"])
    .where("ur.role_id", "=", id)
    .orderBy("u.id")
    .limit(200)
    .execute();
  return {
    ...roleRecord(role),
    editable: Number(role.editable) === 1,
    codes: await codesOfRole(ctx.db.kysely, id),
    users: users.map((u) => ({ id: Number(u.id), name: u.name, mobile: u.mobile, status: u.status })),
  };
}

async function writeCodes(trx: AnyDb, roleId: number, codes: readonly string[]): Promise<void> {
  await trx.deleteFrom("role_permissions").where("role_id", "=", roleId).execute();
  if (codes.length) await trx.insertInto("role_permissions").values(codes.map((code) => ({ role_id: roleId, permission_code: code }))).execute();
}

async function assertRoleNameFree(trx: AnyDb, caller: Caller, owner: { tenant_id: number | null; org_id: number | null }, name: string, exceptId?: number) {
  let query = trx.selectFrom("roles").select("id").where("platform_id", "=", caller.platformId).where("name", "=", name);
  query = owner.tenant_id === null ? query.where("tenant_id", "is", null) : query.where("tenant_id", "=", owner.tenant_id);
  query = owner.org_id === null ? query.where("org_id", "is", null) : query.where("org_id", "=", owner.org_id);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) throw illegal(`角色名称「${name}」已存在`);
}

export async function createRole(ctx: ServiceContext, caller: Caller, input: unknown) {
  const body = parse(roleBody, input);
  if (!managedKinds(caller).includes(body.userType)) throw notPermitted(`您不能创建「${USER_TYPE_LABELS[body.userType]}」的角色`);
  const codes = resolveRoleCodes(caller, [], body.codes);
  const owner = { tenant_id: isPlatformStaff(caller) ? null : caller.tenantId, org_id: ownOrgId(caller) ?? null };
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await assertRoleNameFree(trx, caller, owner, body.name);
    const at = nowIso();
    const role = await trx
      .insertInto("roles")
      .values({ platform_id: caller.platformId, name: body.name, user_type: body.userType, description: body.description ?? null, ...owner, built_in: 0, status: "ENABLED", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeCodes(trx, Number(role.id), codes);
    return { id: Number(role.id), codes };
  });
}

async function holdersOf(trx: AnyDb, roleId: number) {
  return trx.selectFrom("users as u").innerJoin("user_roles as ur", "ur.user_id", "u.id").select(["u.platform_id", "u.type", "u.tenant_id", "u.org_id"]).where("ur.role_id", "=", roleId).execute();
}

export async function updateRole(ctx: ServiceContext, caller: Caller, id: number, input: unknown) {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // A role the caller may not change is refused as such (404, 4003) whatever the body says.
    const role = await editableRole(trx, caller, id);
    const body = parse(roleUpdate, input);
    if (Number(role.built_in) === 1 && !isPlatformStaff(caller)) throw notPermitted("内置角色的权限只能由平台用户修改");
    await assertRoleNameFree(trx, caller, { tenant_id: role.tenant_id ?? null, org_id: role.org_id ?? null }, body.name, id);
    const codes = resolveRoleCodes(caller, await codesOfRole(trx, id), body.codes);
    const admins = await guardUserAdmins(trx, await holdersOf(trx, id));
    await trx.updateTable("roles").set({ name: body.name, description: body.description ?? null, updated_at: nowIso() }).where("id", "=", id).execute();
    await writeCodes(trx, id, codes);
    await admins.check();
    return { id, codes };
  });
}

export async function setRoleStatus(ctx: ServiceContext, caller: Manager, id: number, status: "ENABLED" | "DISABLED") {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const role = await editableRole(trx, caller, id);
    if (role.status === status) throw illegal(`角色「${role.name}」已经是${status === "ENABLED" ? "启用" : "停用"}状态`);
    const admins = await guardUserAdmins(trx, await holdersOf(trx, id));
    await trx.updateTable("roles").set({ status, updated_at: nowIso() }).where("id", "=", id).execute();
    await admins.check();
    return { id, status };
  });
}

export async function deleteRole(ctx: ServiceContext, caller: Manager, id: number) {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const role = await editableRole(trx, caller, id);
    if (Number(role.built_in) === 1) throw illegal(`「${role.name}」是内置角色，不能删除`);
    const holders = await trx.selectFrom("user_roles").select(sql<number>`count(*)`.as("n")).where("role_id", "=", id).executeTakeFirstOrThrow();
    if (Number(holders.n) > 0) throw illegal(`角色「${role.name}」还有 ${holders.n} 个用户，不能删除`);
    await trx.deleteFrom("role_permissions").where("role_id", "=", id).execute();
    await trx.deleteFrom("roles").where("id", "=", id).execute();
    return { id, title: role.name };
  });
}

/** Roles the caller may give to a user of `type` in `orgId` (enabled, visible, nothing the caller lacks). */
export async function assignableRoles(db: AnyDb, caller: Caller | CallerScope, type: UserType, target: { tenant_id: number | null; org_id: number | null }) {
  const roles = await db
    .selectFrom("roles as r")
    .select(["r.id", "r.name", "r.tenant_id", "r.org_id"])
    .where(visibleRoles(caller, "r"))
    .where("r.user_type", "=", type)
    .where("r.status", "=", "ENABLED")
    .orderBy("r.id")
    .execute();
  const out: Array<{ id: number; name: string }> = [];
  for (const role of roles) {
    if (role.tenant_id != null && Number(role.tenant_id) !== target.tenant_id) continue;
    if (role.org_id != null && Number(role.org_id) !== target.org_id) continue;
    const codes = await codesOfRole(db, Number(role.id));
    if (codes.every((c) => caller.permissions.has(c))) out.push({ id: Number(role.id), name: role.name });
  }
  return out;
}

// ---------------------------------------------------------------- users

const roleIds = z.array(z.number({ invalid_type_error: "角色 roleIds 只能包含数字" }).int().positive(), { invalid_type_error: "角色 roleIds 必须是数组" }).max(20, "最多选择 20 个角色").default([]);
const userCreate = z.object({
  mobile: z.string({ required_error: "请填写手机号" }).trim().regex(MOBILE_PATTERN, "请输入正确的11位手机号"),
  name: z.string({ required_error: "请填写姓名" }).trim().min(1, "请填写姓名").max(64, "姓名最多 64 个字"),
  type: z.enum(USER_TYPES as unknown as [UserType, ...UserType[]], { errorMap: () => ({ message: "请选择用户类型" }) }),
  orgId: z.number({ invalid_type_error: "所属企业不正确（orgId）" }).int().positive().optional().nullable(),
  roleIds,
});
const userUpdate = z.object({
  name: z.string({ required_error: "请填写姓名" }).trim().min(1, "请填写姓名").max(64, "姓名最多 64 个字"),
  roleIds,
});

export type AccountStatus = "ACTIVE" | "DISABLED" | "LOCKED";
const accountStatus = (u: { status: string; locked_until: string | null }, now: string): AccountStatus => (u.status !== "ACTIVE" ? "DISABLED" : u.locked_until && u.locked_until > now ? "LOCKED" : "ACTIVE");

async function findUser(db: AnyDb, caller: Manager, id: number, all = false) {
  const user = await db.selectFrom("users as u").selectAll("u").where("u.id", "=", id).where(managedAccounts(caller, "u", all)).executeTakeFirst();
  if (!user) throw notFound("用户不存在或不在您的管理范围内");
  return user;
}

async function setRoles(trx: AnyDb, caller: Manager, user: { id: number; type: UserType; tenant_id: number | null; org_id: number | null }, ids: readonly number[]): Promise<void> {
  const allowed = await assignableRoles(trx, caller, user.type, user);
  const current = await trx.selectFrom("user_roles").select("role_id").where("user_id", "=", user.id).execute();
  const currentIds = current.map((r) => Number(r.role_id));
  // A role the caller could not grant stays as it was: neither given nor taken away.
  const refused = ids.filter((id) => !allowed.some((r) => r.id === id) && !currentIds.includes(id));
  if (refused.length) throw notPermitted("所选角色不可分配：角色不存在、已停用、类型不符，或包含您没有的权限");
  const keep = currentIds.filter((id) => !allowed.some((r) => r.id === id));
  const next = [...new Set([...keep, ...ids.filter((id) => allowed.some((r) => r.id === id))])];
  await trx.deleteFrom("user_roles").where("user_id", "=", user.id).execute();
  if (next.length) await trx.insertInto("user_roles").values(next.map((role_id) => ({ user_id: user.id, role_id }))).execute();
}

/**
 * A random first password; it is already expired, so the first login goes to 修改密码. Returns the SMS
 * to send once the transaction has committed (`sendPasswordSms`).
 */
interface PasswordSms {
  platformId: string;
  orgId: number | null;
  userId: number;
  mobile: string;
  password: string;
  action: string;
}

export async function issueTemporaryPassword(trx: AnyDb, user: { id: number; mobile: string; platform_id: string; org_id: number | null }, action: string): Promise<PasswordSms> {
  const password = `Tms${randomToken(6).replace(/[^A-Za-z0-9]/g, "x")}9`;
  const at = nowIso();
  await trx.updateTable("users").set({ password_hash: await hashPassword(password), password_changed_at: at, pw_expiration: at, failed_attempts: 0, locked_until: null }).where("id", "=", user.id).execute();
  return { platformId: user.platform_id, orgId: user.org_id, userId: user.id, mobile: user.mobile, password, action };
}

/**
 * The password goes out through the SMS provider (and, out of production, the development outbox).
 * Answers why it did not reach the provider, or null: the caller tells the person at the page at once,
 * as the account cannot be used until 重置密码 sends a new one.
 */
async function sendPasswordSms(ctx: ServiceContext, sms: PasswordSms | null): Promise<string | null> {
  if (!sms) return null;
  const sent = await sendAccountSms(ctx, { code: "PASSWORD_ISSUED", platformId: sms.platformId, orgId: sms.orgId, userId: sms.userId, mobile: sms.mobile, values: { mobile: sms.mobile, action: sms.action, password: sms.password }, outboxKind: "sms" });
  return sent.accepted ? null : (sent.error ?? "短信服务商未受理");
}

export async function createUser(ctx: ServiceContext, caller: Caller, input: unknown) {
  const body = parse(userCreate, input);
  const kinds = managedKinds(caller).filter((k) => STAFF.includes(k));
  if (!kinds.includes(body.type)) throw notPermitted(`您不能添加「${USER_TYPE_LABELS[body.type]}」`);
  const result = await ctx.db.kysely.transaction().execute(async (trx) => {
    let tenantId: number | null = null;
    let orgId: number | null = null;
    if (isTenantStaff(body)) tenantId = isPlatformStaff(caller) ? null : caller.tenantId;
    if (isOrgUser(body)) {
      const wanted = isOrgUser(caller) ? caller.orgId : body.orgId;
      if (!wanted) throw new HttpError(400, "请选择所属企业");
      const org = await trx.selectFrom("organisations").select(["id", "tenant_id"]).where("id", "=", wanted).where(rowsFor(caller, "organisations", { org: "id" })).executeTakeFirst();
      if (!org) throw new HttpError(400, "所属企业不存在或不在您的管理范围内");
      orgId = Number(org.id);
      tenantId = Number(org.tenant_id);
    }
    if (isTenantStaff(body) && tenantId === null) {
      const tenant = await trx.selectFrom("tenants").select("id").where("platform_id", "=", caller.platformId).orderBy("id").executeTakeFirst();
      if (!tenant) throw new HttpError(400, "平台下还没有租户");
      tenantId = Number(tenant.id);
    }
    if (await trx.selectFrom("users").select("id").where("mobile", "=", body.mobile).executeTakeFirst()) throw illegal(`手机号 ${body.mobile} 已注册`);
    const user = await trx
      .insertInto("users")
      .values({ platform_id: caller.platformId, tenant_id: tenantId, org_id: orgId, type: body.type, mobile: body.mobile, name: body.name, password_hash: "!", headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: null, created_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const created = { id: Number(user.id), type: body.type, tenant_id: tenantId, org_id: orgId, mobile: body.mobile, platform_id: caller.platformId };
    await setRoles(trx, caller, created, body.roleIds);
    return { id: created.id, sms: await issueTemporaryPassword(trx, created, "已开通") };
  });
  const smsError = await sendPasswordSms(ctx, result.sms);
  return { id: result.id, smsError };
}

export async function updateUser(ctx: ServiceContext, caller: Caller, id: number, input: unknown) {
  const body = parse(userUpdate, input);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const user = await findUser(trx, caller, id);
    const admins = await guardUserAdmins(trx, [user]);
    await trx.updateTable("users").set({ name: body.name }).where("id", "=", id).execute();
    await setRoles(trx, caller, { id, type: user.type, tenant_id: user.tenant_id, org_id: user.org_id }, body.roleIds);
    await admins.check();
    return { id };
  });
}

export const USER_ACTIONS = { enable: "启用", disable: "停用", unlock: "解锁", resetPassword: "重置密码", forceLogout: "强制下线" } as const;
export type UserAction = keyof typeof USER_ACTIONS;

export async function revokeSessions(trx: AnyDb, userId: number): Promise<void> {
  await trx.updateTable("auth_tokens").set({ revoked_at: nowIso() }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
}

export async function userAction(ctx: ServiceContext, caller: Manager, id: number, action: UserAction, all = false) {
  let sms: PasswordSms | null = null;
  let loggedOut: string | null = null;
  const result = await ctx.db.kysely.transaction().execute(async (trx) => {
    const user = await findUser(trx, caller, id, all);
    const now = nowIso();
    const status = accountStatus(user, now);
    if (id === caller.userId && (action === "disable" || action === "forceLogout")) throw illegal(`不能${USER_ACTIONS[action]}自己的账号`);
    switch (action) {
      case "disable":
        if (status === "DISABLED") throw illegal(`${user.name} 已停用`);
        {
          const admins = await guardUserAdmins(trx, [user]);
          await trx.updateTable("users").set({ status: "DISABLED" }).where("id", "=", id).execute();
          await admins.check();
        }
        await revokeSessions(trx, id);
        loggedOut = "账号已停用";
        break;
      case "enable":
        if (status !== "DISABLED") throw illegal(`${user.name} 未停用`);
        await trx.updateTable("users").set({ status: "ACTIVE", failed_attempts: 0, locked_until: null }).where("id", "=", id).execute();
        break;
      case "unlock":
        if (status !== "LOCKED") throw illegal(`${user.name} 未锁定`);
        await trx.updateTable("users").set({ failed_attempts: 0, locked_until: null }).where("id", "=", id).execute();
        break;
      case "resetPassword":
        sms = await issueTemporaryPassword(trx, user, "的密码已重置");
        await revokeSessions(trx, id);
        loggedOut = "密码已重置";
        break;
      case "forceLogout":
        await revokeSessions(trx, id);
        loggedOut = "已被管理员强制下线";
        break;
    }
    return { id, action, title: user.name };
  });
  const smsError = await sendPasswordSms(ctx, sms);
  if (loggedOut) await announceRevocation(ctx, id, loggedOut);
  // The reset stands (the old password no longer works): the page must say the new one did not arrive.
  if (smsError) throw new Refusal(RefusalCode.illegalState, passwordNotSent(`${result.title} 的密码已重置`, smsError));
  return result;
}

// ---------------------------------------------------------------- permissions

const permissionSearch = z.object({ category: optionalText("分类", 32), keyword: optionalText("关键字", 64) });

export async function searchPermissions(ctx: ServiceContext, caller: Caller, filter: z.infer<typeof permissionSearch>) {
  const holders = await ctx.db.kysely
    .selectFrom("role_permissions as rp")
    .innerJoin("roles as r", "r.id", "rp.role_id")
    .select(["rp.permission_code", "r.id", "r.name"])
    .where(visibleRoles(caller, "r"))
    .orderBy("r.id")
    .execute();
  const records = Object.entries(PERMISSIONS)
    .filter(([code, entry]) => (!filter.category || entry.category === filter.category) && (!filter.keyword || code.toLowerCase().includes(filter.keyword.toLowerCase()) || entry.name.includes(filter.keyword)))
    .map(([code, entry]) => {
      const roles = holders.filter((h) => h.permission_code === code).map((h) => ({ id: Number(h.id), name: h.name }));
      return { code, name: entry.name, category: entry.category, roleCount: roles.length, roles };
    });
  return { records, total: records.length, categories: [...new Set(Object.values(PERMISSIONS).map((p) => p.category))] };
}

// ---------------------------------------------------------------- routes

const orgOptionsSearch = z.object({ keyword: optionalText("企业名称", 32) });
const optionsBody = z.object({ userType: z.enum(USER_TYPES as unknown as [UserType, ...UserType[]], { errorMap: () => ({ message: "请选择用户类型" }) }), orgId: z.number().int().positive().optional().nullable() });

export async function rbacRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const roleAdmin = async (request: Parameters<typeof requireCaller>[1]) => {
    const caller = await requireCaller(ctx, request);
    requireCode(caller, "IAM_ROLE_MANAGEMENT", "管理角色");
    return caller;
  };
  const userAdmin = async (request: Parameters<typeof requireCaller>[1]) => {
    const caller = await requireCaller(ctx, request);
    requireCode(caller, "IAM_USER_MANAGEMENT", "管理用户");
    return caller;
  };

  app.get("/iam-role/catalogue", async (request) => ok(catalogue(await roleAdmin(request))));
  app.get("/iam-role/:id", async (request) => ok(await roleDetail(ctx, await roleAdmin(request), parse(idParams, request.params).id)));
  app.post("/iam-role", async (request) => ok(await createRole(ctx, await roleAdmin(request), request.body)));
  app.put("/iam-role/:id", async (request) => ok(await updateRole(ctx, await roleAdmin(request), parse(idParams, request.params).id, request.body)));
  app.delete("/iam-role/:id", async (request) => ok(await deleteRole(ctx, await roleAdmin(request), parse(idParams, request.params).id)));

  app.post("/iam-user/role-options", async (request) => {
    const caller = await userAdmin(request);
    const body = parse(optionsBody, request.body);
    const orgId = isOrgUser(caller) ? caller.orgId : (body.orgId ?? null);
    const org = orgId ? await ctx.db.kysely.selectFrom("organisations").select("tenant_id").where("id", "=", orgId).executeTakeFirst() : undefined;
    return ok(await assignableRoles(ctx.db.kysely, caller, body.userType, { tenant_id: org ? Number(org.tenant_id) : caller.tenantId, org_id: orgId }));
  });
  /** The organisations a new user may belong to (the caller's scope), by name; `/page` is the picker's paged search. */
  const orgOptions = (caller: Caller, keyword?: string) => {
    let query = ctx.db.kysely.selectFrom("organisations").where(rowsFor(caller, "organisations", { org: "id", individual: null }));
    if (keyword) query = query.where("name", "like", `%${keyword}%`);
    return query;
  };
  app.post("/iam-user/org-options", async (request) => {
    const caller = await userAdmin(request);
    return ok((await orgOptions(caller).select(["id", "name"]).orderBy("id").limit(500).execute()).map((o) => ({ id: Number(o.id), name: o.name })));
  });
  app.post("/iam-user/org-options/page", async (request) => {
    const caller = await userAdmin(request);
    const { keyword } = parse(orgOptionsSearch, request.body);
    const { current, size } = parse(pagingSchema, request.body);
    const [{ total }, rows] = await Promise.all([
      orgOptions(caller, keyword).select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
      orgOptions(caller, keyword).select(["id", "name"]).orderBy("id").limit(size).offset(offsetOf(current, size)).execute(),
    ]);
    return paged(rows.map((o) => ({ id: Number(o.id), name: o.name })), Number(total), current, size);
  });
  app.post("/iam-user", async (request) => ok(await createUser(ctx, await userAdmin(request), request.body)));
  app.put("/iam-user/:id", async (request) => ok(await updateUser(ctx, await userAdmin(request), parse(idParams, request.params).id, request.body)));

  app.post("/iam-permission/search", async (request) => {
    const caller = await requireCaller(ctx, request);
    requireCode(caller, "IAM_PERMISSION_VIEW", "查看权限");
    return ok(await searchPermissions(ctx, caller, parse(permissionSearch, request.body)));
  });
}
