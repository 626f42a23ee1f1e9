import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, clickRowAction, driversLoadedWaybill, releaseDemoDriver, escapeRegExp, login, PASSWORD, platformCall, platformToken, PLATFORM_URL } from "./support";

test.afterEach(() => releaseDemoDriver());

/** 查看监控: the waybill's device (bind, unbind) and its positioning figures, with and without JavaScript. */

interface Waybill {
  id: number;
  freightNo: string;
  freightWay: "ROAD" | "WATER";
  status: string;
  orgId: number;
  vehicleId: number | null;
  plateNo: string | null;
}
interface Device {
  id: number;
  deviceNo: string;
  vehicleId: number | null;
  plateNo: string | null;
}

interface Track {
  points: Array<{ time: string; lat: number; lng: number }>;
  totalPoints: number;
}

const monitorPath = (freightNo: string) => `/dispatchManage/checkTheMonitor?freightNo=${freightNo}`;

async function platformGet<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${PLATFORM_URL}${path}`, { headers: { Authorization: `Bearer ${token}`, "X-Platform": "A" } });
  return ((await response.json()) as { data: T }).data;
}

async function inTransitRoad(token: string): Promise<Waybill[]> {
  const page = await platformCall<{ records: Waybill[] }>("/tms-freight/search", { status: ["IN_TRANSIT"], freightWay: "ROAD", current: 1, size: 200 }, token);
  return page.records;
}

const deviceOf = async (vehicleId: number, token: string) =>
  (await platformCall<{ records: Device[] }>("/device-manage/selector", { vehicleId, current: 1, size: 10 }, token)).records[0] ?? null;

/** An in-transit road waybill of the ORG_USER whose vehicle has no GPS device, and the organisation's spare devices. */
async function bareWaybill(token: string): Promise<{ waybill: Waybill; spare: Device[] }> {
  // Oldest first: the seeded waybills carry a track; one dispatched by another spec on the other worker has none yet.
  const waybills = (await inTransitRoad(token)).reverse();
  for (const waybill of waybills) {
    if (waybill.vehicleId !== null && !(await deviceOf(waybill.vehicleId, token))) {
      const spare = await platformCall<{ records: Device[] }>("/device-manage/selector", { bound: false, orgId: waybill.orgId, current: 1, size: 200 }, token);
      return { waybill, spare: spare.records };
    }
  }
  throw new Error("no in-transit waybill on a vehicle without a device");
}

/** Logs in through the form without waiting for hydration (the page may run no JavaScript). */
async function loginPlain(page: Page, redirect: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel("手机号").fill(ACCOUNTS.ORG_USER);
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登 录" }).click();
  await expect(page).toHaveURL(new RegExp(escapeRegExp(redirect)));
}

const devicePanel = (page: Page) => page.getByRole("region", { name: "监控设备" });

/** Binds the first spare device through the page's form, then unbinds it through the 解绑 confirmation. */
async function bindAndUnbind(page: Page, token: string, { waybill, spare }: { waybill: Waybill; spare: Device[] }) {
  const device = spare[0]!;
  await expect(page.getByTestId("monitor-no-device")).toContainText(`车辆 ${waybill.plateNo} 未绑定 GPS 设备`);

  // Submitting without a choice is refused by the page, nothing is bound.
  await devicePanel(page).getByRole("button", { name: "绑定" }).click();
  await expect(devicePanel(page).getByRole("alert")).toHaveText("请选择要绑定的设备");
  expect(await deviceOf(waybill.vehicleId!, token)).toBeNull();

  await devicePanel(page).getByLabel("选择未绑定的设备").selectOption(String(device.id));
  await devicePanel(page).getByRole("button", { name: "绑定" }).click();
  await expect(page.getByRole("status").filter({ hasText: `设备 ${device.deviceNo} 已绑定到车辆 ${waybill.plateNo}` })).toBeVisible();
  await expect(page.getByTestId("monitor-device")).toContainText(device.deviceNo);
  expect((await deviceOf(waybill.vehicleId!, token))?.id).toBe(device.id);

  await devicePanel(page).getByRole("link", { name: "解绑" }).click();
  const dialog = page.getByTestId("monitor-unbind-dialog");
  await expect(dialog).toContainText(`确定将设备 ${device.deviceNo} 从车辆 ${waybill.plateNo} 解绑`);
  await dialog.getByRole("button", { name: "确认解绑" }).click();
  await expect(page.getByRole("status").filter({ hasText: `设备 ${device.deviceNo} 已从车辆 ${waybill.plateNo} 解绑` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(monitorPath(waybill.freightNo))}$`));
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("monitor-no-device")).toBeVisible();
  expect(await deviceOf(waybill.vehicleId!, token)).toBeNull();
}

