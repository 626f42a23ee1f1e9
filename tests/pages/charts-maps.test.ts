/**
 * Charts and maps with JavaScript off (docs/design/charts-and-maps.md): the home page's 30-day chart
 * and 历史订单趋势 drawn by ECharts on the server, with whole labels, units and tooltips; the China
 * base map under the find-ship map and the track playback; the find-ship 区域 filter by province.
 */
import type { HTMLElement } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { chinaDate } from "../../contract/units";
import { PROVINCES, provinceContains } from "../../app/lib/chinaMap.server";
import { textOf } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const chart = (doc: HTMLElement, name: string) => doc.querySelector(`svg[role="img"][aria-label="${name}"]`);
const titles = (svg: HTMLElement) => svg.querySelectorAll("title").map(textOf);
const texts = (svg: HTMLElement) => svg.querySelectorAll("text").map(textOf);

describe("charts drawn on the server", () => {
  it("首页: the 30-day chart names today MM-DD, has legends with units and a tooltip per day", async () => {
    const home = await (await browserAs("ORG_USER")).get("/dashboard");
    const svg = chart(home.doc, "近 30 天运单趋势")!;
    expect(svg).toBeTruthy();
    const today = chinaDate().slice(5);
    expect(texts(svg)).toEqual(expect.arrayContaining([today, "新建运单（单）", "装货吨位（吨）"]));
    expect(titles(svg).filter((t) => t.includes(" 新建运单（单）："))).toHaveLength(30);
    expect(titles(svg).some((t) => t.startsWith(`${today} 新建运单（单）：`))).toBe(true);
    expect(texts(svg).some((t) => t.includes("…"))).toBe(false);
    expect(svg.getAttribute("font-family")).toContain("Microsoft YaHei");
  });

  it("历史订单趋势: this month is plotted with its real count and its 环比 is filled", async () => {
    const page = await (await browserAs("SYSTEM_USER")).get("/carStatisticalReport/orderTrendReport");
    expect(page.status).toBe(200);
    const month = chinaDate().slice(0, 7);
    const row = page.doc.querySelectorAll('[data-testid="report-row"]').find((tr) => textOf(tr.querySelector("td")) === month)!;
    const cells = row.querySelectorAll("td").map(textOf);
    const orders = Number(cells[1]);
    expect(orders).toBeGreaterThan(0);
    const svg = chart(page.doc, "历史订单趋势图表")!;
    expect(titles(svg)).toContain(`${month.slice(5)}月 ${month.slice(0, 4)}年订单数（单）：${orders}`);
    // Months still to come have no point (a gap), not a 0.
    const later = Number(month.slice(5)) < 12 ? `${String(Number(month.slice(5)) + 1).padStart(2, "0")}月 ${month.slice(0, 4)}年订单数` : null;
    if (later) expect(titles(svg).some((t) => t.startsWith(later))).toBe(false);
    // 环比 (the last column) against the same days of last month, which the demo data has.
    expect(cells[cells.length - 1]).toMatch(/^-?[\d,]+\.\d{2}$/);
  });
});

