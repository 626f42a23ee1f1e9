/**
 * Page weight without leaving anything out: every browser gets the whole waybill list — every menu
 * entry, the user menu, the settings form and every row's actions — whether or not it ran the
 * console's scripts before (`tms_js=1`, the mark earlier versions gave such a browser to thin its
 * documents). The page data travels packed (row lists as columns, the viewer's codes and pages as table
 * indices) in the scripts single fetch streams it in, which carry the response's nonce.
 */
import { parse, type HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { browserAs } from "./support";

const LIST = "/dispatchManage/waybillList";
const MARK = "tms_js=1";

describe("the waybill list's document", () => {
  it("holds the menu's entries, the user menu and the row actions for a browser that ran the scripts before", async () => {
    const browser = await browserAs("ORG_USER");
    const plain = await browser.get(LIST);
    const response = await browser.raw(LIST, MARK);
    expect(response.status).toBe(200);
    const html = await response.text();
    const doc = parse(html);

    const menu = doc.querySelector('nav[aria-label="主菜单"]')!;
    const hrefs = menu.querySelectorAll("a[href]").map((a) => a.getAttribute("href"));
    // The open group's entries and a closed group's alike.
    expect(hrefs).toEqual(expect.arrayContaining([LIST, "/dispatchManage/inTransit", "/orderManage/orderList", "/resourceManager/driverList"]));
    expect(menu.querySelectorAll("summary").map((s) => s.text.trim())).toEqual(expect.arrayContaining(["调度管理", "订单管理"]));
    // Every top-level entry carries its icon.
    const top = menu.querySelectorAll("ul")[0]!.childNodes.filter((li) => li.nodeType === 1) as HTMLElement[];
    expect(top.length).toBeGreaterThan(5);
    for (const li of top) expect(li.querySelector("i.icon")).not.toBeNull();

    // The user menu is a details of links and the logout form (the menu roles are the script's, menuButton).
    const userMenu = doc.querySelector('[data-testid="avatar-menu"] ul')!;
    expect(userMenu.querySelectorAll("li > a, li button").map((item) => item.text.trim().replace(/\d+$/, ""))).toEqual(["首页", "消息", "个人中心", "退出登录"]);
    expect(userMenu.querySelector('form[action="/logout"]')).not.toBeNull();
    expect(doc.querySelector('form[aria-label="系统布局设置"] input[name="theme"]')).not.toBeNull();

    const rows = doc.querySelectorAll('[data-testid="freight-row"]');
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      const freightNo = row.getAttribute("data-freight-no")!;
      const actions = row.querySelectorAll(".row-actions a").map((a) => ({ text: a.text.trim(), href: a.getAttribute("href") }));
      expect(actions.find((a) => a.text === "详情")?.href).toContain(`freightNo=${freightNo}`);
    }
    // Beside 详情 the steps a row offers: a page of 20 holds more than 20 actions.
    expect(doc.querySelectorAll('[data-testid="freight-row"] .row-actions a').length).toBeGreaterThanOrEqual(20 * 2);

    // The same document as a browser that never ran them gets (the request id and the nonce aside).
    const comparable = (text: string) => text.replace(/nonce="[^"]*"/g, "").replace(/\\"requestId\\",\\"[^\\]*\\"/, "");
    expect(comparable(html)).toBe(comparable(plain.html));
    const dataScripts = doc.querySelectorAll("script").filter((script) => script.text.includes("__remixContext.streamController"));
    expect(dataScripts.length).toBeGreaterThan(1);
    for (const script of dataScripts) expect(script.getAttribute("nonce")).toBeTruthy();
    const data = dataScripts.map((script) => script.text).join("");
    expect(data.split('\\"freightNo\\"')).toHaveLength(2);
    // The rows as columns, the viewer's roles as indices (scripts/console-page-data.ts).
    expect(data).toContain('\\"$rows\\"');
    expect(data).toContain('\\"$in\\"');
  });
});
