import { operationLog } from "../../contract/resources/iam";
import { pagesOf } from "./kit";

/** 操作日志 (domain 6.15): who did what, when and from where; read-only, no row actions, no export. */
export const operationLogPages = pagesOf(operationLog, {
  list: { path: "/system/operateLog", title: "操作日志", rowActions: [] },
});

export const IAM_PAGE_GROUPS = [operationLogPages];
