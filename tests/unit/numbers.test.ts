/**
 * The one formatting module. Money from integer fen with separators, rates from basis
 * points, tonnes from integer kilograms rounded half up on the integer, report figures, export cells.
 */
import { describe, expect, it } from "vitest";
import { decimalFormat, formatDecimal, formatMoney, formatRate, formatTonnes, formatYuan, groupThousands, NUMBER_FORMAT_2DP, percentToBp, rateInput, rateNumber, tonnesNumber, tonnesPlain, yuanNumber, yuanPlain } from "../../contract/numbers";
import { yuanToFen } from "../../contract/units";

describe("money from integer fen", () => {
  it("shows ¥ with thousands separators and 2 decimals", () => {
    expect(formatMoney(123_456_789)).toBe("¥1,234,567.89");
    expect(formatMoney(48_600_140)).toBe("¥486,001.40");
    expect(formatMoney(100)).toBe("¥1.00");
    expect(formatMoney(5)).toBe("¥0.05");
    expect(formatMoney(99_999)).toBe("¥999.99");
    expect(formatMoney(100_000)).toBe("¥1,000.00");
  });
  it("zero, negatives and no value", () => {
    expect(formatMoney(0)).toBe("¥0.00");
    expect(formatMoney(-5)).toBe("-¥0.05");
    expect(formatMoney(-123_450)).toBe("-¥1,234.50");
    expect(formatMoney(null)).toBe("");
    expect(formatMoney(undefined)).toBe("");
  });
  it("huge values stay exact (no float on the way)", () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe("¥90,071,992,547,409.91");
    expect(formatMoney(123_456_789_012_345_678_901n)).toBe("¥1,234,567,890,123,456,789.01");
  });
  it("yuan without the sign, and plain for inputs (no separators)", () => {
    expect(formatYuan(48_600_140)).toBe("486,001.40");
    expect(yuanPlain(48_600_140)).toBe("486001.40");
    expect(yuanToFen(yuanPlain(12_345_601)!)).toBe(12_345_601);
    expect(yuanPlain(-1)).toBe("-0.01");
  });
  it("groups digits only", () => {
    expect(groupThousands("1")).toBe("1");
    expect(groupThousands("1000")).toBe("1,000");
    expect(groupThousands("1234567")).toBe("1,234,567");
  });
});

describe("rates from basis points", () => {
  it("shows percentages with 2 decimals", () => {
    expect(formatRate(200)).toBe("2.00%");
    expect(formatRate(900)).toBe("9.00%");
    expect(formatRate(1250)).toBe("12.50%");
    expect(formatRate(5)).toBe("0.05%");
    expect(formatRate(0)).toBe("0.00%");
    expect(formatRate(10_000)).toBe("100.00%");
    expect(formatRate(-5)).toBe("-0.05%");
    expect(formatRate(null)).toBe("");
  });
  it("reads and writes the percentage a form shows", () => {
    expect(percentToBp("9")).toBe(900);
    expect(percentToBp("12.5")).toBe(1250);
    expect(percentToBp("0.05")).toBe(5);
    expect(percentToBp("2.5%")).toBe(250);
    expect(percentToBp("1.234")).toBeNull();
    expect(percentToBp("-1")).toBeNull();
    expect(percentToBp("abc")).toBeNull();
    expect(rateInput(900)).toBe("9");
    expect(rateInput(1250)).toBe("12.5");
    expect(rateInput(5)).toBe("0.05");
    expect(rateInput(0)).toBe("0");
  });
});

describe("tonnes from integer kilograms: half up on the integer", () => {
  it.each([
    [1005, "1.01"],
    [1004, "1.00"],
    [2675, "2.68"],
    [35_505, "35.51"],
    [35_504, "35.50"],
    [0, "0.00"],
    [4, "0.00"],
    [5, "0.01"],
    [1_234_567, "1,234.57"],
  ])("%i kg → %s 吨", (kg, text) => {
    expect(formatTonnes(kg)).toBe(text);
  });
  it("negatives round half away from zero; plain text for forms and messages", () => {
    expect(formatTonnes(-1005)).toBe("-1.01");
    expect(formatTonnes(-1004)).toBe("-1.00");
    expect(tonnesPlain(1_234_567)).toBe("1234.57");
    expect(tonnesPlain(2675)).toBe("2.68");
    expect(tonnesPlain(null)).toBe("");
    expect(formatTonnes(9_007_199_254_740_991)).toBe("9,007,199,254,740.99");
  });
});

describe("report figures and export cells", () => {
  it("figures get separators and half-up decimals from their decimal text", () => {
    expect(formatDecimal(486001.4, 2)).toBe("486,001.40");
    expect(formatDecimal(2.675, 2)).toBe("2.68");
    expect(formatDecimal(-1234.5, 2)).toBe("-1,234.50");
    expect(formatDecimal(0, 2)).toBe("0.00");
    expect(formatDecimal(-0.001, 2)).toBe("0.00");
    expect(formatDecimal(1234567, 0)).toBe("1,234,567");
  });
  it("export cells are numbers with the #,##0.00 format", () => {
    expect(NUMBER_FORMAT_2DP).toBe("#,##0.00");
    expect(decimalFormat(2)).toBe("#,##0.00");
    expect(decimalFormat(0)).toBe("#,##0");
    expect(yuanNumber(48_600_140)).toBe(486001.4);
    expect(yuanNumber(-5)).toBe(-0.05);
    expect(tonnesNumber(2675)).toBe(2.68);
    expect(rateNumber(900)).toBe(0.09);
    expect(rateNumber(1250)).toBe(0.125);
  });
});
