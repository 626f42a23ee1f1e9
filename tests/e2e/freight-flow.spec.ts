import { constants, publicEncrypt } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { FreightDashboard } from "../../contract/freight";
import { formatTonnes, formatYuan } from "../../contract/numbers";
import { ACCOUNTS, attachDocument, driversDispatchedWaybill, driversLoadedWaybill, login, PASSWORD, PLATFORM_URL, type Kind, freeDemoDriver, releaseDemoDriver } from "./support";

test.afterEach(() => releaseDemoDriver());

/** Dispatch and the waybill steps: 派单 → 装货 → 卸货 → 签收 → 确认 → 完成, the water queue, the home figures. */

// The tests share one seeded database and build on each other's waybills.
test.describe.configure({ mode: "serial" });

/** Calls the platform directly as a demo account (the ORG_USER unless told), for cross-checks. */
async function platform<T>(path: string, body: unknown, kind: Kind = "ORG_USER"): Promise<T> {
  const post = async <R,>(p: string, b: unknown, token?: string): Promise<R> => {
    const response = await fetch(PLATFORM_URL + p, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Platform": "A", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(b),
    });
    const envelope = (await response.json()) as { code: number; data: R };
    if (envelope.code !== 200) throw new Error(`${p}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  const { csrfToken, publicKey } = await post<{ csrfToken: string; publicKey: string }>("/api/v1/auth/csrf", { clientId: "e2e" });
  const authSecret = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(PASSWORD)).toString("base64");
  const { accessToken } = await post<{ accessToken: string }>("/api/v1/auth/third-class-insurance/token", {
    grantType: "password",
    authKey: ACCOUNTS[kind],
    authSecret,
    clientId: "e2e",
    csrfToken,
  });
  return post<T>(path, body, accessToken);
}

const panel = (page: Page) => page.getByTestId("step-panel");
const done = (page: Page) => page.getByTestId("step-done");

/** The opened waybill's status tag shows `label`. */
async function expectStatus(page: Page, label: string) {
  await expect(panel(page).locator("[data-status]").first()).toHaveText(label);
}

/**
 * The options a dispatch picker offers to choose, last first (greyed ones are on live waybills). The demo
 * driver 张师傅 is left out (other specs hold him while they dispatch him); his vehicle, near the top of
 * the list, comes last.
 */
async function freeOptions(select: Locator): Promise<string[]> {
  const free = await select.locator("option:not([disabled])").evaluateAll((options) =>
    options.filter((o) => (o as HTMLOptionElement).value && !o.textContent!.includes("张师傅")).map((o) => (o as HTMLOptionElement).value),
  );
  expect(free.length, "a free person and conveyance to dispatch").toBeGreaterThan(0);
  return free.reverse();
}

/** Picks, in a dispatch picker's combobox, the last option it offers to choose (not greyed, not the demo driver 张师傅). */
async function pickFree(combobox: Locator) {
  await combobox.click();
  const list = combobox.page().locator(`[id="${await combobox.getAttribute("aria-controls")}"]`);
  await expect(list.getByRole("option").nth(1)).toBeVisible();
  const free = list.locator('[role="option"]:not([aria-disabled="true"])').filter({ hasNotText: /张师傅|^请选择/ });
  await free.last().click();
  await expect(combobox).not.toHaveValue("");
}

/** Dispatches the first awaiting order of this way to the last free person and conveyance; returns the new waybill number. */
async function dispatchFirstOrder(page: Page, way: "ROAD" | "WATER", tonnes: string): Promise<string> {
  await page.goto(`/dispatchManage/dispatchList?freightWay=${way}`);
  const row = page.getByTestId("order-row").first();
  await row.getByRole("link", { name: /^派单/ }).click();
  const form = page.getByTestId("dispatch-panel");
  await expect(form).toBeVisible();
  const item = form.getByTestId("dispatch-item").first();
  // With JavaScript the driver and the vehicle are the shared picker's comboboxes.
  for (const combobox of [item.getByRole("combobox").nth(0), item.getByRole("combobox").nth(1)]) await pickFree(combobox);
  await item.getByLabel("计划重量（吨）").fill(tonnes);
  await form.getByRole("button", { name: "确认派单" }).click();
  await expect(page.getByTestId("dispatch-done")).toContainText("派单成功，已生成 1 张运单");
  return (await page.getByTestId("dispatched-freight-no").first().textContent())!.trim();
}

let roadFreightNo = "";

test("an order is dispatched to a driver and a vehicle, and the waybill goes through every step", async ({ page }) => {
  await login(page, "ORG_USER");

  // 派单: the 200 t truck limit is checked as the user types, then the dispatch goes through.
  await page.goto("/dispatchManage/dispatchList?freightWay=ROAD");
  await page.getByTestId("order-row").first().getByRole("link", { name: /^派单/ }).click();
  const item = page.getByTestId("dispatch-item").first();
  await item.getByLabel("计划重量（吨）").fill("201");
  await item.getByLabel("计划重量（吨）").blur();
  await expect(item.getByText("计划重量不能超过 200.00 吨（公路运输单车上限）")).toBeVisible();
  roadFreightNo = await dispatchFirstOrder(page, "ROAD", "25");
  expect(roadFreightNo).toMatch(/^YD\d{16}$/);

  // 装货: a load above 200 t is refused with the message; then 25.5 t loads.
  await page.getByRole("link", { name: "去装货" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dispatchManage/loading\\?freightNo=${roadFreightNo}$`));
  await expectStatus(page, "待装货");
  const loading = page.getByTestId("step-form-LOADING");
  await loading.getByLabel(/装货重量/).fill("200.5");
  await attachDocument(loading, "weighTicketUrl", "装货磅单 e2e-load");
  await loading.getByRole("button", { name: "确认装货" }).click();
  await expect(loading.getByText("装货重量不能超过 200.00 吨（公路运输单车上限）")).toBeVisible();
  await loading.getByLabel(/装货重量/).fill("25.5");
  await loading.getByRole("button", { name: "确认装货" }).click();
  await expect(done(page)).toContainText(`运单 ${roadFreightNo} 装货成功，当前状态「运输中」`);

  // 卸货: more than loaded + 1 % is refused; 25.4 t unloads.
  await done(page).getByRole("link", { name: "下一步：卸货" }).click();
  await expect(page).toHaveURL(/\/dispatchManage\/delivery\?freightNo=/);
  await expectStatus(page, "运输中");
  const unloading = page.getByTestId("step-form-UNLOADING");
  await unloading.getByLabel(/卸货重量/).fill("25.8");
  await attachDocument(unloading, "weighTicketUrl", "卸货磅单 e2e-unload");
  await unloading.getByRole("button", { name: "确认卸货" }).click();
  await expect(unloading.getByText(/卸货重量超过装货重量 25\.50 吨的 1%，最多 25\.7\d 吨/)).toBeVisible();
  await unloading.getByLabel(/卸货重量/).fill("25.4");
  await unloading.getByRole("button", { name: "确认卸货" }).click();
  await expect(done(page)).toContainText("卸货成功，当前状态「已卸货」");

  // 签收
  await done(page).getByRole("link", { name: "下一步：签收" }).click();
  await expectStatus(page, "已卸货");
  await page.getByTestId("step-form-SIGN").getByRole("button", { name: "确认签收" }).click();
  await expect(done(page)).toContainText("签收成功，当前状态「已签收」");

  // 确认: an organisation confirms as the fleet (审核 is the platform's and the tenant's).
  await done(page).getByRole("link", { name: "下一步：确认" }).click();
  await expectStatus(page, "已签收");
  await expect(page.getByTestId("step-form-REVIEW")).toHaveCount(0);
  await page.getByTestId("step-form-FLEET_CONFIRM").getByLabel("备注").fill("车队已核对磅单");
  await page.getByTestId("step-form-FLEET_CONFIRM").getByRole("button", { name: "确认运单" }).click();
  await expect(done(page)).toContainText("车队确认成功，当前状态「已确认」");

  // 完成
  await done(page).getByRole("link", { name: "继续处理" }).click();
  await expect(page).toHaveURL(/tab=confirmed/);
  await expectStatus(page, "已确认");
  await page.getByTestId("step-form-COMPLETE").getByRole("button", { name: "完成运单" }).click();
  await expect(done(page)).toContainText(`运单 ${roadFreightNo} 完成成功，当前状态「已完成」`);

  await page.goto(`/dispatchManage/confirm?freightNo=${roadFreightNo}`);
  await expectStatus(page, "已完成");
  await expect(panel(page)).toContainText("运单当前状态为「已完成」，本页没有可执行的操作");
  const { records } = await platform<{ records: Array<{ status: string; loadedWeight: number; unloadedWeight: number }> }>("/tms-freight/search", { freightNo: roadFreightNo });
  expect(records[0]).toMatchObject({ status: "COMPLETED", loadedWeight: 25_500, unloadedWeight: 25_400 });
});

