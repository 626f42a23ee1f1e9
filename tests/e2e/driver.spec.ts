import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { formatTonnes } from "../../contract/numbers.js";
import { tonnesToKg } from "../../contract/units.js";
import type { FreightRecord } from "../../contract/freight.js";
import { DEMO_ACCOUNTS, DEMO_CAPTAIN } from "../../platform/db/seed.js";
import { ONBOARDED } from "../../platform/demo/onboarded-seed.js";
import { exampleIdCard } from "../../contract/resources/driver.js";
import { outbox, PASSWORD, PHONE, phoneProblems, platformCall, platformTokenOf, waitForHydration } from "./support";

/**
 * 司机端 on a 375-px phone with JavaScript on: the onboarded driver 韩立新 lands on his home, takes 装货
 * with a camera photo (shrunk in the browser), his open page reports his position (Playwright's
 * geolocation), his enterprise's staff find the points on the waybill's track and in 在途监控, and he
 * takes 卸货. Every page of his: no horizontal scroll, every control at least 44 px tall.
 * The demo captain 陈船长 does the same for his water waybill, told that his ship reports by AIS.
 * A driver an enterprise has just added logs in by SMS code, is led to 设置密码, sets it, logs in with it,
 * and sends a 证照 photo from 我的证照 to 待审核.
 * With DRIVER_SCREENSHOTS=1 it also writes the screenshots of docs/screenshots/.
 */

const HEFEI = { latitude: 31.861_2, longitude: 117.283_4, accuracy: 25 };
const SCREENSHOTS = process.env.DRIVER_SCREENSHOTS === "1";

test.describe.configure({ mode: "serial" });
test.use({ viewport: PHONE, geolocation: HEFEI, permissions: ["geolocation"], hasTouch: true, isMobile: true, locale: "zh-CN" });

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync("docs/screenshots", { recursive: true });
  // From the top, as he sees the page open (a full-page shot of a scrolled page moves the sticky bar).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

/** No horizontal scroll, and every visible control of his layout at least 44 px tall. */
async function expectPhoneFriendly(page: Page) {
  expect(await phoneProblems(page)).toEqual([]);
}

/** A 20 t road waybill for 韩立新, dispatched by his enterprise's 管理员. */
async function dispatchToOnboardedDriver(): Promise<string> {
  const admin = await platformTokenOf(ONBOARDED.adminMobile);
  const orders = await platformCall<{ records: Array<{ id: number; remainingWeight: number }> }>("/tms-order/search", { freightWay: "ROAD", size: 50 }, admin);
  const order = orders.records.find((o) => o.remainingWeight >= 20_000)!;
  const drivers = await platformCall<{ records: Array<{ id: number; vehicleId: number | null }> }>("/tms-resource/drivers", { keyword: ONBOARDED.driverName, size: 10 }, admin);
  const driver = drivers.records.find((d) => d.vehicleId !== null)!;
  const dispatched = await platformCall<{ freights: Array<{ freightNo: string }> }>(
    "/tms-freight-dispatch/dispatch",
    { orderId: order.id, items: [{ driverId: driver.id, vehicleId: driver.vehicleId, plannedWeight: 20_000 }] },
    admin,
  );
  return dispatched.freights[0]!.freightNo;
}

async function loginAs(page: Page, mobile: string, landing: RegExp, password = PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("手机号").fill(mobile);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(landing);
  await waitForHydration(page);
}

/**
 * A phone camera's photo: a 3000×2000 JPEG of fine detail (a few MB), drawn by the browser itself, so
 * the page has something to shrink before it goes up.
 */
