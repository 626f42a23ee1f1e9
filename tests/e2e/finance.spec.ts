/**
 * Money journeys without JavaScript: an organisation pays two completed waybills from the 陆运待付款 list
 * (count and amount confirmed first) and sees its balance fall by exactly that amount; a driver requests a
 * withdrawal, platform finance approves it and records the bank's success, and the wallet moves.
 */
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, escapeRegExp, PASSWORD, type Kind } from "./support";

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

async function login(page: Page, kind: Kind, redirect: string) {
  await page.context().clearCookies();
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel("手机号").fill(ACCOUNTS[kind]);
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(new RegExp(escapeRegExp(redirect)));
}

const yuan = async (page: Page, testId: string) => Math.round(Number(await page.getByTestId(testId).textContent()) * 100);

test("an organisation pays two completed waybills and its balance falls by the confirmed amount", async ({ page }) => {
  await login(page, "ORG_USER", "/accountManage/accountInfo");
  const before = await yuan(page, "account-balance");

  await page.goto("/financialManage/pendingPaymentList");
  const rows = page.getByTestId("payable-table").locator("tbody tr").filter({ hasNotText: "未注册" });
  await expect(rows.first()).toBeVisible();
  const freightNos: string[] = [];
  for (const i of [0, 1]) {
    const checkbox = rows.nth(i).getByRole("checkbox");
    freightNos.push(((await checkbox.getAttribute("aria-label")) ?? "").replace("选择运单 ", ""));
    await checkbox.check();
  }
  await page.getByTestId("pay-selected").click();
  const summary = page.getByTestId("pay-summary");
  await expect(summary).toContainText("选中运单数 2 个");
  const amount = Math.round(Number(/合计 ([\d.]+) 元/.exec((await summary.textContent()) ?? "")![1]) * 100);
  await page.getByTestId("dialog-pay").getByRole("button", { name: "确认支付" }).click();
  await expect(page.getByRole("status")).toContainText(`支付成功：2 个运单，合计 ${(amount / 100).toFixed(2)} 元`);
  for (const no of freightNos) await expect(page.getByTestId("payable-table")).not.toContainText(no);

  await page.goto("/accountManage/accountInfo");
  expect(await yuan(page, "account-balance")).toBe(before - amount);
  await page.goto(`/accountManage/expend?bizNo=ZF`);
  await expect(page.getByTestId("entry-table")).toContainText(`运费支付 运单 ${freightNos[0]}`);
});

test("a driver requests a withdrawal, platform finance approves it and records the bank's success", async ({ page }) => {
  await login(page, "INDIVIDUAL_USER", "/accountManage/accountInfo");
  const balance = await yuan(page, "account-balance");
  const frozen = await yuan(page, "account-frozen");
  await page.getByLabel(/提现金额/).fill("100.00");
  await page.getByRole("button", { name: "申请提现" }).click();
  const notice = page.getByRole("status");
  await expect(notice).toContainText("100.00 元已冻结");
  const withdrawNo = /TX\d{14}/.exec((await notice.textContent()) ?? "")![0];
  expect(await yuan(page, "account-frozen")).toBe(frozen + 10_000);

  await login(page, "SYSTEM_USER", `/financialManage/withdrawList?keyword=${withdrawNo}`);
  const row = page.getByTestId("withdraw-table").locator("tbody tr").filter({ hasText: withdrawNo });
  await expect(row).toContainText("待审核");
  await row.getByRole("link", { name: "通过" }).click();
  await page.getByTestId("dialog-approve").getByRole("button", { name: "通过" }).click();
  await expect(page.getByRole("status")).toContainText("已审核通过");
  await expect(row).toContainText("打款中");
  await row.getByRole("link", { name: "打款成功" }).click();
  await page.getByTestId("dialog-succeed").getByLabel(/银行流水号/).fill("CCB2026112399");
  await page.getByTestId("dialog-succeed").getByRole("button", { name: "确认" }).click();
  await expect(page.getByRole("status")).toContainText("已登记打款成功");
  await expect(row).toContainText("提现成功");

  await login(page, "INDIVIDUAL_USER", "/accountManage/accountInfo");
  expect(await yuan(page, "account-balance")).toBe(balance - 10_000);
  expect(await yuan(page, "account-frozen")).toBe(frozen);
  await expect(page.getByTestId("my-withdrawals")).toContainText(withdrawNo);
});
