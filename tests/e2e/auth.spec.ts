import { expect, test } from "@playwright/test";
import { ACCOUNTS, PASSWORD, login, loginByForm, outbox, type Kind } from "./support";

test("a page opened without a session goes to login and keeps the path", async ({ page }) => {
  await page.goto("/dispatchManage/waybillList?status=IN_TRANSIT");
  await expect(page).toHaveURL(/\/login\?redirect=%2FdispatchManage%2FwaybillList%3Fstatus%3DIN_TRANSIT/);
  await page.getByLabel("手机号").fill(ACCOUNTS.ORG_USER);
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(/\/dispatchManage\/waybillList\?status=IN_TRANSIT$/);
});

for (const kind of Object.keys(ACCOUNTS) as Kind[]) {
  test(`password login of the ${kind} demo account lands on its home`, async ({ page }) => {
    await loginByForm(page, kind);
    if (kind === "INDIVIDUAL_USER") {
      // A driver lands on his own home, 我的运单, not on the staff console's 首页.
      await expect(page).toHaveTitle(/^我的运单 - 运输管理后台$/);
      await expect(page.getByRole("heading", { name: "当前运单" })).toBeVisible();
      return;
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("您好");
    await expect(page).toHaveTitle(/^首页 - 运输管理后台$/);
  });
}

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("手机号").fill(ACCOUNTS.TENANT_USER);
  await page.getByLabel("密码", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page.getByRole("alert")).toContainText("手机号或密码错误");
  await expect(page).toHaveURL(/\/login/);
  // A good login afterwards clears the failure count for the other tests.
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test("the mobile rule is checked inline before anything is sent", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("手机号").fill("12345");
  await page.getByLabel("密码", { exact: true }).focus();
  await expect(page.getByText("请输入正确的11位手机号")).toBeVisible();
});

test("SMS login through the development outbox", async ({ page }) => {
  await page.goto("/login?mode=sms");
  await page.getByLabel("手机号").fill(ACCOUNTS.INDIVIDUAL_USER);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByRole("status").filter({ hasText: "验证码已发送" })).toBeVisible();
  await expect(page.getByRole("button", { name: /秒后重发/ })).toBeDisabled();
  const code = await outbox(ACCOUNTS.INDIVIDUAL_USER, "sms");
  await page.getByLabel("短信验证码").fill(code);
  await page.getByRole("button", { name: "登 录" }).click();
  // A driver lands on his own home.
  await expect(page).toHaveURL(/\/driver$/);
});

test("logout clears the session and returns to login", async ({ page }) => {
  await login(page, "ORG_USER");
  await page.getByLabel("用户菜单").click();
  await page.getByRole("menuitem", { name: "退出登录" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});

test("a logged-in user opening /login goes home", async ({ page }) => {
  await login(page, "SYSTEM_USER");
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an unknown path redirects to /404, the 404 page with HTTP 404 (spec 2.1)", async ({ page }) => {
  await login(page, "SYSTEM_USER");
  const response = await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/404$/);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  const publicResponse = await page.goto("/404");
  expect(publicResponse?.status()).toBe(404);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("login works as a plain form post", async ({ page }) => {
    await page.goto("/login?redirect=%2FsysNotification");
    await page.getByLabel("手机号").fill(ACCOUNTS.TENANT_USER);
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登 录" }).click();
    await expect(page).toHaveURL(/\/sysNotification$/);
  });

  test("a bad mobile is refused by the server with the same message", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("手机号").fill("23800000001");
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登 录" }).click();
    await expect(page.getByText("请输入正确的11位手机号")).toBeVisible();
  });
});

test("the download page shows only its own title", async ({ page }) => {
  await page.goto("/download");
  await expect(page).toHaveTitle("App 下载");
});

test("after three failures the platform asks for a captcha, and the captcha lets the user in", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("手机号").fill(ACCOUNTS.INDIVIDUAL_USER);
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByLabel("密码", { exact: true }).fill(`wrong-${attempt}`);
    await page.getByRole("button", { name: "登 录" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
  }
  await expect(page.getByRole("img", { name: "图形验证码" })).toBeVisible();
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByLabel("图形验证码").fill(await outbox(ACCOUNTS.INDIVIDUAL_USER, "captcha"));
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(/\/driver$/);
});
