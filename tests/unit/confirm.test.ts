import { describe, expect, it } from "vitest";
import { bulkConfirmKey, confirmedId, confirmHref, confirmParam, intentConfirmOf, recordConfirmOf } from "../../app/lib/confirm";

describe("the ?confirm= address", () => {
  it("reads a record's confirmation, with or without a related list's resource", () => {
    expect(recordConfirmOf(new URL("http://c.test/list?confirm=approve:12"))).toEqual({ resource: null, action: "approve", id: 12 });
    expect(recordConfirmOf("?confirm=vehicle.delete:7")).toEqual({ resource: "vehicle", action: "delete", id: 7 });
    for (const bad of ["approve:0", "approve:", "approve:1e3", "a-b:1", "approve:12&x", ""]) expect(recordConfirmOf(new URLSearchParams({ confirm: bad }))).toBeNull();
  });

  it("tells the id asked for one action on the page's own resource only", () => {
    expect(confirmedId("?confirm=unbind:5", "unbind")).toBe(5);
    expect(confirmedId("?confirm=unbind:5", "grant")).toBeNull();
    expect(confirmedId("?confirm=card.unbind:5", "unbind")).toBeNull();
  });

  it("reads bulk confirmations and a page's own intents", () => {
    expect(bulkConfirmKey("?confirm=submit:&freightId=1&freightId=2")).toBe("submit");
    expect(bulkConfirmKey("?confirm=submit:1")).toBeNull();
    expect(intentConfirmOf("fund:0")).toEqual({ intent: "fund", argument: "0" });
    expect(intentConfirmOf("create:new")).toEqual({ intent: "create", argument: "new" });
    expect(intentConfirmOf("no colon")).toBeNull();
    expect(confirmParam("?x=1")).toBe("");
  });

  it("opens and closes a confirmation keeping the rest of the query", () => {
    expect(confirmHref("/list", "?status=A&confirm=approve:3&current=2", null)).toBe("/list?status=A&current=2");
    expect(confirmHref("/list", "?confirm=approve:3", null)).toBe("/list");
    expect(confirmHref("/list", new URLSearchParams("status=A"), "approve:4")).toBe("/list?status=A&confirm=approve%3A4");
  });
});
