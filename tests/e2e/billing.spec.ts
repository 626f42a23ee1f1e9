/**
 * 开票与税务 without JavaScript: every new page opens with real demo rows for an account that may see
 * it, and the invoice journey runs end to end: the organisation picks paid waybills on 新开票列表 (count
 * and amount confirmed first), submits the application, platform finance approves and issues it, and
 * the invoices appear on 发票列表 with the application's amount in the footer.
 */
import { expect, test } from "@playwright/test";
import { sharedNoScriptLogins } from "./support";

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

const logins = sharedNoScriptLogins("billing");
const pageAs = logins.pageAs;
test.afterAll(() => logins.closeAll());

const PAGES: Array<[path: string, kind: "SYSTEM_USER" | "TENANT_USER" | "ORG_USER", text: string]> = [
  ["/financialManage/billingList", "ORG_USER", "KP"],
  ["/financialManage/billingAuditList?status=PENDING_AUDIT", "TENANT_USER", "待审核"],
  ["/financialManage/invoiceList", "TENANT_USER", "已开具"],
  ["/financialManage/newBillingList", "ORG_USER", "YD"],
  ["/financialManage/inputTaxTicket", "SYSTEM_USER", "JX"],
  ["/financialManage/vatDeclaration", "SYSTEM_USER", "ZS"],
  ["/financialManage/declareLog", "SYSTEM_USER", "申报成功"],
  ["/system/invoiceCompany", "SYSTEM_USER", "皖粮网络货运"],
];

test("every invoicing and tax page opens with demo rows", async ({ browser }) => {
  for (const [path, kind, text] of PAGES) {
    const page = await pageAs(browser, kind);
    await page.goto(path);
    await expect(page.locator("table").first(), path).toContainText(text);
    await page.close();
  }
  const page = await pageAs(browser, "SYSTEM_USER");
  await page.goto("/financialManage/invoiceList");
  await page.locator("table tbody tr").first().getByRole("link", { name: "详情" }).click();
  await expect(page).toHaveURL(/invoiceDetail\?id=\d+/);
  await expect(page.getByText("关联运单（合并明细）")).toBeVisible();
  await page.close();
});

test("apply → submit → approve → issue → the invoices and their sum on 发票列表", async ({ browser }) => {
  const org = await pageAs(browser, "ORG_USER");
  // Unreported waybills (开票须上报成功) are listed greyed out; the eligible ones only.
  await org.goto("/financialManage/newBillingList?reportState=ELIGIBLE");
  const rows = org.getByRole("table", { name: "新开票列表" }).getByTestId("resource-row");
  await expect(rows.first()).toBeVisible();
  const shipper = (await rows.first().locator("td").nth(3).textContent()) ?? "";
  const same = rows.filter({ hasText: shipper });
  const count = Math.min(2, await same.count());
  for (let i = 0; i < count; i++) await same.nth(i).getByRole("checkbox").check();
  await org.getByTestId("apply-selected").click();
  const summary = org.getByTestId("apply-summary");
  await expect(summary).toContainText(`选中运单数 ${count} 个`);
  const amount = /合计 ([\d,.]+) 元/.exec((await summary.textContent()) ?? "")![1]!;
  // 普票: a 专票 needs the shipper's 税号, which not every demo shipper has.
  await org.getByTestId("dialog-apply").locator('[name="invoiceType"]').selectOption("DIGITAL_NORMAL");
  await org.getByTestId("dialog-apply").getByRole("button", { name: "生成开票申请" }).click();
  await expect(org).toHaveURL(/billingDetail\?id=\d+/);
  await expect(org.getByRole("status")).toContainText(`价税合计 ¥${amount}`);
  const applicationNo = /KP\d{14}/.exec((await org.getByRole("status").textContent()) ?? "")![0];
  const detailUrl = org.url();
  await org.getByRole("link", { name: "提交", exact: true }).click();
  await org.getByRole("button", { name: "确认提交" }).click();
  await expect(org.getByText("待审核").first()).toBeVisible();
  await org.close();

  const admin = await pageAs(browser, "SYSTEM_USER");
  await admin.goto(detailUrl);
  await admin.getByRole("link", { name: "通过", exact: true }).click();
  await admin.getByRole("button", { name: "确认通过" }).click();
  await expect(admin.getByText("待开票").first()).toBeVisible();
  await admin.getByRole("link", { name: "开票", exact: true }).click();
  const dialog = admin.locator("form").filter({ has: admin.locator('[name="firstInvoiceNo"]') });
  await dialog.locator('[name="issueDate"]').fill(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10));
  await dialog.locator('[name="firstInvoiceNo"]').fill(`2434${String(Date.now()).padStart(16, "0")}`);
  await admin.getByRole("button", { name: "确认开票" }).click();
  await expect(admin.getByText("已开票").first()).toBeVisible();

  await admin.goto(`/financialManage/invoiceList?applicationNo=${applicationNo}`);
  const table = admin.locator("table").first();
  await expect(table).toContainText(applicationNo);
  await expect(admin.getByText(`开票金额`)).toBeVisible();
  await expect(admin.locator("body")).toContainText(amount);
  await admin.close();
});
