/**
 * 查看完整 and 导出完整证件号 with JavaScript off (docs/design/security-data.md "Personal data"): a
 * detail shows the mask, a holder of 查看完整证件号 opens one number by a form post; an account without
 * the code gets neither the button nor the export box.
 */
import { describe, expect, it } from "vitest";
import { textOf } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const MASKED = /\d{4}\*{10}[\dX]{4}/;

describe("personal data on the console (JavaScript off)", () => {
  it("masks the driver's ID number on his detail and opens it on 查看完整 for the platform's staff", async () => {
    const staff = await browserAs("SYSTEM_USER");
    const list = await staff.get("/userInfoManage/driverList");
    expect(textOf(list.doc.querySelector('[data-testid="resource-row"]'))).toMatch(MASKED);
    expect(list.doc.querySelector('input[name="revealIds"]'), "导出完整证件号 beside 导出").not.toBeNull();
    const detail = await staff.get(list.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    expect(textOf(detail.doc.querySelector('[data-field="idCardNo"]'))).toMatch(MASKED);
    const form = detail.doc.querySelector('button[data-reveal="idCardNo"]')!.closest("form")!;
    const shown = await staff.submit(detail, form, {});
    expect(textOf(shown.doc.querySelector('[data-revealed="idCardNo"]'))).toMatch(/^\d{17}[\dX]$/);
  });

  it("offers an organisation's dispatcher neither 查看完整 nor the export box", async () => {
    const org = await browserAs("ORG_USER");
    const list = await org.get("/resourceManager/driverList");
    expect(textOf(list.doc.querySelector('[data-testid="resource-row"]'))).toMatch(MASKED);
    expect(list.doc.querySelector('input[name="revealIds"]')).toBeNull();
    const detail = await org.get(list.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    expect(textOf(detail.doc.querySelector('[data-field="idCardNo"]'))).toMatch(MASKED);
    expect(detail.doc.querySelector("button[data-reveal]")).toBeNull();
  });
});
