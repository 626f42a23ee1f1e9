/**
 * 账号激活 with JavaScript off: the invitee of a 注册邀请 opens the link, asks for
 * an SMS code, sets his password through plain form posts and logs in with it.
 */
import { expect, test } from "@playwright/test";
import { outbox, platformCall, platformToken } from "./support";

test.use({ javaScriptEnabled: false });

test("the invitee of a 注册邀请 activates his account and logs in, with JavaScript off", async ({ page }) => {
  const mobile = `1775${String(Date.now()).slice(-7)}`;
  const token = await platformToken("SYSTEM_USER");
  const invitation = await platformCall<{ inviteCode: string }>("/tms-registration-invite", { inviteeName: "韩师傅", inviteeMobile: mobile, role: "DRIVER", channel: "SMS" }, token);

  await page.goto(`/activate?mobile=${mobile}&code=${invitation.inviteCode}`);
  await expect(page.getByLabel("手机号")).toHaveValue(mobile);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByRole("status")).toContainText("验证码已发送");
  const code = await outbox(mobile, "sms");

  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("登录密码").fill("Han2026road");
  await page.getByLabel("确认密码").fill("Han2026roaX");
  await page.getByRole("button", { name: "激活并设置密码" }).click();
  await expect(page.getByText("两次输入的密码不一致")).toBeVisible();

  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("登录密码").fill("Han2026road");
  await page.getByLabel("确认密码").fill("Han2026road");
  await page.getByRole("button", { name: "激活并设置密码" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("alert")).toContainText("账号已激活");

  await page.getByLabel("手机号").fill(mobile);
  await page.getByLabel("密码", { exact: true }).fill("Han2026road");
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).not.toHaveURL(/\/login/);
});
