/** 系统文件 with JavaScript on: an upload shows its result and lists the file; 删除 asks in a dialog and removes it. */
import { expect, test } from "@playwright/test";
import { login, waitForHydration } from "./support";

test("a manual is uploaded, listed, and deleted after confirming", async ({ page }) => {
  await login(page, "SYSTEM_USER", "/system/SystemFile");
  await waitForHydration(page);
  const name = `e2e手册${String(Date.now()).slice(-6)}.pdf`;
  const upload = page.getByRole("form", { name: "上传文件" });
  await upload.locator('input[name="file"]').setInputFiles({ name, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n") });
  await upload.getByRole("button", { name: "上传" }).click();
  await expect(page.getByRole("status").filter({ hasText: `已上传 ${name}` })).toBeVisible();

  await page.goto(`/system/SystemFile?keyword=${encodeURIComponent(name)}`);
  await waitForHydration(page);
  const row = page.getByTestId("resource-row").filter({ hasText: name });
  await expect(row.getByRole("link", { name: `下载 ${name}` })).toHaveAttribute("href", /^\/files\/\d+$/);
  await row.getByRole("link", { name: `删除 ${name}` }).click();
  const dialog = page.getByTestId("resource-confirm");
  await dialog.getByRole("button", { name: /删除/ }).click();
  await expect(page.getByRole("status").filter({ hasText: `系统文件 ${name} 已删除` })).toBeVisible();
  await expect(page.getByTestId("resource-row").filter({ hasText: name })).toHaveCount(0);
});
