/**
 * IAM's engine bindings. 操作日志 is read-only: its rows are written by oplog.ts (a hook on every
 * state-changing call, logins, marked clicks) and never edited; platform staff read their platform's.
 * `POST sys-operation-log` is that click writer, not the engine's create.
 */
import { operationLog } from "../../../contract/resources/iam.js";
import { bindResource, platformStaffScope } from "../../resources/bind.js";

export { appVersionBinding } from "./app-version.js";

export const operationLogBinding = bindResource(operationLog, { table: "sys_operation_logs", scope: platformStaffScope, stamp: "platform", softDelete: false, routes: { create: false } });
