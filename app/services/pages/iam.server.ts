/**
 * Loaders and actions of the IAM administration pages (domain 6.1–6.5, 6.15, 6.21, 7.6). The rules
 * live on the platform (platform/iam/admin); these only read the page's query, relay the form and
 * turn refusals into the page's message.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { passwordNotSent } from "../../../contract/account-sms";
import { PlatformError, platformFetch } from "../platform.server";
import { getSession, sessionTokens } from "../session.server";
import { platformTarget } from "../target.server";
import { forgetUserInfo, passwordExpired, requirePage, type CurrentUser } from "../user.server";
import { readForm, readJson } from "../read-form.server";
import { z } from "zod";
import { parseListQuery } from "../list-query";
import { PICK_FIELD, pickKeywordName } from "~/lib/picker";
import { isPickSearch } from "../picker.server";
import { pickerSourceOf } from "../picker-sources.server";
import { user as userDef } from "../../../contract/resources/iam";
import type { ListPage } from "~/pages/kit";
import { redirectWithNotice } from "../page-data.server";
import { recordAction } from "../resource-pages.server";
import { resourcesApi } from "../resources.server";
import { isOrgUser } from "../../../contract/platforms";

export type ActionResult = { ok?: string; error?: string; data?: unknown };

/** Runs a platform call for an action: its refusal becomes `{ error }` (the form stays as typed). */
export async function attempt(work: () => Promise<string | ActionResult>): Promise<ActionResult> {
  try {
    const result = await work();
    return typeof result === "string" ? { ok: result } : result;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof PlatformError) return { error: error.message };
    throw error;
  }
}

export async function respond(user: CurrentUser, result: ActionResult) {
  return json(result, { headers: await user.cookieHeaders() });
}

const text = (form: FormData, key: string) => String(form.get(key) ?? "").trim();
const ids = (form: FormData, key: string) => form.getAll(key).map(Number).filter((n) => Number.isInteger(n) && n > 0);

// ---------------------------------------------------------------- roles

/**
 * 角色管理's own form (`?form=new|<id>`) beside the engine's list (app/pages/iam.ts): the role with its
 * permission codes, the catalogue by category (the codes the caller may grant), read-only where the
 * platform says the caller may not change the role (查看). The list, its filters, paging and the row
 * actions (停用, 启用, 删除) are the engine's.
 */
export interface RoleDetail { id: number; name: string; userType: string; description: string | null; builtIn: boolean; status: string; editable: boolean; codes: string[]; users: Array<{ id: number; name: string; mobile: string; status: string }> }
export type Catalogue = Array<{ category: string; codes: Array<{ code: string; name: string; grantable: boolean }> }>;

