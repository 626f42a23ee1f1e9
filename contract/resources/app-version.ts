/**
 * APP 版本 (domain 6.4; spec 7.4 app-version/search, /add, /batchDelete): the driver, captain and
 * shipper apps' published versions. No edit call exists: a wrong version is deleted and re-added.
 * The public /download page and the apps' update check read the newest 在用 version of each app.
 */
import { access, defineResource, f } from "./kit.js";
import { enableMachine } from "./vocabulary.js";
import { isStoredUrl } from "../validation.js";

const BASIC = { list: true, detail: "版本信息", form: true, export: true } as const;

export const APP_CODES = { DRIVER: { label: "司机端" }, CAPTAIN: { label: "船长端" }, SHIPPER: { label: "货主端" } } as const;
export const APP_OS = { ANDROID: { label: "安卓" }, IOS: { label: "苹果 iOS" } } as const;

/** A download address: a PUBLIC file of the platform's store (`/files/p/<token>`) or an http(s) address. */
export const isDownloadAddress = isStoredUrl;

export const appVersion = defineResource({
  key: "appVersion",
  name: "APP版本",
  api: { base: "app-version", create: "add" },
  titleField: "versionName",
  fields: {
    appCode: f.enumOf("应用", APP_CODES, { ...BASIC, required: true, filter: "eq" }),
    os: f.enumOf("系统", APP_OS, { ...BASIC, required: true, filter: "eq" }),
    versionName: f.text("版本号", 16, { ...BASIC, required: true, filter: "contains", placeholder: "1.2.3", checks: [[(v) => /^\d+\.\d+\.\d+$/.test(v), "版本号格式应为 主.次.修订，如 1.2.3"]] }),
    versionCode: f.int("版本序号", 1, 99_999_999, { ...BASIC, required: true, hint: "必须大于同一应用同一系统已发布的最大序号" }),
    isForce: f.bool("强制更新", { ...BASIC, required: true }),
    downloadUrl: f.text("下载地址", 512, { detail: "版本信息", form: true, export: true, required: true, placeholder: "/files/p/…（公开文件地址）或 https://apps.apple.com/…", hint: "安卓：以公开（PUBLIC）方式上传安装包后得到的 /files/p/… 地址；iOS：App Store 地址", checks: [[isDownloadAddress, "下载地址应为 /files/p/… 文件地址或 http(s) 地址"]] }),
    fileSize: f.int("安装包大小（字节）", 0, 500_000_000, { detail: "版本信息" }),
    updateNotes: f.textarea("更新说明", 1000, { ...BASIC, required: true }),
    publishedAt: f.datetime("发布时间", { list: true, detail: "版本信息", export: true }),
  },
  status: enableMachine("SYSTEM_USER_APP_VERSION", ["SYSTEM_USER"], { label: "禁用", confirm: "禁用后该版本不再提供下载和更新" }),
  permissions: access(["SYSTEM_USER_APP_VERSION"], ["SYSTEM_USER_APP_VERSION"], ["create", "delete"]),
  kinds: { read: ["SYSTEM_USER"], write: ["SYSTEM_USER"] },
  createdFilter: "创建时间",
  example: {
    as: "SYSTEM_USER",
    body: (n) => ({ appCode: "SHIPPER", os: "IOS", versionName: `9.${n % 100}.${n % 1000}`, versionCode: 100_000 + n, isForce: false, downloadUrl: "https://apps.apple.com/cn/app/id1", updateNotes: "修复已知问题" }),
  },
  defaultSort: ["createdTime", "desc"],
});