test.describe("查看监控", () => {
  test("opens from the waybill list: the device and the positioning figures of an in-transit waybill", async ({ page }) => {
    const token = await platformToken("ORG_USER");
    // A seeded waybill: on a vehicle with a device, and with track points (one loaded by another test has none yet).
    let target: { waybill: Waybill; device: Device; track: Track } | null = null;
    for (const waybill of await inTransitRoad(token)) {
      const device = waybill.vehicleId === null ? null : await deviceOf(waybill.vehicleId, token);
      const track = device ? await platformGet<Track>(`/tms-freight/${waybill.freightNo}/track`, token) : null;
      if (device && track && track.totalPoints > 1) {
        target = { waybill, device, track };
        break;
      }
    }
    expect(target).not.toBeNull();
    const { waybill, device, track } = target!;

    await login(page, "ORG_USER", `/dispatchManage/waybillList?status=IN_TRANSIT&freightNo=${waybill.freightNo}`);
    const row = page.getByTestId("freight-row").filter({ hasText: waybill.freightNo });
    await clickRowAction(row, "监控");
    await expect(page).toHaveURL(new RegExp(escapeRegExp(monitorPath(waybill.freightNo))));
    await expect(page.getByRole("heading", { name: /查看监控/ })).toContainText(waybill.freightNo);

    await expect(page.getByTestId("monitor-device")).toContainText(device.deviceNo);
    await expect(page.getByTestId("monitor-device")).toContainText(waybill.plateNo!);

    const positioning = page.getByRole("region", { name: "定位监控" });
    await expect(positioning).toContainText(`轨迹点${track.totalPoints} 个`);
    const last = track.points[track.points.length - 1]!;
    await expect(positioning).toContainText(`${last.lng.toFixed(6)}, ${last.lat.toFixed(6)}`);
    // The seed's in-transit tracks end at start-up, so the waybill is online for the first half hour.
    const ageMs = Date.now() - Date.parse(last.time);
    await expect(page.getByTestId("monitor-state")).toHaveText(ageMs > 30 * 60_000 ? "离线" : "在线");
    await expect(page.getByTestId("monitor-track-svg")).toBeVisible();
    await expect(positioning.getByRole("link", { name: "查看轨迹回放" })).toHaveAttribute("href", `/dispatchManage/trackPlayback?freightNo=${waybill.freightNo}`);

    // 刷新 reloads the same page.
    await page.getByRole("link", { name: "刷新" }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(monitorPath(waybill.freightNo))}$`));
  });

  test("binds a spare device and unbinds it after the confirmation dialog", async ({ page }) => {
    const token = await platformToken("ORG_USER");
    const bare = await bareWaybill(token);
    expect(bare.spare.length).toBeGreaterThan(1);
    await login(page, "ORG_USER", monitorPath(bare.waybill.freightNo));
    await bindAndUnbind(page, token, bare);

    // The platform's refusal is shown: the chosen device was bound elsewhere meanwhile.
    const [device, other] = bare.spare as [Device, Device];
    await devicePanel(page).getByLabel("选择未绑定的设备").selectOption(String(device.id));
    const vehicles = await platformCall<{ records: Array<{ id: number; plateNo: string; gpsDeviceNo: string | null }> }>("/tms-resource/vehicles", { current: 1, size: 200 }, token);
    const otherVehicle = vehicles.records.find((v) => v.gpsDeviceNo === null && v.id !== bare.waybill.vehicleId);
    expect(otherVehicle).toBeDefined();
    await platformCall("/device-manage/bind", { deviceId: device.id, vehicleId: otherVehicle!.id }, token);
    try {
      await devicePanel(page).getByRole("button", { name: "绑定" }).click();
      await expect(devicePanel(page).getByRole("alert")).toHaveText(`设备 ${device.deviceNo} 已绑定车辆 ${otherVehicle!.plateNo}，请先解绑`);
      expect(await deviceOf(bare.waybill.vehicleId!, token)).toBeNull();
      // The list of spare devices no longer offers it after the refusal.
      await expect(devicePanel(page).getByLabel("选择未绑定的设备").locator(`option[value="${device.id}"]`)).toHaveCount(0);
      await expect(devicePanel(page).getByLabel("选择未绑定的设备").locator(`option[value="${other.id}"]`)).toHaveCount(1);
    } finally {
      await platformCall("/device-manage/bind", { deviceId: device.id, vehicleId: null }, token);
    }
  });

  test("a waybill of another organisation is not found, and the page asks for a number", async ({ page }) => {
    const system = await platformToken("SYSTEM_USER");
    const org = await platformToken("ORG_USER");
    const [mine] = await inTransitRoad(org);
    // Any waybill of another organisation, whatever its status (which ones are on the road depends on the day and on other specs).
    let foreign: Waybill | undefined;
    for (let current = 1; !foreign && current <= 20; current++) {
      const all = await platformCall<{ records: Waybill[] }>("/tms-freight/search", { current, size: 200 }, system);
      foreign = all.records.find((w) => w.orgId !== mine!.orgId);
      if (all.records.length < 200) break;
    }
    expect(foreign).toBeDefined();

    await login(page, "ORG_USER", monitorPath(foreign!.freightNo));
    await expect(page.getByRole("heading", { name: "运单不存在" })).toBeVisible();
    await expect(page.getByText("没有找到该运单，或您无权查看它的监控")).toBeVisible();
    await expect(page.getByTestId("monitor-device")).toHaveCount(0);

    // The form on the not-found page opens one of the user's own waybills.
    await page.getByRole("textbox", { name: "运单号" }).fill(mine!.freightNo);
    await page.getByRole("button", { name: "查看监控", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(escapeRegExp(monitorPath(mine!.freightNo))));
    await expect(page.getByRole("heading", { name: /查看监控/ })).toContainText(mine!.freightNo);
  });

  test("a driver sees the device on their vehicle but may not unbind it", async ({ page }) => {
    const token = await platformToken("INDIVIDUAL_USER");
    const own = await driversLoadedWaybill();
    const device = await deviceOf(own.vehicleId, token);
    await login(page, "INDIVIDUAL_USER", monitorPath(own.freightNo));
    if (device) await expect(page.getByTestId("monitor-device")).toContainText(device.deviceNo);
    else await expect(devicePanel(page)).toContainText("个人账号不能绑定设备");
    await expect(devicePanel(page).getByRole("link", { name: "解绑" })).toHaveCount(0);
    // A forged ?unbind=1 opens no dialog.
    await page.goto(`${monitorPath(own.freightNo)}&unbind=1`);
    await expect(page.getByTestId("monitor-unbind-dialog")).toHaveCount(0);
    // Out of transit again, so the later tests' "in-transit waybill without a device" stays a seeded one.
    await platformCall("/tms-freight/unLoading", { id: own.id, unloadedWeight: 20_000, weighTicketUrl: "/files/weigh-tickets/e2e-driver-2.jpg" }, token);
  });
});

test.describe("查看监控 without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("renders, binds and unbinds with plain forms, and asks for a number without one", async ({ page }) => {
    const token = await platformToken("ORG_USER");
    const bare = await bareWaybill(token);
    await loginPlain(page, monitorPath(bare.waybill.freightNo));
    await expect(page.getByTestId("monitor-state")).toBeVisible();
    await expect(page.getByTestId("monitor-track-svg")).toBeVisible();
    await bindAndUnbind(page, token, bare);

    await page.goto("/dispatchManage/checkTheMonitor");
    await page.getByRole("textbox", { name: "运单号" }).fill(bare.waybill.freightNo);
    await page.getByRole("button", { name: "查看监控", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(escapeRegExp(monitorPath(bare.waybill.freightNo))));
    await expect(page.getByTestId("monitor-no-device")).toBeVisible();
  });
});
