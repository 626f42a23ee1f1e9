/**
 * GB/T 2260 from the npm package, in one module — names, paths, children, levels, the
 * code an address names (哈尔滨, 周口, 济宁, 宿迁 included), and the form's three selects folded into one code.
 */
import { describe, expect, it } from "vitest";
import { codeOfName, provinces, regionChildren, regionChoice, regionCodeIn, regionExists, regionLevels, regionName, regionPath } from "../../contract/regions";
import { foldRegionParts, regionFromParts, regionPrefix } from "../../contract/region-code";
import { isRegionCode } from "../../contract/validation";

describe("the division table", () => {
  it("has every province, city and county, with names", () => {
    expect(provinces()).toHaveLength(34);
    expect(regionName("321300")).toBe("宿迁市");
    expect(regionName("230100")).toBe("哈尔滨市");
    expect(regionName("411600")).toBe("周口市");
    expect(regionName("370800")).toBe("济宁市");
    expect(regionName("999999")).toBeNull();
    expect(regionExists("321302")).toBe(true);
    expect(regionExists("340001")).toBe(false);
    expect(regionChildren("320000", "city")).toHaveLength(13);
    expect(regionChildren("321300", "district").map((d) => d.name)).toContain("宿城区");
  });
  it("shows full path names; a municipality is its own city", () => {
    expect(regionPath("321302")).toBe("江苏省 宿迁市 宿城区");
    expect(regionPath("321300")).toBe("江苏省 宿迁市");
    expect(regionPath("110101")).toBe("北京市 东城区");
    expect(regionPath("")).toBe("");
    expect(regionLevels("110101")).toEqual({ province: "110000", city: "110000", district: "110101" });
    expect(regionChildren("110000", "city")).toEqual([{ code: "110000", name: "北京市" }]);
    expect(regionChildren("110000", "district").length).toBeGreaterThan(10);
  });
  it("name → code", () => {
    expect(codeOfName("宿迁")).toBe("321300");
    expect(codeOfName("哈尔滨市")).toBe("230100");
    expect(codeOfName("宿城区", "321300")).toBe("321302");
    expect(codeOfName("不存在")).toBeNull();
  });
  it("finds the county (or the city) an address names", () => {
    expect(regionCodeIn("黑龙江省哈尔滨市道里区经纬街")).toBe("230102");
    expect(regionCodeIn("江苏省宿迁市宿城区幸福路")).toBe("321302");
    expect(regionCodeIn("河南省周口市川汇区")).toBe("411602");
    expect(regionCodeIn("山东省济宁市任城区")).toBe("370811");
    expect(regionCodeIn("安徽省蚌埠市蚌山区淮河路港区3号泊位", "city")).toBe("340300");
    expect(regionCodeIn("哈尔滨")).toBe("230100");
    expect(regionCodeIn("安徽省")).toBeNull();
    expect(regionCodeIn("")).toBeNull();
  });
  it("a cascader's choices follow the chosen levels, dropping a level from elsewhere", () => {
    const choice = regionChoice({ province: "320000", city: "321300", district: "110101" });
    expect(choice.city).toBe("321300");
    expect(choice.district).toBe("");
    expect(choice.districts.map((d) => d.code)).toContain("321302");
  });
});

describe("the code's shape (browser side)", () => {
  it("folds 省 / 市 / 区 into the deepest consistent code", () => {
    expect(regionFromParts("320000", "321300", "321302")).toBe("321302");
    expect(regionFromParts("320000", "321300", "")).toBe("321300");
    expect(regionFromParts("320000", "230100", "230102")).toBe("320000");
    expect(regionFromParts("320000", "321300", "230102")).toBe("321300");
    expect(regionFromParts("110000", "110000", "110101")).toBe("110101");
    expect(regionFromParts("", "321300", "321302")).toBe("");
    const form = new FormData();
    form.set("regionCode__p", "320000");
    form.set("regionCode__c", "321300");
    form.set("regionCode__d", "321302");
    form.set("address", "幸福路 1 号");
    const folded = foldRegionParts(form, ["regionCode"]);
    expect(folded.get("regionCode")).toBe("321302");
    expect(folded.get("regionCode__p")).toBeNull();
    expect(folded.get("address")).toBe("幸福路 1 号");
    const direct = new URLSearchParams("regionCode=340302");
    expect(foldRegionParts(direct, ["regionCode"]).get("regionCode")).toBe("340302");
  });
  it("a filter matches everything inside the chosen division", () => {
    expect(regionPrefix("320000")).toBe("32");
    expect(regionPrefix("321300")).toBe("3213");
    expect(regionPrefix("321302")).toBe("321302");
    expect(isRegionCode("321302")).toBe(true);
    expect(isRegionCode("001234")).toBe(false);
  });
});