describe("maps over the China base map", () => {
  it("找船地图 draws the provinces under the ships and filters by a province, also from a click on the map", async () => {
    const browser = await browserAs("ORG_USER");
    const all = await browser.get("/findShipManage/findShip");
    const map = all.doc.querySelector('[data-testid="ship-map"]')!;
    const provinces = map.querySelectorAll('[data-testid="map-province"]');
    expect(provinces.length).toBeGreaterThan(0);
    expect(provinces[0]!.getAttribute("href")).toMatch(/^\/findShipManage\/findShip\?province=/);
    expect(map.querySelectorAll('[data-testid="ship-marker"]').length).toBeGreaterThan(0);
    // The waterways lie over the provinces and under the ships.
    const layers = map.querySelectorAll("[data-testid]").map((e) => e.getAttribute("data-testid"));
    expect(map.querySelector('[data-testid="map-waterways"]')?.getAttribute("d")).toMatch(/^M[\d.]+ [\d.]+L/);
    expect(layers.indexOf("map-waterways")).toBeGreaterThan(layers.indexOf("map-provinces"));
    expect(layers.indexOf("map-waterways")).toBeLessThan(layers.indexOf("ship-marker"));
    // 区域 is a select of provinces, not coordinates.
    const options = all.doc.querySelectorAll('select[name="province"] option').map(textOf);
    expect(options).toEqual(expect.arrayContaining(["全国", "安徽", "江苏", "湖北"]));
    expect(all.doc.querySelector('input[name="box"]')).toBeNull();

    // The first ship's province, from the card's coordinates.
    const first = all.doc.querySelector('[data-testid="ship-list"] a')!;
    const card = await browser.get(first.getAttribute("href")!);
    const [lat, lng] = /坐标 (-?[\d.]+), (-?[\d.]+)/.exec(textOf(card.doc.querySelector('[data-testid="ship-card"]')))!.slice(1).map(Number) as [number, number];
    const province = PROVINCES.find((p) => provinceContains(p, { lat, lng }))!;
    expect(province).toBeTruthy();
    const href = all.doc.querySelectorAll('[data-testid="map-province"]').find((a) => a.getAttribute("aria-label") === `按${province.name}筛选`)!.getAttribute("href")!;
    const filtered = await browser.get(href);
    expect(filtered.doc.querySelector('select[name="province"] option[selected]')?.getAttribute("value") ?? textOf(filtered.doc.querySelector('select[name="province"] option[selected]'))).toBe(province.name);
    const names = filtered.doc.querySelectorAll('[data-testid="ship-list"] a').map((a) => textOf(a.querySelector("span")));
    expect(names).toContain(textOf(first.querySelector("span")));
    expect(names.length).toBeLessThanOrEqual(all.doc.querySelectorAll('[data-testid="ship-list"] a').length);
    // The same filter as a plain GET form value.
    const viaForm = await browser.get(`/findShipManage/findShip?province=${encodeURIComponent(province.name)}`);
    expect(viaForm.doc.querySelectorAll('[data-testid="ship-list"] a').length).toBe(names.length);
  });

  it("refuses a 区域 that is no province in Chinese and filters nothing", async () => {
    const page = await (await browserAs("ORG_USER")).get(`/findShipManage/findShip?province=${encodeURIComponent("116.5,30.5,119.5,33.5")}`);
    expect(textOf(page.doc.querySelector('[role="alert"]'))).toContain("不是省级行政区");
    expect(page.doc.querySelectorAll('[data-testid="ship-list"] a').length).toBeGreaterThan(0);
  });

  it("轨迹回放 draws the whole track over the provinces it crosses", async () => {
    const browser = await browserAs("ORG_USER");
    const list = await browser.get("/dispatchManage/waybillList?status=SIGNED&freightWay=ROAD");
    const link = list.doc.querySelectorAll("a").find((a) => /\/dispatchManage\/trackPlayback\?freightNo=/.test(a.getAttribute("href") ?? ""));
    expect(link, "a signed road waybill links to its track").toBeTruthy();
    const page = await browser.get(link!.getAttribute("href")!);
    const svg = page.doc.querySelector('[data-testid="track-svg"]')!;
    expect(svg.querySelectorAll('[data-testid="map-provinces"] path').length).toBeGreaterThan(0);
    expect(svg.querySelector('[data-testid="track-line"]')?.getAttribute("points")?.split(" ").length).toBeGreaterThan(1);
    expect(svg.querySelector('[data-testid="track-start"]')).toBeTruthy();
    // A road track has no waterways under it.
    expect(svg.querySelector('[data-testid="map-waterways"]')).toBeNull();
  });

  it("水运轨迹回放 draws the waterways between the provinces and the ship's track", async () => {
    const browser = await browserAs("ORG_USER");
    const list = await browser.get("/dispatchManage/waybillList?freightWay=WATER");
    const links = list.doc
      .querySelectorAll("a")
      .map((a) => a.getAttribute("href") ?? "")
      .filter((href) => /\/dispatchManage\/trackPlaybackWater\?freightNo=/.test(href));
    expect(links.length, "water waybills link to their tracks").toBeGreaterThan(0);
    // The newest may not have sailed yet (the demo captain's waits to load): the first with a track.
    let svg = null;
    for (const href of links) {
      svg = (await browser.get(href)).doc.querySelector('[data-testid="track-svg"]');
      if (svg) break;
    }
    if (!svg) throw new Error("no water waybill of the list has a track");
    const layers = svg.querySelectorAll("[data-testid]").map((e) => e.getAttribute("data-testid"));
    expect(layers.indexOf("map-provinces")).toBeGreaterThanOrEqual(0);
    expect(layers.indexOf("map-waterways")).toBeGreaterThan(layers.indexOf("map-provinces"));
    expect(layers.indexOf("track-line")).toBeGreaterThan(layers.indexOf("map-waterways"));
    expect(svg.querySelector('[data-testid="map-waterways"]')?.getAttribute("d")?.length).toBeGreaterThan(100);
  });
});
