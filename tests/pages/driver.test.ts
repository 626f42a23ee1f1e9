/**
 * The driver's own pages (司机端) with JavaScript off, over HTTP: a driver lands on his home, sees his
 * current waybill as a card with its next step, takes 装货 and 卸货 on his forms (weight in 吨, the 磅单
 * photo as a file), reads what would be marked 异常 before he confirms, and may go back and correct.
 * The demo driver 韩立新 of the onboarded enterprise (淮北恒信) is given a waybill of his own here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoPng } from "../../platform/documents/png.js";
import { ONBOARDED } from "../../platform/demo/onboarded-seed.js";
import { DEMO_PASSWORD } from "../../platform/db/seed.js";
import { call, loginAs } from "../helpers/platform";
import { NoScriptBrowser, textOf, type LoadedPage } from "../helpers/no-script-browser";
import { browserAs, consoleUrl } from "./support";

const photo = (seed: string) => ({ name: `${seed}.png`, type: "image/png", bytes: new Uint8Array(demoPng(seed, 24, 16)) });
const byTestId = (page: LoadedPage, id: string) => page.doc.querySelector(`[data-testid="${id}"]`);
const buttonOf = (form: import("node-html-parser").HTMLElement, text: string) => form.querySelectorAll("button").find((b) => textOf(b).includes(text));

/** A 20 t road waybill for 韩立新, dispatched by his enterprise's 管理员 through the platform. */
async function dispatchToOnboardedDriver(): Promise<string> {
  const platform = process.env.TMS_TEST_PLATFORM_URL!;
  const { accessToken } = await loginAs(platform, ONBOARDED.adminMobile);
  const post = async <T,>(path: string, body: unknown): Promise<T> => {
    const res = await call<T>(platform, path, { body, token: accessToken });
    if (res.body.code !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.data!;
  };
  const orders = await post<{ records: Array<{ id: number; remainingWeight: number }> }>("/tms-order/search", { freightWay: "ROAD", size: 50 });
  const order = orders.records.find((o) => o.remainingWeight >= 20_000);
  if (!order) throw new Error("no order of 淮北恒信 with 20 t left to dispatch");
  const drivers = await post<{ records: Array<{ id: number; vehicleId: number | null }> }>("/tms-resource/drivers", { keyword: ONBOARDED.driverName, size: 10 });
  const driver = drivers.records.find((d) => d.vehicleId !== null)!;
  const dispatched = await post<{ freights: Array<{ freightNo: string }> }>("/tms-freight-dispatch/dispatch", { orderId: order.id, items: [{ driverId: driver.id, vehicleId: driver.vehicleId, plannedWeight: 20_000 }] });
  return dispatched.freights[0]!.freightNo;
}

describe("司机端, JavaScript off", () => {
  let driver: NoScriptBrowser;
  let freightNo: string;

  beforeAll(async () => {
    freightNo = await dispatchToOnboardedDriver();
    driver = new NoScriptBrowser(consoleUrl());
    await driver.login(ONBOARDED.driverMobile, DEMO_PASSWORD);
  });

  it("a driver lands on his home: the current waybill as a card with places, cargo, weight, enterprise, dispatcher's phone and one button", async () => {
    const home = await driver.get("/");
    expect(home.url).toBe("/driver");
    expect(home.status).toBe(200);
    expect(home.doc.querySelector('nav[aria-label="主菜单"]'), "no staff menu").toBeNull();
    expect(home.html).toContain('rel="manifest" href="/driver.webmanifest"');
    const card = textOf(byTestId(home, "driver-current"));
    expect(card).toContain(freightNo);
    expect(card).toContain("待装货");
    expect(card).toContain("淮北市粮食储备库");
    expect(card).toContain("合肥北粮库");
    expect(card).toContain("20.00 吨");
    expect(card).toContain(ONBOARDED.enterprise);
    expect(byTestId(home, "dispatcher-phone")?.getAttribute("href")).toBe(`tel:${ONBOARDED.adminMobile}`);
    const next = byTestId(home, "driver-next-step");
    expect(textOf(next)).toBe("我要装货");
    expect(next?.getAttribute("href")).toBe(`/driver/loading?freightNo=${freightNo}`);
    // Without JavaScript the page says it cannot report the position (the waybill is not in transit yet, so no reporter at all).
    expect(byTestId(home, "driver-position")).toBeNull();
    const tabs = home.doc.querySelectorAll('nav[aria-label="运单分类"] a').map(textOf);
    expect(tabs).toEqual([expect.stringMatching(/^待装货（[1-9]\d*）$/), expect.stringMatching(/^运输中（\d+）$/), expect.stringMatching(/^已完成（[1-9]\d*）$/)]);
  });

  it("装货: a refused weight keeps the form; an overload is told in words before he confirms; 返回修改 keeps the photo; a normal load goes through", async () => {
    const page = await driver.get(`/driver/loading?freightNo=${freightNo}`);
    expect(page.status).toBe(200);
    const form = byTestId(page, "driver-form-LOADING")!;
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    const file = form.querySelector('input[type="file"]')!;
    expect(file.getAttribute("accept")).toBe("image/*");
    expect(file.getAttribute("capture")).toBe("environment");

    const bad = await driver.submit(page, form, { loadedWeight: "abc" }, undefined, { weighTicketUrl__file: [photo("韩立新 装货磅单")] });
    expect(bad.status).toBe(400);
    expect(textOf(byTestId(bad, "driver-form-LOADING"))).toContain("装货重量须为数字（单位：吨）");
    const noPhoto = await driver.submit(page, form, { loadedWeight: "20" });
    expect(textOf(byTestId(noPhoto, "driver-form-LOADING"))).toContain("请上传装货磅单");

    const heavy = await driver.submit(page, form, { loadedWeight: "26" }, undefined, { weighTicketUrl__file: [photo("韩立新 装货磅单")] });
    expect(heavy.status).toBe(200);
    const confirm = byTestId(heavy, "driver-confirm-LOADING")!;
    expect(textOf(byTestId(heavy, "confirm-weight"))).toBe("26.00 吨");
    expect(textOf(byTestId(heavy, "confirm-abnormal"))).toContain("确认后这张运单会被标记为「异常」");
    expect(textOf(byTestId(heavy, "confirm-abnormal"))).toContain("装货重量 26.00 吨超过计划重量 20.00 吨");
    expect(confirm.querySelector('img[src^="/files/"]'), "the uploaded 磅单 is shown").not.toBeNull();

    const back = await driver.submit(heavy, confirm, {}, buttonOf(confirm, "返回修改"));
    const again = byTestId(back, "driver-form-LOADING")!;
    expect(again.querySelector("#driver-weight")?.getAttribute("value")).toBe("26");
    expect(again.querySelector('input[type="hidden"][name="weighTicketUrl"]')?.getAttribute("value")).toMatch(/^\/files\//);

    const right = await driver.submit(back, again, { loadedWeight: "20" });
    expect(byTestId(right, "confirm-normal"), textOf(right.doc.querySelector("#main-content"))).not.toBeNull();
    const confirmRight = byTestId(right, "driver-confirm-LOADING")!;
    const done = await driver.submit(right, confirmRight, {}, buttonOf(confirmRight, "确认装货"));
    expect(done.url).toMatch(/^\/driver\?done=/);
    expect(textOf(byTestId(done, "driver-done"))).toContain(`运单 ${freightNo} 装货成功，当前状态「运输中」`);
    const card = textOf(byTestId(done, "driver-current"));
    expect(card).toContain("运输中");
    expect(textOf(byTestId(done, "driver-next-step"))).toBe("我要卸货");
    // Reporting the position needs the page's script: without it the page says so.
    expect(textOf(byTestId(done, "driver-position"))).toContain("只在本页打开时上报");
    expect(byTestId(done, "position-start"), "no button that cannot work").toBeNull();
  });

  it("卸货: above loaded + 1 % is refused on the form; a loss above 3 ‰ is told as 异常; confirmed, the waybill moves to 已完成", async () => {
    const page = await driver.get(`/driver/unloading?freightNo=${freightNo}`);
    const form = byTestId(page, "driver-form-UNLOADING")!;
    expect(textOf(form)).toContain("卸货最多 20.20 吨");
    const over = await driver.submit(page, form, { unloadedWeight: "20.5" }, undefined, { weighTicketUrl__file: [photo("韩立新 卸货磅单")] });
    expect(over.status).toBe(400);
    expect(textOf(byTestId(over, "driver-form-UNLOADING"))).toContain("卸货重量超过装货重量 20.00 吨的 1%，最多 20.20 吨");

    const short = await driver.submit(page, form, { unloadedWeight: "19.8" }, undefined, { weighTicketUrl__file: [photo("韩立新 卸货磅单")] });
    expect(textOf(byTestId(short, "confirm-abnormal"))).toContain("亏吨 0.20 吨，超过装货重量的 3‰");
    const confirm = byTestId(short, "driver-confirm-UNLOADING")!;
    const done = await driver.submit(short, confirm, {}, buttonOf(confirm, "确认卸货"));
    expect(textOf(byTestId(done, "driver-done"))).toContain(`运单 ${freightNo} 卸货成功，当前状态「已卸货」`);
    const finished = await driver.get("/driver?tab=done");
    const row = finished.doc.querySelectorAll('[data-testid="driver-waybill"]').find((li) => textOf(li).includes(freightNo));
    expect(textOf(row)).toContain("已卸货");
    expect(textOf(row)).toContain("卸货 19.80 吨");
  });

  it("a step page of a waybill he may not take the step on says so and offers no form", async () => {
    const page = await driver.get(`/driver/loading?freightNo=${freightNo}`);
    expect(page.status).toBe(200);
    expect(textOf(byTestId(page, "driver-step-notice"))).toContain("不能装货");
    expect(byTestId(page, "driver-form-LOADING")).toBeNull();
    const unknown = await driver.get("/driver/unloading?freightNo=YD0000000000");
    expect(textOf(byTestId(unknown, "driver-step-notice"))).toContain("没有找到运单 YD0000000000");
  });

  it("我的钱包: what he may withdraw and what is frozen; 提现 freezes the amount and lists it 待审核; too much is refused in words", async () => {
    const page = await driver.get("/driver/wallet");
    expect(page.status).toBe(200);
    expect(page.doc.querySelector('[data-testid="driver-shell"]')).not.toBeNull();
    const available = textOf(byTestId(page, "wallet-available"));
    expect(available).toMatch(/^[\d,]+\.\d{2} 元$/);
    expect(byTestId(page, "wallet-cards"), "his card bound at onboarding").not.toBeNull();
    const form = page.doc.querySelector('form[aria-label="申请提现"]')!;
    const tooMuch = await driver.submit(page, form, { amount: "999999" });
    expect(textOf(byTestId(tooMuch, "wallet-error"))).toMatch(/余额|可用/);
    const sent = await driver.submit(page, form, { amount: "1.00" });
    expect(textOf(byTestId(sent, "wallet-notice"))).toMatch(/提现申请 \S+ 已提交，1\.00 元已冻结/);
    expect(textOf(byTestId(sent, "wallet-withdrawals"))).toContain("待审核");
    expect(textOf(byTestId(sent, "wallet-frozen"))).not.toBe("0.00 元");
  });

  it("我的钱包: his 流水 in plain words, 撤销 of a withdrawal 待审核 after a confirmation, a card bound and 解绑 after a confirmation", async () => {
    const page = await driver.get("/driver/wallet");
    const entries = byTestId(page, "wallet-entries");
    expect(entries, "the 1.00 元 withdrawal froze money: an entry").not.toBeNull();
    expect(textOf(entries)).toContain("提现冻结");
    expect(textOf(entries)).toContain("冻结 1.00 元");

    const cancel = page.doc.querySelectorAll('[data-testid="wallet-withdrawal"] a').find((a) => textOf(a) === "撤销提现")!;
    expect(cancel.getAttribute("href")).toMatch(/^\/driver\/wallet\?confirm=cancel%3A\d+$/);
    const asked = await driver.get(cancel.getAttribute("href")!);
    const confirm = byTestId(asked, "wallet-cancel-confirm")!;
    expect(textOf(confirm)).toContain("撤销这笔 1.00 元的提现？");
    const cancelled = await driver.submit(asked, confirm, {}, buttonOf(confirm, "确认撤销"));
    expect(cancelled.url).toBe("/driver/wallet");
    expect(textOf(byTestId(cancelled, "wallet-withdrawals"))).toContain("已撤销");
    expect(textOf(byTestId(cancelled, "wallet-entries"))).toContain("提现解冻");

    const bind = cancelled.doc.querySelector('form[aria-label="绑定银行卡"]')!;
    const bound = await driver.submit(cancelled, bind, { cardNo: "6217000010099887765", bankName: "中国建设银行" });
    expect(textOf(byTestId(bound, "wallet-notice")), textOf(byTestId(bound, "wallet-error"))).toContain("银行卡已绑定");
    const row = bound.doc.querySelectorAll('[data-testid="wallet-card"]').find((li) => textOf(li).includes("尾号 7765"))!;
    const unbind = row.querySelectorAll("a").find((a) => textOf(a) === "解绑")!;
    const askedUnbind = await driver.get(unbind.getAttribute("href")!);
    const unbindForm = byTestId(askedUnbind, "wallet-unbind-confirm")!;
    expect(textOf(unbindForm)).toContain("解绑 中国建设银行 尾号 7765 这张卡？");
    const unbound = await driver.submit(askedUnbind, unbindForm, {}, buttonOf(unbindForm, "确认解绑"));
    expect(textOf(byTestId(unbound, "wallet-notice"))).toContain("银行卡已解绑");
    expect(textOf(byTestId(unbound, "wallet-cards"))).not.toContain("尾号 7765");
  });

  it("我的消息: his messages newest first, unread ones marked; 标为已读; 查看详情 of a waybill's message opens his waybills", async () => {
    const home = await driver.get("/driver");
    expect(home.doc.querySelectorAll('header a').find((a) => textOf(a).startsWith("消息"))?.getAttribute("href")).toBe("/driver/messages");
    const page = await driver.get("/driver/messages");
    expect(page.status).toBe(200);
    expect(page.doc.querySelector('[data-testid="driver-shell"]')).not.toBeNull();
    const rows = page.doc.querySelectorAll('[data-testid="driver-message"]');
    expect(rows.length).toBeGreaterThan(0);
    const unread = rows.find((li) => li.getAttribute("data-unread") === "yes")!;
    expect(unread, "a message he has not read").toBeDefined();
    expect(textOf(unread)).toContain("未读");
    const content = textOf(unread.querySelector("p"));
    const markForm = unread.querySelectorAll("form").find((f) => textOf(f).includes("标为已读"))!;
    const marked = await driver.submit(page, markForm, {});
    expect(textOf(byTestId(marked, "messages-notice"))).toBe("已标为已读");
    const same = marked.doc.querySelectorAll('[data-testid="driver-message"]').find((li) => textOf(li.querySelector("p")) === content)!;
    expect(same.getAttribute("data-unread")).toBe("no");

    const waybill = marked.doc.querySelectorAll('[data-testid="driver-message"]').find((li) => textOf(li).includes(freightNo));
    expect(waybill, `a message about ${freightNo}`).toBeDefined();
    const open = waybill!.querySelectorAll("form").find((f) => textOf(f).includes("查看详情"))!;
    const opened = await driver.submit(marked, open, {});
    expect(opened.url).toBe("/driver");
    expect(byTestId(opened, "driver-shell")).not.toBeNull();
  });

  it("staff keep their console: / sends them to 首页, and the driver's pages answer 403", async () => {
    const org = await browserAs("ORG_USER");
    expect((await org.get("/")).url).toBe("/dashboard");
    const refused = await org.raw("/driver");
    expect(refused.status).toBe(403);
  });
});
