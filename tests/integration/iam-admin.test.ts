/**
 * IAM administration rules the generated tests cannot know: no escalation, role changes on the next
 * request, disabled users refused at once, password expiry at login, the operation log of every
 * state-changing call, the file store's limits and the one-time WeChat binding state.
 */
import { tinyPdf, tinyPng } from "../helpers/files.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform.js";

let platform: TestPlatform;
let dataDir: string;
let admin: string;
let tenant: string;

async function upload(path: string, token: string, name: string, bytes: Buffer, query = "") {
  const response = await fetch(`${platform.baseUrl}${path}?name=${encodeURIComponent(name)}${query}`, {
    method: "POST",
    headers: { "X-Platform": "A", Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as { code: number; message?: string; errorMsg?: string; data?: { id: number; url: string; headshotUrl?: string } } };
}

const PNG = tinyPng();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "tms-files-"));
  platform = await startTestPlatform("iam_admin", { dataDir });
  admin = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
  tenant = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.TENANT_USER)).accessToken;
});

afterAll(async () => {
  await platform?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newUser(token: string, body: Record<string, unknown>) {
  const res = await call<{ id: number }>(platform.baseUrl, "/iam-user", { token, body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const mobile = String(body.mobile);
  const sms = await call<{ content: string }>(platform.baseUrl, `/api/v1/dev/outbox?mobile=${mobile}`, { method: "GET" });
  const password = /初始密码为 (\S+)，/.exec(sms.body.data!.content)![1]!;
  return { id: res.body.data!.id, password };
}

describe("RBAC", () => {
  it("refuses to put into a role a code the editor does not hold", async () => {
    const res = await call(platform.baseUrl, "/iam-role", { token: tenant, body: { name: "越权角色", userType: "ORG_USER", codes: ["SYSTEM_USER_LOG"] } });
    expect(res.body.code).toBe(4003);
    expect(res.body.message).toContain("日志查看");
    const fine = await call<{ id: number; codes: string[] }>(platform.baseUrl, "/iam-role", { token: tenant, body: { name: "企业报表员", userType: "ORG_USER", codes: ["TMS_STATISTICS_OF_lOADING_TRAFFIC"] } });
    expect(fine.body.code).toBe(200);
    expect(fine.body.data!.codes).toEqual(["TMS_STATISTICS_OF_lOADING_TRAFFIC"]);
  });

  it("the platform says each role's 操作: 删除 only for an unheld role that is not built in, 查看 where the caller may not edit", async () => {
    type RoleRow = { id: number; name: string; builtIn: boolean; userCount: number; owner: string; status: string; actions: string[] };
    // 详情 is the engine's read of any row it lists; the page's 操作 are the rest.
    const offered = (role: RoleRow) => role.actions.filter((a) => a !== "detail").sort();
    const made = await call<{ id: number }>(platform.baseUrl, "/iam-role", { token: admin, body: { name: "操作测试角色", userType: "ORG_USER", codes: [] } });
    expect(made.body.code).toBe(200);
    const mine = await call<{ records: RoleRow[] }>(platform.baseUrl, "/iam-role/search", { token: admin, body: { size: 200 } });
    const records = mine.body.data!.records;
    expect(offered(records.find((r) => r.id === made.body.data!.id)!)).toEqual(["delete", "disable", "edit"]);
    // Platform staff may change every role of their platform.
    for (const role of records) {
      expect(role.actions).toContain("edit");
      expect(role.actions).not.toContain("view");
      expect(role.actions.includes("delete")).toBe(!role.builtIn && role.userCount === 0);
    }
    const held = records.find((r) => r.userCount > 0);
    expect(held?.actions).toContain(held!.status === "ENABLED" ? "disable" : "enable");
    // A tenant sees the platform's templates but may not change them: 查看 only.
    const theirs = await call<{ records: RoleRow[] }>(platform.baseUrl, "/iam-role/search", { token: tenant, body: { size: 200 } });
    const readOnly = theirs.body.data!.records.filter((r) => r.owner === "PLATFORM");
    expect(readOnly.length).toBeGreaterThan(0);
    for (const role of readOnly) expect(offered(role)).toEqual(["view"]);
    for (const role of theirs.body.data!.records.filter((r) => r.owner !== "PLATFORM")) expect(role.actions).toContain("edit");
  });

  it("a tenant cannot edit the platform's built-in roles nor make system roles", async () => {
    const roles = await call<{ records: Array<{ id: number; name: string; owner: string; builtIn: boolean; actions: string[] }> }>(platform.baseUrl, "/iam-role/search", { token: tenant, body: {} });
    const template = roles.body.data!.records.find((r) => r.builtIn)!;
    expect(template.owner).toBe("PLATFORM");
    expect(template.actions).not.toContain("edit");
    const res = await call(platform.baseUrl, `/iam-role/${template.id}`, { token: tenant, method: "PUT", body: { name: template.name, codes: [] } });
    expect(res.body.code).toBe(4003);
    const disable = await call(platform.baseUrl, `/iam-role/${template.id}/disable`, { token: tenant, body: {} });
    expect(disable.body.code).toBe(4003);
    const system = await call(platform.baseUrl, "/iam-role", { token: tenant, body: { name: "平台角色", userType: "SYSTEM_USER", codes: [] } });
    expect(system.body.code).toBe(4003);
  });

  it("停用, 启用 and 删除 a role through the engine's row actions; a repeat is refused with 4009", async () => {
    const made = await call<{ id: number }>(platform.baseUrl, "/iam-role", { token: admin, body: { name: "启停测试角色", userType: "ORG_USER", codes: [] } });
    const id = made.body.data!.id;
    const off = await call<{ status: string; actions: string[] }>(platform.baseUrl, `/iam-role/${id}/disable`, { token: admin, body: {} });
    expect(off.body.code, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data!.status).toBe("DISABLED");
    expect(off.body.data!.actions).toContain("enable");
    expect((await call(platform.baseUrl, `/iam-role/${id}/disable`, { token: admin, body: {} })).body.code).toBe(4009);
    const on = await call<{ status: string }>(platform.baseUrl, `/iam-role/${id}/enable`, { token: admin, body: {} });
    expect(on.body.data!.status).toBe("ENABLED");
    const removed = await call<{ title: string }>(platform.baseUrl, `/iam-role/${id}`, { token: admin, method: "DELETE" });
    expect(removed.body.data!.title).toBe("启停测试角色");
    const after = await call<{ records: Array<{ id: number }> }>(platform.baseUrl, "/iam-role/search", { token: admin, body: { name: "启停测试角色" } });
    expect(after.body.data!.records).toEqual([]);
  });

  it("a role change shows on the user's next request, and a disabled user is refused at once", async () => {
    const role = await call<{ id: number }>(platform.baseUrl, "/iam-role", { token: admin, body: { name: "报表查看", userType: "ORG_USER", codes: [] } });
    const orgs = await platform.db.kysely.selectFrom("organisations").select("id").orderBy("id").execute();
    const { id, password } = await newUser(admin, { mobile: "13955550001", name: "赵报表", type: "ORG_USER", orgId: Number(orgs[0]!.id), roleIds: [role.body.data!.id] });
    const token = (await loginAs(platform.baseUrl, "13955550001", password)).accessToken;
    const before = await call<{ permissions: string[] }>(platform.baseUrl, "/api/v1/auth/user-info", { token });
    expect(before.body.data!.permissions).not.toContain("TMS_STATISTICS_OF_DRIVER_TRAFFIC");

    const put = await call(platform.baseUrl, `/iam-role/${role.body.data!.id}`, { token: admin, method: "PUT", body: { name: "报表查看", codes: ["TMS_STATISTICS_OF_DRIVER_TRAFFIC"] } });
    expect(put.body.code).toBe(200);
    const after = await call<{ permissions: string[] }>(platform.baseUrl, "/api/v1/auth/user-info", { token });
    expect(after.body.data!.permissions).toContain("TMS_STATISTICS_OF_DRIVER_TRAFFIC");

    const disable = await call(platform.baseUrl, `/iam-user/${id}/disable`, { token: admin });
    expect(disable.body.code).toBe(200);
    const refused = await call(platform.baseUrl, "/api/v1/auth/user-info", { token });
    expect([401, 403]).toContain(refused.status);
  });

  it("a user gets only roles whose codes the caller holds", async () => {
    const strong = await call<{ id: number }>(platform.baseUrl, "/iam-role", { token: admin, body: { name: "带日志的企业角色", userType: "ORG_USER", codes: ["SYSTEM_USER_LOG"] } });
    const orgs = await platform.db.kysely.selectFrom("organisations").select("id").orderBy("id").execute();
    const res = await call(platform.baseUrl, "/iam-user", { token: tenant, body: { mobile: "13955550002", name: "钱越权", type: "ORG_USER", orgId: Number(orgs[0]!.id), roleIds: [strong.body.data!.id] } });
    expect(res.body.code).toBe(4003);
  });
});

describe("password expiry", () => {
  it("login answers pwExpiration in the past once the configured days have gone", async () => {
    const { password } = await newUser(admin, { mobile: "13955550003", name: "孙过期", type: "TENANT_USER", roleIds: [] });
    // A new user's first password is already expired: they change it first.
    const login = await loginAs(platform.baseUrl, "13955550003", password);
    const token = login.accessToken;
    expect(Date.parse((login as unknown as { pwExpiration: string }).pwExpiration)).toBeLessThanOrEqual(Date.now());

    const set = await call(platform.baseUrl, "/sys-configs/30/pwExpirationConfig", { token: admin, method: "PUT", body: {} });
    expect(set.body.code).toBe(200);
    const read = await call<{ days: number }>(platform.baseUrl, "/sys-configs/queryPwExpirationConfig", { token: admin, method: "GET" });
    expect(read.body.data!.days).toBe(30);
    const bad = await call(platform.baseUrl, "/sys-configs/400/pwExpirationConfig", { token: admin, method: "PUT", body: {} });
    expect(bad.status).toBe(400);

    const weak = await call(platform.baseUrl, "/personal/password", { token, body: { oldPassword: password, newPassword: "abcdefgh" } });
    expect(weak.status).toBe(400);
    const changed = await call<{ pwExpiration: string }>(platform.baseUrl, "/personal/password", { token, body: { oldPassword: password, newPassword: "NewPass2026" } });
    expect(changed.body.code).toBe(200);
    const days = (Date.parse(changed.body.data!.pwExpiration) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);

    // Backdate the change by 40 days and apply the rule to existing users: the next login is expired.
    await platform.db.kysely.updateTable("users").set({ password_changed_at: new Date(Date.now() - 40 * 86_400_000).toISOString() }).where("mobile", "=", "13955550003").execute();
    await call(platform.baseUrl, "/sys-configs/30/pwExpirationConfig", { token: admin, method: "PUT", body: { applyToExisting: true } });
    const again = await loginAs(platform.baseUrl, "13955550003", "NewPass2026");
    expect(Date.parse((again as unknown as { pwExpiration: string }).pwExpiration)).toBeLessThan(Date.now());
  });
});

describe("operation log", () => {
  it("records state-changing calls (not searches) with who, module, path and result", async () => {
    await call(platform.baseUrl, "/iam-role/search", { token: admin, body: {} });
    // Asked for by every page the console draws: a read.
    expect((await call(platform.baseUrl, "/sys-notification/unread-count", { token: admin, body: {} })).body.code).toBe(200);
    const create = await call(platform.baseUrl, "/iam-role", { token: admin, body: { name: "日志测试角色", userType: "ORG_USER", codes: [] } });
    expect(create.body.code).toBe(200);
    const refused = await call(platform.baseUrl, "/iam-role", { token: tenant, body: { name: "x", userType: "SYSTEM_USER", codes: [] } });
    expect(refused.body.code).toBe(4003);
    const log = await call<{ records: Array<{ module: string; path: string; result: string; userName: string; kind: string }> }>(platform.baseUrl, "/sys-operation-log/search", { token: admin, body: { module: "角色管理", kind: "API" } });
    const rows = log.body.data!.records;
    expect(rows.some((r) => r.path === "/iam-role" && r.result === "SUCCESS" && r.userName === "平台管理员")).toBe(true);
    expect(rows.some((r) => r.path === "/iam-role" && r.result === "FAIL" && r.userName === "王运营")).toBe(true);
    expect(rows.some((r) => r.path === "/iam-role/search")).toBe(false);
    const all = await call<{ records: Array<{ path: string }> }>(platform.baseUrl, "/sys-operation-log/search", { token: admin, body: { kind: "API", size: 100 } });
    expect(all.body.data!.records.some((r) => r.path === "/sys-notification/unread-count")).toBe(false);
  });

  it("accepts clicks logged in and logged out, and only SYSTEM_USER_LOG holders read it", async () => {
    expect((await call(platform.baseUrl, "/sys-operation-log", { token: tenant, body: { module: "运单管理", content: "点击导出", system: "pc端" } })).body.code).toBe(200);
    expect((await call(platform.baseUrl, "/sys-operation-log/common-add", { body: { module: "登录页", content: "点击下载App", system: "pc端" } })).body.code).toBe(200);
    expect((await call(platform.baseUrl, "/sys-operation-log/common-add", { body: { module: "登录页", content: "x".repeat(501), system: "pc端" } })).status).toBe(400);
    const log = await call<{ records: Array<{ content: string; userName: string | null }> }>(platform.baseUrl, "/sys-operation-log/search", { token: admin, body: { kind: "CLICK" } });
    expect(log.body.data!.records.map((r) => r.content)).toEqual(expect.arrayContaining(["点击导出", "点击下载App"]));
    expect((await call(platform.baseUrl, "/sys-operation-log/search", { token: tenant, body: {} })).body.code).toBe(4003);
  });
});

describe("file store", () => {
  it("refuses too large, wrong type and a path in the name; stores by content hash", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload("/personal/avatar", admin, "me.png", big);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errorMsg).toContain("文件过大");
    const wrongType = await upload("/personal/avatar", admin, "me.exe", PNG);
    expect(wrongType.body.errorMsg).toContain("文件类型不支持");
    const lying = await upload("/personal/avatar", admin, "me.png", Buffer.from("not an image at all"));
    expect(lying.body.errorMsg).toContain("不符");
    const path = await upload("/system-file/upload", admin, "../../etc/passwd.pdf", Buffer.from("%PDF-1.4 x"), "&category=MANUAL");
    expect(path.status).toBe(400);
    expect(path.body.errorMsg).toContain("路径");

    const avatar = await upload("/personal/avatar", admin, "me.png", PNG);
    expect(avatar.body.code).toBe(200);
    const manual = await upload("/system-file/upload", admin, "操作手册.pdf", tinyPdf("manual"), "&category=MANUAL&visibility=PRIVATE");
    expect(manual.body.code).toBe(200);
    const id = manual.body.data!.id;
    const anonymous = await fetch(`${platform.baseUrl}/system-file/${id}/download`, { headers: { "X-Platform": "A" } });
    expect(anonymous.status).toBe(401);
    const owner = await fetch(`${platform.baseUrl}/system-file/${id}/download`, { headers: { "X-Platform": "A", Authorization: `Bearer ${admin}` } });
    expect(owner.status).toBe(200);
    expect(await owner.text()).toBe(tinyPdf("manual").toString("latin1"));
    const row = await platform.db.kysely.selectFrom("system_files").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.storage_key).toBe(`files/${row.sha256.slice(0, 2)}/${row.sha256.slice(2, 4)}/${row.sha256}`);
  });
});

describe("app versions", () => {
  it("add, latest and batchDelete per spec 7.4", async () => {
    const add = await call<{ id: number }>(platform.baseUrl, "/app-version/add", { token: admin, body: { appCode: "DRIVER", os: "IOS", versionName: "4.0.0", versionCode: 400, isForce: true, downloadUrl: "https://apps.apple.com/cn/app/id9", updateNotes: "新版本" } });
    expect(add.body.code, JSON.stringify(add.body)).toBe(200);
    const lower = await call(platform.baseUrl, "/app-version/add", { token: admin, body: { appCode: "DRIVER", os: "IOS", versionName: "3.9.0", versionCode: 399, isForce: false, downloadUrl: "https://apps.apple.com/cn/app/id9", updateNotes: "旧版本" } });
    expect(lower.body.code).toBe(4000);
    const latest = await call<Array<{ appCode: string; os: string; versionName: string }>>(platform.baseUrl, "/app-version/latest", { method: "GET" });
    expect(latest.body.data!.some((v) => v.appCode === "DRIVER" && v.os === "IOS" && v.versionName === "4.0.0")).toBe(true);
    const search = await call<{ records: Array<{ id: number }> }>(platform.baseUrl, "/app-version/search", { token: admin, body: { appCode: "DRIVER", os: "IOS" } });
    expect(search.body.data!.records.map((r) => r.id)).toContain(add.body.data!.id);
    const del = await call(platform.baseUrl, "/app-version/batchDelete", { token: admin, body: { ids: search.body.data!.records.map((r) => r.id) } });
    expect(del.body.code).toBe(200);
    expect((await call(platform.baseUrl, "/app-version/batchDelete", { token: admin, body: { ids: [] } })).status).toBe(400);
  });
});

describe("WeChat binding", () => {
  it("binds with a signed state once; a forged or reused state is refused", async () => {
    const openid = "oWx_test_openid_01";
    const state = (await call<string>(platform.baseUrl, `/api/v1/dev/wx-state?openid=${openid}`, { method: "GET" })).body.data!;
    const mobile = DEMO_ACCOUNTS.ORG_USER;
    const forged = await call(platform.baseUrl, "/wx-binding/sms", { body: { openid, state: `${state.split(".")[0]}.AAAA${state.split(".")[1]!.slice(4)}`, mobile } });
    expect(forged.body.code).toBe(4000);
    expect((await call(platform.baseUrl, "/wx-binding/sms", { body: { openid, state, mobile } })).body.code).toBe(200);
    const code = (await call<{ content: string }>(platform.baseUrl, `/api/v1/dev/outbox?mobile=${mobile}`, { method: "GET" })).body.data!.content;
    const bind = await call(platform.baseUrl, "/wx-binding/bind", { body: { openid, state, mobile, smsCode: code } });
    expect(bind.body.code, JSON.stringify(bind.body)).toBe(200);
    const reused = await call(platform.baseUrl, "/wx-binding/bind", { body: { openid, state, mobile, smsCode: code } });
    expect(reused.body.code).toBe(4000);
    expect(reused.body.message).toContain("已使用");
  });
});
