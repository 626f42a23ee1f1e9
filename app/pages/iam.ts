import { operationLog, systemFile } from "../../contract/resources/iam";
import { pagesOf } from "./kit";

/** 操作日志 (domain 6.15): who did what, when and from where; read-only, no row actions, no export. */
export const operationLogPages = pagesOf(operationLog, {
  list: { path: "/system/operateLog", title: "操作日志", rowActions: [] },
});

/** 系统文件 (domain 6.2): the file store's templates, agreements, manuals and app packages; the upload form is the page's own section. */
export const systemFilePages = pagesOf(systemFile, {
  list: { path: "/system/SystemFile", title: "系统文件", rowActions: ["download", "delete"] },
  actionFiles: { download: "/files/:id" },
  actionLabels: { download: "下载" },
});

export const IAM_PAGE_GROUPS = [operationLogPages, systemFilePages];
