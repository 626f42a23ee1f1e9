/**
 * The second finance part without JavaScript: each page opens with real demo rows for an account that
 * may see it; a red envelope is granted from 红包管理 and shows in the driver's account flow; a
 * matchmaking invoice's 合并明细 lists its waybills; a payee setting is added and approved.
 */
import { expect, test } from "@playwright/test";
import { sharedNoScriptLogins } from "./support";

test.describe.configure({ mode: "serial" });
const logins = sharedNoScriptLogins("finance2");
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
    await expect(page.locator("main table").first(), p.path).toContainText(p.rows);
  }
  await page.close();
});

test("an organisation sees its own matchmaking invoices and statistics", async ({ browser }) => {
  const page = await logins.pageAs(browser, "ORG_USER");
  for (const path of ["/financialManage/matchmakingBillingList", "/financialManage/expenditureStatistics", "/financialManage/matchmakingBillingSummary"]) {
    await page.goto(path);
    await expect(page.locator("main table").first(), path).toBeVisible();
    await expect(page.locator("main table tbody tr").first(), path).not.toContainText("暂无数据");
  }
  await page.goto("/financialManage/redEnvelopeManagement");
  await expect(page.getByText(/没有查看红包活动权限|当前账号类型不能/).first()).toBeVisible();
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
