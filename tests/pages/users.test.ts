/**
 * 用户管理 / 平台用户 on the engine, JavaScript off: the account actions are the platform's row actions
 * (computed from the account's state and the caller), asked first in the engine's confirmation and run
 * by the identity service; one's own account offers neither 停用 nor 强制下线.
 */
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../platform/db/seed.js";
import { textOf, type LoadedPage } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const rowOf = (page: LoadedPage, mobile: string) => page.doc.querySelectorAll('table[aria-label="平台用户"] [data-testid="resource-row"]').find((row) => textOf(row).includes(mobile));
const actionsOf = (page: LoadedPage, mobile: string) => (rowOf(page, mobile)?.querySelectorAll("[data-action]") ?? []).map((a) => a.getAttribute("data-action"));

describe("平台用户's account actions, JavaScript off", () => {
  it("停用 asks first, disables the account, then offers 启用 instead; 启用 restores it", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const mobile = DEMO_ACCOUNTS.INDIVIDUAL_USER;
    const list = await browser.get(`/system/platformUserList?keyword=${mobile}`);
    expect(list.status).toBe(200);
    expect(textOf(rowOf(list, mobile))).toContain("正常");
    expect(actionsOf(list, mobile)).toEqual(expect.arrayContaining(["disable", "resetPassword", "forceLogout"]));
    expect(actionsOf(list, mobile)).not.toContain("enable");

    const asked = await browser.get(rowOf(list, mobile)!.querySelector('[data-action="disable"]')!.getAttribute("href")!);
    const dialog = asked.doc.querySelector('[data-testid="resource-confirm"]')!;
    expect(textOf(dialog)).toContain("其登录将立即失效");
    const confirm = dialog.querySelectorAll("button").find((b) => textOf(b) === "确认停用") ?? asked.doc.querySelectorAll("button").find((b) => textOf(b) === "确认停用")!;
    const done = await browser.submit(asked, dialog.querySelector("form")!, {}, confirm);
    expect(textOf(done.doc.querySelector('[role="status"]'))).toContain("已停用，其登录已失效");
    expect(textOf(rowOf(done, mobile))).toContain("已停用");
    expect(actionsOf(done, mobile)).toContain("enable");
    expect(actionsOf(done, mobile)).not.toContain("disable");

    const again = await browser.get(rowOf(done, mobile)!.querySelector('[data-action="enable"]')!.getAttribute("href")!);
    const enable = again.doc.querySelector('[data-testid="resource-confirm"]')!;
    const back = await browser.submit(again, enable.querySelector("form")!, {}, again.doc.querySelectorAll("button").find((b) => textOf(b) === "确认启用")!);
    expect(textOf(back.doc.querySelector('[role="status"]'))).toContain("已启用");
    expect(textOf(rowOf(back, mobile))).toContain("正常");
  });

  it("offers neither 停用 nor 强制下线 on one's own account, and 用户管理 lists no 个人用户", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const own = await browser.get(`/system/platformUserList?keyword=${DEMO_ACCOUNTS.SYSTEM_USER}`);
    expect(actionsOf(own, DEMO_ACCOUNTS.SYSTEM_USER)).toContain("resetPassword");
    expect(actionsOf(own, DEMO_ACCOUNTS.SYSTEM_USER)).not.toContain("disable");
    expect(actionsOf(own, DEMO_ACCOUNTS.SYSTEM_USER)).not.toContain("forceLogout");
    const staff = await browser.get(`/system/user?keyword=${DEMO_ACCOUNTS.INDIVIDUAL_USER}`);
    expect(staff.doc.querySelectorAll('table[aria-label="用户管理"] [data-testid="resource-row"]')).toHaveLength(0);
    const tenant = await browser.get(`/system/user?keyword=${DEMO_ACCOUNTS.TENANT_USER}`);
    const row = tenant.doc.querySelector('table[aria-label="用户管理"] [data-testid="resource-row"]');
    expect(textOf(row)).toContain("租户用户");
    expect(row!.querySelector('[data-action="edit"]')!.getAttribute("href")).toMatch(/\/system\/user\?form=\d+$/);
  });
});
