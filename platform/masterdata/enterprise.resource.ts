/**
 * The enterprise binding (domain 2.1): `enterprise_profiles`, whose id IS the organisation's id.
 * Creating an enterprise creates, in the engine's one transaction, its `organisations` row, its
 * 管理员 (an ORG_USER with the platform's 企业管理员 role and a random initial password) and the
 * profile; the mobile of an existing user refuses the whole. Editing mirrors 名称 and 统一社会信用代码
 * into `organisations`; 停用 stops the enterprise's users from logging in until 启用.
 * Also the enterprise's users for the detail page (GET tms-enterprise/:id/users).
 */
import type { FastifyInstance } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { RefusalCode } from "../../contract/envelope.js";
import { idSchema } from "../../contract/fields.js";
import { ENTERPRISE_ADMIN_CODES, ENTERPRISE_ADMIN_ROLE } from "../../contract/role-templates.js";
import { enterprise, type EnterpriseUser } from "../../contract/resources/enterprise.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { ok, Refusal } from "../http/envelope.js";
import { parseLabelled as parse } from "../http/validate.js";
import { passwordNotSent } from "../../contract/account-sms.js";
import { sendAccountSms } from "../identity/account-sms.js";
import { issueTemporaryPassword, revokeSessions } from "../iam/admin/rbac.js";
import { hashPassword, randomToken } from "../identity/crypto.js";
import { requireScope } from "../identity/guard.js";
import { templateRole } from "../iam/role-templates.js";
import { bindResource, orgScope, type AnyDb } from "../resources/bind.js";
import { requireCredentialsFor } from "./credentials.js";
import { findRow, SENSITIVE_VIEW } from "../resources/query.js";
import { assertMay } from "../resources/write.js";
import { isTenantStaff, type CallerScope } from "../scope.js";
import { startInvitationExpiry } from "./invitation.resource.js";
import { maskMobile } from "../../contract/personal.js";

type Db = Kysely<Database> | Transaction<Database>;
const typed = (trx: AnyDb) => trx as unknown as Db;

export { ENTERPRISE_ADMIN_CODES, ENTERPRISE_ADMIN_ROLE };

/** Users of a disabled enterprise carry this status (login refuses any status but ACTIVE); 启用 restores ACTIVE. */
export const ORG_DISABLED = "ORG_DISABLED";

/** The platform's 企业管理员 role (ORG_USER), created with the template's codes the first time it is needed. */
export const enterpriseAdminRole = (trx: AnyDb, platformId: string) => templateRole(trx, platformId, { name: ENTERPRISE_ADMIN_ROLE, userType: "ORG_USER", codes: ENTERPRISE_ADMIN_CODES });

