/**
 * The reference picker without JavaScript: a form whose reference has more options
 * than one page shows how many more, its 「搜索」 re-renders the form with the options narrowed and
 * every other field as typed, and the narrowed option (beyond the first page) saves.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { driver } from "../../contract/resources/driver";
import { vehicle } from "../../contract/resources/vehicle";
import { call, DEMO_ACCOUNTS, loginAs } from "../helpers/platform";
import { optionValues, textOf, type NoScriptBrowser } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const PAGE = "/carAdministration/carOperate";
const stamp = Date.now() % 1000;
const NAMES = Array.from({ length: 60 }, (_, i) => `拣选司机${String(stamp).padStart(3, "0")}${String(i).padStart(2, "0")}`);
const TARGET = NAMES[57]!;

let browser: NoScriptBrowser;

beforeAll(async () => {
  const platform = process.env.TMS_TEST_PLATFORM_URL!;
  const { accessToken } = await loginAs(platform, DEMO_ACCOUNTS.ORG_USER);
  // Sixty more drivers of the demo organisation: the vehicle form's 默认司机 has more than one page of options.
  for (const [i, name] of NAMES.entries()) {
    const res = await call(platform, "/tms-driver", { token: accessToken, body: { ...driver.example!.body(30_000 + stamp * 60 + i, {}), name } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  }
  browser = await browserAs("ORG_USER");
});

describe("reference picker, JavaScript off", () => {
  it("narrows the options by a keyword, keeps what was typed, and saves an option beyond the first page", async () => {
    const page = await browser.get(`${PAGE}?form=new`);
    let form = page.doc.querySelector('[data-testid="resource-form"]')!;
    expect(form).not.toBeNull();
    const select = form.querySelector('select[name="driverId"]')!;
    expect(select.querySelectorAll("option").map(textOf)).not.toContain(TARGET);
    expect(textOf(form.querySelector('[data-picker="driverId"]'))).toMatch(/还有 \d+ 项，请输入关键字/);

    const plate = `皖N${String(10000 + (Date.now() % 90000))}`;
    const search = form.querySelector('button[name="_pick"][value="driverId"]')!;
    expect(textOf(search)).toBe("搜索");
    const narrowed = await browser.submit(page, form, { plateNo: plate, vehicleType: "重型半挂牵引车", _q_driverId: TARGET.slice(-5) }, search);
    expect(narrowed.status).toBe(200);
    form = narrowed.doc.querySelector('[data-testid="resource-form"]')!;
    expect(form.querySelector('input[name="plateNo"]')!.getAttribute("value")).toBe(plate);
    expect(form.querySelector('input[name="vehicleType"]')!.getAttribute("value")).toBe("重型半挂牵引车");
    expect(form.querySelector('input[name="_q_driverId"]')!.getAttribute("value")).toBe(TARGET.slice(-5));
    expect(narrowed.doc.querySelector(".field-error"), "a search marks nothing wrong").toBeNull();
    const choices = form.querySelector('select[name="driverId"]')!.querySelectorAll("option").filter((o) => textOf(o) === TARGET);
    expect(choices).toHaveLength(1);
    const driverId = choices[0]!.getAttribute("value")!;

    const example = vehicle.example!.body(Date.now() % 90_000, {});
    const values: Record<string, string> = { driverId, plateNo: plate };
    for (const [key, value] of Object.entries(example)) if (key !== "plateNo") values[key] = (vehicle.fields as Record<string, { toInput(v: never): string }>)[key]!.toInput(value as never);
    const save = form.querySelectorAll("button").find((b) => textOf(b) === "保存" && !b.getAttribute("aria-hidden"))!;
    const saved = await browser.submit(narrowed, form, values, save);
    expect(saved.status).toBe(200);
    // The platform shows a plate as 皖N·12345.
    const digits = plate.slice(2);
    expect(textOf(saved.doc.querySelector('[role="status"]'))).toMatch(new RegExp(`皖N·?${digits} 已新增`));

    // The saved vehicle's edit form shows its driver although the driver is not on the first page.
    const row = saved.doc.querySelectorAll('[data-testid="resource-row"]').find((tr) => textOf(tr).includes(digits))!;
    const edit = await browser.get(`${PAGE}?form=${row.getAttribute("data-id")}`);
    const editing = edit.doc.querySelector('[data-testid="resource-form"] select[name="driverId"]')!;
    expect(optionValues(editing)).toContain(driverId);
    expect(editing.querySelectorAll("option").find((o) => o.getAttribute("value") === driverId)!.hasAttribute("selected")).toBe(true);
  });
});