async function cameraPhoto(page: Page, title: string) {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 3000;
    canvas.height = 2000;
    const context = canvas.getContext("2d")!;
    const image = context.createImageData(canvas.width, canvas.height);
    for (let i = 0; i < image.data.length; i += 4) {
      const v = (i * 2654435761) >>> 24;
      image.data.set([v, 255 - v, (v * 7) & 255, 255], i);
    }
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.95));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return { name: `${title}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from(base64, "base64") };
}

/**
 * From his home's button: the weight, a camera photo shrunk in the browser, the confirmation read, then
 * confirmed. `shots` names the screenshots of the form and the confirmation (driver-loading…), when taken.
 */
async function takeStep(page: Page, freightNo: string, { step, path, weight, who, shots }: { step: "装货" | "卸货"; path: string; weight: string; who: string; shots: string | null }) {
  await page.getByTestId("driver-next-step").click();
  await expect(page).toHaveURL(new RegExp(`/driver/${path}\\?freightNo=${freightNo}$`));
  await waitForHydration(page);
  await page.getByLabel(new RegExp(`${step}重量`)).fill(weight);
  await page.getByLabel(new RegExp(`拍${step}磅单`)).setInputFiles(await cameraPhoto(page, `${who} ${step}磅单 e2e`));
  await expect(page.getByTestId("photo-note")).toContainText("照片已压缩");
  await expect(page.getByTestId("photo-preview")).toBeVisible();
  await expectPhoneFriendly(page);
  if (shots) await screenshot(page, `${shots}-${path}`);
  await page.getByRole("button", { name: "下一步：核对" }).click();
  await expect(page.getByTestId("confirm-weight")).toHaveText(`${formatTonnes(tonnesToKg(weight))} 吨`);
  await expect(page.getByTestId("confirm-normal")).toBeVisible();
  await expectPhoneFriendly(page);
  if (shots) await screenshot(page, `${shots}-${path}-confirm`);
  await page.getByRole("button", { name: `确认${step}` }).click();
  await expect(page.getByTestId("driver-done")).toContainText(`运单 ${freightNo} ${step}成功`);
}

test("a driver on a 375-px phone: home → 装货 with a photo → position reported while open → staff see the points → 卸货", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const freightNo = await dispatchToOnboardedDriver();

  await loginAs(page, ONBOARDED.driverMobile, /\/driver$/);
  const current = page.getByTestId("driver-current");
  await expect(current).toContainText(freightNo);
  await expect(current).toContainText("待装货");
  await expect(current).toContainText(ONBOARDED.enterprise);
  await expect(page.getByTestId("dispatcher-phone")).toHaveAttribute("href", `tel:${ONBOARDED.adminMobile}`);
  await expectPhoneFriendly(page);
  await screenshot(page, "driver-home");

  // 装货: the weight, a photo from the camera (shrunk before upload), a confirmation.
  await takeStep(page, freightNo, { step: "装货", path: "loading", weight: "20", who: ONBOARDED.driverName, shots: "driver" });

  // Position: the page reports while it is open (permission granted: it starts by itself).
  const position = page.getByTestId("driver-position");
  await expect(position).toContainText("只在本页打开时上报");
  await expect(page.getByTestId("position-status")).toContainText(/已上报 [1-9]\d* 个位置/, { timeout: 30_000 });
  await expectPhoneFriendly(page);
  await screenshot(page, "driver-home-in-transit");

  // His enterprise's staff see the point on the waybill's track and the truck online in 在途监控.
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await staff.newPage();
  await loginAs(desk, ONBOARDED.adminMobile, /\/dashboard$/);
  await desk.goto(`/dispatchManage/trackPlayback?freightNo=${freightNo}`);
  await expect(desk.getByText(/轨迹点列表（[1-9]\d* 个）/)).toBeVisible();
  await desk.getByText(/轨迹点列表/).click();
  await expect(desk.getByRole("table", { name: "轨迹点" })).toContainText(HEFEI.latitude.toFixed(6));
  await desk.goto(`/dispatchManage/checkTheMonitor?freightNo=${freightNo}`);
  await expect(desk.getByTestId("monitor-state")).toHaveText("在线");
  await staff.close();

  // 卸货 from his home's button.
  await page.goto("/driver");
  await takeStep(page, freightNo, { step: "卸货", path: "unloading", weight: "19.98", who: ONBOARDED.driverName, shots: null });
  await expect(page.getByTestId("driver-done")).toContainText(`运单 ${freightNo} 卸货成功，当前状态「已卸货」`);
  await page.getByRole("link", { name: /^已完成/ }).click();
  await expect(page.getByTestId("driver-waybill").filter({ hasText: freightNo })).toContainText("已卸货");
  await expectPhoneFriendly(page);

  // His wallet, from the bar.
  await page.getByRole("link", { name: "钱包" }).click();
  await expect(page).toHaveURL(/\/driver\/wallet$/);
  await expect(page.getByTestId("wallet-available")).toHaveText(/ 元$/);
  await expectPhoneFriendly(page);
  await screenshot(page, "driver-wallet");
  // 解绑 asks first, on the page; 不解绑 leaves the card.
  await page.getByTestId("wallet-card").first().getByRole("link", { name: "解绑" }).click();
  await expect(page.getByTestId("wallet-unbind-confirm")).toContainText("解绑后不能再提现到这张卡");
  await expectPhoneFriendly(page);
  await page.getByRole("link", { name: "不解绑" }).click();
  await expect(page.getByTestId("wallet-unbind-confirm")).toHaveCount(0);

  // His messages, from the bar.
  await page.getByRole("link", { name: /^消息/ }).click();
  await expect(page).toHaveURL(/\/driver\/messages$/);
  await expect(page.getByTestId("driver-message").first()).toBeVisible();
  await expectPhoneFriendly(page);
  await screenshot(page, "driver-messages");
});

test("a captain on a 375-px phone: his water waybill → 装货 with a photo → told his ship reports by AIS → 卸货 → wallet and messages", async ({ page }) => {
  test.setTimeout(180_000);
  const captain = await platformTokenOf(DEMO_CAPTAIN.mobile);
  const waiting = await platformCall<{ records: FreightRecord[] }>("/tms-freight/search", { status: ["WAIT_LOADING"], size: 5 }, captain);
  const waybill = waiting.records[0]!;
  const tonnes = (kg: number) => String(kg / 1000);

  await loginAs(page, DEMO_CAPTAIN.mobile, /\/driver$/);
  const current = page.getByTestId("driver-current");
  await expect(current).toContainText(waybill.freightNo);
  await expect(current).toContainText("待装货");
  await expect(current.getByRole("term")).toContainText(["装货港", "卸货港", "货物", "计划重量", "船舶", "企业", "调度"]);
  await expect(current).toContainText(waybill.shipName!);
  await expect(page.getByTestId("dispatcher-phone")).toHaveAttribute("href", `tel:${DEMO_ACCOUNTS.ORG_USER}`);
  await expectPhoneFriendly(page);
  await screenshot(page, "captain-home");

  await takeStep(page, waybill.freightNo, { step: "装货", path: "loading", weight: tonnes(waybill.plannedWeight), who: DEMO_CAPTAIN.name, shots: "captain" });
  // His ship's position comes from its AIS: the page says so and does not ask for his phone's.
  await expect(page.getByTestId("driver-position-ais")).toContainText("AIS");
  await expect(page.getByTestId("driver-position")).toHaveCount(0);
  await expect(page.getByTestId("driver-next-step")).toHaveText("我要卸货");
  await expectPhoneFriendly(page);
  await screenshot(page, "captain-home-in-transit");

  await takeStep(page, waybill.freightNo, { step: "卸货", path: "unloading", weight: tonnes(waybill.plannedWeight - 1000), who: DEMO_CAPTAIN.name, shots: null });
  await expect(page.getByTestId("driver-done")).toContainText(`运单 ${waybill.freightNo} 卸货成功，当前状态「已卸货」`);
  await page.getByRole("link", { name: /^已完成/ }).click();
  await expect(page.getByTestId("driver-waybill").filter({ hasText: waybill.freightNo })).toContainText("已卸货");
  await expectPhoneFriendly(page);

  await page.getByRole("link", { name: "钱包" }).click();
  await expect(page.getByTestId("wallet-withdrawals")).toContainText("待审核");
  await expectPhoneFriendly(page);
  await page.getByRole("link", { name: /^消息/ }).click();
  await expect(page.getByTestId("driver-message").filter({ hasText: `新运单 ${waybill.freightNo}` })).toBeVisible();
  await expectPhoneFriendly(page);
});

test("a driver just added: first login by SMS code leads to 设置密码; he sets it and logs in with it; 我的证照 sends a photo to 待审核", async ({ page }) => {
  test.setTimeout(180_000);
  // A driver of his own (a retry adds another): the demo drivers' papers stay approved for the other tests.
  const n = Date.now() % 10_000;
  const mobile = `1380036${String(n).padStart(4, "0")}`;
  const idCardNo = exampleIdCard(360_000 + n);
  const admin = await platformTokenOf(ONBOARDED.adminMobile);
  const roster = await platformCall<{ profileId: number }>("/tms-driver", { name: "新司机乙", mobile, idCardNo, driverType: "OWN", vehicleClass: "A2", licenseValidTo: "2032-03-15", qualificationCertNo: idCardNo, qualificationValidTo: "2030-12-31" }, admin);

  // His enterprise opened his account without a password: the SMS code lets him in, to 设置密码 first.
  await page.goto("/login?mode=sms");
  await page.getByLabel("手机号").fill(mobile);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByRole("status").filter({ hasText: "验证码已发送" })).toBeVisible();
  await page.getByLabel("短信验证码").fill(await outbox(mobile, "sms"));
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(/\/driver\/password$/);
  await waitForHydration(page);
  await expect(page.getByTestId("password-why")).toContainText("第一次登录");
  await expect(page.getByLabel("当前密码")).toHaveCount(0);
  await expectPhoneFriendly(page);
  // Any other page of his sends him back until it is set.
  await page.goto("/driver/wallet");
  await expect(page).toHaveURL(/\/driver\/password$/);
  await waitForHydration(page);
  const password = "xin2026yi";
  await page.getByLabel("新密码", { exact: true }).fill(password);
  await page.getByLabel("再输一次新密码").fill(password);
  await page.getByRole("button", { name: "保存密码" }).click();
  await expect(page).toHaveURL(/\/driver\?password=set$/);
  await expect(page.getByTestId("driver-password-set")).toContainText("密码已设置");
  await expectPhoneFriendly(page);

  // The password he set lets him in.
  await page.getByRole("button", { name: "退出" }).click();
  await expect(page).toHaveURL(/\/login/);
  await loginAs(page, mobile, /\/driver$/, password);

  // 我的证照, from his home: 身份证 未上传 → a camera photo (shrunk in the browser) → 待审核.
  await page.getByTestId("driver-papers-link").click();
  await expect(page).toHaveURL(/\/driver\/papers$/);
  await waitForHydration(page);
  const idCard = page.locator(`[data-paper="DRIVER:${roster.profileId}:ID_CARD"]`);
  await expect(idCard.getByTestId("paper-state")).toHaveText("未上传");
  await expectPhoneFriendly(page);
  await idCard.getByTestId("paper-upload").click();
  const form = page.getByTestId("paper-form");
  await expect(form).toBeVisible();
  await waitForHydration(page);
  await form.getByLabel("拍身份证").setInputFiles(await cameraPhoto(page, "新司机乙 身份证"));
  await expect(form.getByTestId("photo-note")).toContainText("照片已压缩");
  await form.getByLabel("有效期至").fill("2036-05-01");
  await expectPhoneFriendly(page);
  await form.getByRole("button", { name: "提交审核" }).click();
  await expect(page.getByTestId("papers-done")).toHaveText("「身份证」已提交，等待平台审核");
  await expect(idCard.getByTestId("paper-state")).toHaveText("待审核");
  await expect(idCard.getByTestId("paper-valid")).toHaveText("有效期至 2036-05-01");
  await expectPhoneFriendly(page);
});

test("the web app manifest names his home as the start and its icons exist", async ({ request }) => {
  const manifest = await (await request.get("/driver.webmanifest")).json();
  expect(manifest).toMatchObject({ start_url: "/driver", display: "standalone", theme_color: "#1890ff" });
  for (const icon of manifest.icons as Array<{ src: string }>) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
  }
});
