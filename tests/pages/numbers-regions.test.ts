/**
 * Money figures and places with JavaScript off, over HTTP: money columns show `¥1,234.56` with thousands
 * separators; a place is picked with the 省 / 市 / 区 selects, 「选择」 re-rendering the form with the next
 * level and keeping what was typed, and the saved record shows the place by its name.
 */
import { describe, expect, it } from "vitest";
import { optionValues, textOf } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const MONEY = /^-?¥\d{1,3}(,\d{3})*\.\d{2}$/;

describe.sequential("numbers and places in the console (JavaScript off)", () => {
  it("a money column shows ¥ with thousands separators", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const page = await browser.get("/financialManage/invoiceList");
    expect(page.status).toBe(200);
    const table = page.doc.querySelector('table[aria-label="发票列表"]')!;
    const headers = table.querySelectorAll("th").map((th) => textOf(th));
    const column = headers.indexOf("价税合计");
    expect(column, headers.join("|")).toBeGreaterThanOrEqual(0);
    const cells = table.querySelectorAll('[data-testid="resource-row"]').map((row) => textOf(row.querySelectorAll("td")[column]!));
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell).toMatch(MONEY);
    expect(cells.some((cell) => cell.includes(",")), cells.join(" ")).toBe(true);
  });

  it("picks 省 / 市 / 区 with 「选择」, keeps what was typed, and shows the saved place by name", async () => {
    const browser = await browserAs("ORG_USER");
    const path = "/resourceManager/contactsList?form=new";
    const page = await browser.get(path);
    const form = () => page.doc.querySelector('[data-testid="resource-form"]')!;
    expect(form(), "the add form opens").not.toBeNull();
    const choose = (doc: typeof page.doc) => doc.querySelectorAll('[data-testid="resource-form"] button').find((b) => textOf(b) === "选择")!;
    const name = `宿迁联系人${Date.now() % 100000}`;
    // 江苏省, then 选择: the cities of 江苏 are offered, the name typed is kept.
    const withCities = await browser.submit(page, form(), { regionCode__p: "320000", contactName: name }, choose(page.doc));
    expect(withCities.status).toBe(200);
    const form2 = withCities.doc.querySelector('[data-testid="resource-form"]')!;
    expect(optionValues(form2.querySelector('[name="regionCode__c"]')!)).toContain("321300");
    expect(form2.querySelector('[name="contactName"]')!.getAttribute("value")).toBe(name);
    expect(withCities.doc.querySelector(".field-error"), "「选择」 is not a save: no errors").toBeNull();
    // 宿迁市, then 选择: its districts.
    const withDistricts = await browser.submit(withCities, form2, { regionCode__c: "321300" }, choose(withCities.doc));
    const form3 = withDistricts.doc.querySelector('[data-testid="resource-form"]')!;
    expect(optionValues(form3.querySelector('[name="regionCode__d"]')!)).toContain("321302");
    // 宿城区, and save.
    const save = form3.querySelectorAll("button").filter((b) => textOf(b) === "保存").at(-1)!;
    const saved = await browser.submit(withDistricts, form3, { regionCode__d: "321302", kind: "LOADING", contactMobile: "16212345678", place: "宿迁港", address: "幸福中路 8 号" }, save);
    expect(textOf(saved.doc.querySelector('[role="status"]')), textOf(saved.doc.querySelector('[role="alert"]')) + textOf(saved.doc.querySelector(".field-error"))).toContain("已新增");
    const listed = await browser.get(`/resourceManager/contactsList?keyword=${encodeURIComponent(name)}`);
    const row = listed.doc.querySelectorAll('[data-testid="resource-row"]').find((r) => textOf(r).includes(name));
    expect(row, "the new contact is listed").toBeDefined();
    expect(textOf(row!)).toContain("江苏省 宿迁市 宿城区");
    expect(textOf(row!)).not.toContain("321302");
  });

  it("a new order picks 装货地区划 as 省 / 市 / 区 with 「选择」 and its detail shows the names, not the codes", async () => {
    const browser = await browserAs("ORG_USER");
    const page = await browser.get("/orderManage/newOrders");
    expect(page.status).toBe(200);
    const formOf = (p: typeof page) => p.doc.querySelector('[data-testid="resource-form"]')!;
    const choose = (p: typeof page, key: string) => formOf(p).querySelectorAll("button").find((b) => textOf(b) === "选择" && b.getAttribute("value") === key)!;
    expect(choose(page, "loadingRegionCode"), "装货地区划 is a cascader with 「选择」").toBeDefined();
    expect(choose(page, "unloadingRegionCode"), "卸货地区划 too").toBeDefined();
    const externalNo = `QY${Date.now() % 1_000_000_000}`;
    const typed = { externalNo, loadingPlace: "蚌埠中心粮库", loadingAddress: "沫河口工业园 8 号" };
    // 安徽省, 选择: its cities; 蚌埠市, 选择: its counties; what was typed stays.
    const withCities = await browser.submit(page, formOf(page), { ...typed, loadingRegionCode__p: "340000" }, choose(page, "loadingRegionCode"));
    expect(optionValues(formOf(withCities).querySelector('[name="loadingRegionCode__c"]')!)).toContain("340300");
    expect(formOf(withCities).querySelector('[name="externalNo"]')!.getAttribute("value")).toBe(externalNo);
    const withCounties = await browser.submit(withCities, formOf(withCities), { loadingRegionCode__c: "340300" }, choose(withCities, "loadingRegionCode"));
    const form = formOf(withCounties);
    expect(optionValues(form.querySelector('[name="loadingRegionCode__d"]')!)).toContain("340311");
    expect(withCounties.doc.querySelector(".field-error"), "「选择」 is not a save: no errors").toBeNull();
    const first = (name: string) => optionValues(form.querySelector(`[name="${name}"]`)!)[0]!;
    const save = form.querySelectorAll("button").filter((b) => textOf(b) === "保存").at(-1)!;
    const saved = await browser.submit(withCounties, form, {
      loadingRegionCode__d: "340311",
      unloadingRegionCode__p: "340000",
      unloadingRegionCode__c: "340100",
      unloadingRegionCode__d: "340103",
      freightWay: "ROAD",
      businessMode: "SELF_OPERATED",
      shipperId: first("shipperId"),
      cargoId: first("cargoId"),
      businessTypeCode: "1002996",
      consigneeName: "合肥市粮食收储有限公司",
      unloadingPlace: "合肥北粮库",
      unloadingAddress: "北城大道 100 号",
      distanceKm: "160",
      plannedWeight: "100",
      unitPrice: "85",
      shipperUnitPrice: "90",
      settleBasis: "MIN",
    }, save);
    expect(textOf(saved.doc.querySelector('[role="status"]')), textOf(saved.doc.querySelector('[role="alert"]')) + textOf(saved.doc.querySelector(".field-error"))).toContain("已新增");
    const listed = await browser.get(`/orderManage/orderList?keyword=${externalNo}`);
    const row = listed.doc.querySelectorAll('[data-testid="resource-row"]').find((r) => textOf(r).includes(externalNo));
    expect(row, "the new order is listed").toBeDefined();
    const detail = await browser.get(row!.querySelector('[data-action="detail"]')!.getAttribute("href")!);
    const text = textOf(detail.doc.querySelector("main"));
    expect(text).toContain("安徽省 蚌埠市 淮上区");
    expect(text).toContain("安徽省 合肥市 庐阳区");
    expect(text).not.toContain("340311");
    expect(text).not.toContain("340103");
    // The demo orders were seeded with addresses only: their 区划 were filled from them, shown by name.
    const demo = (await browser.get("/orderManage/orderList")).doc.querySelectorAll('[data-testid="resource-row"]').find((r) => !textOf(r).includes(externalNo))!;
    const demoDetail = textOf((await browser.get(demo.querySelector('[data-action="detail"]')!.getAttribute("href")!)).doc.querySelector("main"));
    expect(demoDetail).toMatch(/装货地区划\s*\S+省 \S+市 \S+[区县市]/);
  });

  it("date filters offer 今天 / 最近一周 / 最近一个月 as links that fill the range", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const page = await browser.get("/financialManage/invoiceList");
    const week = page.doc.querySelectorAll("a").find((a) => textOf(a) === "最近一周");
    expect(week, "a 最近一周 link").toBeDefined();
    const href = week!.getAttribute("href")!;
    const params = new URL(href, "http://x").searchParams;
    const from = [...params.entries()].find(([k]) => k.endsWith("From"))!;
    const to = [...params.entries()].find(([k]) => k.endsWith("To"))!;
    expect((Date.parse(to[1]) - Date.parse(from[1])) / 86_400_000).toBe(6);
    // The link is a query: the browser resolves it against the page's address.
    const target = new URL(href, `http://x${page.url}`);
    expect(target.pathname).toBe("/financialManage/invoiceList");
    const filtered = await browser.get(target.pathname + target.search);
    expect(filtered.status).toBe(200);
    expect(filtered.doc.querySelector(`input[name="${from[0]}"]`)!.getAttribute("value")).toBe(from[1]);
  });
});
