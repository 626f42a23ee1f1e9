/**
 * IAM administration journeys: a new user's expired first password sends them to change it; a role
 * given a report code shows the report in that user's menu on their next page; a published app
 * version shows on /download; a marked click lands in the operation log.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { login, outbox, platformCall, platformToken, sidebarGroups, visit, waitForHydration } from "./support";

const stamp = String(Date.now()).slice(-7);

async function asAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, "SYSTEM_USER");
  return page;
}

test("password expiry and a role change reach the user without logging out", async ({ page, browser }) => {
  const admin = await platformToken("SYSTEM_USER");
  const roleName = `报表员${stamp}`;
  const role = await platformCall<{ id: number }>("/iam-role", { name: roleName, userType: "ORG_USER", codes: [] }, admin);
  const orgs = await platformCall<Array<{ id: number }>>("/iam-user/org-options", {}, admin);
  const mobile = `1395${stamp}`;
  await platformCall("/iam-user", { mobile, name: `周报表${stamp.slice(-3)}`, type: "ORG_USER", orgId: orgs[0]!.id, roleIds: [role.id] }, admin);
  const password = /初始密码为 (\S+)，/.exec(await outbox(mobile, "sms"))![1]!;

  // The administrator sets the expiry on its page.
  const adminPage = await asAdmin(browser);
  await visit(adminPage, "/system/expirationPasswordConfig");
  await adminPage.getByLabel("60 天").check();
  await adminPage.getByRole("button", { name: "保存" }).click();
  await expect(adminPage.getByRole("status")).toContainText("60 天");
  await expect(adminPage.getByText("当前设置：60 天")).toBeVisible();

  // The first password is already expired: login lands on 修改密码, and other pages send them back.
  await page.goto("/login");
  await page.getByLabel("手机号").fill(mobile);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(/\/personalCenter\/userInfo\?pwExpired=1/);
  await expect(page.getByRole("alert")).toContainText("密码已过期");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/personalCenter\/userInfo/);
  await waitForHydration(page);
  await page.getByLabel("当前密码").fill(password);
  await page.getByLabel("新密码", { exact: true }).fill("Changed2026");
  await page.getByLabel("确认新密码").fill("Changed2026");
  await page.getByRole("button", { name: "修改密码" }).click();
  // (A pushed message's toast is a status too.)
  await expect(page.getByRole("status").filter({ hasText: "密码已修改" })).toBeVisible();
  await visit(page, "/dashboard");
  await expect(page).toHaveURL(/\/dashboard/);
  expect(await sidebarGroups(page)).not.toContain("统计报表");

  // The administrator gives the role a report code in the picker.
  await visit(adminPage, `/system/role?name=${encodeURIComponent(roleName)}`);
  await adminPage.getByRole("row", { name: new RegExp(roleName) }).getByRole("link", { name: "编辑" }).click();
  const form = adminPage.getByRole("form", { name: `编辑角色 ${roleName}` });
  await form.getByLabel("装货单位运量统计").check();
  await form.getByRole("button", { name: "保存" }).click();
  await expect(adminPage.getByRole("status")).toContainText(`角色「${roleName}」已保存`);

  // Their next pages show the report in the menu (the console trusts its user-info cache for 1.5 s).
  await expect
    .poll(async () => {
      await visit(page, "/dashboard");
      return sidebarGroups(page);
    })
    .toContain("统计报表");
  await adminPage.context().close();
});

test("a published app version shows on /download", async ({ page }) => {
  await login(page, "SYSTEM_USER", "/system/publishApp");
  await page.getByRole("link", { name: "发布新版本" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("应用").selectOption({ label: "船长端" });
  await dialog.getByLabel("系统").selectOption({ label: "苹果 iOS" });
  await dialog.getByLabel("版本号").fill(`9.${stamp.slice(-2)}.1`);
  await dialog.getByLabel("版本序号").fill(`9${stamp}`);
  await dialog.getByLabel("强制更新").selectOption({ label: "否" });
  await dialog.getByLabel("下载地址").fill("https://apps.apple.com/cn/app/id1600000099");
  await dialog.getByLabel("更新说明").fill("新增电子回单查看");
  await dialog.getByRole("button", { name: /保\s*存|确\s*定|提\s*交/ }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await visit(page, "/download");
  const captain = page.getByRole("listitem", { name: "船长端 App" });
  await expect(captain.getByRole("link", { name: `iOS 版 v9.${stamp.slice(-2)}.1` })).toHaveAttribute("href", "https://apps.apple.com/cn/app/id1600000099");
});

test("a click on a marked element is found in the operation log", async ({ page }) => {
  await login(page, "SYSTEM_USER", "/system/role");
  await page.getByRole("link", { name: "新增角色" }).click();
  await expect(page.getByRole("form", { name: "新增角色" })).toBeVisible();
  await expect(async () => {
    await visit(page, `/system/operateLog?kind=CLICK&module=${encodeURIComponent("角色管理")}`);
    await expect(page.getByRole("row", { name: /点击新增角色/ }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole("row", { name: /点击新增角色/ }).first()).toContainText("平台管理员");
});

test("用户管理's account actions are the platform's row actions: 重置密码 sends a new password, 停用 then offers 启用", async ({ page }) => {
  const admin = await platformToken("SYSTEM_USER");
  const orgs = await platformCall<Array<{ id: number }>>("/iam-user/org-options", {}, admin);
  const mobile = `1396${stamp}`;
  const name = `吴账号${stamp.slice(-3)}`;
  await platformCall("/iam-user", { mobile, name, type: "ORG_USER", orgId: orgs[0]!.id, roleIds: [] }, admin);
  const first = await outbox(mobile, "sms");

  await login(page, "SYSTEM_USER", `/system/user?keyword=${mobile}`);
  const row = page.getByRole("table", { name: "用户管理" }).locator("[data-testid=resource-row]").filter({ hasText: mobile });
  await expect(row).toContainText("正常");
  await row.getByRole("link", { name: `重置密码 ${name}` }).click();
  const dialog = page.getByTestId("resource-confirm");
  await expect(dialog).toContainText("新密码将通过短信发送");
  await page.getByRole("button", { name: "确认重置密码" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} 已重置密码，新密码已通过短信发送` })).toBeVisible();
  await expect.poll(() => outbox(mobile, "sms")).not.toBe(first);
  expect(await outbox(mobile, "sms")).toMatch(/密码已重置/);

  await row.getByRole("link", { name: `停用 ${name}` }).click();
  await page.getByRole("button", { name: "确认停用" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} 已停用，其登录已失效` })).toBeVisible();
  await expect(row).toContainText("已停用");
  await expect(row.getByRole("link", { name: `启用 ${name}` })).toBeVisible();
  await expect(row.getByRole("link", { name: `停用 ${name}` })).toHaveCount(0);
});
