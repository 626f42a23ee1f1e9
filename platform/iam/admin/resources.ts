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
 */
import { sql, type SqlBool } from "kysely";
import { operationLog, systemFile, user } from "../../../contract/resources/iam.js";
import { nowIso } from "../../db/index.js";
import { bindResource, platformStaffScope, platformWrites, type TransitionService } from "../../resources/bind.js";
import { isPlatformStaff } from "../../scope.js";
import { managedAccounts, userAction, type UserAction } from "./rbac.js";

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
