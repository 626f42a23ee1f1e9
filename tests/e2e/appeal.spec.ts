import { expect, test, type Page } from "@playwright/test";
import type { AppealRecord } from "../../contract/appeal";
import type { Paged } from "../../contract/envelope";
import type { FreightSearchResult } from "../../contract/freight";
import { ACCOUNTS, driversLoadedWaybill, releaseDemoDriver, escapeRegExp, login as loginAndHydrate, PASSWORD, platformCall, platformToken, type Kind } from "./support";

test.afterEach(() => releaseDemoDriver());

/** Risk appeals (风险申诉): an organisation appeals an abnormal waybill, a tenant audits it, the organisation sees the result. */

// The tests share one seeded database and each takes a waybill nobody has appealed yet.
test.describe.configure({ mode: "serial" });

const REASON = "卸货地磅刚完成检修，复磅结果与装货磅单相差在合理范围内，附复磅单据，申请解除风险标记。";

/** Logs in through the form, waiting for hydration only when the page runs JavaScript. */
async function login(page: Page, kind: Kind, redirect: string, script: boolean) {
  await page.context().clearCookies();
  if (script) return loginAndHydrate(page, kind, redirect);
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel("手机号").fill(ACCOUNTS[kind]);
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(new RegExp(escapeRegExp(redirect)));
}

/** An abnormal road waybill of the demo organisation that has no appeal at all. */
async function unappealedAbnormalWaybill(): Promise<string> {
  const token = await platformToken("ORG_USER");
  const waybills = await platformCall<FreightSearchResult>("/tms-freight/search", { abnormal: true, freightWay: "ROAD", size: 200 }, token);
  const appeals = await platformCall<Paged<AppealRecord>>("/tms-freight-riskappeal-review/search", { size: 200 }, token);
  const appealed = new Set(appeals.records.map((a) => a.freightNo));
  const waybill = waybills.records.find((w) => !appealed.has(w.freightNo));
  if (!waybill) throw new Error("no abnormal waybill without an appeal left in the demo data");
  return waybill.freightNo;
}

/** A fresh road waybill of the INDIVIDUAL_USER driver, loaded 20 t and unloaded 19.5 t (2.5 % short), so abnormal. */
async function driversAbnormalWaybill(): Promise<string> {
  const { id, freightNo } = await driversLoadedWaybill(20_000);
  await platformCall("/tms-freight/unLoading", { id, unloadedWeight: 19_500, weighTicketUrl: "/files/weigh-tickets/e2e-driver-2.jpg" }, await platformToken("INDIVIDUAL_USER"));
  return freightNo;
}

// The engine's table: a row is found by its waybill number, its state is `data-status`.
const appealRow = (page: Page, freightNo: string) => page.getByRole("table", { name: "风险申诉" }).locator("[data-testid=resource-row]").filter({ hasText: freightNo }).first();