/** The kinds of role a caller may add (the platform's `managedKinds` refuses the others). */
const ROLE_KINDS: Record<string, string[]> = { SYSTEM_USER: ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"], TENANT_USER: ["TENANT_USER", "ORG_USER"], ORG_USER: ["ORG_USER"] };

/** The form's data (a `ListExtra` of the list loader), or null when no form is open or the role is not the caller's to see. */
export async function roleFormData(user: CurrentUser, url: URL) {
  const form = url.searchParams.get("form");
  if (form !== "new" && !/^[1-9]\d{0,14}$/.test(form ?? "")) return null;
  const [catalogue, editing] = await Promise.all([
    user.call<Catalogue>({ path: "/iam-role/catalogue", method: "GET" }),
    form === "new" ? null : user.call<RoleDetail>({ path: `/iam-role/${form}`, method: "GET" }).catch((error: unknown) => (error instanceof PlatformError && error.kind === "not-found" ? undefined : Promise.reject(error))),
  ]);
  if (editing === undefined) return null;
  return { catalogue, editing, kinds: ROLE_KINDS[user.info.type] ?? [] };
}

/** 角色管理's POSTs: its add/edit form here (`intent=save`), the row actions (停用, 启用, 删除) the engine's `recordAction`. */
export async function rolePageAction(page: ListPage, args: ActionFunctionArgs) {
  const form = await readForm(args.request.clone());
  if (text(form, "intent") !== "save") return recordAction(page, args);
  const user = await requirePage(args.request);
  const id = Number(text(form, "id"));
  const body = { name: text(form, "name"), userType: text(form, "userType") || undefined, description: text(form, "description") || null, codes: form.getAll("codes").map(String) };
  const back = new URL(args.request.url);
  back.searchParams.delete("form");
  const result = await attempt(async () => {
    if (id) await user.call({ path: `/iam-role/${id}`, method: "PUT", body });
    else await user.call({ path: "/iam-role", body });
    return `角色「${body.name}」已保存`;
  });
  if (result.ok) return redirectWithNotice(user, `${back.pathname}${back.search}`, result.ok);
  return respond(user, result);
}

// ---------------------------------------------------------------- users

/**
 * 用户管理's own form (`?form=new|<id>`) beside the engine's list (app/pages/iam.ts): the roles the
 * caller may grant, grouped by user type, and, for a new user, 所属企业. The list, its filters, paging,
 * export and the account actions are the engine's.
 */
export type RoleOptions = Record<string, Array<{ id: number; name: string }>>;
export interface EditedUser { id: number; name: string; userType: string; roleIds: number[] }

/** The kinds of account a caller may add: those of the roles they manage, 个人用户 aside (they register themselves). */
const STAFF_KINDS: Record<string, string[]> = Object.fromEntries(Object.entries(ROLE_KINDS).map(([caller, kinds]) => [caller, kinds.filter((kind) => kind !== "INDIVIDUAL_USER")]));

/** The form's data (a `ListExtra` of the list loader), or null when no form is open or the row may not be edited. */
export async function userFormData(user: CurrentUser, url: URL) {
  const form = url.searchParams.get("form");
  if (form !== "new" && !/^[1-9]\d{0,14}$/.test(form ?? "")) return null;
  const kinds = STAFF_KINDS[user.info.type] ?? [];
  const record = form === "new" ? null : await resourcesApi.get(user, userDef, Number(form));
  if (form !== "new" && !record?.actions.includes("edit")) return null;
  const editing: EditedUser | null = record ? { id: record.id, name: String(record.name), userType: String(record.userType), roleIds: (record.roleIds as number[] | undefined) ?? [] } : null;
  const [roleOptions, orgs] = await Promise.all([
    Promise.all(kinds.map(async (kind) => [kind, await user.call<Array<{ id: number; name: string }>>({ path: "/iam-user/role-options", body: { userType: kind } })] as const)).then((entries) => Object.fromEntries(entries) as RoleOptions),
    form === "new" && !isOrgUser(user.info) ? orgPickerOf(user, url.searchParams) : null,
  ]);
  return { editing, roleOptions, orgs, kinds };
}

/** 所属企业 of a new user: the shared picker over the organisations in the caller's scope (keyword `_q_orgId`, chosen `orgId`). */
const orgPickerOf = (user: CurrentUser, input: { get(name: string): unknown }) => {
  const keyword = input.get(pickKeywordName("orgId"));
  return pickerSourceOf("iamOrg")!(user, { keyword: typeof keyword === "string" ? keyword : "", selected: input.get("orgId") });
};

/** 用户管理's POSTs: its add/edit form here, the row actions (停用, 重置密码 …) the engine's `recordAction`. */
export async function userPageAction(page: ListPage, args: ActionFunctionArgs) {
  const form = await readForm(args.request.clone());
  const intent = text(form, "intent");
  if (!isPickSearch(form) && intent !== "create" && intent !== "update") return recordAction(page, args);
  const user = await requirePage(args.request);
  // 所属企业's 「搜索」 without JavaScript: the form comes back as typed with the organisations narrowed; nothing saved.
  if (isPickSearch(form)) {
    const typed = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== PICK_FIELD));
    return json({ typed, roleIds: form.getAll("roleIds").map(String), orgs: await orgPickerOf(user, form) }, { headers: await user.cookieHeaders() });
  }
  const id = Number(text(form, "id"));
  const back = new URL(args.request.url);
  back.searchParams.delete("form");
  const result = await attempt(async () => {
    if (intent === "create") {
      const orgId = Number(text(form, "orgId")) || null;
      const created = await user.call<{ id: number; smsError?: string | null }>({ path: "/iam-user", body: { mobile: text(form, "mobile"), name: text(form, "name"), type: text(form, "type"), orgId, roleIds: ids(form, "roleIds") } });
      return created.smsError ? passwordNotSent(`已添加 ${text(form, "name")}`, created.smsError) : `已添加 ${text(form, "name")}，初始密码已通过短信发送`;
    }
    await user.call({ path: `/iam-user/${id}`, method: "PUT", body: { name: text(form, "name"), roleIds: ids(form, "roleIds") } });
    return `用户 ${text(form, "name")} 已保存`;
  });
  if (result.ok) return redirectWithNotice(user, `${back.pathname}${back.search}`, result.ok);
  return respond(user, result);
}

