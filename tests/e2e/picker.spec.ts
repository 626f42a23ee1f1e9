/**
 * The reference picker with JavaScript: typing searches the platform (debounced),
 * the arrow keys and Enter pick an option that is not on the first page, Escape closes, and the form
 * saves the chosen id.
 */
import { expect, test } from "@playwright/test";
import { driver } from "../../contract/resources/driver";
import { vehicle } from "../../contract/resources/vehicle";
import { fillForm, login, platformCall, platformToken } from "./support";

test("types a driver's name in 默认司机, picks the match with the keyboard and saves it", async ({ page }) => {
  const token = await platformToken("ORG_USER");
  const stamp = String(Date.now() % 1000).padStart(3, "0");
  const names = Array.from({ length: 55 }, (_, i) => `键选司机${stamp}${String(i).padStart(2, "0")}`);
  for (let i = 0; i < names.length; i += 5) {
    await Promise.all(names.slice(i, i + 5).map((name, j) => platformCall("/tms-driver", { ...driver.example!.body(40_000 + Number(stamp) * 55 + i + j, {}), name }, token)));
  }
  const target = names[53]!;

  await login(page, "ORG_USER", "/carAdministration/carOperate?form=new");
  const form = page.getByTestId("resource-form");
  const combobox = form.getByRole("combobox", { name: "默认司机" });
  // The dialog's form is loaded on the client: fill it once it has mounted (its picker is a combobox then).
  await expect(combobox).toBeVisible();
  await fillForm(page, vehicle, '[data-testid="resource-form"]');
  const plate = await form.locator('[name="plateNo"]').inputValue();
  expect(plate).not.toBe("");
  await combobox.click();
  const listbox = page.getByRole("listbox", { name: "默认司机选项" });
  await expect(listbox).toBeVisible();
  await expect(listbox).toContainText(/还有 \d+ 项，请输入关键字/);
  await expect(listbox.getByRole("option", { name: target })).toHaveCount(0);

  await combobox.fill(target.slice(-6));
  await expect(listbox.getByRole("option", { name: target })).toBeVisible();
  await expect(listbox.getByRole("option")).toHaveCount(2); // 请选择 and the one match
  await combobox.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(form, "Escape in the picker closes its list, not the dialog").toBeVisible();
  await combobox.press("ArrowDown");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  await expect(listbox.getByRole("option", { name: target })).toHaveAttribute("data-active", "true");
  await combobox.press("Enter");
  await expect(listbox).toBeHidden();
  await expect(combobox).toHaveValue(target);

  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${plate.slice(-5)} 已新增` })).toBeVisible();
  const saved = await platformCall<{ records: Array<{ plateNo: string; driverId: number | null; driverName: string | null }> }>("/tms-vehicle/search", { plateNo: plate.slice(-5) }, token);
  expect(saved.records[0]).toMatchObject({ driverName: target });
});
