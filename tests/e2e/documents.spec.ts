/**
 * The one document widget with JavaScript on (docs/design/documents-and-credentials.md): on 账户充值 a
 * chosen 转账凭证 is previewed and uploaded at once (progress bar, then a thumbnail and its `/files/<id>`
 * reference in the form); a file the platform refuses keeps its preview with the reason.
 */
import { expect, test } from "@playwright/test";
import { demoPng } from "../../platform/documents/png.js";
import { login, visit } from "./support";

test("充值's 转账凭证 uploads at once with a preview; a refused file says why", async ({ page }) => {
  await login(page, "ORG_USER");
  await visit(page, "/accountManage/recharge");
  const widget = page.getByTestId("document-upload-voucherUrl");
  const input = widget.locator('input[type="file"]');

  await input.setInputFiles({ name: "凭证.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await expect(widget.getByTestId("document-preview")).toBeVisible();
  await expect(widget.getByRole("alert")).toContainText("文件内容与扩展名 .png 不符");

  const uploaded = page.waitForResponse((r) => r.url().includes("/documents/upload") && r.status() === 200);
  await input.setInputFiles({ name: "转账凭证.png", mimeType: "image/png", buffer: demoPng("转账凭证 e2e", 64, 40) });
  await uploaded;
  await expect(widget.getByTestId("document-thumb").locator("img")).toBeVisible();
  await expect(widget.locator('input[type="hidden"][name="voucherUrl"]')).toHaveValue(/^\/files\/\d+$/);
});
