/**
 * The ministry's code lists (contract/code-lists.ts): each names its source and is documented with it,
 * names map to codes, a licence's combined classes are read, banks are found by the names cards carry.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bankCodeOf, CODE_LISTS, codeOfName, isVehicleClass, VEHICLE_TYPE_LIST } from "../../contract/code-lists";

describe("code lists", () => {
  it("each has codes and a source, and docs/design/submission.md lists it with that source's standard", () => {
    const doc = readFileSync(new URL("../../docs/design/submission.md", import.meta.url), "utf8");
    for (const list of Object.values(CODE_LISTS)) {
      expect(Object.keys(list.codes).length, list.title).toBeGreaterThan(3);
      expect(doc, list.title).toContain(`| ${list.title} |`);
      const standard = list.source.match(/(JT\/T [\d.]+|GA \d+(\.\d+)?|GB\/T \d+|UN\/EDIFACT \d+|公安部令第 162 号|网络货运信息交互系统代码集|大额支付系统行别代码)/)?.[0];
      expect(standard, list.source).toBeTruthy();
      expect(doc, list.title).toContain(standard!);
    }
  });

  it("a vehicle type's name or code gives its GA 24.4 code; anything else none", () => {
    expect(codeOfName(VEHICLE_TYPE_LIST, "重型半挂牵引车")).toBe("Q11");
    expect(codeOfName(VEHICLE_TYPE_LIST, "H17")).toBe("H17");
    expect(codeOfName(VEHICLE_TYPE_LIST, "大货车")).toBeNull();
  });

  it("reads 准驾车型 as a licence prints it", () => {
    for (const ok of ["A2", "B2", "A2D", "A2E", "B2 E", "a1a2", "C1、D", "C6"]) expect(isVehicleClass(ok), ok).toBe(true);
    for (const bad of ["", "Z9", "A4", "B2X", "牵引车"]) expect(isVehicleClass(bad), bad).toBe(false);
  });

  it("finds a bank's 行别代码 by the name its card carries", () => {
    expect(bankCodeOf("中国工商银行蚌埠分行")).toBe("102");
    expect(bankCodeOf("中国农业银行")).toBe("103");
    expect(bankCodeOf("中国银行")).toBe("104");
    expect(bankCodeOf("上海浦东发展银行")).toBe("310");
    expect(bankCodeOf("中国邮政储蓄银行")).toBe("403");
    expect(bankCodeOf("某某村镇银行")).toBe("");
    expect(bankCodeOf(null)).toBe("");
  });
});
