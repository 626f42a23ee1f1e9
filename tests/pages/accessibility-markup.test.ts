/**
 * Accessibility in the server's HTML, JavaScript off (docs/design/accessibility.md, "Keyboard, forms and
 * alternatives"): the skip link first, the landmarks and one h1; a chart's table beside its drawing; a
 * map's points as a list; form fields with labels, required marks in words and errors tied to them.
 */
import type { HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { textOf } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]';
const focusable = (doc: HTMLElement) => doc.querySelectorAll(FOCUSABLE).filter((el) => el.getAttribute("tabindex") !== "-1");

/** The name a control gets from a label: `label[for]`, a wrapping label, aria-label or aria-labelledby. */
function labelOf(doc: HTMLElement, control: HTMLElement): string {
  const id = control.getAttribute("id");
  const byFor = id ? doc.querySelector(`label[for="${id}"]`) : null;
  if (byFor) return textOf(byFor);
  let parent = control.parentNode as HTMLElement | null;
  while (parent && parent.tagName) {
    if (parent.tagName === "LABEL") return textOf(parent);
    parent = parent.parentNode as HTMLElement | null;
  }
  const labelledBy = control.getAttribute("aria-labelledby");
  if (labelledBy) return labelledBy.split(" ").map((ref) => textOf(doc.querySelector(`[id="${ref}"]`))).join(" ");
  return control.getAttribute("aria-label") ?? "";
}

describe("the console's shell", () => {
  it("the skip link is the first stop, then header, nav and main; one h1, the page's title the first h2", async () => {
    const page = await (await browserAs("ORG_USER")).get("/dispatchManage/waybillList");
    expect(page.status).toBe(200);
    const first = focusable(page.doc)[0]!;
    expect(textOf(first)).toBe("跳到主要内容");
    expect(first.getAttribute("href")).toBe("#main-content");
    expect(page.doc.querySelector("main#main-content")).toBeTruthy();
    expect(page.doc.querySelectorAll("main")).toHaveLength(1);
    expect(page.doc.querySelector("header")).toBeTruthy();
    expect(page.doc.querySelector('nav[aria-label="主菜单"]')).toBeTruthy();
    // The h1 is the console's name (the document title's end); the page's own title is the first h2 under it.
    const h1 = page.doc.querySelectorAll("h1");
    expect(h1).toHaveLength(1);
    expect(textOf(page.doc.querySelector("title"))).toBe(`运单列表 - ${textOf(h1[0])}`);
    expect(textOf(page.doc.querySelector("main h2"))).toBe("运单列表");
  });

  it("pages that had their own h1 (首页, a waybill's detail, a missing record) keep exactly one", async () => {
    const browser = await browserAs("ORG_USER");
    const home = await browser.get("/dashboard");
    expect(home.doc.querySelectorAll("h1")).toHaveLength(1);
    expect(textOf(home.doc.querySelector("main h2"))).toContain("您好");
    const missing = await browser.get("/dispatchManage/wayillDetails/index?freightNo=NO-SUCH-FREIGHT-2");
    expect(missing.status).toBe(404);
    expect(missing.doc.querySelectorAll("h1")).toHaveLength(1);
    expect(missing.doc.querySelectorAll("main")).toHaveLength(1);
  });
});

describe("text alternatives", () => {
  it("首页's chart has its figures as a table, with the 图表 / 表格 switch", async () => {
    const home = await (await browserAs("ORG_USER")).get("/dashboard");
    const box = home.doc.querySelector('[data-testid="trend-chart-switch"]')!;
    expect(box).toBeTruthy();
    const radios = box.querySelectorAll('input[type="radio"]');
    expect(radios.map((r) => labelOf(home.doc, r))).toEqual(["图表", "表格"]);
    const table = box.querySelector('[data-testid="trend-chart-table"] table')!;
    expect(textOf(table.querySelector("caption"))).toContain("近 30 天运单趋势");
    expect(table.querySelectorAll("thead th").map(textOf)).toEqual(["类别", "新建运单（单）", "装货吨位（吨）"]);
    const rows = table.querySelectorAll("tbody tr");
    expect(rows).toHaveLength(30);
    expect(rows.some((r) => r.querySelectorAll("td").some((td) => /^[1-9][\d,]*(\.\d+)?$/.test(textOf(td))))).toBe(true);
  });

  it("a report's chart has its table too", async () => {
    const page = await (await browserAs("SYSTEM_USER")).get("/carStatisticalReport/orderTrendReport");
    const table = page.doc.querySelector('[data-testid="report-chart-table"] table')!;
    expect(table).toBeTruthy();
    expect(textOf(table.querySelector("caption"))).toContain("历史订单趋势图表");
    expect(table.querySelectorAll("tbody tr").length).toBeGreaterThan(0);
  });

  it("找船地图 lists its ships as links under the map", async () => {
    const page = await (await browserAs("ORG_USER")).get("/findShipManage/findShip");
    const markers = page.doc.querySelectorAll('[data-testid="ship-marker"]');
    const list = page.doc.querySelector('[data-testid="ship-map-points"]')!;
    expect(list).toBeTruthy();
    expect(textOf(list.querySelector("summary"))).toContain(`点位列表（`);
    const items = list.querySelectorAll("li");
    expect(markers.length).toBeGreaterThan(0);
    expect(items.length).toBeGreaterThanOrEqual(markers.length);
    expect(items.filter((li) => li.querySelector("a[href]")).length).toBe(markers.filter((m) => m.tagName === "A").length);
  });
});

describe("forms", () => {
  it("every control of an engine form has a label; required fields say 必填 in words", async () => {
    const page = await (await browserAs("ORG_USER")).get("/carAdministration/carOperate?form=new");
    const form = page.doc.querySelector('[data-testid="resource-form"]')!;
    expect(form).toBeTruthy();
    const controls = form.querySelectorAll('input:not([type="hidden"]), select, textarea').filter((c) => !/(^|\s)sr-only(\s|$)/.test(c.getAttribute("class") ?? ""));
    expect(controls.length).toBeGreaterThan(3);
    for (const control of controls) expect(labelOf(page.doc, control), control.toString().slice(0, 120)).not.toBe("");
    const required = form.querySelectorAll('[aria-required="true"]');
    expect(required.length).toBeGreaterThan(0);
    for (const control of required) expect(labelOf(page.doc, control)).toContain("必填");
    const plate = form.querySelector('[name="plateNo"]')!;
    expect(labelOf(page.doc, plate)).toMatch(/车牌号.*必填/);
    // The live region of each field is in the document before any error, so a message is announced.
    expect(form.querySelector(`[id="${plate.getAttribute("id")}-error"][aria-live="polite"]`)).toBeTruthy();
  });

  it("a refused save marks the field invalid and points it at its message", async () => {
    const browser = await browserAs("ORG_USER");
    const page = await browser.get("/carAdministration/carOperate?form=new");
    const form = page.doc.querySelector('[data-testid="resource-form"]')!;
    const answer = await browser.submit(page, form, { plateNo: "" }, form.querySelectorAll("button").find((b) => textOf(b) === "保存"));
    const again = answer.doc.querySelector('[data-testid="resource-form"]')!;
    const plate = again.querySelector('[name="plateNo"]')!;
    expect(plate.getAttribute("aria-invalid")).toBe("true");
    const errorId = `${plate.getAttribute("id")}-error`;
    expect(plate.getAttribute("aria-describedby")!.split(" ")).toContain(errorId);
    const message = answer.doc.querySelector(`[id="${errorId}"]`)!;
    expect(message.getAttribute("aria-live")).toBe("polite");
    expect(textOf(message)).not.toBe("");
  });
});
