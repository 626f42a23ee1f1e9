/**
 * /system pages with JavaScript off: one complaint submitted by an organisation, accepted and handled
 * on 投诉处理 and answered on 投诉回复 by the tenant, the answer visible to the organisation; and a
 * sensitive word added on 敏感词管理, then refused in a form that carries free text. One login per account.
 */
import { expect, test, type Page } from "@playwright/test";
import { sharedNoScriptLogins } from "./support";

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

const logins = sharedNoScriptLogins("system-pages");
const pageAs = logins.pageAs;
test.afterAll(() => logins.closeAll());

/** Opens the add dialog of 投诉与建议 and fills it (the content is the caller's). */
async function fillComplaint(page: Page, content: string) {
  await page.goto("/system/complaintAndAdvice?form=new");
  const form = page.getByTestId("resource-form");
  await form.locator('[name="kind"]').selectOption("COMPLAINT");
  await form.locator('[name="source"]').selectOption("CONSOLE");
  await form.locator('[name="category"]').selectOption("WAITING");
  await form.locator('[name="complainantName"]').fill("李调度");
  await form.locator('[name="complainantMobile"]').fill("13800000003");
  await form.locator('[name="targetName"]').fill("芜湖港朱家桥港区");
  await form.locator('[name="content"]').fill(content);
  await form.getByRole("button", { name: "保存" }).click();
}

/** Runs a row action of the complaint `no` on `path` through its confirmation, filling `inputs` by name. */
async function step(page: Page, path: string, no: string, action: string, inputs: Record<string, string> = {}) {
  await page.goto(path);
  const row = page.getByTestId("resource-row").filter({ hasText: no });
  await row.getByRole("link", { name: `${action} ${no}`, exact: true }).click();
  const dialog = page.getByTestId("resource-confirm");
  for (const [name, value] of Object.entries(inputs)) await dialog.locator(`[name="${name}"]`).fill(value);
  await dialog.getByRole("button", { name: `确认${action}` }).click();
  await expect(page.getByRole("status")).toContainText(`投诉 ${no} 已${action}`);
}

test("a complaint is submitted, handled and answered with JavaScript off", async ({ browser }) => {
  const org = await pageAs(browser, "ORG_USER");
  await fillComplaint(org, "芜湖港卸货排队 7 小时无人安排，请平台协调处理（浏览器测试）。");
  const notice = org.getByRole("status");
  await expect(notice).toContainText("已新增");
  const no = /TS\d{14}/.exec((await notice.textContent()) ?? "")![0];
  await expect(org.getByTestId("resource-row").filter({ hasText: no })).toContainText("待处理");

  const tenant = await pageAs(browser, "TENANT_USER");
  await step(tenant, "/system/complaintHandling", no, "受理");
  await step(tenant, "/system/complaintHandling", no, "处理", { handleResult: "已联系港区调度，增开一个卸货口。" });
  await tenant.goto("/system/complaintHandling");
  await expect(tenant.getByTestId("resource-row").filter({ hasText: no })).toHaveCount(0);
  await step(tenant, "/system/complaintResponse", no, "回复", { replyContent: "已协调芜湖港增开卸货口，排队时间缩短到 1 小时内。" });

  await org.goto("/system/complaintAndAdvice");
  const row = org.getByTestId("resource-row").filter({ hasText: no });
  await expect(row).toContainText("已回复");
  await row.locator('[data-action="detail"]').click();
  await expect(org.getByRole("heading", { level: 2 }).first()).toContainText("投诉详情");
  await expect(org.getByText("已协调芜湖港增开卸货口，排队时间缩短到 1 小时内。").first()).toBeVisible();
  await expect(org.getByText("已联系港区调度，增开一个卸货口。").first()).toBeVisible();
  await org.close();
  await tenant.close();
});

test("a sensitive word added on 敏感词管理 is refused in a form", async ({ browser }) => {
  const word = `倒卖粮票${Date.now() % 100_000}`;
  const admin = await pageAs(browser, "SYSTEM_USER");
  await admin.goto("/system/sensitiveWords?form=new");
  const form = admin.getByTestId("resource-form");
  await form.locator('[name="word"]').fill(word);
  await form.locator('[name="category"]').selectOption("FRAUD");
  await form.locator('[name="matchMode"]').selectOption("CONTAINS");
  await form.locator('[name="action"]').selectOption("BLOCK");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(admin.getByRole("status")).toContainText(`敏感词 ${word} 已新增`);

  await fillComplaint(admin, `电话反映有人在库区${word}，扰乱收购秩序，请核查。`);
  await expect(admin.getByTestId("resource-form-dialog")).toContainText(`内容包含敏感词「${word}」`);
  await admin.goto(`/system/complaintAndAdvice?keyword=${encodeURIComponent("李调度")}&size=200`);
  await expect(admin.getByText(word)).toHaveCount(0);
  await admin.close();
});

test("an enterprise configuration is edited at enterpriseConfigEdit?orgId= with JavaScript off", async ({ browser }) => {
  const admin = await pageAs(browser, "SYSTEM_USER");
  await admin.goto("/system/enterpriseConfig");
  const row = admin.getByTestId("resource-row").first();
  const name = ((await row.getByRole("link", { name: /^编辑 / }).getAttribute("aria-label")) ?? "").replace(/^编辑 /, "");
  await row.getByRole("link", { name: /^编辑 / }).click();
  await expect(admin).toHaveURL(/\/system\/enterpriseConfigEdit\?orgId=\d+$/);
  // Rates are typed as percentages: 50% is over the 30.00% ceiling; 2.5% is 250 bp.
  await admin.locator('[name="serviceFeeBp"]').fill("50");
  await admin.getByRole("button", { name: "保存" }).click();
  await expect(admin.getByText("服务费率不能超过 30.00%").first()).toBeVisible();
  await admin.locator('[name="serviceFeeBp"]').fill("2.5");
  await admin.getByRole("button", { name: "保存" }).click();
  await expect(admin.getByRole("status")).toContainText(`企业配置 ${name} 已保存`);
  await expect(admin).toHaveURL(/\/system\/enterpriseConfig$/);
  await admin.close();
});
