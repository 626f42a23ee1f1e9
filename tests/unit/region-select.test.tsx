/**
 * The 省 / 市 / 区 cascader as the server renders it (what a browser without JavaScript gets): the
 * three selects with the chosen levels and their choices, and the 「选择」 button that asks for the next
 * level; the 今天 / 最近一周 / 最近一个月 ranges of the search form.
 */
import { renderToString } from "react-dom/server";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { regionChoice, regionLevels } from "../../contract/regions";
import { RegionSelect } from "../../app/components/resource/RegionSelect";
import { rangeShortcuts } from "../../app/components/resource/filters";

describe("RegionSelect without JavaScript", () => {
  it("renders the three selects for a stored county, with 「选择」", () => {
    const html = renderToString(<RegionSelect name="regionCode" id="f-regionCode" label="所在地区" choice={regionChoice(regionLevels("321302"))} required />);
    const doc = parse(html);
    const selected = (name: string) => doc.querySelector(`select[name="${name}"] option[selected]`)?.getAttribute("value") ?? doc.querySelector(`select[name="${name}"]`)?.getAttribute("value");
    expect(doc.querySelectorAll("select").map((s) => s.getAttribute("name"))).toEqual(["regionCode__p", "regionCode__c", "regionCode__d"]);
    expect(selected("regionCode__p")).toBe("320000");
    expect(selected("regionCode__c")).toBe("321300");
    expect(selected("regionCode__d")).toBe("321302");
    expect(doc.querySelector('select[name="regionCode__p"]')!.querySelectorAll("option")).toHaveLength(35);
    expect(doc.querySelector('select[name="regionCode__d"]')!.text).toContain("宿城区");
    const button = doc.querySelector("button")!;
    expect(button.text).toBe("选择");
    expect(button.getAttribute("name")).toBe("_cascade");
    expect(button.hasAttribute("formnovalidate")).toBe(true);
  });
  it("with nothing chosen offers only the provinces", () => {
    const doc = parse(renderToString(<RegionSelect name="x" id="x" label="地区" choice={regionChoice({ province: "", city: "", district: "" })} filter />));
    expect(doc.querySelector('select[name="x__c"]')!.querySelectorAll("option")).toHaveLength(1);
    expect(doc.querySelector('select[name="x__p"] option')!.text).toBe("全部");
  });
});

describe("date range shortcuts", () => {
  it("today, the last 7 days and the last 30 days, ending today", () => {
    expect(rangeShortcuts("2026-03-01")).toEqual([
      { label: "今天", from: "2026-03-01", to: "2026-03-01" },
      { label: "最近一周", from: "2026-02-23", to: "2026-03-01" },
      { label: "最近一个月", from: "2026-01-31", to: "2026-03-01" },
    ]);
  });
});