/** The enterprise's 管理员: an active ORG_USER with the 企业管理员 role; refused when the mobile is already a user. */
export async function createEnterpriseAdmin(trx: AnyDb, admin: { platformId: string; tenantId: number; orgId: number; name: string; mobile: string; password?: string }): Promise<{ userId: number; password: string }> {
  const db = typed(trx);
  const taken = await db.selectFrom("users").select("id").where("mobile", "=", admin.mobile).executeTakeFirst();
  if (taken) throw new Refusal(RefusalCode.illegalState, `手机号 ${admin.mobile} 已是平台用户，不能作为新企业的管理员`);
  const password = admin.password ?? `Qy${randomToken(9)}`;
  const user = await db
    .insertInto("users")
    .values({
      platform_id: admin.platformId,
      tenant_id: admin.tenantId,
      org_id: admin.orgId,
      type: "ORG_USER",
      mobile: admin.mobile,
      name: admin.name,
      password_hash: await hashPassword(password),
      headshot_url: null,
      status: "ACTIVE",
      failed_attempts: 0,
      locked_until: null,
      // The initial password expires at once: the first login must change it.
      pw_expiration: admin.password ? new Date(Date.now() + 180 * 24 * 3600_000).toISOString() : nowIso(),
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("user_roles").values({ user_id: user.id, role_id: await enterpriseAdminRole(trx, admin.platformId) }).execute();
  return { userId: Number(user.id), password };
}

/** Where a new enterprise belongs: the caller's tenant (TENANT_USER), else the platform's first tenant. */
async function tenantFor(db: Db, scope: CallerScope): Promise<number> {
  if (isTenantStaff(scope) && scope.tenantId !== null) return scope.tenantId;
  const first = await db.selectFrom("tenants").select("id").where("platform_id", "=", scope.platformId).orderBy("id").executeTakeFirst();
  if (!first) throw new Refusal(RefusalCode.prerequisite, "平台尚未创建租户，不能新增企业");
  return Number(first.id);
}

async function assertCreditCodeFree(db: Db, platformId: string, creditCode: string, exceptOrgId?: number): Promise<void> {
  let query = db.selectFrom("organisations").select("id").where("platform_id", "=", platformId).where("credit_code", "=", creditCode);
  if (exceptOrgId !== undefined) query = query.where("id", "<>", exceptOrgId);
  if (await query.executeTakeFirst()) throw new Refusal(RefusalCode.illegalState, `统一社会信用代码 ${creditCode} 已登记`);
}

/** Where the page sends a refused administrator's password again. */
const RESEND_ADMIN_PASSWORD = `在企业列表中对该企业点「${enterprise.actions!.resendAdminPassword!.label}」`;

/** The administrator's password SMS (after commit); answers why the provider did not take it, or null. */
async function sendAdminPassword(ctx: ServiceContext, row: Record<string, unknown>, password: string): Promise<string | null> {
  const mobile = String(row.admin_mobile);
  const sent = await sendAccountSms(ctx, { code: "ENTERPRISE_ADMIN", platformId: String(row.platform_id), orgId: Number(row.id), userId: Number(row.admin_user_id), mobile, values: { orgName: String(row.name), mobile, password }, outboxKind: "enterprise-admin" });
  return sent.accepted ? null : (sent.error ?? "短信服务商未受理");
}

/**
 * 重发初始密码: a password is never kept in clear, so the administrator gets a new one (valid until the
 * first login changes it) and every session of the old one ends, as 用户管理's 重置密码.
 */
async function resendAdminPassword(ctx: ServiceContext, scope: CallerScope, id: number): Promise<void> {
  const row = await findRow(ctx.db.kysely, enterpriseBinding, scope, id);
  const adminId = Number(row.admin_user_id);
  const issued = await ctx.db.kysely.transaction().execute(async (trx) => {
    const admin = await trx.selectFrom("users").select(["id", "mobile", "platform_id", "org_id"]).where("id", "=", adminId).executeTakeFirst();
    if (!admin) throw new Refusal(RefusalCode.illegalState, `企业 ${String(row.name)} 没有管理员账号`);
    const issued = await issueTemporaryPassword(trx, { id: adminId, mobile: admin.mobile, platform_id: admin.platform_id, org_id: admin.org_id === null ? null : Number(admin.org_id) }, "初始密码");
    await revokeSessions(trx, adminId);
    return issued;
  });
  // The administrator's mobile now (个人中心 may have changed it since the enterprise was registered).
  const error = await sendAdminPassword(ctx, { ...row, admin_mobile: issued.mobile }, issued.password);
  // The old password no longer works: the page must say the new one did not arrive.
  if (error) throw new Refusal(RefusalCode.illegalState, passwordNotSent(`企业 ${String(row.name)} 管理员的初始密码已重新生成`, error, RESEND_ADMIN_PASSWORD));
}

/** Initial passwords between the create's transaction and its afterCreate (the development outbox). */
const initialPasswords = new Map<number, string>();

export const enterpriseBinding = bindResource(enterprise, {
  table: "enterprise_profiles",
  // org_id = id: SYSTEM the platform, TENANT its tenant, ORG only its own enterprise, INDIVIDUAL none.
  scope: orgScope({ individual: null }),
  stamp: "platform",
  labels: { tenantName: { table: "tenants", via: "tenant_id", column: "name" } },
  unique: { creditCode: (v) => `统一社会信用代码 ${String(v)} 已登记` },
  services: { resendAdminPassword: (ctx, scope, id) => resendAdminPassword(ctx, scope, id) },
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      const db = typed(trx);
      const tenantId = await tenantFor(db, scope);
      const name = String(values.name);
      const creditCode = String(values.credit_code);
      await assertCreditCodeFree(db, scope.platformId, creditCode);
      const org = await db.insertInto("organisations").values({ platform_id: scope.platformId, tenant_id: tenantId, name, credit_code: creditCode }).returning("id").executeTakeFirstOrThrow();
      const orgId = Number(org.id);
      const admin = await createEnterpriseAdmin(trx, { platformId: scope.platformId, tenantId, orgId, name: String(values.admin_name), mobile: String(values.admin_mobile) });
      Object.assign(values, { id: orgId, org_id: orgId, tenant_id: tenantId, owner_user_id: null, admin_user_id: admin.userId });
      initialPasswords.set(orgId, admin.password);
    },
    afterCreate: async (ctx, _scope, row) => {
      const password = initialPasswords.get(Number(row.id));
      initialPasswords.delete(Number(row.id));
      if (!password) return null;
      const error = await sendAdminPassword(ctx, row, password);
      return error ? passwordNotSent(`企业 ${String(row.name)} 已新增`, error, RESEND_ADMIN_PASSWORD) : null;
    },
    beforeUpdate: async (trx, scope, before, values) => {
      const db = typed(trx);
      const mirror: { name?: string; credit_code?: string } = {};
      if (typeof values.name === "string" && values.name !== before.name) mirror.name = values.name;
      if (typeof values.credit_code === "string" && values.credit_code !== before.credit_code) {
        await assertCreditCodeFree(db, scope.platformId, values.credit_code, Number(before.id));
        mirror.credit_code = values.credit_code;
      }
      if (Object.keys(mirror).length) await db.updateTable("organisations").set(mirror).where("id", "=", Number(before.id)).execute();
    },
    onTransition: async (trx, scope, row, transition) => {
      await requireCredentialsFor("ENTERPRISE")(trx, scope, row, transition);
      const db = typed(trx);
      if (transition === "disable") await db.updateTable("users").set({ status: ORG_DISABLED }).where("org_id", "=", Number(row.id)).where("status", "=", "ACTIVE").execute();
      if (transition === "enable") await db.updateTable("users").set({ status: "ACTIVE" }).where("org_id", "=", Number(row.id)).where("status", "=", ORG_DISABLED).execute();
    },
  },
});

