/**
 * 角色管理 on the engine, JavaScript off: the page's own form adds a role with its codes; the list shows
 * the engine's columns (角色名称 with its 描述, 用户数 linking to 用户管理) and the actions the platform
 * allows each row; 停用 and 删除 ask first in the engine's confirmation; a tenant sees the platform's
 * templates with 查看 only, which opens the form read-only.
 */
import { describe, expect, it } from "vitest";
import { textOf, type LoadedPage } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const rowsOf = (page: LoadedPage) => page.doc.querySelectorAll('table[aria-label="角色管理"] [data-testid="resource-row"]');
const rowOf = (page: LoadedPage, name: string) => rowsOf(page).find((row) => textOf(row).includes(name));
const actionsOf = (page: LoadedPage, name: string) => (rowOf(page, name)?.querySelectorAll("[data-action]") ?? []).map((a) => a.getAttribute("data-action"));
const button = (page: LoadedPage, text: string) => page.doc.querySelectorAll("button").find((b) => textOf(b) === text)!;

describe("角色管理, JavaScript off", () => {
  it("adds a role in the page's form, lists it with its 描述 and counts, then 停用 and 删除 ask first", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const name = `页面测试角色${Date.now() % 100_000}`;
    const opened = await browser.get("/system/role?form=new");
    const form = opened.doc.querySelector('form[aria-label="新增角色"]')!;
    expect(form, "the add form is open").not.toBeNull();
    const saved = await browser.submit(opened, form, { name, userType: "ORG_USER", description: "只看报表", codes: "TMS_STATISTICS_OF_lOADING_TRAFFIC" }, button(opened, "保存"));
    expect(textOf(saved.doc.querySelector('[role="status"]'))).toContain(`角色「${name}」已保存`);

    const list = await browser.get(`/system/role?name=${encodeURIComponent(name)}`);
    expect(rowsOf(list)).toHaveLength(1);
    const row = rowOf(list, name)!;
    expect(textOf(row)).toContain("只看报表");
    expect(textOf(row)).toContain("企业用户");
    expect(textOf(row)).toContain("平台");
    expect(row.querySelector('a[href^="/system/user?roleId="]'), "用户数 links to 用户管理").not.toBeNull();
    expect(actionsOf(list, name).sort()).toEqual(["delete", "disable", "edit"]);

    const asked = await browser.get(row.querySelector('[data-action="disable"]')!.getAttribute("href")!);
    const dialog = asked.doc.querySelector('[data-testid="resource-confirm"]')!;
    expect(textOf(dialog)).toContain("持有该角色的用户将在下一次操作时失去其权限");
    const disabled = await browser.submit(asked, dialog.querySelector("form")!, {}, button(asked, "确认停用"));
    expect(textOf(disabled.doc.querySelector('[role="status"]'))).toContain(`${name} 已停用`);
    expect(actionsOf(disabled, name)).toContain("enable");
    expect(actionsOf(disabled, name)).not.toContain("disable");

    const remove = await browser.get(rowOf(disabled, name)!.querySelector('[data-action="delete"]')!.getAttribute("href")!);
    const confirm = remove.doc.querySelector('[data-testid="resource-confirm"]')!;
    const removed = await browser.submit(remove, confirm.querySelector("form")!, {}, button(remove, "确认删除"));
    expect(textOf(removed.doc.querySelector('[role="status"]'))).toContain(`${name} 已删除`);
    expect(rowOf(removed, name)).toBeUndefined();
  });

  it("a tenant sees the platform's templates with 查看 only, and 查看 opens the form read-only", async () => {
    const browser = await browserAs("TENANT_USER");
    const list = await browser.get("/system/role?size=200");
    const templates = rowsOf(list).filter((row) => row.querySelector('[data-action="view"]'));
    expect(templates.length).toBeGreaterThan(0);
    for (const row of templates) expect(row.querySelectorAll("[data-action]").map((a) => a.getAttribute("data-action"))).toEqual(["view"]);
    const viewed = await browser.get(templates[0]!.querySelector('[data-action="view"]')!.getAttribute("href")!);
    const form = viewed.doc.querySelector("form[aria-label^='编辑角色']")!;
    expect(textOf(form)).toContain("查看角色");
    expect(form.querySelectorAll("button").find((b) => textOf(b) === "保存")).toBeUndefined();
    expect(form.querySelector('input[name="name"]')!.hasAttribute("disabled")).toBe(true);
  });

  it("权限管理 lists the catalogue with the roles holding each code; a category narrows it", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const all = await browser.get("/system/permission");
    const rows = (page: LoadedPage) => page.doc.querySelectorAll('table[aria-label="权限管理"] tbody tr');
    const role = rows(all).find((row) => textOf(row).includes("IAM_ROLE_MANAGEMENT"));
    expect(textOf(role)).toContain("角色管理");
    expect(textOf(role)).toContain("平台超级管理员");
    const narrowed = await browser.get(`/system/permission?category=${encodeURIComponent("系统")}`);
    expect(rows(narrowed).length).toBeGreaterThan(0);
    expect(rows(narrowed).length).toBeLessThan(rows(all).length);
    for (const row of rows(narrowed)) expect(textOf(row.querySelectorAll("td")[2])).toBe("系统");
  });
});
