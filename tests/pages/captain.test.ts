/**
 * The captain's own pages (船长, the same 司机端 pages at /driver) with JavaScript off, over HTTP: the demo
 * captain 陈船长 lands on his home with his water waybill waiting to load (装货港/卸货港, cargo, planned
 * weight, his ship, the enterprise and the dispatcher's phone), takes 装货 and 卸货 on his forms (weight in
 * 吨, the 磅单 photo as a file, what would be marked 异常 told before he confirms), is told that his ship's
 * position comes from AIS, and sees his wallet and messages.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { formatTonnes, tonnesPlain } from "../../contract/numbers.js";
import type { FreightRecord } from "../../contract/freight.js";
import { demoPng } from "../../platform/documents/png.js";
import { DEMO_ACCOUNTS, DEMO_CAPTAIN, DEMO_PASSWORD } from "../../platform/db/seed.js";
import { call, loginAs } from "../helpers/platform";
import { NoScriptBrowser, textOf, type LoadedPage } from "../helpers/no-script-browser";
import { consoleUrl } from "./support";

const ticket = (seed: string) => ({ weighTicketUrl__file: [{ name: `${seed}.png`, type: "image/png", bytes: new Uint8Array(demoPng(seed, 24, 16)) }] });
const testId = (page: LoadedPage, id: string) => page.doc.querySelector(`[data-testid="${id}"]`);
const button = (form: import("node-html-parser").HTMLElement, text: string) => form.querySelectorAll("button").find((b) => textOf(b).includes(text));

/** His waybill waiting to load, as the platform lists it to him. */
async function waitingWaybill(): Promise<FreightRecord> {
  const platform = process.env.TMS_TEST_PLATFORM_URL!;
  const { accessToken } = await loginAs(platform, DEMO_CAPTAIN.mobile);
  const res = await call<{ records: FreightRecord[] }>(platform, "/tms-freight/search", { body: { status: ["WAIT_LOADING"], size: 5 }, token: accessToken });
  const record = res.body.data?.records[0];
  if (!record) throw new Error(`the demo captain has no waybill waiting to load: ${JSON.stringify(res.body)}`);
  return record;
}