// ---------------------------------------------------------------- permissions, configs, logs, files

export interface PermissionRow { code: string; name: string; category: string; roleCount: number; roles: Array<{ id: number; name: string }> }

/** 权限管理's filters, as the platform reads them (`POST /iam-permission/search`). */
const permissionFilter = z.object({
  category: z.string().trim().max(32, "分类最多 32 个字").optional(),
  keyword: z.string().trim().max(64, "关键字最多 64 个字").optional(),
});

/** The catalogue, each code with the roles the caller sees holding it; the whole catalogue is one page (codes are defined in code). */
export async function permissionLoader(request: Request) {
  const user = await requirePage(request);
  const { filter, errors } = parseListQuery(permissionFilter, new URL(request.url));
  const data = await user.call<{ records: PermissionRow[]; total: number; categories: string[] }>({ path: "/iam-permission/search", body: filter });
  const records = data.records.map((p) => ({ ...p, id: p.code, roleNames: p.roles.map((r) => r.name).join("、") }));
  return json({ records, total: data.total, categories: data.categories, errors }, { headers: await user.cookieHeaders() });
}

export async function pwConfigLoader(request: Request) {
  const user = await requirePage(request);
  const data = await user.call<{ days: number }>({ path: "/sys-configs/queryPwExpirationConfig", method: "GET" });
  return json(data, { headers: await user.cookieHeaders() });
}

export async function pwConfigAction(request: Request) {
  const user = await requirePage(request);
  const form = await readForm(request);
  const choice = text(form, "days");
  const days = choice === "custom" ? text(form, "customDays") : choice;
  const result = await attempt(async () => {
    if (!/^\d{1,3}$/.test(days)) return { error: "请选择或填写 0–365 的天数" };
    await user.call({ path: `/sys-configs/${days}/pwExpirationConfig`, method: "PUT", body: { applyToExisting: form.get("applyToExisting") === "on" } });
    return Number(days) === 0 ? "已设置为永不过期" : `已设置为 ${days} 天`;
  });
  return respond(user, result);
}

/** Relays an uploaded form file to a platform upload call (bytes as octet-stream, name in the query). */
export async function relayUpload<T>(user: CurrentUser, form: FormData, field: string, path: string, query: Record<string, string | undefined> = {}): Promise<T> {
  const file = form.get(field);
  if (!(file instanceof File) || file.size === 0) throw new PlatformError("http", "请选择要上传的文件", 400, 400);
  return user.call<T>({ path, query: { ...query, name: file.name }, bytes: new Uint8Array(await file.arrayBuffer()) });
}

/** 系统文件's upload form (posted to `?upload`): the file relayed to the file store, the result shown by the form. */
export async function systemFileUpload(request: Request) {
  const user = await requirePage(request);
  const form = await readForm(request, { multipart: true });
  const result = await attempt(async () => {
    const file = await relayUpload<{ originalName: string; url: string }>(user, form, "file", "/system-file/upload", { category: text(form, "category"), visibility: text(form, "visibility") || "PRIVATE", fileCode: text(form, "fileCode") || undefined });
    return { ok: `已上传 ${file.originalName}（地址 ${file.url}）`, data: file };
  });
  return respond(user, result);
}

// ---------------------------------------------------------------- personal centre

export interface PersonalInfo { id: number; name: string; mobile: string; type: string; typeLabel: string; scopeName: string | null; headshotUrl: string | null; roles: string[]; pwExpiration: string | null; passwordChangedAt: string | null; hasPassword: boolean; wechat: { openid: string; boundAt: string } | null }

export async function personalLoader(request: Request) {
  const user = await requirePage(request);
  const info = await user.call<PersonalInfo>({ path: "/personal/info" });
  const expired = passwordExpired(user);
  return json({ info, expired }, { headers: await user.cookieHeaders() });
}

