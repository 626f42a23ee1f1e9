/**
 * IAM's engine bindings. 操作日志 is read-only: its rows are written by oplog.ts (a hook on every
 * state-changing call, logins, marked clicks) and never edited; platform staff read their platform's.
 * `POST sys-operation-log` is that click writer, not the engine's create.
 *
 * 系统文件 are written by the file store (`POST system-file/upload`, files.ts), which also keeps the
 * delete (`DELETE system-file/:id`: a soft delete of the row only, the content stays addressed); the
 * engine lists them, never business attachments (业务附件, read through their records), and offers
 * 删除 only on a file without a code (a coded file is replaced, never deleted).
 *
 * 用户管理 / 平台用户 list the `users` the caller manages (rbac.ts `managedAccounts`), read-only: an
 * account is added and edited with its roles by the identity service's own calls (`POST /iam-user`,
 * `PUT /iam-user/:id`), and its row actions (停用, 启用, 解锁, 重置密码, 强制下线) are that service's
 * `userAction`, with its checks, SMS and revoked sessions. 正常 / 已停用 / 已锁定 is computed from the
 * status and the lock's expiry, the roles are the user's `user_roles`.
 *
 * 角色管理 lists the `roles` the caller sees (rbac.ts `visibleRoles`). The IAM service keeps the writes
 * that carry permission codes (`POST /iam-role`, `PUT /iam-role/:id`, the page's form) and the delete
 * (`DELETE /iam-role/:id`: the role and its codes go); 停用 / 启用 are its `setRoleStatus`. The write
 * scope says which rows those are offered on: roles of the caller's own scope (`editableRoles`; the
 * platform's templates only for platform staff), 删除 only on one not built in that no one holds; a role
 * the caller may not change offers 查看 (its codes, read-only) instead.
 */
import { sql, type SqlBool } from "kysely";
import { operationLog, role, systemFile, user } from "../../../contract/resources/iam.js";
import { nowIso } from "../../db/index.js";
import { bindResource, platformStaffScope, platformWrites, type TransitionService } from "../../resources/bind.js";
import { isPlatformStaff } from "../../scope.js";
import { deletableRoles, editableRoles, managedAccounts, setRoleStatus, userAction, visibleRoles, type UserAction } from "./rbac.js";

export { appVersionBinding } from "./app-version.js";

export const operationLogBinding = bindResource(operationLog, { table: "sys_operation_logs", scope: platformStaffScope, stamp: "platform", softDelete: false, routes: { create: false } });

export const systemFileBinding = bindResource(systemFile, {
  table: "system_files",
  scope: platformStaffScope,
  stamp: "platform",
  where: (alias) => sql<SqlBool>`${sql.ref(`${alias}.category`)} <> 'UPLOAD'`,
  writeScope: (scope, alias, write) => (write === "delete" ? sql<SqlBool>`(${platformWrites(scope, alias, write)} and ${sql.ref(`${alias}.file_code`)} is null)` : platformWrites(scope, alias, write)),
  labels: { uploaderName: { table: "users", via: "uploaded_by", column: "name" } },
  linkActions: { download: () => true },
  routes: { create: false, delete: false },
});

const accountAction =
  (action: UserAction): TransitionService =>
  (ctx, scope, id) =>
    userAction(ctx, scope, id, action, isPlatformStaff(scope));

const column = (alias: string, name: string) => sql.ref(`${alias}.${name}`);
/** Not one's own account: the service refuses to disable or log out its caller. */
const notSelf = (record: Record<string, unknown>, scope: { userId: number }) => record.id !== scope.userId;

export const userBinding = bindResource(user, {
  table: "users",
  scope: managedAccounts,
  softDelete: false,
  computed: {
    account_status: (a) => sql`case when ${column(a, "status")} <> 'ACTIVE' then 'DISABLED' when ${column(a, "locked_until")} > ${nowIso()} then 'LOCKED' else 'ACTIVE' end`,
    scope_name: (a) => sql`coalesce((select o.name from organisations o where o.id = ${column(a, "org_id")}), (select x.name from tenants x where x.id = ${column(a, "tenant_id")}))`,
    staff_account: (a) => sql`case when ${column(a, "type")} <> 'INDIVIDUAL_USER' then 1 else 0 end`,
  },
  lists: { roleNames: { link: "user_roles", via: "user_id", to: "role_id", table: "roles", column: "name", ids: "roleIds" } },
  services: { disable: accountAction("disable"), enable: accountAction("enable"), unlock: accountAction("unlock"), resetPassword: accountAction("resetPassword"), forceLogout: accountAction("forceLogout") },
  // 个人用户 edit their own profile; 用户管理 edits staff accounts only.
  actionGuards: { edit: (record) => record.userType !== "INDIVIDUAL_USER", disable: notSelf, forceLogout: notSelf },
  routes: { create: false, update: false, delete: false },
});

export const roleBinding = bindResource(role, {
  table: "roles",
  scope: visibleRoles,
  writeScope: (scope, alias, write) => (write === "delete" ? deletableRoles(scope, alias) : editableRoles(scope, alias)),
  softDelete: false,
  stamp: "platform",
  computed: {
    owner_kind: (a) => sql`case when ${column(a, "org_id")} is not null then 'ORG' when ${column(a, "tenant_id")} is not null then 'TENANT' else 'PLATFORM' end`,
    permission_count: (a) => sql`(select count(*) from role_permissions rp where rp.role_id = ${column(a, "id")})`,
    user_count: (a) => sql`(select count(*) from user_roles ur where ur.role_id = ${column(a, "id")})`,
    changed_at: (a) => sql`coalesce(${column(a, "updated_at")}, ${column(a, "created_at")})`,
  },
  services: { disable: (ctx, scope, id) => setRoleStatus(ctx, scope, id, "DISABLED"), enable: (ctx, scope, id) => setRoleStatus(ctx, scope, id, "ENABLED") },
  linkActions: { view: (_record, _scope, allowed) => !allowed.includes("edit") },
  routes: { detail: false, create: false, update: false, delete: false },
});
