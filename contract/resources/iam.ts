/**
 * The IAM lists on the engine. 操作日志 (domain 6.15) is an append-only log written by its own service
 * (platform/iam/admin/oplog.ts: a hook on every state-changing call, logins and marked clicks), so
 * its definition grants no write and its binding is read-only. 系统文件 (domain 6.2) are written by the
 * file store's upload (content-addressed, platform/iam/admin/files.ts); the engine lists them and
 * offers 删除 where the platform allows it (never a coded file, which is only replaced).
 */
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from "../platforms.js";
import { defineResource, f, type Options } from "./kit.js";
import { enableMachine } from "./vocabulary.js";

const USER_KIND_OPTIONS = Object.fromEntries(USER_TYPES.map((kind) => [kind, { label: USER_TYPE_LABELS[kind] }])) as Record<UserType, { label: string }>;

const OPERATION_KINDS = { CLICK: { label: "点击" }, API: { label: "接口写操作" }, LOGIN: { label: "登录" }, SENSITIVE_VIEW: { label: "查看敏感信息" }, PURGE: { label: "到期清除" } } as const satisfies Options;
export type OperationKind = keyof typeof OPERATION_KINDS;
const OPERATION_RESULTS = { SUCCESS: { label: "成功", tone: "success" }, FAIL: { label: "失败", tone: "error" } } as const satisfies Options;
const CLIENT_SYSTEMS = { "pc端": { label: "pc端" }, app: { label: "app端" }, job: { label: "后台任务" } } as const satisfies Options;

const SHOWN = { list: true, detail: true, export: true } as const;

