/**
 * IAM's engine bindings. 操作日志 is read-only: its rows are written by oplog.ts (a hook on every
 * state-changing call, logins, marked clicks) and never edited; platform staff read their platform's.
 * `POST sys-operation-log` is that click writer, not the engine's create.
 *
 * 系统文件 are written by the file store (`POST system-file/upload`, files.ts), which also keeps the
 * delete (`DELETE system-file/:id`: a soft delete of the row only, the content stays addressed); the
 * engine lists them, never business attachments (业务附件, read through their records), and offers
 * 删除 only on a file without a code (a coded file is replaced, never deleted).
 */
import { sql, type SqlBool } from "kysely";
import { operationLog, systemFile } from "../../../contract/resources/iam.js";
import { bindResource, platformStaffScope, platformWrites } from "../../resources/bind.js";

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
