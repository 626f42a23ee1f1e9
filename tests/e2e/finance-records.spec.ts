/**
 * The second finance part without JavaScript: each page opens with real demo rows for an account that
 * may see it; a red envelope is granted from 红包管理 and shows in the driver's account flow; a
 * matchmaking invoice's 合并明细 lists its waybills; a payee setting is added and approved.
 * Also: 申请撮合开票 from the list, 批量登记 of a driver and a captain, 红包管理's 导出 per tab.
 */
import { expect, test } from "@playwright/test";
import { sharedNoScriptLogins } from "./support";

test.describe.configure({ mode: "serial" });
const logins = sharedNoScriptLogins("finance-records");
test.afterAll(() => logins.closeAll());

const PAGES = [
  { path: "/financialManage/temporaryRegistrationList", title: "临时登记记录", rows: "国家税务总局" },
  { path: "/financialManage/matchmakingBillingList", title: "撮合开票列表", rows: "撮合服务费发票" },
  { path: "/financialManage/matchmakingBillingSummary", title: "撮合开票汇总", rows: "合计" },
  { path: "/financialManage/matchmakingBillingDetail", title: "撮合开票明细", rows: "成功" },
  { path: "/financialManage/platformDataStatistics", title: "平台数据统计", rows: "合计" },
  { path: "/financialManage/expenditureStatistics", title: "支出统计", rows: "合计" },
  { path: "/financialManage/redEnvelopeManagement", title: "红包管理", rows: "新司机安全出行补贴" },
  { path: "/system/withdrawalAllocation", title: "提现分配", rows: "周德胜" },
] as const;

test("platform finance opens every page with real rows", async ({ browser }) => {
  const page = await logins.pageAs(browser, "SYSTEM_USER");
  for (const p of PAGES) {
    await page.goto(p.path);
    await expect(page.getByRole("heading", { name: p.title }).first(), p.path).toBeVisible();
    // The page's own table, not a chart's data table (图表 / 表格).
    await expect(page.locator("main table:not(.chart-data)").first(), p.path).toContainText(p.rows);
  }
  await page.close();
});

test("an organisation sees its own matchmaking invoices and statistics", async ({ browser }) => {
  const page = await logins.pageAs(browser, "ORG_USER");
  for (const path of ["/financialManage/matchmakingBillingList", "/financialManage/expenditureStatistics", "/financialManage/matchmakingBillingSummary"]) {
    await page.goto(path);
    await expect(page.locator("main table:not(.chart-data)").first(), path).toBeVisible();
    await expect(page.locator("main table:not(.chart-data) tbody tr").first(), path).not.toContainText("暂无数据");
  }
  // Red envelopes are the platform's: the organisation is not offered the page, and opening it is a 403.
  const refused = await page.goto("/financialManage/redEnvelopeManagement");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("没有访问权限").first()).toBeVisible();
  await page.close();
});

test("合并明细 lists an invoice's waybills", async ({ browser }) => {
  const page = await logins.pageAs(browser, "SYSTEM_USER");
  await page.goto("/financialManage/matchmakingBillingList");
  await page.locator("main table tbody tr").first().getByRole("link", { name: "详情" }).click();
  await expect(page).toHaveURL(/\/financialManage\/mergeDetail\?id=\d+/);
  await expect(page.getByText("合并明细（运单）")).toBeVisible();
  await expect(page.locator("main table").last()).toContainText(/YD|YDL/);
  await page.close();
});

test("红包管理: a manual grant is paid into the driver's wallet and shows in the grant records", async ({ browser }) => {
  const page = await logins.pageAs(browser, "SYSTEM_USER");
  await page.goto("/financialManage/redEnvelopeManagement");
  const row = page.getByTestId("campaign-table").locator("tbody tr").filter({ hasText: "新司机安全出行补贴" });
  await row.getByRole("link", { name: "手动发放" }).click();
  const dialog = page.getByTestId("dialog-grant");
  await dialog.locator('textarea[name="mobiles"]').fill("13966200001");
  await dialog.getByRole("button", { name: "确认发放" }).click();
  await expect(page.getByRole("status")).toContainText("已向 1 人发放红包");
  await page.goto("/financialManage/redEnvelopeManagement?tab=grants&keyword=周德胜");
  await expect(page.getByTestId("grant-table")).toContainText("已领取");
  // A campaign from the toolbar: saved as a draft.
  await page.goto("/financialManage/redEnvelopeManagement?confirm=create:new");
  const create = page.getByTestId("dialog-create");
  await create.locator('[name="name"]').fill("浏览器测试活动");
  await create.locator('[name="amountMin"]').fill("5");
  await create.locator('[name="budget"]').fill("100");
  await create.locator('[name="validTo"]').fill("2099-12-31");
  await create.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page.getByRole("status")).toContainText("已创建（草稿）");
  await expect(page.getByTestId("campaign-table")).toContainText("浏览器测试活动");
  await page.close();
});

