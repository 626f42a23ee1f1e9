import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import type { ChartOption } from "../../contract/reports";
import { categoryLayout, renderChartSvg, seriesLabel } from "~/lib/charts.server";
import { trendOption } from "~/lib/dispatch-trend";
import { mapView, PROVINCE_NAMES, PROVINCES, provinceContains } from "~/lib/chinaMap.server";
import { project } from "~/lib/trackGeometry";

const svgOf = (option: ChartOption, size?: { width: number; height: number }) => parse(renderChartSvg(option, size)).querySelector("svg")!;
const texts = (svg: ReturnType<typeof svgOf>) => svg.querySelectorAll("text").map((t) => t.text);
const titles = (svg: ReturnType<typeof svgOf>) => svg.querySelectorAll("title").map((t) => t.text);

const days = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10);
  return { date, created: i % 5, completed: 0, loadedWeight: i * 1_500 };
});

describe("the ECharts server renderer", () => {
  it("draws the 30-day trend as a named image: every day labelled MM-DD, legends with units, a tooltip per bar and point", () => {
    const svg = svgOf(trendOption(days));
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.getAttribute("aria-label")).toBe("近 30 天运单趋势");
    expect(svg.getAttribute("font-family")).toMatch(/Microsoft YaHei.*sans-serif/);
    const labels = texts(svg);
    expect(labels).toContain("10-29");
    expect(labels).toContain("11-27");
    expect(labels).toContain("新建运单（单）");
    expect(labels).toContain("装货吨位（吨）");
    expect(labels).toContain("单位：单");
    expect(labels).toContain("单位：吨");
    const tips = titles(svg);
    expect(tips[0]).toBe("近 30 天运单趋势");
    expect(tips).toContain("11-27 新建运单（单）：4");
    // A day without waybills still has its (empty) bar and tooltip.
    expect(tips).toContain("11-23 新建运单（单）：0");
    expect(tips).toContain("11-27 装货吨位（吨）：43.50");
    expect(tips.filter((t) => t.includes("新建运单（单）："))).toHaveLength(30);
    // Text uses a Chinese face before the generic one.
    expect(svg.querySelector("text")!.getAttribute("style")).toMatch(/font-family:PingFang SC.*Microsoft YaHei/);
  });

  it("never cuts a category: a year of dates keeps 2026-11-27 whole, turned and thinned from the last day back", () => {
    const dates = Array.from({ length: 120 }, (_, i) => new Date(Date.UTC(2026, 7, 1 + i)).toISOString().slice(0, 10));
    const svg = svgOf({ xAxis: { type: "category", data: dates }, yAxis: [{ type: "value", name: "吨" }], series: [{ type: "bar", name: "装货重量", data: dates.map((_, i) => i) }] });
    const labels = texts(svg).filter((t) => /^\d{4}-/.test(t));
    expect(labels).toContain(dates[dates.length - 1]);
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.length).toBeLessThan(dates.length);
    expect(labels.every((t) => /^\d{4}-\d{2}-\d{2}$/.test(t))).toBe(true);
    expect(texts(svg)).toContain("装货重量（吨）");
  });

  it("lays category labels flat when they fit and turns them when they do not", () => {
    expect(categoryLayout(["01月", "02月", "03月"], 800)).toMatchObject({ rotate: 0, step: 1 });
    const turned = categoryLayout(Array.from({ length: 30 }, () => "11-27"), 800);
    expect(turned.rotate).toBe(45);
    expect(turned.step).toBe(1);
    expect(categoryLayout(Array.from({ length: 366 }, () => "2026-11-27"), 800).step).toBeGreaterThan(1);
  });

  it("names each series with the unit of its axis once", () => {
    const option: ChartOption = { yAxis: [{ type: "value", name: "元" }, { type: "value", name: "单" }], series: [] };
    expect(seriesLabel(option, { type: "line", name: "服务费", data: [] })).toBe("服务费（元）");
    expect(seriesLabel(option, { type: "bar", name: "运单数", yAxisIndex: 1, data: [] })).toBe("运单数（单）");
    expect(seriesLabel(option, { type: "bar", name: "新建运单（单）", yAxisIndex: 1, data: [] })).toBe("新建运单（单）");
    expect(seriesLabel({ series: [] }, { type: "bar", name: "运单数", data: [] })).toBe("运单数");
  });

  it("draws a gap, with no tooltip, where a line has no figure", () => {
    const svg = svgOf({ xAxis: { type: "category", data: ["10月", "11月", "12月"] }, yAxis: [{ type: "value", name: "单" }], series: [{ type: "line", name: "2026年订单数", data: [12, 79, null] }] });
    expect(titles(svg).slice(1)).toEqual(["10月 2026年订单数（单）：12", "11月 2026年订单数（单）：79"]);
  });

  it("gives pie slices and funnel stages their value and share", () => {
    const pie = svgOf({ title: { text: "货物运量统计图表" }, series: [{ type: "pie", name: "装货重量(吨)", data: [{ name: "小麦", value: 1500 }, { name: "玉米", value: 500 }] }] });
    expect(titles(pie)).toEqual(["货物运量统计图表", "小麦：1,500（75.0%）", "玉米：500（25.0%）"]);
    expect(texts(pie)).toContain("小麦");
    const funnel = svgOf({ series: [{ type: "funnel", name: "撮合转化", data: [{ name: "浏览", value: 200 }, { name: "通话", value: 50 }, { name: "成交运单", value: 5 }] }] });
    expect(titles(funnel).slice(1)).toEqual(["浏览：200（100.0%）", "通话：50（25.0%）", "成交运单：5（2.5%）"]);
  });

  it("says 暂无数据 for an empty chart and escapes the text it is given", () => {
    expect(texts(svgOf({ xAxis: { type: "category", data: [] }, yAxis: [{ type: "value", name: "单" }], series: [{ type: "bar", name: "运单数", data: [] }] }))).toContain("暂无数据");
    const raw = renderChartSvg({ title: { text: "<b>&" }, xAxis: { type: "category", data: ["<script>"] }, series: [{ type: "bar", name: "a\"b", data: [1] }] });
    expect(raw).not.toContain("<script>");
    expect(raw).not.toContain("<b>");
    expect(parse(raw).querySelector("svg")!.getAttribute("aria-label")).toBe("<b>&");
  });

  it("gives each drawing its own clip-path and class names", () => {
    const option: ChartOption = { xAxis: { type: "category", data: ["a", "b"] }, series: [{ type: "line", name: "x", data: [1, 2] }] };
    const ids = (svg: string) => [...svg.matchAll(/id="([^"]+)"/g)].map((m) => m[1]);
    const first = renderChartSvg(option, { width: 400, height: 200 });
    const second = renderChartSvg(option, { width: 401, height: 200 });
    expect(ids(first).length).toBeGreaterThan(0);
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
  });
});

