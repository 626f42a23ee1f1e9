/**
 * 安徽省平台对接 with JavaScript off: the national 部网络货运信息交互系统 is a second tab of the same page
 * (`?target=MINISTRY`), with its own state (the demo seeds it disabled), and the table's message cells
 * say 待修正 for a held message with the field and the reason under it.
 */
import { describe, expect, it } from "vitest";
import { textOf } from "../helpers/no-script-browser";
import { browserAs } from "./support";

describe("安徽省平台对接 and the national target", () => {
  it("shows both targets as tabs, each with its own state", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const anhui = await browser.get("/submitData/anhuiJoint");
    const tabs = anhui.doc.querySelector('nav[aria-label="对接目标"]');
    expect(tabs, "the page offers the national target").not.toBeNull();
    expect(textOf(tabs!)).toContain("安徽省网络货运监测平台");
    const link = tabs!.querySelector('a[href="/submitData/anhuiJoint?target=MINISTRY"]');
    expect(textOf(link!)).toBe("部网络货运信息交互系统");
    expect(textOf(anhui.doc.querySelector('[data-testid="target-state"]'))).toContain("对接状态：正常");
    expect(textOf(anhui.doc.querySelector('[data-testid="target-state"]'))).toMatch(/待修正 \d+/);

    const national = await browser.get("/submitData/anhuiJoint?target=MINISTRY");
    expect(textOf(national.doc.querySelector("h2.page-title"))).toContain("部网络货运信息交互系统");
    expect(textOf(national.doc.querySelector('[data-testid="target-state"]'))).toContain("对接状态：未启用");
    expect(national.doc.querySelector('nav[aria-label="对接目标"] b[aria-current="page"]')?.textContent).toBe("部网络货运信息交互系统");
  });

  it("a held message names the field and the reason under its 待修正", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const page = await browser.get("/submitData/anhuiJoint?size=100");
    const held = page.doc.querySelectorAll('[data-testid="report-row"] td').filter((cell) => textOf(cell).startsWith("待修正"));
    // The demo holds the waybills whose track is too short to give a distance (运输里程).
    expect(held.length, "the demo has held messages").toBeGreaterThan(0);
    for (const cell of held) expect(textOf(cell)).toMatch(/^待修正.+（[A-Za-z.0-9]+）.+|^待修正.+：.+/);
    expect(held.map(textOf).join("\n")).toContain("（TransportationDistance）应大于 0");
  });
});