test("申请撮合开票 without JavaScript: pick a waybill, see 选中运单数 and 发票金额, confirm, the new application heads the list", async ({ browser }) => {
  const page = await logins.pageAs(browser, "ORG_USER");
  await page.goto("/financialManage/matchmakingBillingList");
  await page.getByTestId("open-match-apply").click();
  await expect(page).toHaveURL(/apply=1/);
  await expect(page.getByRole("heading", { name: "申请撮合开票" })).toBeVisible();
  // Nothing ticked: a Chinese refusal, nothing created.
  await page.getByTestId("applyMatch-selected").click();
  await expect(page.getByTestId("dialog-applyMatch")).toContainText("请先勾选运单");
  await page.getByTestId("dialog-applyMatch").getByRole("link", { name: "知道了" }).click();
  const table = page.getByTestId("match-candidates");
  const box = table.locator('input[name="freightId"]:not([disabled])').first();
  await expect(box).toBeVisible();
  const freightNo = (await box.getAttribute("aria-label"))!.replace("选择运单 ", "");
  await box.check();
  await page.getByTestId("applyMatch-selected").click();
  await expect(page).toHaveURL(/confirm=applyMatch/);
  await expect(page.getByTestId("selected-waybills")).toHaveText("1");
  const dialog = page.getByTestId("dialog-applyMatch");
  await expect(dialog.getByTestId("applyMatch-summary")).toContainText("选中运单数 1 个");
  await expect(dialog.getByTestId("applyMatch-summary")).toContainText("确认提交吗");
  await dialog.getByRole("button", { name: "确认提交申请" }).click();
  await expect(page).toHaveURL(/\/financialManage\/matchmakingBillingList$/);
  const notice = page.getByRole("status");
  await expect(notice).toContainText("撮合开票申请");
  const applyNo = ((await notice.textContent()) ?? "").match(/CK\d+/)?.[0];
  expect(applyNo).toBeTruthy();
  await expect(page.locator("main table tbody tr").first()).toContainText(applyNo!);
  // The waybill is no longer offered for a service-fee invoice.
  await page.goto("/financialManage/matchmakingBillingList?apply=1");
  await expect(page.getByTestId("match-candidates")).not.toContainText(freightNo);
  await page.close();
});

test("临时税务登记 批量登记 without JavaScript: a driver and a captain registered together, then shown 待登记", async ({ browser }) => {
  const page = await logins.pageAs(browser, "SYSTEM_USER");
  await page.goto("/financialManage/temporaryRegistrationList");
  await page.getByTestId("open-tax-batch").click();
  await expect(page).toHaveURL(/batch=1/);
  await page.goto("/financialManage/temporaryRegistrationList?batch=1&size=200");
  const table = page.getByTestId("tax-candidates");
  const driverRow = table.locator("tbody tr").filter({ hasText: "司机" }).first();
  const captainRow = table.locator("tbody tr").filter({ hasText: "船长" }).first();
  const captainName = ((await captainRow.locator("td").nth(2).textContent()) ?? "").trim();
  const captainKey = await captainRow.locator('input[name="person"]').getAttribute("value");
  expect(captainName).not.toBe("");
  expect(captainKey).toMatch(/^CAPTAIN:\d+$/);
  await driverRow.locator('input[name="person"]').check();
  await captainRow.locator('input[name="person"]').check();
  await page.getByTestId("batchRegister-selected").click();
  const dialog = page.getByTestId("dialog-batchRegister");
  await expect(dialog.getByTestId("batchRegister-summary")).toContainText("2");
  await expect(dialog.getByTestId("batchRegister-summary")).toContainText(captainName);
  await dialog.locator('[name="taxAuthority"]').fill("国家税务总局芜湖市镜湖区税务局");
  await dialog.locator('[name="authorizationFile"]').fill("/files/tax/batch-e2e.jpg");
  await dialog.getByRole("button", { name: "确认登记" }).click();
  await expect(page.getByRole("status")).toContainText("已提交 2 人的临时税务登记");
  await expect(page).toHaveURL(/status=PENDING/);
  const captainListed = page.locator("main table").first().locator("tbody tr").filter({ hasText: captainName });
  await expect(captainListed.first()).toContainText("船长");
  await expect(captainListed.first()).toContainText("待登记");
  // The picker no longer offers the captain (a batch naming them would be refused whole, see the integration test).
  await page.goto("/financialManage/temporaryRegistrationList?batch=1&size=200");
  await expect(page.getByTestId("tax-candidates")).toBeVisible();
  await expect(page.locator(`input[name="person"][value="${captainKey}"]`)).toHaveCount(0);
  await page.close();
});

test("红包管理 导出 on each tab downloads an xlsx with the tab's filters", async ({ browser }) => {
  const page = await logins.pageAs(browser, "SYSTEM_USER");
  await page.goto("/financialManage/redEnvelopeManagement?status=ACTIVE");
  const link = page.getByTestId("campaign-table").getByRole("link", { name: "导出" });
  await expect(link).toHaveAttribute("href", /tab=campaigns&status=ACTIVE/);
  const [campaigns] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(campaigns.suggestedFilename()).toMatch(/(红包活动|red_envelope_campaigns)_\d{8}\.xlsx$/);
  await page.goto("/financialManage/redEnvelopeManagement?tab=grants&status=RECEIVED");
  // The records hold masked mobiles: for the platform 导出 is a form whose box would ask for the full numbers.
  const [grants] = await Promise.all([page.waitForEvent("download"), page.getByTestId("grant-table").getByRole("button", { name: "导出" }).click()]);
  expect(grants.suggestedFilename()).toMatch(/(红包发放记录|red_envelope_grants)_\d{8}\.xlsx$/);
  await page.close();
});
