/**
 * Issue 25, page weight: a browser that ran the console's scripts gets the waybill list without the
 * sidebar's closed groups, the settings form and the user menu's entries (it renders them itself); a browser without
 * JavaScript gets all of it. Either way the page data's rows travel packed.
 */
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { SCRIPTED_COOKIE } from "~/lib/scripted";
import { browserAs } from "./support";

const LIST = "/dispatchManage/waybillList";

describe("the waybill list's document", () => {
  it("without JavaScript: every menu entry, the settings form and the user menu; with it: the open group only", async () => {
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
    expect(menuHrefs(scripted)).toContain(LIST);
    expect(menuHrefs(scripted)).toContain("/dispatchManage/dispatchList");
    expect(menuHrefs(scripted)).not.toContain("/orderManage/orderList");
    expect(scripted.querySelector('[data-testid="settings-panel"] summary[aria-label="系统布局设置"]')).not.toBeNull();
    expect(scripted.querySelector('form[aria-label="系统布局设置"]')).toBeNull();
    expect(plain.doc.querySelector('[data-testid="avatar-menu"] [role="menu"]')).not.toBeNull();
    expect(scripted.querySelector('[data-testid="avatar-menu"] summary[aria-label="用户菜单"]')).not.toBeNull();
    expect(scripted.querySelector('[data-testid="avatar-menu"] [role="menu"]')).toBeNull();

    const rows = (doc: typeof scripted) => doc.querySelectorAll('[data-testid="freight-row"]').map((tr) => tr.getAttribute("data-freight-no"));
    expect(rows(scripted)).toHaveLength(20);
    expect(rows(scripted)).toEqual(rows(plain.doc));
    expect(scriptedHtml).toContain('"records":{"$rows":["id","freightNo"');
    expect(scriptedHtml.length).toBeLessThan(plain.html.length - 6000);
  });
});
