/** The NUL guard skips a raw upload's bytes (a Buffer), which are not text: a 10 MB body is not walked per byte. */
import { describe, expect, it } from "vitest";
import { nulPath } from "../../platform/http/guards.js";

describe("the NUL guard and raw uploads", () => {
  it("passes a 10 MB buffer of zero bytes at once, and still finds NUL in text", () => {
    const started = Date.now();
    expect(nulPath(Buffer.alloc(10 * 1024 * 1024))).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(nulPath({ name: "a\u0000b" })).toBe("name");
  });
});