test("an organisation appeals from 异常运单, the tenant rejects it with a remark, the organisation sees 已驳回", async ({ page }) => {
  const freightNo = await unappealedAbnormalWaybill();
  await login(page, "ORG_USER", `/dispatchManage/abnormalList?freightNo=${freightNo}`, true);

  // 异常运单 → the row's 申诉 → 提交申诉 with the waybill, its dispatch info and its risk.
  await page.locator(`[data-testid=freight-row][data-freight-no="${freightNo}"]`).getByRole("link", { name: "申诉", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dispatchManage/appealSubmit\\?freightNo=${freightNo}$`));
  await expect(page.getByRole("region", { name: "派单信息" })).toContainText("李调度");
  await expect(page.getByTestId("waybill-risk")).toContainText("超过装货重量的 3‰");
  await expect(page.getByText("该运单暂无申诉记录")).toBeVisible();

  // The rules are checked as the user types.
  const form = page.getByTestId("appeal-submit-form");
  await form.getByLabel(/申诉说明/).fill("亏吨不认可");
  await form.getByLabel(/申诉说明/).blur();
  await expect(form.getByText("申诉说明至少 10 个字")).toBeVisible();
  await form.getByLabel(/申诉说明/).fill(REASON);
  await form.getByLabel("申诉凭证").fill("复磅单照片\n/files/appeals/e2e-fubang.jpg");
  await form.getByLabel("申诉凭证").blur();
  await expect(form.getByText("第 1 行：申诉凭证应为图片地址")).toBeVisible();
  await form.getByLabel("申诉凭证").fill("/files/appeals/e2e-fubang.jpg\n\n/files/appeals/e2e-zhijian.pdf");
  await form.getByRole("button", { name: "提交申诉" }).click();

  // 申诉详情, then 风险申诉 lists it as 待审核.
  await expect(page).toHaveURL(/\/dispatchManage\/appealDetail\?id=\d+$/);
  await expect(page.getByRole("status").filter({ hasText: /申诉 SS\d{12} 已提交，等待平台审核/ })).toBeVisible();
  const appealNo = (await page.getByText(/^SS\d{12}$/).first().textContent())!;
  await expect(page.locator('[data-field="reason"]')).toHaveText(REASON);
  const evidence = page.locator('[data-field="evidence"] a');
  await expect(evidence).toHaveCount(2);
  await expect(evidence.nth(0)).toHaveAttribute("href", /\/files\/appeals\/e2e-fubang\.jpg$/);
  await expect(evidence.nth(1)).toHaveAttribute("href", /\/files\/appeals\/e2e-zhijian\.pdf$/);
  await page.getByRole("link", { name: "返回列表" }).click();
  await expect(appealRow(page, freightNo)).toHaveAttribute("data-status", "PENDING");
  await expect(appealRow(page, freightNo)).toContainText("待审核");
  await expect(appealRow(page, freightNo)).toContainText(appealNo);
  // The organisation may not audit; a second appeal of the same waybill is refused.
  await expect(appealRow(page, freightNo).getByRole("link", { name: /审核/ })).toHaveCount(0);
  await page.goto(`/dispatchManage/appealSubmit?freightNo=${freightNo}`);
  await expect(page.getByTestId("appeal-blocked")).toHaveText(`运单 ${freightNo} 已有待审核的申诉（${appealNo}），请等待审核结果`);
  await expect(page.getByTestId("appeal-submit-form")).toHaveCount(0);

  // The tenant audits: 驳回 needs a remark, then a dialog asks for confirmation.
  await login(page, "TENANT_USER", "/dispatchManage/appealList/index", true);
  await appealRow(page, freightNo).getByRole("link", { name: `审核 ${appealNo}` }).click();
  await expect(page).toHaveURL(/\/dispatchManage\/appealAudit\?id=\d+$/);
  const audit = page.getByTestId("audit-form");
  await audit.getByRole("radio", { name: /驳回/ }).check();
  await audit.getByRole("button", { name: "提交审核" }).click();
  await expect(audit.getByText("驳回时请填写审核意见")).toBeVisible();
  await audit.getByLabel("审核意见").fill("复磅单据未加盖粮库公章，请补充后重新申诉。");
  await audit.getByRole("button", { name: "提交审核" }).click();
  const dialog = page.getByTestId("audit-confirm");
  await expect(dialog).toContainText(`确定驳回风险申诉 ${appealNo}`);
  await dialog.getByRole("button", { name: "确认驳回" }).click();
  await expect(page.getByRole("status").filter({ hasText: `申诉 ${appealNo} 已驳回` })).toBeVisible();
  await expect(page.getByTestId("audit-form")).toHaveCount(0);
  await expect(page.locator('[data-field="auditRemark"]')).toHaveText("复磅单据未加盖粮库公章，请补充后重新申诉。");

  // The organisation sees 已驳回, and may appeal again.
  await login(page, "ORG_USER", "/dispatchManage/appealList/index", true);
  await expect(appealRow(page, freightNo)).toHaveAttribute("data-status", "REJECTED");
  await expect(appealRow(page, freightNo)).toContainText("已驳回");
  await appealRow(page, freightNo).getByRole("link", { name: `详情 ${appealNo}` }).click();
  await expect(page.locator('[data-field="auditRemark"]')).toHaveText("复磅单据未加盖粮库公章，请补充后重新申诉。");
  await page.goto(`/dispatchManage/appealSubmit?freightNo=${freightNo}`);
  await expect(page.getByTestId("appeal-submit-form")).toBeVisible();
  await expect(page.getByTestId("appeal-history")).toContainText(appealNo);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an organisation appeals from the waybill detail, the tenant approves it, the waybill is no longer abnormal", async ({ page }) => {
    const freightNo = await unappealedAbnormalWaybill();
    await login(page, "ORG_USER", `/dispatchManage/wayillDetails/index?freightNo=${freightNo}`, false);
    await page.getByRole("link", { name: "提交申诉" }).click();
    await expect(page).toHaveURL(new RegExp(`/dispatchManage/appealSubmit\\?freightNo=${freightNo}$`));

    // The server checks the same rules and keeps what was typed.
    const form = page.getByTestId("appeal-submit-form");
    await form.getByLabel(/申诉说明/).fill("亏吨不认可");
    await form.getByLabel("申诉凭证").fill("/files/appeals/nojs.jpg");
    await form.getByRole("button", { name: "提交申诉" }).click();
    await expect(page.getByTestId("appeal-submit-form").getByText("申诉说明至少 10 个字")).toBeVisible();
    await expect(page.getByTestId("appeal-submit-form").getByLabel("申诉凭证")).toHaveValue("/files/appeals/nojs.jpg");
    await page.getByTestId("appeal-submit-form").getByLabel(/申诉说明/).fill(REASON);
    await page.getByTestId("appeal-submit-form").getByRole("button", { name: "提交申诉" }).click();
    await expect(page).toHaveURL(/\/dispatchManage\/appealDetail\?id=\d+$/);
    const appealId = new URL(page.url()).searchParams.get("id")!;
    const appealNo = (await page.getByText(/^SS\d{12}$/).first().textContent())!;

    // The tenant approves as a plain form post (no confirmation dialog without JavaScript).
    await login(page, "TENANT_USER", `/dispatchManage/appealAudit?id=${appealId}`, false);
    const audit = page.getByTestId("audit-form");
    await audit.getByRole("radio", { name: /通过/ }).check();
    await audit.getByLabel("审核意见").fill("复磅单据齐全，同意解除。");
    await audit.getByRole("button", { name: "提交审核" }).click();
    await expect(page.getByRole("status").filter({ hasText: `申诉 ${appealNo} 已通过，运单风险标记已解除` })).toBeVisible();
    await expect(page.getByTestId("waybill-risk")).toHaveText("无");

    // The organisation sees 已通过; the waybill has no risk left to appeal.
    await login(page, "ORG_USER", `/dispatchManage/appealList/index?freightNo=${freightNo}`, false);
    await expect(appealRow(page, freightNo)).toHaveAttribute("data-status", "APPROVED");
    await expect(appealRow(page, freightNo)).toContainText("已通过");
    await page.goto(`/dispatchManage/wayillDetails/index?freightNo=${freightNo}`);
    await expect(page.getByRole("link", { name: "提交申诉" })).toHaveCount(0);
    await page.goto(`/dispatchManage/appealSubmit?freightNo=${freightNo}`);
    await expect(page.getByTestId("appeal-blocked")).toHaveText(`运单 ${freightNo} 当前没有风险标记，无需申诉`);
  });

  test("a driver appeals his own abnormal waybill without the list page; another's appeal is not found", async ({ page }) => {
    const freightNo = await driversAbnormalWaybill();
    await login(page, "INDIVIDUAL_USER", `/dispatchManage/wayillDetails/index?freightNo=${freightNo}`, false);
    await page.getByRole("link", { name: "提交申诉" }).click();
    await page.getByTestId("appeal-submit-form").getByLabel(/申诉说明/).fill("车辆途经检查站时篷布被割破，损耗已报警备案，附报警回执照片。");
    await page.getByTestId("appeal-submit-form").getByRole("button", { name: "提交申诉" }).click();
    await expect(page).toHaveURL(/\/dispatchManage\/appealDetail\?id=\d+$/);
    await expect(page.getByRole("status").filter({ hasText: "已提交，等待平台审核" })).toBeVisible();
    await expect(page.getByTestId("waybill-risk")).toContainText("超过装货重量的 3‰");
    // No 风险申诉 list for a driver (no TMS_RISK_APPEAL_LIST), nor a way back to it.
    await expect(page.getByRole("link", { name: "返回列表" })).toHaveCount(0);
    expect((await page.goto("/dispatchManage/appealList/index"))?.status()).toBe(403);

    const driver = await platformCall<Paged<AppealRecord>>("/tms-freight-riskappeal-review/search", { size: 200 }, await platformToken("INDIVIDUAL_USER"));
    const org = await platformCall<Paged<AppealRecord>>("/tms-freight-riskappeal-review/search", { size: 200 }, await platformToken("ORG_USER"));
    expect(driver.records.map((a) => a.freightNo)).toContain(freightNo);
    const notHis = org.records.find((a) => !driver.records.some((d) => d.id === a.id))!;
    expect((await page.goto(`/dispatchManage/appealDetail?id=${notHis.id}`))?.status()).toBe(404);

    // Leave the waybill completed, so the other specs' "newest unloaded waybill" (which has a track) stays theirs.
    const orgToken = await platformToken("ORG_USER");
    const { id } = (await platformCall<FreightSearchResult>("/tms-freight/search", { freightNo }, orgToken)).records[0]!;
    for (const step of ["sign", "fleet-confirm", "complete"]) await platformCall(`/tms-freight/${step}`, { id }, orgToken);
  });
});
