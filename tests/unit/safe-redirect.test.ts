import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/lib/safe-redirect";

describe("safeRedirect (no open redirect)", () => {
  it.each([
    "/\t/evil.example",
    "/%09/evil.example",
    "//evil.example",
    "/%2F/evil.example",
    "/\\evil.example",
    "/%5Cevil.example",
    "https://evil.example/",
    "/\r\nSet-Cookie: x=1",
    "/%0d%0aLocation: //evil",
    "/%E0%A4%A",
    "javascript:alert(1)",
    "/login?redirect=/x",
    "/",
    // Dot segments that resolve to "//host" after the "//" check.
    "/.//evil.example/x",
    "/%2e//evil.example/x",
    "/%2E//evil.example/x",
    "/a/..//evil.example/x",
    "/.%2e//evil.example/x",
    "/%2e%2e//evil.example/x",
    "/a/b/../..//evil.example/x",
    "/./%2F/evil.example",
    "/.//evil.example/x?next=/dashboard",
  ])("refuses %j", (target) => {
    expect(safeRedirect(target)).toBe("/dashboard");
  });

  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirect("/dispatchManage/waybillList?status=1&current=2#top")).toBe("/dispatchManage/waybillList?status=1&current=2#top");
    expect(safeRedirect("/sysNotification")).toBe("/sysNotification");
  });

  it("keeps paths whose dot segments stay on the console, resolved", () => {
    expect(safeRedirect("/a/../sysNotification")).toBe("/sysNotification");
    expect(safeRedirect("/./dispatchManage/./waybillList?x=1")).toBe("/dispatchManage/waybillList?x=1");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect(["/x"], "/home")).toBe("/home");
  });
});
