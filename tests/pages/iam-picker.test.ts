/**
 * 用户管理's 所属企业 without JavaScript: the shared reference picker over the organisations
 * in the caller's scope. 「搜索」 comes back with the organisations narrowed by name and the form as
 * typed (nothing saved); the narrowed organisation is saved as the new user's.
 */
import { describe, expect, it } from "vitest";
import { optionValues, textOf, type LoadedPage } from "../helpers/no-script-browser";
import { browserAs } from "./support";

describe("用户管理 所属企业 picker, JavaScript off", () => {
  it("narrows 所属企业 by name, keeps what was typed, and saves the user in the chosen organisation", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const page = await browser.get("/system/user?form=new");
    expect(page.status).toBe(200);
    const formOf = (p: LoadedPage) => p.doc.querySelector('form[aria-label="新增用户"]')!;
    const orgs = (p: LoadedPage) => formOf(p).querySelector('select[name="orgId"]')!;
    const offered = orgs(page).querySelectorAll("option").filter((o) => o.getAttribute("value"));
    expect(offered.length).toBeGreaterThan(1);
    const wanted = offered.at(-1)!;
    const name = textOf(wanted);
    const search = formOf(page).querySelector('button[name="_pick"][value="orgId"]')!;
    expect(search, "a 「搜索」 for 所属企业").not.toBeNull();
    const mobile = `162${String(Date.now()).slice(-8)}`;
    const narrowed = await browser.submit(page, formOf(page), { mobile, name: "拣选企业用户", type: "ORG_USER", _q_orgId: name }, search);
    expect(narrowed.status).toBe(200);
    const form = formOf(narrowed);
    expect(form.querySelector('input[name="mobile"]')!.getAttribute("value")).toBe(mobile);
    expect(form.querySelector('input[name="name"]')!.getAttribute("value")).toBe("拣选企业用户");
    const labels = orgs(narrowed).querySelectorAll("option").filter((o) => o.getAttribute("value")).map((o) => textOf(o));
    expect(labels).toContain(name);
    for (const label of labels) expect(label).toContain(name);
    expect(textOf(narrowed.doc.querySelector('[role="status"]'))).not.toContain("已添加");

    const save = form.querySelectorAll("button").filter((b) => textOf(b) === "保存").at(-1)!;
    const saved = await browser.submit(narrowed, form, { orgId: wanted.getAttribute("value")! }, save);
    expect(textOf(saved.doc.querySelector("main")), textOf(saved.doc.querySelector('[role="alert"]'))).toContain("已添加 拣选企业用户");
    const listed = await browser.get(`/system/user?keyword=${mobile}`);
    expect(textOf(listed.doc.querySelector("table"))).toContain(name);
    expect(optionValues(orgs(narrowed))).toContain(wanted.getAttribute("value"));
  });
});