const idParams = z.object({ id: idSchema("id") });

/** The users of an enterprise the caller may see (same scope as its detail), at most 200. */
export async function enterpriseUsers(db: Kysely<Database>, scope: CallerScope, id: number): Promise<EnterpriseUser[]> {
  assertMay(enterprise, scope, "detail");
  const profile = await findRow(db, enterpriseBinding, scope, id);
  const users = await db.selectFrom("users").select(["id", "name", "mobile", "type", "status", "created_at"]).where("org_id", "=", id).where("platform_id", "=", scope.platformId).orderBy("id").limit(200).execute();
  const ids = users.map((u) => Number(u.id));
  const roles = ids.length ? await db.selectFrom("user_roles").innerJoin("roles", "roles.id", "user_roles.role_id").select(["user_roles.user_id as userId", "roles.name as name"]).where("user_roles.user_id", "in", ids).execute() : [];
  const unmasked = scope.permissions.has(SENSITIVE_VIEW);
  return users.map((u) => ({
    id: Number(u.id),
    name: u.name,
    mobile: unmasked ? u.mobile : maskMobile(u.mobile),
    type: u.type,
    status: u.status,
    roles: roles.filter((r) => Number(r.userId) === Number(u.id)).map((r) => r.name),
    admin: Number(profile.admin_user_id) === Number(u.id),
    createdTime: u.created_at,
  }));
}

/** Bespoke calls of the enterprise pages, and the invitations' expiry job. */
export async function enterpriseRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get("/tms-enterprise/:id/users", async (request) => {
    const scope = await requireScope(ctx, request);
    return ok(await enterpriseUsers(ctx.db.kysely, scope, parse(idParams, request.params).id));
  });
  startInvitationExpiry(app, ctx);
}
