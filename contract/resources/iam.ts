/**
 * The IAM lists on the engine. 操作日志 (domain 6.15) is an append-only log written by its own service
 * (platform/iam/admin/oplog.ts: a hook on every state-changing call, logins and marked clicks), so
 * its definition grants no write and its binding is read-only. 系统文件 (domain 6.2) are written by the
 * file store's upload (content-addressed, platform/iam/admin/files.ts); the engine lists them and
 * offers 删除 where the platform allows it (never a coded file, which is only replaced).
 */
import type { UserType } from "../platforms.js";
import { defineResource, f, type Options } from "./kit.js";

const USER_KIND_OPTIONS = {
  SYSTEM_USER: { label: "平台用户" },
  TENANT_USER: { label: "租户用户" },
  ORG_USER: { label: "企业用户" },
  INDIVIDUAL_USER: { label: "个人用户" },
} as const satisfies Record<UserType, { label: string }>;

const OPERATION_KINDS = { CLICK: { label: "点击" }, API: { label: "接口写操作" }, LOGIN: { label: "登录" }, SENSITIVE_VIEW: { label: "查看敏感信息" } } as const satisfies Options;
export type OperationKind = keyof typeof OPERATION_KINDS;
const OPERATION_RESULTS = { SUCCESS: { label: "成功", tone: "success" }, FAIL: { label: "失败", tone: "error" } } as const satisfies Options;
const CLIENT_SYSTEMS = { "pc端": { label: "pc端" }, app: { label: "app端" } } as const satisfies Options;

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
