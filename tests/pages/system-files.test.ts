/**
 * 系统文件 on the engine, JavaScript off: the platform decides each row's actions (a coded file is only
 * replaced, so it offers no 删除), 下载 is a plain download link, the upload form stores a file, and
 * 删除 asks first and then removes the row.
 */
import { describe, expect, it } from "vitest";
import { textOf, type LoadedPage } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const rowNamed = (page: LoadedPage, name: string) => page.doc.querySelectorAll('table[aria-label="系统文件"] [data-testid="resource-row"]').find((row) => textOf(row).includes(name));

describe("系统文件, JavaScript off", () => {
  it("offers 删除 only on files without a code, uploads, and deletes after asking", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const page = await browser.get("/system/SystemFile");
    expect(page.status).toBe(200);
    const coded = rowNamed(page, "平台操作手册")!;
    expect(textOf(coded)).toContain("OPERATION_MANUAL");
    expect(coded.querySelector('[data-action="delete"]'), "a coded file is replaced, never deleted").toBeNull();
    const download = coded.querySelector('a[data-action="download"]')!;
    expect(download.getAttribute("href")).toBe(`/files/${coded.getAttribute("data-id")}`);
    expect(download.hasAttribute("download")).toBe(true);

    const form = page.doc.querySelector('form[aria-label="上传文件"]')!;
    const name = `上传测试${Date.now() % 100_000}.pdf`;
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const uploaded = await browser.submit(page, form, { category: "MANUAL", visibility: "PRIVATE" }, undefined, { file: [{ name, type: "application/pdf", bytes: pdf }] });
    expect(textOf(uploaded.doc.querySelector('[role="status"]')), textOf(uploaded.doc.querySelector('[role="alert"]'))).toContain(`已上传 ${name}`);

    const listed = await browser.get(`/system/SystemFile?keyword=${encodeURIComponent(name)}`);
    const row = rowNamed(listed, name)!;
    expect(row, "the uploaded file is listed").toBeDefined();
    const dialog = await browser.get(row.querySelector('[data-action="delete"]')!.getAttribute("href")!);
    const confirm = dialog.doc.querySelector('[data-testid="resource-confirm"] form')!;
    const done = await browser.submit(dialog, confirm);
    expect(textOf(done.doc.querySelector('[role="status"]'))).toContain(`系统文件 ${name} 已删除`);
    const after = await browser.get(`/system/SystemFile?keyword=${encodeURIComponent(name)}`);
    expect(rowNamed(after, name)).toBeUndefined();
  });
});