export async function personalAction(request: Request) {
  const user = await requirePage(request);
  const form = await readForm(request, { multipart: true });
  const intent = text(form, "intent");
  const result = await attempt(async () => {
    switch (intent) {
      case "name":
        await user.call({ path: "/personal/name", body: { name: text(form, "name") } });
        forgetUserInfo(user.tokens.accessToken);
        return "姓名已修改";
      case "avatar":
        await relayUpload(user, form, "avatar", "/personal/avatar");
        forgetUserInfo(user.tokens.accessToken);
        return "头像已更新";
      case "mobileSms":
        await user.call({ path: "/personal/mobile/sms", body: { mobile: text(form, "mobile") } });
        return { ok: "验证码已发送到新手机号", data: { mobile: text(form, "mobile") } };
      case "mobile":
        await user.call({ path: "/personal/mobile", body: { mobile: text(form, "mobile"), smsCode: text(form, "smsCode") } });
        forgetUserInfo(user.tokens.accessToken);
        return "手机号已更换，下次请用新手机号登录";
      case "password": {
        if (text(form, "newPassword") !== text(form, "confirmPassword")) return { error: "两次输入的新密码不一致" };
        const changed = await user.call<{ pwExpiration: string | null }>({ path: "/personal/password", body: { oldPassword: String(form.get("oldPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") } });
        user.passwordChanged(changed.pwExpiration);
        return "密码已修改，其他设备上的登录已退出";
      }
      case "unbindWechat":
        await user.call({ path: "/personal/wechat/unbind" });
        return "已解绑微信";
      default:
        return { error: "不支持的操作" };
    }
  });
  return respond(user, result);
}

// ---------------------------------------------------------------- public: download, WeChat binding, click log

export interface LatestVersion { appCode: string; appName: string; os: string; versionName: string; isForce: boolean; downloadUrl: string; fileSize: number | null; updateNotes: string; publishedAt: string | null }

export async function latestVersions(request: Request): Promise<LatestVersion[]> {
  try {
    return await platformFetch<LatestVersion[]>(platformTarget(request), { tokens: null }, { path: "/app-version/latest", method: "GET" });
  } catch {
    return [];
  }
}

export async function wechatAction(request: Request) {
  const form = await readForm(request);
  const intent = text(form, "intent");
  const body = { openid: text(form, "openid"), state: text(form, "state"), mobile: text(form, "mobile") };
  const target = platformTarget(request);
  const result = await attempt(async () => {
    if (intent === "sms") {
      await platformFetch(target, { tokens: null }, { path: "/wx-binding/sms", body });
      return { ok: "验证码已发送", data: { mobile: body.mobile } };
    }
    const done = await platformFetch<{ name: string }>(target, { tokens: null }, { path: "/wx-binding/bind", body: { ...body, smsCode: text(form, "smsCode") } });
    return { ok: `绑定成功：微信已绑定到 ${done.name} 的账号`, data: { bound: true } };
  });
  return json(result);
}

const CLICK_LOG_MAX_BYTES = 4096;

/** Spec 7.5: a marked element's click, sent as the logged-in or the logged-out operation-log call. */
export async function clickLogAction(request: Request) {
  const parsed = await readJson(request, CLICK_LOG_MAX_BYTES);
  const body = (parsed && typeof parsed === "object" ? parsed : {}) as { module?: unknown; content?: unknown };
  const entry = { module: String(body.module ?? "").slice(0, 32), content: String(body.content ?? "").slice(0, 500), system: "pc端" };
  if (!entry.module || !entry.content) return new Response(null, { status: 204 });
  const target = platformTarget(request);
  const forwarded = request.headers.get("x-forwarded-for");
  const headers: Record<string, string> = { "User-Agent": request.headers.get("user-agent") ?? "", ...(forwarded ? { "X-Forwarded-For": forwarded } : {}) };
  const tokens = sessionTokens(await getSession(request));
  try {
    if (tokens) await platformFetch(target, { tokens }, { path: "/sys-operation-log", body: entry, headers, silent: true });
    else await platformFetch(target, { tokens: null }, { path: "/sys-operation-log/common-add", body: entry, headers, silent: true });
  } catch {
    // A click log must never disturb the user: an expired session or a busy platform drops the entry.
  }
  return new Response(null, { status: 204 });
}


/** 版本管理's own form: an APK uploaded to the file store (PUBLIC), whose address the version then names. */
export async function uploadPackage(request: Request) {
  const user = await requirePage(request);
  const form = await readForm(request, { multipart: true });
  try {
    const file = await relayUpload<{ url: string; originalName: string }>(user, form, "package", "/system-file/upload", { category: "APP_PACKAGE", visibility: "PUBLIC" });
    return json({ uploaded: file }, { headers: await user.cookieHeaders() });
  } catch (error) {
    if (error instanceof PlatformError) return json({ uploadError: error.message }, { headers: await user.cookieHeaders() });
    throw error;
  }
}
