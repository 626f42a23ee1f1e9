/**
 * Notifications, payments and 我的车队 with JavaScript off, over HTTP: the message centre's 查看详情 opens the page the
 * notification names; 支付列表 links each payment to 支付详情 with its waybills and 操作记录; the fleet
 * leader's 我的车队 and 首页 show his members, their waybills and his share.
 */
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../platform/db/seed.js";
import { DEMO_FLEET_LEADER } from "../../platform/demo/finance-seed.js";
import { NoScriptBrowser, textOf } from "../helpers/no-script-browser";
import { browserAs, consoleUrl } from "./support";

const rowsOf = (page: { doc: import("node-html-parser").HTMLElement }, testId: string) => page.doc.querySelectorAll(`[data-testid="${testId}"] tbody tr`).filter((tr) => !textOf(tr).includes("暂无"));

describe("money notifications, payment detail and 我的车队 (JavaScript off)", () => {
  it("查看详情 of a recharge message opens the recharge page it names", async () => {
    const browser = await browserAs("ORG_USER");
    const list = await browser.get("/sysNotification?tag=money");
    expect(list.status).toBe(200);
    const button = list.doc.querySelectorAll('button[name="open"]').find((b) => textOf(b).includes("充值单"));
    expect(button, "a seeded recharge message").toBeTruthy();
    const opened = await browser.get(`/sysNotification?tag=money&open=${button!.getAttribute("value")}`);
    const link = opened.doc.querySelectorAll("a").find((a) => textOf(a) === "查看详情");
    expect(link?.getAttribute("href")).toMatch(/^\/accountManage\/recharge\?keyword=CZ/);
    const target = await browser.get(link!.getAttribute("href")!);
    expect(target.status).toBe(200);
    expect(target.html).toContain("账户充值");
  });

  it("支付列表 links each payment to 支付详情 with its waybills, amounts, status and 操作记录", async () => {
    const browser = await browserAs("ORG_USER");
    const list = await browser.get("/financialManage/paymentList");
    const detailLink = list.doc.querySelectorAll('table[aria-label="支付列表"] [data-testid="resource-row"] a').find((a) => textOf(a) === "详情");
    expect(detailLink, "a payment row with 详情").toBeTruthy();
    const detail = await browser.get(detailLink!.getAttribute("href")!);
    expect(detail.status).toBe(200);
    expect(textOf(detail.doc.querySelector('[data-testid="payment-facts"]'))).toContain("支付成功");
    expect(rowsOf(detail, "payment-items").length).toBeGreaterThan(0);
    const history = rowsOf(detail, "payment-events").map(textOf);
    expect(history.some((h) => h.includes("支付成功"))).toBe(true);
    // A paid payment offers no audit.
    expect(detail.doc.querySelector('[data-testid="payment-audit"]')).toBeNull();
    expect((await browser.get("/financialManage/paymentDetail?id=abc")).status).toBe(404);
  });

  it("the fleet leader sees his members, their waybills and his share, and his 首页 counts them", async () => {
    const browser = new NoScriptBrowser(consoleUrl());
    await browser.login(DEMO_FLEET_LEADER.mobile, DEMO_PASSWORD);
    const home = await browser.get("/dashboard");
    const figures = textOf(home.doc.querySelector('[data-testid="dashboard-fleet"]'));
    expect(figures).toContain("车队成员");
    expect(figures).toMatch(/车队成员\s*[1-9]\d* 人/);
    const page = await browser.get("/personalCenter/myFleet");
    expect(page.status).toBe(200);
    expect(textOf(page.doc.querySelector("main h2"))).toContain("蚌埠德胜运输车队");
    expect(rowsOf(page, "fleet-members").length).toBeGreaterThan(0);
    expect(rowsOf(page, "fleet-waybills").length).toBeGreaterThan(0);
    expect(page.html).toContain("我的分成");

    // A driver who leads no fleet is told so.
    const driver = await browserAs("INDIVIDUAL_USER");
    const refused = await driver.get("/personalCenter/myFleet");
    expect(textOf(refused.doc.querySelector('[role="alert"]'))).toContain("当前账号不是车队长");
  });
});
