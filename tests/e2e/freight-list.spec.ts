import { expect, test, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { ACCOUNTS, clickRowAction, driversDispatchedWaybill, escapeRegExp, login as loginAndHydrate, PASSWORD, platformCall, platformToken, releaseDemoDriver, type Kind } from "./support";

test.afterEach(() => releaseDemoDriver());

/** The waybill list, its export, the waybill detail and the track playback. */

interface PlatformRecord {
  id: number;
  freightNo: string;
  freightWay: "ROAD" | "WATER";
  status: string;
  orgId: number;
}

/**
 * Logs in through the form. With JavaScript it waits for hydration (support's login); without it
 * there is nothing to wait for but the page itself.
 */
async function login(page: Page, kind: Kind, redirect?: string, { script = true } = {}) {
  if (script) return loginAndHydrate(page, kind, redirect);
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login");
  await page.getByLabel("手机号").fill(ACCOUNTS[kind]);
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(new RegExp(redirect ? escapeRegExp(redirect) : "/dashboard"));
}

const rows = (page: Page) => page.getByTestId("freight-row");
const total = async (page: Page) => Number(await page.getByTestId("total").textContent());

async function rowStatuses(page: Page): Promise<string[]> {
  await rows(page).first().waitFor();
  return rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-status") ?? ""));
}

/** The freight numbers of the listed rows, once there is a row (login may still be landing). */
async function rowFreightNos(page: Page): Promise<string[]> {
  await rows(page).first().waitFor();
  return rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-freight-no") ?? ""));
}

/** Searches and paging shared by the JavaScript and the no-JavaScript runs. */
async function searchByStatusFreightNoAndPage(page: Page, script: boolean) {
  await login(page, "ORG_USER", "/dispatchManage/waybillList", { script });
  await expect(rows(page)).toHaveCount(20);
  const everything = await total(page);
  expect(everything).toBeGreaterThan(40);

  // Status.
  await page.getByLabel("运单状态").selectOption({ label: "运输中" });
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/status=IN_TRANSIT/);
  await expect(page.getByLabel("运单状态")).toHaveValue("IN_TRANSIT");
  // The new rows, not the old page's, before reading the total.
  await expect(rows(page).first()).toHaveAttribute("data-status", "IN_TRANSIT");
  const inTransit = await total(page);
  expect(inTransit).toBeGreaterThan(0);
  expect(inTransit).toBeLessThan(everything);
  expect(new Set(await rowStatuses(page))).toEqual(new Set(["IN_TRANSIT"]));

  // Freight number (with the status still set): exactly that waybill. The page's last one: specs running
  // beside this one step the newest waybills on.
  const wanted = (await rowFreightNos(page)).at(-1);
  await page.getByLabel("运单号").fill(wanted!);
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(new RegExp(`freightNo=${wanted}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute("data-freight-no", wanted!);
  await expect(page.getByTestId("total")).toHaveText("1");
  // The footer sums are over the filter: here, the one waybill's planned weight and freight.
  const cells = rows(page).first().locator("td");
  const planned = (await cells.nth(9).textContent())!.trim();
  const freight = (await cells.nth(12).textContent())!.trim();
  await expect(page.getByTestId("sum-totalWeight")).toContainText(planned);
  await expect(page.getByTestId("sum-totalFreight")).toContainText(freight);

  // 重置 clears the filter. (Specs running beside this one dispatch ORG_USER's orders: the unfiltered
  // count can only grow meanwhile, and each new waybill pushes the newest rows one place down.)
  await page.getByRole("link", { name: "重置" }).click();
  await expect(page).toHaveURL(/\/dispatchManage\/waybillList$/);
  await expect(page.getByTestId("total")).not.toHaveText("1");
  const afterReset = await total(page);
  expect(afterReset).toBeGreaterThanOrEqual(everything);
  await expect(page.getByTestId("sum-totalWeight")).toBeVisible();
  await expect(page.getByTestId("sum-loadedWeight")).toBeVisible();

  // Paging: page 2 is the next 20 waybills, and the filter is kept while paging.
  const first = await rowFreightNos(page);
  await page.getByRole("link", { name: "第 2 页" }).click();
  await expect(page).toHaveURL(/current=2/);
  await expect(page.getByRole("link", { name: "第 2 页" })).toHaveAttribute("aria-current", "page");
  await expect(rows(page)).toHaveCount(20);
  const second = await rowFreightNos(page);
  const dispatchedMeanwhile = (await total(page)) - afterReset;
  expect(second.filter((no) => first.includes(no)).length).toBeLessThanOrEqual(dispatchedMeanwhile);

  await page.goto("/dispatchManage/waybillList?status=COMPLETED");
  await expect(rows(page).first()).toHaveAttribute("data-status", "COMPLETED");
  const completed = await total(page);
  await page.getByRole("link", { name: "第 2 页" }).click();
  await expect(page).toHaveURL(/status=COMPLETED/);
  await expect(page).toHaveURL(/current=2/);
  // The filter carries to page 2 (specs running beside this one may complete a waybill meanwhile: the
  // count can only grow).
  expect(await total(page)).toBeGreaterThanOrEqual(completed);
  expect(new Set(await rowStatuses(page))).toEqual(new Set(["COMPLETED"]));
}

test.describe("waybill list", () => {
  test("search by status and freight number, paging and footer sums", async ({ page }) => {
    await searchByStatusFreightNoAndPage(page, true);
  });

  test("a refused filter value is shown next to its field and the rest still searches", async ({ page }) => {
    await login(page, "ORG_USER", "/dispatchManage/waybillList?createdFrom=2026-02-30&status=SIGNED");
    await expect(page.getByText("创建开始日期不是有效日期")).toBeVisible();
    expect(new Set(await rowStatuses(page))).toEqual(new Set(["SIGNED"]));
  });

  test("in-transit and abnormal lists are the list preset to their filter", async ({ page }) => {
    await login(page, "ORG_USER", "/dispatchManage/inTransit");
    await expect(page.getByRole("heading", { name: "在途运单" })).toBeVisible();
    await expect(page.getByLabel("运单状态")).toHaveCount(0);
    expect(new Set(await rowStatuses(page))).toEqual(new Set(["IN_TRANSIT"]));
    // Another worker's driver may step a waybill between the two reads: compare until both agree.
    await expect
      .poll(async () => {
        await page.goto("/dispatchManage/waybillList?status=IN_TRANSIT");
        const filtered = await total(page);
        await page.goto("/dispatchManage/inTransit");
        return (await total(page)) === filtered;
      })
      .toBe(true);

    await page.goto("/dispatchManage/abnormalList");
    await expect(page.getByRole("heading", { name: "异常运单" })).toBeVisible();
    const count = await rows(page).count();
    expect(count).toBeGreaterThan(0);
    await expect(rows(page).getByText("异常", { exact: true })).toHaveCount(count);
  });

  test("batch complete: pick confirmed waybills, see the count, confirm, and they are completed", async ({ page }) => {
    await login(page, "ORG_USER", "/dispatchManage/waybillList?status=CONFIRMED");
    const before = await total(page);
    expect(before).toBeGreaterThanOrEqual(2);
    const picked = (await rowFreightNos(page)).slice(0, 2);
    for (const no of picked) await page.getByLabel(`选择运单 ${no}`).check();
    await expect(page.getByTestId("selected-count")).toHaveText("2");
    await page.getByRole("button", { name: /批量完成/ }).click();
    const dialog = page.getByTestId("freight-batch-dialog");
    await expect(dialog).toContainText("确定将选中的 2 条运单标记为已完成");
    await expect(dialog).toContainText(picked[0]!);
    await dialog.getByRole("button", { name: "确认完成" }).click();
    await expect(page.getByText("已完成 2 条运单").first()).toBeVisible();
    // Both left 已确认 for 已完成. (Not the filter's total before and after: the other worker's specs move
    // ORG_USER's waybills through 已确认 meanwhile.)
    for (const no of picked) {
      await page.goto(`/dispatchManage/waybillList?freightNo=${no}`);
      await expect(rows(page).first()).toHaveAttribute("data-status", "COMPLETED");
    }
  });

  test("export: the downloaded xlsx holds exactly the filtered waybills", async ({ page }) => {
    await login(page, "ORG_USER", "/dispatchManage/waybillList?status=SIGNED");
    const expected = await total(page);
    expect(expected).toBeGreaterThan(0);
    const exportLink = page.getByRole("link", { name: "导出" });
    await expect(exportLink).toHaveAttribute("href", "/dispatchManage/waybillList/export.xlsx?status=SIGNED");
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^运单列表_\d{8}\.xlsx$/);
    const file = test.info().outputPath("waybills.xlsx");
    await download.saveAs(file);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(["运单号", "运输方式", "订单号", "状态"]);
    const dataRows: string[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) dataRows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? "")));
    });
    expect(dataRows).toHaveLength(expected);
    expect(new Set(dataRows.map((r) => r[3]))).toEqual(new Set(["已签收"]));
    // The page's first row is in the file.
    const [firstNo] = await rowFreightNos(page);
    expect(dataRows.map((r) => r[0])).toContain(firstNo);
  });

  test("export errors come back as JSON and the list shows the message", async ({ page, request }) => {
    const refused = await request.get("/dispatchManage/waybillList/export.xlsx?status=LOST", { headers: { Authorization: "Bearer not-a-token" } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errorMsg).toMatch(/status 只能是/);
    const unauthorised = await request.get("/dispatchManage/waybillList/export.xlsx", { headers: { Authorization: "Bearer not-a-token" } });
    expect(unauthorised.status()).toBe(401);
    expect(await unauthorised.json()).toEqual({ code: 401, errorMsg: expect.any(String) });

    await login(page, "ORG_USER", "/dispatchManage/waybillList");
    await page.route("**/dispatchManage/waybillList/export.xlsx*", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: 503, errorMsg: "导出服务繁忙，请稍后重试" }) }),
    );
    await page.getByRole("link", { name: "导出" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "导出服务繁忙，请稍后重试" })).toBeVisible();
  });

  test("export with a bearer token from the platform's login, as curl would", async ({ request }) => {
    const token = await platformToken("ORG_USER");
    const { total: expected } = await platformCall<{ total: number }>("/tms-freight/search", { status: ["IN_TRANSIT"], current: 1, size: 10 }, token);
    const response = await request.get("/dispatchManage/waybillList/export.xlsx?status=IN_TRANSIT", { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="waybills-\d{8}\.xlsx"; filename\*=UTF-8''%E8%BF%90%E5%8D%95%E5%88%97%E8%A1%A8_\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.body()) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]!.rowCount - 1).toBe(expected);
  });
});

test.describe("waybill list without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same search and paging work as plain GET forms and links", async ({ page }) => {
    await searchByStatusFreightNoAndPage(page, false);
  });

  test("cancel asks for a reason, refuses an empty one, then cancels", async ({ page }) => {
    // A waybill of its own: specs running beside this one load and cancel the queue's others.
    const { freightNo: target } = await driversDispatchedWaybill();
    await login(page, "ORG_USER", `/dispatchManage/waybillList?status=WAIT_LOADING&freightNo=${target}`, { script: false });
    await expect(rows(page)).toHaveCount(1);
    await clickRowAction(rows(page).first(), "取消");
    await expect(page).toHaveURL(/cancel=\d+/);
    const dialog = page.getByTestId("freight-row-dialog");
    await expect(dialog).toContainText(target!);
    // The browser's own required check is bypassed to see the server's answer.
    await dialog.locator("textarea[name=reason]").evaluate((el) => el.removeAttribute("required"));
    await dialog.getByRole("button", { name: "确认取消" }).click();
    await expect(page.getByTestId("freight-row-dialog")).toContainText("请填写取消原因");
    await page.getByTestId("freight-row-dialog").locator("textarea[name=reason]").fill("货主取消发运");
    await page.getByTestId("freight-row-dialog").getByRole("button", { name: "确认取消" }).click();
    await expect(page).toHaveURL(new RegExp(`/dispatchManage/waybillList\\?status=WAIT_LOADING&freightNo=${target}$`));
    await expect(page.getByText(`运单 ${target} 已取消`)).toBeVisible();
    // It has left 待装货 for 已取消.
    await expect(page.getByTestId("total")).toHaveText("0");
    await page.goto(`/dispatchManage/waybillList?status=CANCELLED&freightNo=${target}`);
    await expect(page.getByTestId("total")).toHaveText("1");
  });

  test("the export link downloads the file", async ({ page }) => {
    await login(page, "ORG_USER", "/dispatchManage/waybillList?status=UNLOADED", { script: false });
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "导出" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^运单列表_\d{8}\.xlsx$/);
  });

  test("the track page shows the whole line and the points without the player", async ({ page }) => {
    await login(page, "ORG_USER", "/dispatchManage/waybillList?status=SIGNED&freightWay=ROAD", { script: false });
    // The other browser specs sign waybills of their own that have no points yet, and the newest come
    // first: the newest signed waybill with a track is the one read.
    const tracks = await rows(page).getByRole("link", { name: "轨迹" }).evaluateAll((links) => links.slice(0, 8).map((a) => a.getAttribute("href") ?? ""));
    let withTrack = false;
    for (const href of tracks) {
      await page.goto(href);
      withTrack = (await page.getByTestId("track-line").count()) > 0;
      if (withTrack) break;
    }
    expect(withTrack).toBe(true);
    await expect(page).toHaveURL(/\/dispatchManage\/trackPlayback\?freightNo=/);
    await expect(page.getByTestId("track-line")).toBeVisible();
    await expect(page.getByTestId("track-start")).toBeVisible();
    await expect(page.getByTestId("track-end")).toBeVisible();
    await expect(page.getByRole("table", { name: "轨迹点" })).toBeVisible();
    await expect(page.getByRole("button", { name: "播放" })).toHaveCount(0);
  });
});

test.describe("waybill detail", () => {
  test("shows the fields in sections and the event timeline", async ({ page }) => {
    await login(page, "ORG_USER", "/dispatchManage/waybillList?status=COMPLETED&freightWay=ROAD");
    const [freightNo] = await rowFreightNos(page);
    await rows(page).first().getByRole("link", { name: freightNo! }).click();
    await expect(page).toHaveURL(`/dispatchManage/wayillDetails/index?freightNo=${freightNo}`);
    for (const section of ["基本信息", "装卸信息", "重量与运费", "司机车辆", "运单动态", "运输合同", "司机评价"]) {
      await expect(page.getByRole("heading", { name: section })).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "基本信息" })).toContainText(freightNo!);
    await expect(page.getByRole("region", { name: "基本信息" })).toContainText("已完成");
    const timeline = page.getByTestId("freight-timeline");
    for (const step of ["派单", "装货", "卸货", "签收", "完成"]) await expect(timeline).toContainText(step);
    const contract = page.getByRole("region", { name: "运输合同" });
    await expect(contract).toContainText("公路货物运输合同");
    await contract.getByText("合同条款").click();
    await expect(contract.getByText(`运单号：${freightNo}`)).toBeVisible();
  });

  test("a water waybill opened on the road page goes to the water page", async ({ page }) => {
    await login(page, "ORG_USER", "/dispatchManage/waybillList?freightWay=WATER");
    const [freightNo] = await rowFreightNos(page);
    await page.goto(`/dispatchManage/wayillDetails/index?freightNo=${freightNo}`);
    await expect(page).toHaveURL(`/dispatchManage/wayillDetails/waterIndex?freightNo=${freightNo}`);
    await expect(page.getByRole("heading", { name: "船长船舶" })).toBeVisible();
  });

  test("the platform replies to a driver's comment", async ({ page }) => {
    const token = await platformToken("SYSTEM_USER");
    const open = await platformCall<{ records: Array<{ freightNo: string; content: string }> }>("/tms-freight-driver-comment/select", { replied: false, current: 1, size: 10 }, token);
    const comment = open.records[0]!;
    await login(page, "SYSTEM_USER", `/dispatchManage/wayillDetails/index?freightNo=${comment.freightNo}`);
    const item = page.getByTestId("freight-comment").filter({ hasText: comment.content });
    await item.getByLabel("回复内容").fill("感谢反馈，已安排库点改进。");
    await item.getByRole("button", { name: "回复" }).click();
    await expect(page.getByText("回复已发布")).toBeVisible();
    await expect(page.getByTestId("freight-comment").filter({ hasText: comment.content }).getByTestId("freight-comment-reply")).toContainText("感谢反馈，已安排库点改进。");
  });

  test("an organisation user opening another organisation's waybill gets the 404 page", async ({ page }) => {
    const [system, org] = await Promise.all([platformToken("SYSTEM_USER"), platformToken("ORG_USER")]);
    const own = await platformCall<{ records: PlatformRecord[] }>("/tms-freight/search", { current: 1, size: 10 }, org);
    const ownOrg = own.records[0]!.orgId;
    const all = await platformCall<{ records: PlatformRecord[] }>("/tms-freight/search", { freightWay: "ROAD", current: 1, size: 200 }, system);
    const foreign = all.records.find((r) => r.orgId !== ownOrg)!;
    expect(foreign).toBeDefined();
    await login(page, "ORG_USER");
    const response = await page.goto(`/dispatchManage/wayillDetails/index?freightNo=${foreign.freightNo}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "网络请求不存在" })).toBeVisible();
    expect((await page.goto(`/dispatchManage/trackPlayback?freightNo=${foreign.freightNo}`))?.status()).toBe(404);
  });
});

test.describe("track playback", () => {
  test("播放 moves the marker along the line and 暂停 stops it", async ({ page }) => {
    // Playwright's clock: "stays paused" is checked by moving time on, not by waiting.
    await page.clock.install();
    await login(page, "ORG_USER", "/dispatchManage/waybillList?status=SIGNED&freightWay=ROAD");
    await rows(page).first().getByRole("link", { name: "轨迹" }).click();
    const marker = page.getByTestId("track-marker");
    await expect(marker).toBeVisible();
    const position = async () => [await marker.getAttribute("cx"), await marker.getAttribute("cy")].join(",");
    const start = await position();
    await page.getByRole("button", { name: "播放" }).click();
    await expect.poll(position).not.toBe(start);
    await page.getByRole("button", { name: "暂停" }).click();
    const paused = await position();
    await page.clock.runFor(2_000);
    expect(await position()).toBe(paused);
    await expect(page.getByTestId("track-current")).toContainText("进度");
  });
});
