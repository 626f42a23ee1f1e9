/**
 * Money journeys without JavaScript: an organisation pays two completed waybills from the 陆运待付款 list
 * (count and amount confirmed first) and sees its balance fall by exactly that amount; a driver requests a
 * withdrawal, platform finance approves it and records the bank's success, and the wallet moves.
 */
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, attachDocument, escapeRegExp, PASSWORD, type Kind } from "./support";

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

/** An engine list's rows (an empty engine list has none: its 暂无 line is not a row). */
const ENGINE_ROWS = "resource-row";

const yuan = async (page: Page, testId: string) => Math.round(Number(await page.getByTestId(testId).textContent()) * 100);

test("an organisation pays two completed waybills and its balance falls by the confirmed amount", async ({ page }) => {
  await login(page, "ORG_USER", "/accountManage/accountInfo");
  const before = await yuan(page, "account-balance");

  await page.goto("/financialManage/pendingPaymentList");
  const table = page.getByRole("table", { name: "陆运待付款" });
  const rows = table.getByTestId(ENGINE_ROWS).filter({ hasNotText: "未注册" });
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
  const shown = /合计\s*([\d,.]+)\s*元/.exec((await summary.textContent()) ?? "")![1]!;
  const amount = Math.round(Number(shown.replace(/,/g, "")) * 100);
  await page.getByTestId("dialog-pay").getByRole("button", { name: "确认支付" }).click();
  await expect(page.getByRole("status")).toContainText(`支付成功：2 个运单，合计 ${shown} 元`);
  for (const no of freightNos) await expect(table).not.toContainText(no);

  await page.goto("/accountManage/accountInfo");
  expect(await yuan(page, "account-balance")).toBe(before - amount);
  await page.goto(`/accountManage/expend?bizNo=ZF`);
  await expect(page.getByRole("table", { name: "账户流水" })).toContainText(`运费支付 运单 ${freightNos[0]}`);
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
  const row = page.getByRole("table", { name: "提现列表" }).getByTestId("resource-row").filter({ hasText: withdrawNo });
  await expect(row).toContainText("待审核");
  await row.getByRole("link", { name: "通过" }).click();
  await page.getByTestId("resource-confirm").getByRole("button", { name: "通过" }).click();
  await expect(page.getByRole("status")).toContainText("已审核通过");
  await expect(row).toContainText("打款中");
  await row.getByRole("link", { name: "打款成功" }).click();
  await page.getByTestId("resource-confirm").getByLabel(/银行流水号/).fill("CCB2026112399");
  await page.getByTestId("resource-confirm").getByRole("button", { name: "确认" }).click();
  await expect(page.getByRole("status")).toContainText("已登记打款成功");
  await expect(row).toContainText("提现成功");

  await login(page, "INDIVIDUAL_USER", "/accountManage/accountInfo");
  expect(await yuan(page, "account-balance")).toBe(balance - 10_000);
  expect(await yuan(page, "account-frozen")).toBe(frozen);
  await expect(page.getByTestId("my-withdrawals")).toContainText(withdrawNo);
});

test("an organisation requests a recharge, platform finance confirms it on 企业余额, the balance rises", async ({ page }) => {
  await login(page, "ORG_USER", "/accountManage/recharge");
  const before = await yuan(page, "account-balance");
  const form = page.getByRole("form", { name: "充值申请" });
  await form.getByLabel(/充值金额/).fill("1234.56");
  await form.getByLabel(/付款账号/).fill("34001626808052500001");
  await form.getByLabel(/付款银行/).fill("中国农业银行蚌埠分行");
  const serial = `E2E${Date.now()}`;
  await form.getByLabel(/银行流水号/).fill(serial);
  await form.getByLabel(/转账时间/).fill("2026-11-20T10:30");
  await attachDocument(form, "voucherUrl", "转账凭证 e2e-recharge");
  await form.getByRole("button", { name: "提交充值申请" }).click();
  await expect(page.getByRole("status")).toContainText("金额 1,234.56 元，等待平台确认到账");
  await expect(page.getByTestId("recharge-table")).toContainText(serial);

  await login(page, "SYSTEM_USER", "/financialManage/enterpriseBalance");
  const row = page.getByTestId("pending-recharges").locator("tbody tr").filter({ hasText: serial });
  await row.getByRole("link", { name: "确认到账" }).click();
  await page.getByTestId("resource-confirm").getByRole("button", { name: "确认到账" }).click();
  await expect(page.getByRole("status")).toContainText("已确认到账");
  await expect(page.getByTestId("pending-recharges")).not.toContainText(serial);

  await login(page, "ORG_USER", "/accountManage/accountInfo");
  expect(await yuan(page, "account-balance")).toBe(before + 123_456);
});

test("every money page renders real rows for the account that uses it", async ({ page }) => {
  const pages: Array<[Kind, string, string]> = [
    ["ORG_USER", "/accountManage/expend", ENGINE_ROWS],
    ["ORG_USER", "/financialManage/paymentList", ENGINE_ROWS],
    ["ORG_USER", "/financialManage/driverPayableList", ENGINE_ROWS],
    ["ORG_USER", "/financialManage/waybillTracking", ENGINE_ROWS],
    ["ORG_USER", "/financialManage/enterpriseFlow", ENGINE_ROWS],
    ["SYSTEM_USER", "/financialManage/platformFlow", ENGINE_ROWS],
    ["SYSTEM_USER", "/financialManage/withdrawList", ENGINE_ROWS],
    ["SYSTEM_USER", "/financialManage/withdrawFlow", ENGINE_ROWS],
    ["SYSTEM_USER", "/financialManage/enterpriseBalance", ENGINE_ROWS],
    ["SYSTEM_USER", "/system/addUserBankCardList", ENGINE_ROWS],
  ];
  let current: Kind | null = null;
  for (const [kind, path, table] of pages) {
    if (kind !== current) await login(page, kind, path);
    else await page.goto(path);
    current = kind;
    if (table === ENGINE_ROWS) await expect(page.getByTestId(ENGINE_ROWS).first()).toBeVisible();
    else await expect(page.getByTestId(table).locator("tbody tr").first()).not.toContainText("暂无数据");
  }
  await page.goto("/financialManage/enterpriseBalance");
  await page.getByRole("table", { name: "企业余额" }).getByRole("link", { name: "详情" }).first().click();
  await expect(page.getByTestId("balance-check")).toContainText("与账户余额一致");
});