describe("the China base map", () => {
  it("knows which province a point lies in", () => {
    const at = (lat: number, lng: number) => PROVINCES.filter((p) => provinceContains(p, { lat, lng })).map((p) => p.name);
    expect(at(32.92, 117.39)).toEqual(["安徽"]); // 蚌埠
    expect(at(31.23, 121.47)).toEqual(["上海"]);
    expect(at(30.59, 114.31)).toEqual(["湖北"]);
    expect(at(43.83, 87.62)).toEqual(["新疆"]);
    expect(at(35, 150)).toEqual([]);
    expect(PROVINCE_NAMES).toHaveLength(34);
  });

  it("draws the whole country without points and only the provinces in view around them, in one frame with them", () => {
    const country = parse(`<svg>${mapView([], { width: 800, height: 520 }).base}</svg>`);
    expect(country.querySelectorAll('[data-testid="map-provinces"] path')).toHaveLength(34);
    const bengbu = { lat: 32.92, lng: 117.39 };
    const view = mapView([bengbu], { width: 800, height: 520, marginDeg: 1.5, provinceHref: (name) => `/findShipManage/findShip?province=${name}`, selected: "安徽" });
    const base = parse(`<svg>${view.base}</svg>`);
    const links = base.querySelectorAll('[data-testid="map-province"]');
    expect(links.length).toBeGreaterThan(1);
    expect(links.length).toBeLessThan(10);
    expect(links.map((a) => a.getAttribute("href"))).toContain("/findShipManage/findShip?province=安徽");
    expect(base.querySelectorAll("text").map((t) => t.text)).toContain("安徽");
    // The point sits in the middle of its frame.
    const p = project(view.frame, bengbu);
    expect(Math.abs(p.x - 400)).toBeLessThan(1);
    expect(Math.abs(p.y - 260)).toBeLessThan(1);
    expect(view.base.length).toBeLessThan(40_000);
  });
});
