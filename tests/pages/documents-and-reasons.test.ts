/**
 * Documents and 驳回原因 with JavaScript off, over HTTP (docs/design/documents-and-credentials.md):
 * 驳回 of a 证照 picks its 驳回原因 from the dictionary; an organisation uploads its own driver's 证照;
 * 装货磅单, 转账凭证 and 发票影像 are files of multipart forms, shown as thumbnails where they are reviewed;
 * 船长审核 shows the captain's 证照.
 */
import { describe, expect, it } from "vitest";
import { demoPng } from "../../platform/documents/png.js";
import { textOf, type LoadedPage } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const photo = (seed: string) => ({ name: `${seed}.png`, type: "image/png", bytes: new Uint8Array(demoPng(seed, 16, 10)) });
const notice = (page: LoadedPage) => textOf(page.doc.querySelector('[role="status"]'));
const button = (form: import("node-html-parser").HTMLElement, text: string) => form.querySelectorAll("button").find((b) => textOf(b).includes(text));

describe("documents and 驳回原因 (JavaScript off)", () => {
  it("a 证照's 驳回 offers the dictionary's reasons, refuses none, and saves the reason with the text", async () => {
    const staff = await browserAs("SYSTEM_USER");
    const list = await staff.get("/userInfoManage/driverList?auditStatus=PENDING");
    const audits = list.doc.querySelectorAll('[data-testid="resource-row"] [data-action="audit"]');
    expect(audits.length, "a pending driver to audit").toBeGreaterThan(0);
    // Other files of this project audit drivers' 证照 too: take the first driver with one still to audit.
    let page: LoadedPage | null = null;
    let reject = null;
    for (const audit of audits) {
      page = await staff.get(audit.getAttribute("href")!);
      reject = page.doc.querySelector('section[aria-label="证照"] a[data-action="reject"]');
      if (reject) break;
    }
    expect(reject, "a 证照 row offers 驳回").not.toBeNull();
    const dialog = await staff.get(reject!.getAttribute("href")!);
    const form = dialog.doc.querySelector('form[id^="confirm-reject-"]')!;
    const reasons = form.querySelectorAll('select[name="rejectReason"] option').map(textOf);
    expect(reasons).toEqual(expect.arrayContaining(["证件照片模糊", "证件已过期", "证件信息与填写不一致", "缺少证件背面", "其他"]));
    const empty = await staff.submit(dialog, form, { auditRemark: "看不清" });
    expect(textOf(empty.doc.querySelector('[data-testid="resource-confirm"]'))).toContain("请选择驳回原因");
    const done = await staff.submit(dialog, form, { rejectReason: "MISSING_BACK", auditRemark: "请补拍背面" });
    expect(notice(done)).toMatch(/证照 .* 已驳回/);
  });

  it("the audit form of a 司机档案 asks for the 驳回原因 before the 审核意见", async () => {
    const staff = await browserAs("TENANT_USER");
    const list = await staff.get("/userInfoManage/driverList?auditStatus=PENDING");
    const page = await staff.get(list.doc.querySelector('[data-testid="resource-row"] [data-action="audit"]')!.getAttribute("href")!);
    const form = page.doc.querySelector('[data-testid="audit-form"]')!;
    const names = form.querySelectorAll("select, textarea").map((e) => e.getAttribute("name"));
    expect(names.indexOf("rejectReason")).toBeGreaterThanOrEqual(0);
    expect(names.indexOf("rejectReason")).toBeLessThan(names.indexOf("auditRemark"));
  });

  it("an enterprise uploads its own driver's 证照 from the driver's page and comes back to it", async () => {
    const org = await browserAs("ORG_USER");
    const list = await org.get("/resourceManager/driverList");
    const detail = await org.get(list.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    const section = detail.doc.querySelector('section[aria-label="证照"]');
    expect(section, "the roster driver's page shows his 证照").not.toBeNull();
    const add = section!.querySelectorAll("a").find((a) => textOf(a) === "上传证照")!;
    expect(add.getAttribute("href")).toMatch(/^\/resourceManager\/credential\/add\?subjectType=DRIVER&subjectId=\d+&back=/);
    const page = await org.get(add.getAttribute("href")!);
    expect(page.status).toBe(200);
    const form = page.doc.querySelector('[data-testid="resource-form"]')!;
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    const saved = await org.submit(page, form, { credType: "INSURANCE_POLICY", certNo: "PDAA2026PAGES001", validTo: "2031-12-31" }, button(form, "保存"), { images__file: [photo("保险单")] });
    expect(saved.url.split("?")[0]).toBe(new URL(add.getAttribute("href")!, "http://x").searchParams.get("back")!.split("?")[0]);
    expect(notice(saved)).toContain("已新增");
    expect(saved.doc.querySelectorAll('section[aria-label="证照"] [data-testid="document-thumb"] img').length).toBeGreaterThan(0);
  });

  it("an enterprise registers its ship on 新增船舶 and uploads the ship's 证照 from its 船舶详情", async () => {
    const org = await browserAs("ORG_USER");
    const list = await org.get("/resourceManager/shipList");
    expect(list.status).toBe(200);
    expect(list.doc.querySelectorAll('[data-testid="resource-row"]').length, "the enterprise's seeded ships").toBeGreaterThan(0);
    const add = await org.get("/resourceManager/ship/add");
    const form = add.doc.querySelector('[data-testid="resource-form"]')!;
    const shipName = `皖蚌埠货${String(Date.now()).slice(-5)}`;
    const saved = await org.submit(add, form, {
      shipName, mmsi: "413" + String(Date.now()).slice(-6), shipIdentityNo: "CN" + String(Date.now()).slice(-11), shipType: "BULK",
      loadCapacity: "2800", navArea: "B", selfOwned: "true", registryPort: "蚌埠", grossTonnage: "1600", netTonnage: "900",
    }, button(form, "保存"));
    expect(notice(saved), textOf(saved.doc.querySelector('[data-testid="resource-form"]'))).toContain("已新增");
    const found = await org.get(`/resourceManager/shipList?keyword=${encodeURIComponent(shipName)}`);
    const detail = await org.get(found.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    expect(textOf(detail.doc.querySelector("main"))).toContain(shipName);
    const upload = detail.doc.querySelector('section[aria-label="证照"]')!.querySelectorAll("a").find((a) => textOf(a) === "上传证照")!;
    expect(upload.getAttribute("href")).toMatch(/^\/resourceManager\/credential\/add\?subjectType=SHIP&subjectId=\d+&back=/);
    const page = await org.get(upload.getAttribute("href")!);
    const credential = page.doc.querySelector('[data-testid="resource-form"]')!;
    const done = await org.submit(page, credential, { credType: "SHIP_NATIONALITY", certNo: "GJ2026PAGES01", validTo: "2031-12-31" }, button(credential, "保存"), { images__file: [photo("船舶国籍证书")] });
    expect(notice(done)).toContain("已新增");
    expect(done.url.split("?")[0]).toBe(new URL(detail.url, "http://x").pathname);
    expect(done.doc.querySelectorAll('section[aria-label="证照"] [data-testid="document-thumb"] img').length).toBeGreaterThan(0);
  });

  it("装货 takes its 磅单 as a file: a wrong type is refused on the form, an image loads the waybill and shows as a thumbnail", async () => {
    const org = await browserAs("ORG_USER");
    const queue = await org.get("/dispatchManage/loading");
    const open = queue.doc.querySelectorAll("a").find((a) => /^\/dispatchManage\/loading\?.*freightNo=/.test(a.getAttribute("href") ?? ""));
    expect(open, "a waybill waiting for 装货").toBeTruthy();
    const page = await org.get(open!.getAttribute("href")!);
    const form = page.doc.querySelector('[data-testid="step-form-LOADING"]')!;
    expect(form, `${open!.getAttribute("href")}: ${textOf(page.doc.querySelector('[data-testid="step-panel"]'))}`).not.toBeNull();
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    const lying = await org.submit(page, form, { loadedWeight: "30" }, undefined, { weighTicketUrl__file: [{ name: "磅单.png", type: "image/png", bytes: new TextEncoder().encode("not an image") }] });
    expect(lying.status).toBe(400);
    expect(textOf(lying.doc.querySelector('[data-testid="step-form-LOADING"]'))).toContain("文件内容与扩展名 .png 不符");
    const done = await org.submit(page, form, { loadedWeight: "30" }, undefined, { weighTicketUrl__file: [photo("装货磅单")] });
    expect(done.doc.querySelector('[data-testid="step-done"]'), textOf(done.doc.querySelector('[role="alert"]'))).not.toBeNull();
    const freightNo = new URL(open!.getAttribute("href")!, "http://x").searchParams.get("freightNo")!;
    const waybill = await org.get(`/dispatchManage/wayillDetails/index?freightNo=${freightNo}`);
    expect(waybill.status).toBe(200);
    expect(waybill.doc.querySelector('[data-testid="document-thumb"][title^="装货磅单"] img'), "运单详情 shows the 磅单").not.toBeNull();
  });

  it("充值 takes its 转账凭证 as a file and lists it as a thumbnail", async () => {
    const org = await browserAs("ORG_USER");
    const page = await org.get("/accountManage/recharge");
    const form = page.doc.querySelector('form[aria-label="充值申请"]')!;
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    const none = await org.submit(page, form, { amount: "100", payerAccountNo: "34001626808052500001", payerBank: "中国农业银行", bankSerialNo: `PAGES${Date.now()}`, transferTime: "2026-03-01T09:00" });
    expect(textOf(none.doc.querySelector('[role="alert"]'))).toContain("请上传转账凭证");
    const sent = await org.submit(page, form, { amount: "100", payerAccountNo: "34001626808052500001", payerBank: "中国农业银行", bankSerialNo: `PAGES${Date.now()}`, transferTime: "2026-03-01T09:00" }, undefined, { voucherUrl__file: [photo("转账凭证")] });
    expect(notice(sent)).toContain("已提交");
    expect(sent.doc.querySelector('[data-testid="recharge-table"] [data-testid="document-thumb"] img')).not.toBeNull();
  });

  it("发票详情: the platform uploads the invoice's image, shown in its 发票影像", async () => {
    const staff = await browserAs("SYSTEM_USER");
    const list = await staff.get("/financialManage/invoiceList?status=ISSUED");
    const detail = await staff.get(list.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    const attach = detail.doc.querySelector('a[data-action="attachImages"]');
    expect(attach, "an issued invoice offers 上传发票影像").not.toBeNull();
    const dialog = await staff.get(attach!.getAttribute("href")!);
    const form = dialog.doc.querySelector('form[id^="confirm-attachImages-"]')!;
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    const done = await staff.submit(dialog, form, {}, undefined, { images__file: [photo("发票")] });
    expect(notice(done)).toContain("已上传发票影像");
    expect(done.doc.querySelector('[data-testid="document-thumb"] img'), "发票影像 shows as a thumbnail").not.toBeNull();
  });

  it("the demo's issued invoices carry their 发票影像, which the applicant enterprise can open", async () => {
    const staff = await browserAs("SYSTEM_USER");
    const list = await staff.get("/financialManage/invoiceList?status=MAILED");
    const detail = await staff.get(list.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    const thumb = detail.doc.querySelector('[data-testid="document-thumb"] img');
    expect(thumb, "a mailed invoice shows its 发票影像").not.toBeNull();
    const image = await staff.get(thumb!.getAttribute("src")!);
    expect(image.status).toBe(200);
  });

  it("船长审核 shows the captain's 证照 with 上传证照, like drivers", async () => {
    const staff = await browserAs("SYSTEM_USER");
    const list = await staff.get("/userInfoManage/captainList");
    expect(list.status).toBe(200);
    const detail = await staff.get(list.doc.querySelector('[data-testid="resource-row"] [data-action="detail"]')!.getAttribute("href")!);
    const section = detail.doc.querySelector('section[aria-label="证照"]');
    expect(section).not.toBeNull();
    expect(section!.querySelectorAll("a").find((a) => textOf(a) === "上传证照")?.getAttribute("href")).toMatch(/^\/userInfoManage\/credential\/add\?subjectType=CAPTAIN&subjectId=\d+$/);
  });
});
