/**
 * The engine's row selection with JavaScript off (docs/design/pickers-and-tables.md, row selection): a
 * checkbox per row as the platform's `actions` allow (greyed with its reason otherwise), a GET form that
 * keeps the list's filters and opens `?confirm=<action>:` with the ticked rows, and the confirmation that
 * posts them with a request number. Nothing is posted here (the journeys that pay and apply are in
 * tests/e2e/finance.spec.ts, billing.spec.ts and tests/integration/chain.test.ts).
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { textOf } from "../helpers/no-script-browser";
import { browserAs } from "./support";

describe.sequential("row selection and bulk actions, JavaScript off", () => {
  it("陆运待付款: ticking a row and 支付选中运单 opens the confirmation with its count, sum, waybill and request number, keeping the filter", async () => {
    const browser = await browserAs("ORG_USER");
    const page = await browser.get("/financialManage/pendingPaymentList?size=50");
    const form = page.doc.querySelector('form[aria-label="选择运单"]');
    expect(form, "the table sits in the selection form").not.toBeNull();
    const boxes = form!.querySelectorAll('input[type="checkbox"][name="freightId"]');
    const open = boxes.find((b) => !b.hasAttribute("disabled"));
    expect(open, "an organisation with 支付管理 may tick a waybill").toBeDefined();
    // A greyed row says why (an unregistered payee cannot be paid into a wallet).
    for (const box of boxes.filter((b) => b.hasAttribute("disabled"))) expect(box.getAttribute("title")).toMatch(/未注册/);
    const opened = await browser.submit(page, form!, { [open!.getAttribute("name")!]: open!.getAttribute("value")! }, form!.querySelector('[data-testid="pay-selected"]')!);
    expect(opened.url).toMatch(/confirm=pay%3A/);
    expect(opened.url).toContain("size=50");
    const dialog = opened.doc.querySelector("form#confirm-pay");
    expect(dialog, textOf(opened.doc.querySelector('[role="dialog"]'))).not.toBeNull();
    expect(textOf(dialog!.querySelector('[data-testid="pay-summary"]'))).toMatch(/选中运单数 1 个，货主应付合计 [\d,.]+ 元/);
    expect(dialog!.querySelectorAll('input[name="freightId"]').map((i) => i.getAttribute("value"))).toEqual([open!.getAttribute("value")]);
    expect(dialog!.querySelector('input[name="requestNo"]')!.getAttribute("value")).toMatch(/^[0-9a-f-]{36}$/);
    expect(dialog!.querySelector('input[name="intent"]')!.getAttribute("value")).toBe("bulk:pay");
    // The list exports as every engine list does, its computed columns (订单号, 托运人) included.
    const exported = await browser.raw(page.doc.querySelector('a[download][href^="/export.xlsx"]')!.getAttribute("href")!);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await exported.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(["运单号", "订单号", "托运人"]);
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(String(sheet.getRow(2).getCell(2).value ?? "")).not.toBe("");
  });

  it("陆运待付款: the button with nothing ticked asks to tick first; staff read the list without checkboxes", async () => {
    const org = await browserAs("ORG_USER");
    const nothing = await org.get("/financialManage/pendingPaymentList?confirm=pay%3A");
    expect(textOf(nothing.doc.querySelector('[role="dialog"]'))).toContain("请先勾选运单");
    const staff = await browserAs("SYSTEM_USER");
    const read = await staff.get("/financialManage/pendingPaymentList");
    expect(read.doc.querySelectorAll('[data-testid="resource-row"]').length).toBeGreaterThan(0);
    expect(read.doc.querySelector('input[type="checkbox"][name="freightId"]'), "支付 is not the platform's to offer staff").toBeNull();
  });

  it("新开票列表: unreported waybills are greyed with what they lack; the confirmation carries the invoice's choices", async () => {
    const browser = await browserAs("ORG_USER");
    const blocked = await browser.get("/financialManage/newBillingList?reportState=BLOCKED");
    const greyed = blocked.doc.querySelectorAll('input[type="checkbox"][name="freightId"]');
    expect(greyed.length).toBeGreaterThan(0);
    for (const box of greyed) {
      expect(box.hasAttribute("disabled")).toBe(true);
      expect(box.getAttribute("title")).toMatch(/^未上报成功：/);
    }
    const page = await browser.get("/financialManage/newBillingList?reportState=ELIGIBLE");
    const form = page.doc.querySelector('form[aria-label="选择运单"]')!;
    const box = form.querySelector('input[type="checkbox"][name="freightId"]:not([disabled])');
    expect(box).not.toBeNull();
    const opened = await browser.submit(page, form, { freightId: box!.getAttribute("value")! }, form.querySelector('[data-testid="apply-selected"]')!);
    expect(opened.url).toContain("reportState=ELIGIBLE");
    const dialog = opened.doc.querySelector("form#confirm-apply")!;
    expect(textOf(dialog.querySelector('[data-testid="apply-summary"]'))).toMatch(/选中运单数 1 个，开票金额合计 [\d,.]+ 元/);
    for (const name of ["invoiceCompanyId", "invoiceType", "deliveryMethod"]) expect(dialog.querySelector(`select[name="${name}"] option`), name).not.toBeNull();
  });

  it("数据报送: 批量上报 opens its confirmation from the ticked waybills (those with records to send)", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const page = await browser.get("/submitData/anhuiJoint");
    const form = page.doc.querySelector('form#bulk-submit')!;
    expect(form).not.toBeNull();
    const boxes = page.doc.querySelectorAll('input[type="checkbox"][form="bulk-submit"]');
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes.filter((b) => b.hasAttribute("disabled"))) expect(box.getAttribute("title")).toMatch(/已全部上报成功|没有待上报的报文/);
    const open = boxes.find((b) => !b.hasAttribute("disabled"));
    const nothing = await browser.submit(page, form, {}, form.querySelector('[data-testid="submit-selected"]')!);
    expect(textOf(nothing.doc.querySelector('[role="dialog"]'))).toContain("请先勾选");
    if (!open) return;
    const opened = await browser.submit(page, form, { freightId: open.getAttribute("value")! }, form.querySelector('[data-testid="submit-selected"]')!);
    expect(textOf(opened.doc.querySelector('form#confirm-submit [data-testid="submit-summary"]'))).toContain("选中运单数 1 个");
  });
});
