/**
 * Page weight: a browser that ran the console's scripts gets the waybill list without the
 * sidebar's entries and icons, the settings form, the user menu's entries and the rows' actions (it
 * renders them itself); a browser without JavaScript gets all of it. Either way the page data's rows travel packed.
 */
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { FORGET_SCRIPTED, SCRIPTED_COOKIE } from "~/lib/scripted";
import { browserAs } from "./support";

const LIST = "/dispatchManage/waybillList";

describe("the waybill list's document", () => {
  it("without JavaScript: every menu entry, the settings form, the user menu and the row actions; with it: none of them", async () => {
    const browser = await browserAs("ORG_USER");
    const plain = await browser.get(LIST);
    const scriptedResponse = await browser.raw(LIST, `${SCRIPTED_COOKIE}=1`);
    expect(scriptedResponse.status).toBe(200);
    const scriptedHtml = await scriptedResponse.text();
    const scripted = parse(scriptedHtml);
    const menuHrefs = (doc: typeof scripted) => doc.querySelectorAll('nav[aria-label="主菜单"] a[href]').map((a) => a.getAttribute("href"));
    const groups = (doc: typeof scripted) => doc.querySelectorAll('nav[aria-label="主菜单"] [data-menu-level="0"]').map((el) => el.getAttribute("data-menu-title"));

    expect(menuHrefs(plain.doc)).toContain("/orderManage/orderList");
    expect(plain.doc.querySelector('form[aria-label="系统布局设置"]')).not.toBeNull();

    expect(groups(scripted)).toEqual(groups(plain.doc));
    expect(menuHrefs(plain.doc)).toContain(LIST);
    expect(menuHrefs(scripted)).not.toContain(LIST);
    expect(menuHrefs(scripted)).not.toContain("/orderManage/orderList");
    expect(scripted.querySelectorAll('nav[aria-label="主菜单"] svg path')).toHaveLength(0);
    expect(plain.doc.querySelectorAll('nav[aria-label="主菜单"] svg path').length).toBeGreaterThan(5);
    expect(scripted.querySelector('[data-testid="settings-panel"] summary[aria-label="系统布局设置"]')).not.toBeNull();
    expect(scripted.querySelector('form[aria-label="系统布局设置"]')).toBeNull();
    expect(plain.doc.querySelector('[data-testid="avatar-menu"] a[href="/personalCenter/userInfo"]')).not.toBeNull();
    expect(scripted.querySelector('[data-testid="avatar-menu"] summary[aria-label*="用户菜单"]')).not.toBeNull();
    expect(scripted.querySelector('[data-testid="avatar-menu"] a[href="/personalCenter/userInfo"]')).toBeNull();

    const rows = (doc: typeof scripted) => doc.querySelectorAll('[data-testid="freight-row"]').map((tr) => tr.getAttribute("data-freight-no"));
    expect(rows(scripted)).toHaveLength(20);
    expect(rows(scripted)).toEqual(rows(plain.doc));
    const actions = (doc: typeof scripted) => doc.querySelectorAll('[data-testid="freight-row"] .row-actions a').length;
    expect(actions(plain.doc)).toBeGreaterThanOrEqual(20 * 2);
    expect(actions(scripted)).toBe(0);
    expect(scriptedHtml).toContain('"records":{"$rows":["id","freightNo"');
    expect(scriptedHtml.length).toBeLessThan(plain.html.length - 15000);
  });

  it("a browser with the mark but without JavaScript loads the stylesheet that clears the mark", async () => {
    const browser = await browserAs("ORG_USER");
    const plain = await browser.get(LIST);
    const scripted = parse(await (await browser.raw(LIST, `${SCRIPTED_COOKIE}=1`)).text());
    expect(scripted.querySelectorAll("noscript").map((n) => n.innerHTML)).toContain(`<link rel="stylesheet" href="${FORGET_SCRIPTED}"/>`);
    expect(plain.html).not.toContain(FORGET_SCRIPTED);
    const forget = await browser.raw(FORGET_SCRIPTED, `${SCRIPTED_COOKIE}=1`);
    expect(forget.status).toBe(200);
    expect(forget.headers.get("Content-Type")).toContain("text/css");
    expect(forget.headers.get("Set-Cookie")).toMatch(new RegExp(`^${SCRIPTED_COOKIE}=;.*Max-Age=0`));
  });
});
