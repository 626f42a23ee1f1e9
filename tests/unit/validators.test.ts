import { describe, expect, it } from "vitest";
import { MOBILE_PATTERN, isMobile, stripSpecialCharacters } from "../../contract/validation";

describe("mobile number (^1[3-9]\\d{9}$)", () => {
  it.each(["13800000001", "14000000000", "14212345678", "16012345678", "16212345678", "16512345678", "16712345678", "14100000000", "14512345678", "14712345678", "14912345678", "15012345678", "16612345678", "17012345678", "18812345678", "19912345678"])(
    "accepts %s",
    (mobile) => {
      expect(isMobile(mobile)).toBe(true);
      expect(MOBILE_PATTERN.test(mobile)).toBe(true);
    },
  );

  it.each([
    ["1380000000", "ten digits"],
    ["138000000012", "twelve digits"],
    ["23800000001", "does not start with 1"],
    ["12345678901", "second digit 2"],
    ["11012345678", "second digit 1"],
    ["1380000000a", "a letter"],
    [" 13800000001", "leading space"],
    ["", "empty"],
  ])("refuses %s (%s)", (mobile) => {
    expect(isMobile(mobile)).toBe(false);
    expect(MOBILE_PATTERN.test(mobile)).toBe(false);
  });
});

describe("special-character filter (spec 5)", () => {
  it("keeps letters, digits, Chinese characters, apostrophe, dot and hyphen", () => {
    expect(stripSpecialCharacters("O'Brien-2.0 粮运通")).toBe("O'Brien-2.0粮运通");
  });

  it("strips punctuation, symbols, whitespace and emoji", () => {
    expect(stripSpecialCharacters("皖A12345!@#$%^&*()_+=<>?/\\|[]{};:\"，。 \t\n😀")).toBe("皖A12345");
  });

  it("keeps the middle dot of plates and of minority and foreign names", () => {
    expect(stripSpecialCharacters("皖A·12345")).toBe("皖A·12345");
    expect(stripSpecialCharacters("买买提·艾力")).toBe("买买提·艾力");
  });

  it("leaves clean input unchanged and empties an all-special input", () => {
    expect(stripSpecialCharacters("蚌埠粮食运输有限公司")).toBe("蚌埠粮食运输有限公司");
    expect(stripSpecialCharacters("abcXYZ-019.'")).toBe("abcXYZ-019.'");
    expect(stripSpecialCharacters("#@!")).toBe("");
  });
});
