import { expect, test } from "@playwright/test";
import { login } from "./support";

/** 数据报送: a waybill the province rejected shows as 上报失败 with its code, and staff resubmit it (JavaScript off). */
test.describe("submission", () => {
  test.use({ javaScriptEnabled: false });

  test("a rejected 电子运单 is visible and resubmitted by hand", async ({ page }) => {
    await login(page, "SYSTEM_USER", "/submitData/anhuiJoint?status=FAILED");
    const row = page.getByTestId("report-row").first();
    await expect(row.locator('[data-message="WAYBILL"]')).toContainText("上报失败");
    await expect(row.locator('[data-message="WAYBILL"]')).toHaveAttribute("title", /字段校验失败/);
    await row.getByRole("link", { name: "详情" }).click();
    await expect(page).toHaveURL(/\/submitData\/anhuiDetail\?freightId=\d+/);
    const panel = page.getByTestId("record-WAYBILL");
    await expect(panel.getByTestId("last-result")).toContainText("3005");
    await panel.getByRole("button", { name: "重新上报" }).click();
    await expect(page.getByRole("status")).toContainText("成功");
    await expect(panel.locator('[data-value="SUCCESS"]')).toBeVisible();
    await expect(panel.getByTestId("attempt")).toHaveCount(2);
    await expect(panel.getByTestId("attempt").first()).toContainText("1001");
  });
});