test("a step on a waybill someone else moved on shows the platform's refusal", async ({ page, context }) => {
  await login(page, "ORG_USER");
  const freightNo = await dispatchFirstOrder(page, "ROAD", "20");
  await page.goto(`/dispatchManage/loading?freightNo=${freightNo}`);
  const other = await context.newPage();
  await other.goto(`/dispatchManage/loading?freightNo=${freightNo}`);
  for (const tab of [other, page]) {
    const form = tab.getByTestId("step-form-LOADING");
    await form.getByLabel(/装货重量/).fill("20");
    await attachDocument(form, "weighTicketUrl", "装货磅单 e2e-race");
  }
  await other.getByRole("button", { name: "确认装货" }).click();
  await expect(done(other)).toContainText("装货成功");
  await page.getByRole("button", { name: "确认装货" }).click();
  await expect(page.getByTestId("step-refusal")).toHaveText("运单当前状态为「运输中」，不能执行装货");
  // The page reloaded the waybill: it shows where it is now and where to take it.
  await expectStatus(page, "运输中");
  await expect(panel(page).getByRole("link", { name: "去卸货" })).toBeVisible();
});

test("a water waybill is dispatched to a captain and a ship and loads more than a truck could", async ({ page }) => {
  await login(page, "ORG_USER");
  const freightNo = await dispatchFirstOrder(page, "WATER", "600");
  await page.getByRole("link", { name: "去装货" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dispatchManage/waterloading\\?freightNo=${freightNo}$`));
  await expectStatus(page, "待装货");
  await expect(panel(page)).toContainText("水路运输");
  const loading = page.getByTestId("step-form-LOADING");
  await loading.getByLabel(/装货重量/).fill("598.5");
  await attachDocument(loading, "weighTicketUrl", "装货磅单 water");
  await loading.getByRole("button", { name: "确认装货" }).click();
  await expect(done(page)).toContainText(`运单 ${freightNo} 装货成功，当前状态「运输中」`);
  await done(page).getByRole("link", { name: "下一步：水运卸货" }).click();
  await expect(page).toHaveURL(/\/dispatchManage\/waterdelivery\?freightNo=/);
  await expectStatus(page, "运输中");

  // The road queue sends a water waybill to its own page.
  await page.goto(`/dispatchManage/loading?freightNo=${freightNo}`);
  await expect(panel(page)).toContainText("是水路运输运单");
  await expect(page.getByTestId("step-form-LOADING")).toHaveCount(0);
});

/** The figures on the home page are the platform's for this user. */
async function expectFigures(page: Page, kind: Kind) {
  const figures = await platform<FreightDashboard>("/tms-freight/dashboard", {}, kind);
  await page.goto("/dashboard");
  await expect(page.getByTestId("figure-in-transit")).toHaveText(String(figures.inTransitCount));
  await expect(page.getByTestId("figure-completed-today")).toHaveText(String(figures.completedToday));
  await expect(page.getByTestId("figure-month-weight")).toHaveText(formatTonnes(figures.monthLoadedWeight));
  await expect(page.getByTestId("figure-month-freight")).toHaveText(formatYuan(figures.monthFreight));
  const chart = page.getByRole("img", { name: "近 30 天运单趋势" });
  await expect(chart).toBeVisible();
  // Drawn by the report kit's server renderer: the last day is labelled, its bar's tooltip gives its figures.
  const today = figures.daily[29]!;
  await expect(chart).toContainText(today.date.slice(5));
  await expect(chart.locator("title", { hasText: `${today.date.slice(5)} 新建运单（单）：${today.created}` })).toHaveCount(1);
  await expect(chart).toContainText("新建运单（单）");
  await expect(chart).toContainText("装货吨位（吨）");
  return figures;
}

test("the home page shows the dispatch figures and a 30-day chart drawn on the server", async ({ page }) => {
  await login(page, "ORG_USER");
  const figures = await expectFigures(page, "ORG_USER");
  // The waybill completed above counts today; the ones dispatched above count in today's bar.
  expect(figures.completedToday).toBeGreaterThanOrEqual(1);
  expect(figures.daily[29]!.created).toBeGreaterThanOrEqual(3);
});

test("a driver's home figures are scoped to his own waybills", async ({ page }) => {
  await login(page, "INDIVIDUAL_USER", "/dashboard");
  const own = await expectFigures(page, "INDIVIDUAL_USER");
  const organisation = await platform<FreightDashboard>("/tms-freight/dashboard", {});
  expect(own.inTransitCount).toBeLessThan(organisation.inTransitCount);
});

test("a user without the water permission is refused the water queues", async ({ page }) => {
  await login(page, "INDIVIDUAL_USER");
  const refused = await page.goto("/dispatchManage/waterloading");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("没有访问权限").first()).toBeVisible();
  await expect(page.getByTestId("freight-row")).toHaveCount(0);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the server refuses bad weights with the same messages, and a step goes through as a plain form post", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("手机号").fill(ACCOUNTS.ORG_USER);
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登 录" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // 装货 above 200 t on a road waybill of its own (specs running beside this one step the queues'
    // waybills on, so the test takes none of theirs).
    const waiting = await driversDispatchedWaybill();
    await page.goto(`/dispatchManage/loading?freightNo=${waiting.freightNo}`);
    const loading = page.getByTestId("step-form-LOADING");
    await loading.getByLabel(/装货重量/).fill("250");
    await attachDocument(loading, "weighTicketUrl", "装货磅单 nojs");
    await loading.getByRole("button", { name: "确认装货" }).click();
    await expect(page.getByTestId("step-form-LOADING").getByText("装货重量不能超过 200.00 吨（公路运输单车上限）")).toBeVisible();
    await expect(page.getByTestId("step-form-LOADING").getByLabel(/装货重量/)).toHaveValue("250");

    // 卸货 above loaded + 1 %, on the driver's next waybill (the one above is cancelled to free him).
    const inTransit = await driversLoadedWaybill(20_000);
    await page.goto(`/dispatchManage/delivery?freightNo=${inTransit.freightNo}`);
    const unloading = page.getByTestId("step-form-UNLOADING");
    await unloading.getByLabel(/卸货重量/).fill("20.41");
    await attachDocument(unloading, "weighTicketUrl", "卸货磅单 nojs-unload");
    await unloading.getByRole("button", { name: "确认卸货" }).click();
    await expect(page.getByTestId("step-form-UNLOADING").getByText("卸货重量超过装货重量 20.00 吨的 1%，最多 20.20 吨")).toBeVisible();

    // 签收 as a plain POST and redirect, once it is unloaded.
    await platform("/tms-freight/unLoading", { id: inTransit.id, unloadedWeight: 20_000, weighTicketUrl: "/files/weigh-tickets/e2e-driver.jpg" });
    const freightNo = inTransit.freightNo;
    await page.goto(`/dispatchManage/sign?freightNo=${freightNo}`);
    await page.getByTestId("step-form-SIGN").getByRole("button", { name: "确认签收" }).click();
    await expect(page).toHaveURL(new RegExp(`done=${freightNo}`));
    await expect(done(page)).toContainText(`运单 ${freightNo} 签收成功，当前状态「已签收」`);

    // 派单 with two rows: the row is added by a round trip to the server. The demo driver (held) and another free one.
    const demo = await freeDemoDriver();
    await page.goto("/dispatchManage/dispatchList?freightWay=ROAD");
    await page.getByTestId("order-row").first().getByRole("link", { name: /^派单/ }).click();
    await page.getByRole("button", { name: "增加一单" }).click();
    const items = page.getByTestId("dispatch-item");
    await expect(items).toHaveCount(2);
    for (const [index, tonnes] of [[0, "12"], [1, "13.5"]] as const) {
      const [person, conveyance] = [items.nth(index).locator("select").nth(0), items.nth(index).locator("select").nth(1)];
      await person.selectOption(index === 0 ? String(demo.id) : (await freeOptions(person))[0]!);
      await conveyance.selectOption(index === 0 ? String(demo.vehicleId) : (await freeOptions(conveyance)).find((v) => v !== String(demo.vehicleId))!);
      await items.nth(index).getByLabel("计划重量（吨）").fill(tonnes);
    }
    await page.getByRole("button", { name: "确认派单" }).click();
    await expect(page.getByTestId("dispatch-done")).toContainText("派单成功，已生成 2 张运单");
    await expect(page.getByTestId("dispatched-freight-no")).toHaveCount(2);
  });
});
