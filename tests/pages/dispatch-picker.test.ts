/**
 * The dispatch panel's pickers without JavaScript: 派单's 司机 is the shared reference picker
 * over the dispatch selector, so more drivers than one page are reachable: the first page says how many
 * more, 「搜索」 comes back with the options narrowed (beyond the first page) and the row as typed, and
 * a driver the platform will not dispatch is offered greyed with the reason.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { driver } from "../../contract/resources/driver";
import { call, DEMO_ACCOUNTS, loginAs } from "../helpers/platform";
import { optionValues, textOf, type LoadedPage } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const stamp = String(Date.now() % 1000).padStart(3, "0");
const NAMES = Array.from({ length: 55 }, (_, i) => `派单司机${stamp}${String(i).padStart(2, "0")}`);
const TARGET = NAMES[53]!;

beforeAll(async () => {
  const platform = process.env.TMS_TEST_PLATFORM_URL!;
  const { accessToken } = await loginAs(platform, DEMO_ACCOUNTS.ORG_USER);
  for (const [i, name] of NAMES.entries()) {
    const res = await call(platform, "/tms-driver", { token: accessToken, body: { ...driver.example!.body(50_000 + Number(stamp) * 55 + i, {}), name } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  }
});

describe("dispatch panel pickers, JavaScript off", () => {
  it("narrows 司机 by a keyword to a driver beyond the first page, keeps the row as typed, and greys one that cannot be dispatched", async () => {
    const browser = await browserAs("ORG_USER");
    const list = await browser.get("/dispatchManage/dispatchList?freightWay=ROAD");
    const open = list.doc.querySelectorAll('[data-testid="order-row"] a').find((a) => textOf(a).startsWith("派单"));
    expect(open, "an awaiting road order to dispatch").toBeDefined();
    const page = await browser.get(open!.getAttribute("href")!);
    const formOf = (p: LoadedPage) => p.doc.querySelector('[data-testid="dispatch-panel"] form')!;
    const drivers = (p: LoadedPage) => formOf(p).querySelector('select[name="items[0].driverId"]')!;
    expect(drivers(page), "司机 is a picker's select").not.toBeNull();
    expect(optionValues(drivers(page)).length).toBeLessThanOrEqual(20);
    expect(textOf(formOf(page).querySelector('[data-picker="items[0].driverId"]'))).toMatch(/还有 \d+ 项，请输入关键字/);
    expect(drivers(page).querySelectorAll("option").some((o) => textOf(o).includes(TARGET))).toBe(false);

    const search = formOf(page).querySelector('button[name="_pick"][value="items[0].driverId"]')!;
    expect(search, "a 「搜索」 for 司机").not.toBeNull();
    const narrowed = await browser.submit(page, formOf(page), { "_q_items[0].driverId": TARGET.slice(-5), "items[0].plannedWeight": "12.5" }, search);
    expect(narrowed.status).toBe(200);
    expect(narrowed.doc.querySelector('[data-testid="dispatch-done"]'), "「搜索」 dispatches nothing").toBeNull();
    const form = formOf(narrowed);
    expect(form.querySelector('input[name="_q_items[0].driverId"]')!.getAttribute("value")).toBe(TARGET.slice(-5));
    expect(form.querySelector('[name="items[0].plannedWeight"]')!.getAttribute("value")).toBe("12.5");
    expect(form.querySelectorAll(".field-error"), "「搜索」 is not a save: no errors").toHaveLength(0);
    const options = drivers(narrowed).querySelectorAll("option").filter((o) => o.getAttribute("value"));
    expect(options.map((o) => textOf(o))).toHaveLength(1);
    const target = options[0]!;
    expect(textOf(target)).toContain(TARGET);
    // A driver without his credentials on file: offered, but greyed with the platform's reason.
    expect(target.hasAttribute("disabled")).toBe(true);
    expect(textOf(target)).toMatch(/不可派单：.+/);

    // 增加一单 (a round trip without JavaScript): the new row has its own pickers, the first keeps its narrowing.
    const add = form.querySelectorAll("button").find((b) => textOf(b) === "增加一单")!;
    const twoRows = await browser.submit(narrowed, form, {}, add);
    const rows = twoRows.doc.querySelectorAll('[data-testid="dispatch-item"]');
    expect(rows).toHaveLength(2);
    expect(optionValues(rows[0]!.querySelector('select[name="items[0].driverId"]')!)).toEqual([target.getAttribute("value")]);
    expect(optionValues(rows[1]!.querySelector('select[name="items[1].driverId"]')!).length).toBeGreaterThan(1);
    expect(rows[1]!.querySelector('select[name="items[1].vehicleId"]'), "the new row picks a vehicle too").not.toBeNull();
  });
});