export const operationLog = defineResource({
  key: "operationLog",
  name: "操作日志",
  api: "sys-operation-log",
  titleField: "content",
  fields: {
    time: f.datetime("时间", { ...SHOWN, column: "created_at", filter: "range" }),
    userName: f.text("操作人", 64, { ...SHOWN, filter: "contains", empty: "未登录用户" }),
    mobile: f.text("手机号", 16, { ...SHOWN, filter: "contains" }),
    userType: f.enumOf("用户类型", USER_KIND_OPTIONS, { ...SHOWN, filter: "eq" }),
    module: f.text("模块", 32, { ...SHOWN, filter: "contains" }),
    content: f.textarea("内容", 500, SHOWN),
    system: f.enumOf("系统", CLIENT_SYSTEMS, { ...SHOWN, filter: "eq" }),
    kind: f.enumOf("类型", OPERATION_KINDS, { ...SHOWN, filter: "eq" }),
    ip: f.text("IP地址", 45, SHOWN),
    result: f.enumOf("结果", OPERATION_RESULTS, SHOWN),
    errorMsg: f.text("失败原因", 500, SHOWN),
    method: f.text("请求方法", 8, { detail: true }),
    path: f.text("路径", 256, { detail: true }),
    durationMs: f.int("耗时", 0, Number.MAX_SAFE_INTEGER, { detail: true, unit: "毫秒" }),
  },
  permissions: { list: ["SYSTEM_USER_LOG"], detail: ["SYSTEM_USER_LOG"] },
  kinds: { read: ["SYSTEM_USER"], write: [] },
  defaultSort: ["time", "desc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});

export const FILE_CATEGORY_OPTIONS = {
  TEMPLATE: { label: "导入模板" },
  AGREEMENT: { label: "协议" },
  CONTRACT_TEMPLATE: { label: "合同模板" },
  MANUAL: { label: "手册" },
  APP_PACKAGE: { label: "安装包" },
} as const satisfies Options;
const VISIBILITY = { PUBLIC: { label: "公开" }, PRIVATE: { label: "私有" } } as const satisfies Options;

/** The codes of the files other pages link to by code (import templates, agreements, the manual); an upload with a code replaces that file. */
export const FILE_CODES = ["ORDER_IMPORT_TEMPLATE", "DRIVER_IMPORT_TEMPLATE", "TRANSPORT_CONTRACT_TEMPLATE", "DRIVER_AGREEMENT", "PRIVACY_POLICY", "OPERATION_MANUAL"] as const;

/** 12 KB, 3.4 MB: a stored file's size as the list shows it. */
const fileSizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

const LISTED = { list: true, detail: true } as const;

export const systemFile = defineResource({
  key: "systemFile",
  name: "系统文件",
  api: "system-file",
  titleField: "originalName",
  fields: {
    fileCode: f.text("文件编码", 64, LISTED),
    originalName: f.text("名称", 255, LISTED),
    category: f.enumOf("分类", FILE_CATEGORY_OPTIONS, { ...LISTED, filter: "eq" }),
    sizeBytes: { ...f.int("大小", 0, Number.MAX_SAFE_INTEGER, LISTED), format: (v: number | null | undefined) => (v == null ? "" : fileSizeText(v)) },
    version: { ...f.int("版本", 1, Number.MAX_SAFE_INTEGER, LISTED), format: (v: number | null | undefined) => (v == null ? "" : `v${v}`) },
    visibility: f.enumOf("可见性", VISIBILITY, LISTED),
    /** The uploader's name, joined by the binding. */
    uploaderName: f.text("上传人", 64, LISTED),
    uploadedTime: f.datetime("上传时间", { ...LISTED, column: "created_at" }),
  },
  permissions: { list: ["SYSTEM_USER_FILE"], detail: ["SYSTEM_USER_FILE"], delete: ["SYSTEM_USER_FILE"] },
  kinds: { read: ["SYSTEM_USER"], write: ["SYSTEM_USER"] },
  keyword: { label: "名称/编码", fields: ["originalName", "fileCode"] },
  defaultSort: ["uploadedTime", "desc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});

/** An account as 用户管理 and 平台用户 show it: 正常, 已停用, or 已锁定 (too many wrong passwords, until the lock expires). */
export const ACCOUNT_STATES = {
  ACTIVE: { label: "正常", tone: "success" },
  DISABLED: { label: "已停用", tone: "error" },
  LOCKED: { label: "已锁定", tone: "warning" },
} as const satisfies Options;

const ACCOUNT = { list: true, detail: true, export: true } as const;
const USER_ADMIN = ["IAM_USER_MANAGEMENT"] as const;
const STAFF_KINDS = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"] as const satisfies readonly UserType[];
const accountAction = (label: string, when: ReadonlyArray<keyof typeof ACCOUNT_STATES>, more: { confirm?: string; done?: string; tone?: "danger" } = {}) => ({ label, permission: USER_ADMIN, kinds: STAFF_KINDS, when: { accountStatus: when }, ...more });

/**
 * 用户管理 and 平台用户 (domain 6.1): the accounts a caller manages, read from the identity tables (the
 * binding, platform/iam/admin/resources.ts, is read-only: accounts are added and edited with their roles
 * by the identity service's own calls, `POST /iam-user` and `PUT /iam-user/:id`). The account actions are
 * row actions, not a status machine: the account's state is computed (a lock expires by itself), and each
 * action is the identity service's (its checks, the operation log, the new password by SMS, the revoked sessions).
 */
export const user = defineResource({
  key: "user",
  name: "用户",
  api: "iam-user",
  titleField: "name",
  fields: {
    mobile: f.mobile("手机号", ACCOUNT),
    name: f.text("姓名", 64, ACCOUNT),
    userType: f.enumOf("用户类型", USER_KIND_OPTIONS, { ...ACCOUNT, column: "type", filter: "eq" }),
    /** The organisation's name, else the tenant's (computed by the binding). */
    scopeName: f.text("租户/企业", 128, { ...ACCOUNT, column: "scope_name" }),
    /** The account's roles, joined by「、」(the binding's `lists`). */
    roleNames: f.text("角色", 500, ACCOUNT),
    accountStatus: f.enumOf("账号状态", ACCOUNT_STATES, { ...ACCOUNT, column: "account_status", filter: "eq" }),
    pwExpiration: f.datetime("密码到期", ACCOUNT),
    lastLoginTime: f.datetime("最近登录", { ...ACCOUNT, column: "last_login_at" }),
    lastLoginIp: f.text("最近登录IP", 45, { detail: true, export: true, column: "last_login_ip" }),
    createdAt: f.datetime("创建时间", { ...ACCOUNT, column: "created_at" }),
    /** Staff accounts (not 个人用户): 用户管理 shows only these (its preset). */
    staffAccount: f.bool("后台账号", { filter: "eq", column: "staff_account" }),
  },
  actions: {
    disable: accountAction("停用", ["ACTIVE", "LOCKED"], { confirm: "其登录将立即失效", done: "其登录已失效", tone: "danger" }),
    enable: accountAction("启用", ["DISABLED"]),
    unlock: accountAction("解锁", ["LOCKED"]),
    resetPassword: accountAction("重置密码", ["ACTIVE", "LOCKED", "DISABLED"], { confirm: "新密码将通过短信发送，旧密码立即失效", done: "新密码已通过短信发送", tone: "danger" }),
    forceLogout: accountAction("强制下线", ["ACTIVE", "LOCKED", "DISABLED"], { confirm: "其所有登录将立即失效", tone: "danger" }),
  },
  permissions: { list: USER_ADMIN, detail: USER_ADMIN, update: USER_ADMIN, export: USER_ADMIN },
  kinds: { read: STAFF_KINDS, write: STAFF_KINDS },
  keyword: { label: "手机号/姓名", fields: ["mobile", "name"] },
  defaultSort: ["createdAt", "asc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});

/** Whose a role is: the platform's (a template every scope below may hand out), a tenant's or an organisation's. */
const ROLE_OWNERS = { PLATFORM: { label: "平台" }, TENANT: { label: "租户" }, ORG: { label: "企业" } } as const satisfies Options;
const ROLE_ADMIN = ["IAM_ROLE_MANAGEMENT"] as const;

/**
 * 角色管理 (domain 6.1): the roles a caller sees, their own scope's and the platform's templates of the
 * kinds they manage (rbac.ts `visibleRoles`). Read from `roles` by the engine; a role is added and edited
 * with its permission codes by the IAM service's own calls (`POST /iam-role`, `PUT /iam-role/:id`, the
 * page's form) and deleted by its `DELETE /iam-role/:id`. Who may change which role is the binding's write
 * scope (platform/iam/admin/resources.ts); 停用 / 启用 are the service's `setRoleStatus` (its last-administrator guard).
 */
export const role = defineResource({
  key: "role",
  name: "角色",
  api: "iam-role",
  titleField: "name",
  fields: {
    name: f.text("角色名称", 64, { ...LISTED, filter: "contains" }),
    description: f.text("角色描述", 200, { detail: true }),
    userType: f.enumOf("用户类型", USER_KIND_OPTIONS, { ...LISTED, filter: "eq" }),
    /** Computed by the binding from the role's tenant and organisation. */
    owner: f.enumOf("归属", ROLE_OWNERS, { ...LISTED, column: "owner_kind" }),
    permissionCount: f.int("权限数", 0, Number.MAX_SAFE_INTEGER, { ...LISTED, column: "permission_count" }),
    /** The accounts holding it (computed); the list links it to 用户管理. */
    userCount: f.int("用户数", 0, Number.MAX_SAFE_INTEGER, { ...LISTED, column: "user_count" }),
    builtIn: f.bool("内置", LISTED),
    changedTime: f.datetime("更新时间", { ...LISTED, column: "changed_at" }),
  },
  status: enableMachine(ROLE_ADMIN, STAFF_KINDS, { label: "停用", confirm: "持有该角色的用户将在下一次操作时失去其权限" }),
  permissions: { list: ROLE_ADMIN, detail: ROLE_ADMIN, update: ROLE_ADMIN, delete: ROLE_ADMIN },
  kinds: { read: STAFF_KINDS, write: STAFF_KINDS },
  defaultSort: ["id", "asc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});
