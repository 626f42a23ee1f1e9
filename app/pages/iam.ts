import { operationLog, role, systemFile, user } from "../../contract/resources/iam";
import { pagesOf } from "./kit";

/** 操作日志 (domain 6.15): who did what, when and from where; read-only, no row actions, no export. */
export const operationLogPages = pagesOf(operationLog, {
  list: { path: "/system/operateLog", readOnly: true, rowActions: [] },
});

/** 系统文件 (domain 6.2): the file store's templates, agreements, manuals and app packages; the upload form is the page's own section. */
export const systemFilePages = pagesOf(systemFile, {
  list: { path: "/system/SystemFile", rowActions: ["download", "delete"] },
  actionFiles: { download: "/files/:id" },
  actionLabels: { download: "下载" },
});

/**
 * 用户管理 (domain 6.1): the staff accounts the caller manages, with the account actions the platform
 * allows each row; add and edit (with roles and 所属企业) are the page's own form (`?form=new|<id>`).
 */
export const userPages = pagesOf(user, {
  list: { path: "/system/user", rowActions: ["edit", "disable", "enable", "unlock", "resetPassword"], preset: { staffAccount: true } },
  actionPages: { edit: "/system/user?form=:id" },
});

/** 平台用户: every account of the platform (platform staff), 个人用户 too, with 强制下线. */
export const platformUserPages = pagesOf(user, {
  list: { path: "/system/platformUserList", rowActions: ["disable", "enable", "unlock", "resetPassword", "forceLogout"] },
});

/**
 * 角色管理 (domain 6.1): the roles the caller sees, with the actions the platform allows each row (编辑,
 * 停用 / 启用, 删除; 查看 where the caller may not change it); add, edit and 查看 are the page's own form with
 * the permission catalogue by category (`?form=new|<id>`). 用户数 opens 用户管理.
 */
export const rolePages = pagesOf(role, {
  list: {
    path: "/system/role",
    rowActions: ["edit", "disable", "enable", "delete", "view"],
    cellNotes: { name: "description" },
    cellLinks: { userCount: (record) => `/system/user?roleId=${String(record.id)}` },
  },
  actionPages: { edit: "/system/role?form=:id", view: "/system/role?form=:id" },
  actionLabels: { view: "查看" },
});

export const IAM_PAGE_GROUPS = [operationLogPages, systemFilePages, userPages, platformUserPages, rolePages];