describe("船长端, JavaScript off", () => {
  let captain: NoScriptBrowser;
  let waybill: FreightRecord;

  beforeAll(async () => {
    waybill = await waitingWaybill();
    captain = new NoScriptBrowser(consoleUrl());
    await captain.login(DEMO_CAPTAIN.mobile, DEMO_PASSWORD);
  });

  it("the captain lands on his home: his water waybill as a card with 装货港/卸货港, cargo, weight, ship, enterprise, dispatcher's phone and one button", async () => {
    expect(waybill.freightWay).toBe("WATER");
    const home = await captain.get("/");
    expect(home.url).toBe("/driver");
    expect(home.doc.querySelector('nav[aria-label="主菜单"]'), "no staff menu").toBeNull();
    const card = testId(home, "driver-current")!;
    const facts = Object.fromEntries(card.querySelectorAll("dl > div").map((row) => [textOf(row.querySelector("dt")), textOf(row.querySelector("dd"))]));
    expect(textOf(card)).toContain(waybill.freightNo);
    expect(textOf(card)).toContain("待装货");
    expect(facts["装货港"]).toContain(waybill.loadingPlace);
    expect(facts["卸货港"]).toContain(waybill.unloadingPlace);
    expect(facts["货物"]).toBe(waybill.cargoCategory);
    expect(facts["计划重量"]).toBe(`${formatTonnes(waybill.plannedWeight)} 吨`);
    expect(facts["船舶"]).toBe(waybill.shipName);
    expect(facts["企业"]).toBe("蚌埠粮食运输有限公司");
    expect(testId(home, "dispatcher-phone")?.getAttribute("href")).toBe(`tel:${DEMO_ACCOUNTS.ORG_USER}`);
    expect(textOf(testId(home, "driver-hint"))).toContain("请到装货港装船");
    const next = testId(home, "driver-next-step");
    expect(textOf(next)).toBe("我要装货");
    expect(next?.getAttribute("href")).toBe(`/driver/loading?freightNo=${waybill.freightNo}`);
    // His earlier voyages are listed under 已完成.
    expect(textOf(home.doc.querySelectorAll('nav[aria-label="运单分类"] a')[2])).toMatch(/^已完成（[1-9]\d*）$/);
    const done = await captain.get("/driver?tab=done");
    expect(done.doc.querySelectorAll('[data-testid="driver-waybill"]').length).toBeGreaterThan(0);
    expect(textOf(done.doc.querySelector('[data-testid="driver-waybill"]'))).toContain("已完成");
    // 打开电脑版: the console stays open to him.
    expect((await captain.get("/dashboard")).status).toBe(200);
  });

  it("装货: the weight in 吨 with the 磅单 photo; a load over the plan is told in words before he confirms; the planned load goes through", async () => {
    const page = await captain.get(`/driver/loading?freightNo=${waybill.freightNo}`);
    expect(page.status).toBe(200);
    const form = testId(page, "driver-form-LOADING")!;
    expect(textOf(form)).toContain("装货重量（吨）");
    expect(textOf(form)).toContain("填装货磅单或水尺计量单上的重量，单位吨");
    expect(form.querySelector('input[type="file"]')?.getAttribute("capture")).toBe("environment");
    expect(testId(page, "driver-position-ais"), "not in transit yet").toBeNull();

    const planned = waybill.plannedWeight / 1000;
    const heavy = await captain.submit(page, form, { loadedWeight: String(planned + 300) }, undefined, ticket("陈船长 装货磅单"));
    expect(heavy.status).toBe(200);
    expect(textOf(testId(heavy, "confirm-weight"))).toBe(`${formatTonnes((planned + 300) * 1000)} 吨`);
    expect(textOf(testId(heavy, "confirm-abnormal"))).toContain("确认后这张运单会被标记为「异常」");
    expect(textOf(testId(heavy, "confirm-abnormal"))).toContain(`超过计划重量 ${tonnesPlain(waybill.plannedWeight)} 吨`);

    const back = await captain.submit(heavy, testId(heavy, "driver-confirm-LOADING")!, {}, button(testId(heavy, "driver-confirm-LOADING")!, "返回修改"));
    const right = await captain.submit(back, testId(back, "driver-form-LOADING")!, { loadedWeight: String(planned) });
    expect(testId(right, "confirm-normal"), textOf(right.doc.querySelector("#main-content"))).not.toBeNull();
    const confirm = testId(right, "driver-confirm-LOADING")!;
    const done = await captain.submit(right, confirm, {}, button(confirm, "确认装货"));
    expect(done.url).toMatch(/^\/driver\?done=/);
    expect(textOf(testId(done, "driver-done"))).toContain(`运单 ${waybill.freightNo} 装货成功，当前状态「运输中」`);
    expect(textOf(testId(done, "driver-hint"))).toContain("正在航行");
    expect(textOf(testId(done, "driver-next-step"))).toBe("我要卸货");
    // A ship's position comes from its AIS: the page says so and asks nothing of his phone.
    expect(textOf(testId(done, "driver-position-ais"))).toContain("AIS");
    expect(testId(done, "driver-position")).toBeNull();
  });

  it("卸货: above loaded + 1 % is refused on the form; a loss above 3 ‰ is told as 异常; a normal unload goes through and lists under 已完成", async () => {
    const page = await captain.get(`/driver/unloading?freightNo=${waybill.freightNo}`);
    const loaded = waybill.plannedWeight;
    const form = testId(page, "driver-form-UNLOADING")!;
    expect(textOf(form)).toContain(`卸货最多 ${formatTonnes(loaded * 1.01)} 吨`);
    expect(textOf(testId(page, "driver-position-ais"))).toContain("本页不上报手机位置");
    const over = await captain.submit(page, form, { unloadedWeight: String((loaded * 1.02) / 1000) }, undefined, ticket("陈船长 卸货磅单"));
    expect(over.status).toBe(400);
    expect(textOf(testId(over, "driver-form-UNLOADING"))).toContain("卸货重量超过装货重量");

    const short = await captain.submit(page, form, { unloadedWeight: String((loaded * 0.99) / 1000) }, undefined, ticket("陈船长 卸货磅单"));
    expect(textOf(testId(short, "confirm-abnormal"))).toContain("超过装货重量的 3‰");
    const back = await captain.submit(short, testId(short, "driver-confirm-UNLOADING")!, {}, button(testId(short, "driver-confirm-UNLOADING")!, "返回修改"));
    const right = await captain.submit(back, testId(back, "driver-form-UNLOADING")!, { unloadedWeight: String((loaded - 1000) / 1000) });
    expect(testId(right, "confirm-normal"), textOf(right.doc.querySelector("#main-content"))).not.toBeNull();
    const confirm = testId(right, "driver-confirm-UNLOADING")!;
    const done = await captain.submit(right, confirm, {}, button(confirm, "确认卸货"));
    expect(textOf(testId(done, "driver-done"))).toContain(`运单 ${waybill.freightNo} 卸货成功，当前状态「已卸货」`);
    const finished = await captain.get("/driver?tab=done");
    const row = finished.doc.querySelectorAll('[data-testid="driver-waybill"]').find((li) => textOf(li).includes(waybill.freightNo));
    expect(textOf(row)).toContain(`卸货 ${formatTonnes(loaded - 1000)} 吨`);
  });

  it("我的钱包: his freight paid in, a withdrawal waiting, his 流水 and his card", async () => {
    const page = await captain.get("/driver/wallet");
    expect(page.status).toBe(200);
    expect(textOf(testId(page, "wallet-available"))).toMatch(/^[\d,]+\.\d{2} 元$/);
    expect(textOf(testId(page, "wallet-available"))).not.toBe("0.00 元");
    expect(textOf(testId(page, "wallet-frozen"))).toBe("500.00 元");
    expect(textOf(testId(page, "wallet-withdrawals"))).toContain("待审核");
    expect(textOf(testId(page, "wallet-entries"))).toContain("运费收入");
    expect(textOf(testId(page, "wallet-cards"))).toContain("尾号 0018");
    expect(page.doc.querySelector('form[aria-label="申请提现"]')).not.toBeNull();
  });

  it("我的消息: the messages about his waybills; 查看详情 of one opens his waybills", async () => {
    const page = await captain.get("/driver/messages");
    expect(page.status).toBe(200);
    const rows = page.doc.querySelectorAll('[data-testid="driver-message"]');
    const about = rows.find((li) => textOf(li).includes(`新运单 ${waybill.freightNo}`));
    expect(about, "the message of his current waybill").toBeDefined();
    const open = about!.querySelectorAll("form").find((f) => textOf(f).includes("查看详情"))!;
    const opened = await captain.submit(page, open, {});
    expect(opened.url).toBe("/driver");
  });
});
