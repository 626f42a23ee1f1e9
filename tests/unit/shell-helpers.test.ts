import { describe, expect, it } from "vitest";
import { addView, closeAll, closeOthers, closeView, mergeAffix, type VisitedView } from "~/components/layout/tabs-store";
import { pagerItems } from "~/components/ui/Pagination";
import { pageParams } from "~/lib/paging";
import { badgeCount, fenToYuan, formatDateTime, kgToTonnes } from "~/lib/format";
import { DEFAULT_SETTINGS, normaliseSettings } from "~/lib/settings";
import { softTint } from "~/lib/palette";

const home: VisitedView = { path: "/dashboard", fullPath: "/dashboard", title: "首页", affix: true };
const view = (path: string, query = ""): VisitedView => ({ path, fullPath: path + query, title: path });

describe("visited views", () => {
  it("are unique by path and a new query updates the existing tab", () => {
    let tabs = addView([home], view("/a"));
    tabs = addView(tabs, view("/b"));
    tabs = addView(tabs, view("/a", "?current=3"));
    expect(tabs.map((t) => t.fullPath)).toEqual(["/dashboard", "/a?current=3", "/b"]);
  });

  it("keep affix tabs on close, close others and close all", () => {
    const tabs = [home, view("/a"), view("/b"), view("/c")];
    expect(closeView(tabs, "/dashboard").map((t) => t.path)).toEqual(["/dashboard", "/a", "/b", "/c"]);
    expect(closeView(tabs, "/b").map((t) => t.path)).toEqual(["/dashboard", "/a", "/c"]);
    expect(closeOthers(tabs, "/b").map((t) => t.path)).toEqual(["/dashboard", "/b"]);
    expect(closeAll(tabs).map((t) => t.path)).toEqual(["/dashboard"]);
  });

  it("put affix tabs first when restoring stored tabs", () => {
    expect(mergeAffix([home], [view("/a"), { ...home, affix: false }]).map((t) => t.path)).toEqual(["/dashboard", "/a"]);
  });
});

describe("pagination", () => {
  it("shows every page when there are few, else first, last and a window with gaps", () => {
    expect(pagerItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(10, 20)).toEqual([1, "…", 8, 9, 10, 11, 12, "…", 20]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, "…", 20]);
    expect(pagerItems(20, 20)).toEqual([1, "…", 18, 19, 20]);
  });

  it("reads page and size from the query with the spec's defaults", () => {
    expect(pageParams(new URL("http://x/list"))).toEqual({ current: 1, size: 20 });
    expect(pageParams(new URL("http://x/list?current=3&size=50"))).toEqual({ current: 3, size: 50 });
    expect(pageParams(new URL("http://x/list?current=-2&size=33"))).toEqual({ current: 1, size: 33 });
    expect(pageParams(new URL("http://x/list?current=99999999&size=201"))).toEqual({ current: 1_000_000, size: 20 });
    expect(pageParams(new URL("http://x/list?current=abc&size=200"))).toEqual({ current: 1, size: 200 });
  });
});

describe("settings", () => {
  it("default to the spec's values and reject a bad theme colour", () => {
    expect(normaliseSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ theme: "#1890ff", tagsView: true, fixedHeader: false, sidebarLogo: true });
    expect(normaliseSettings({ theme: "red;}body{display:none", tagsView: "false" })).toMatchObject({ theme: "#1890ff", tagsView: false });
  });

  it("tint the theme colour towards white", () => {
    expect(softTint("#000000")).toBe("#e0e0e0");
  });
});

describe("formatters", () => {
  it("show kilograms as tonnes and fen as yuan with two decimals", () => {
    expect(kgToTonnes(32_450)).toBe("32.45");
    expect(fenToYuan(123_456)).toBe("1,234.56");
    expect(kgToTonnes(1_234_565)).toBe("1,234.57");
    expect(kgToTonnes(null)).toBe("0.00");
  });

  it("cap the unread badge at 99+ from 100", () => {
    expect(badgeCount(99)).toBe("99");
    expect(badgeCount(100)).toBe("99+");
  });

  it("show times in China Standard Time", () => {
    expect(formatDateTime("2026-11-20T16:30:05.000Z")).toBe("2026-11-21 00:30:05");
    expect(formatDateTime(null)).toBe("-");
  });
});
