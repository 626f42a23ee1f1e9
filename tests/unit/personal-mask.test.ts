import { describe, expect, it } from "vitest";
import { maskIdNo, maskIdNumbersIn, maskMobile } from "../../contract/personal.js";

describe("personal number masks", () => {
  it("shows the first and last four of an ID number, the last four of a short number", () => {
    expect(maskIdNo("340111197002090316")).toBe("3401**********0316");
    expect(maskIdNo("A12345")).toBe("**2345");
    expect(maskIdNo("1234")).toBe("1234");
    expect(maskMobile("13812345678")).toBe("138****5678");
  });

  it("masks valid ID numbers inside free text and leaves other long numbers", () => {
    expect(maskIdNumbersIn("身份证 340111197002090316.png")).toBe("身份证 3401**********0316.png");
    expect(maskIdNumbersIn("运单 123456789012345678")).toBe("运单 123456789012345678");
  });
});
