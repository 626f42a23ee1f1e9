/**
 * 装货地区划 / 卸货地区划 on the new-order form with JavaScript: the cascader's 「选择」 is gone
 * once the page runs, choosing a province fills its cities at once (no page load), a city its counties;
 * the saved order shows the places by name.
 */
import { expect, test } from "@playwright/test";
import { order } from "../../contract/resources/order";
import { fillForm, login } from "./support";

test("picks 江苏省 宿迁市 宿城区 as 装货地区划 without a page load and shows it on the saved order", async ({ page }) => {
  await login(page, "ORG_USER", "/orderManage/newOrders");
  const form = page.getByTestId("resource-form");
  await fillForm(page, order, '[data-testid="resource-form"]');
  await expect(form.locator('button[name="_cascade"]'), "no 「选择」 with JavaScript").toHaveCount(0);
  const loads: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) loads.push(frame.url());
  });
  const province = form.getByRole("combobox", { name: "装货地区划（省）" });
  const city = form.getByRole("combobox", { name: "装货地区划（市）" });
  const district = form.getByRole("combobox", { name: "装货地区划（区）" });
  await province.selectOption({ label: "江苏省" });
  await expect(city.locator("option", { hasText: "宿迁市" })).toHaveCount(1);
  await expect(city).toHaveValue("");
  await expect(district.locator("option")).toHaveCount(1); // only 区（请选择）until a city is chosen
  await city.selectOption({ label: "宿迁市" });
  await expect(district.locator("option", { hasText: "宿城区" })).toHaveCount(1);
  await district.selectOption({ label: "宿城区" });
  expect(loads, "the cascade loads no page").toEqual([]);
  const externalNo = `E2EQY${Date.now()}`;
  await form.locator('[name="externalNo"]').fill(externalNo);
  await form.getByRole("button", { name: "保存" }).last().click();
  await expect(page).toHaveURL(/\/orderManage\/orderDetail\?id=\d+/);
  const main = page.locator("main");
  await expect(main).toContainText("江苏省 宿迁市 宿城区");
  await expect(main).toContainText("安徽省 合肥市 庐阳区");
  await expect(main).not.toContainText("321302");
});
