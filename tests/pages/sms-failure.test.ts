/**
 * A password SMS the provider refuses is told at once on the page, JavaScript off: 用户管理's 新增
 * says the password did not go out and why (not "已通过短信发送"), and 重置密码 answers the failure;
 * the row's 重置密码 is the 重发. The provider here is the development stand-in with a failure injected.
 */
import { describe, expect, it } from "vitest";
import { creditCodeWithCheck } from "../../contract/validation";
import { textOf, type LoadedPage, type NoScriptBrowser } from "../helpers/no-script-browser";
import { browserAs } from "./support";

const failNext = async (count: number) => {
  const res = await fetch(`${process.env.TMS_TEST_PLATFORM_URL}/dev/sms-standin/_control/fail`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ count, code: "LIMITED" }) });
  expect(res.status).toBe(200);
};

/** A row action with its confirmation, as a person does it: the row's link, then 确认<label> in the dialog. */
async function confirmRowAction(browser: NoScriptBrowser, list: LoadedPage, rowText: string, action: string, label: string) {
  const row = list.doc.querySelectorAll('[data-testid="resource-row"]').find((r) => textOf(r).includes(rowText))!;
  const asked = await browser.get(row.querySelector(`[data-action="${action}"]`)!.getAttribute("href")!);
  const dialog = asked.doc.querySelector('[data-testid="resource-confirm"]')!;
  return browser.submit(asked, dialog.querySelector("form")!, {}, asked.doc.querySelectorAll("button").find((b) => textOf(b) === `确认${label}`)!);
}

describe("a refused password SMS, JavaScript off", () => {
  it("新增 says the initial password was not sent, with the reason; 重置密码 says so too, and sends again once the provider accepts", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const page = await browser.get("/system/user?form=new");
    const form = page.doc.querySelector('form[aria-label="新增用户"]')!;
    const mobile = `163${String(Date.now()).slice(-8)}`;
    await failNext(1);
    const save = form.querySelectorAll("button").filter((b) => textOf(b) === "保存").at(-1)!;
    const saved = await browser.submit(page, form, { mobile, name: "短信未达", type: "SYSTEM_USER" }, save);
    const said = textOf(saved.doc.querySelector("main"));
    expect(said).toContain("已添加 短信未达，但密码短信发送失败（LIMITED：模拟失败 LIMITED）");
    expect(said).toContain("「重置密码」重发");
    expect(said).not.toContain("初始密码已通过短信发送");

    const list = await browser.get(`/system/platformUserList?keyword=${mobile}`);
    const reset = (from: LoadedPage) => confirmRowAction(browser, from, mobile, "resetPassword", "重置密码");
    await failNext(1);
    const refused = await reset(list);
    expect(textOf(refused.doc.querySelector("main"))).toContain("短信未达 的密码已重置，但密码短信发送失败（LIMITED：模拟失败 LIMITED）");
    const again = await reset(await browser.get(`/system/platformUserList?keyword=${mobile}`));
    expect(textOf(again.doc.querySelector('[role="status"]'))).toContain("新密码已通过短信发送");
  });
});

describe("a refused administrator's password SMS on 企业管理 新增, JavaScript off", () => {
  it("新增企业 says the administrator's initial password was not sent; the row's 重发初始密码 says so too, then sends a new one", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const page = await browser.get("/userInfoManage/addEnterprise");
    const form = page.doc.querySelector('[data-testid="resource-form"]')!;
    const n = Date.now() % 1_000_000;
    const creditCode = creditCodeWithCheck(`91340100MA${String(2_000_000 + n)}`);
    const name = `短信未达企业${n}`;
    await failNext(1);
    const save = form.querySelectorAll("button").filter((b) => textOf(b) === "保存").at(-1)!;
    const values = { name, creditCode, kind: "SHIPPER", businessMode: "SELF_OPERATED", adminName: "周未达", adminMobile: `164${String(Date.now()).slice(-8)}`, contactName: "周未达", contactMobile: "0551-62345678" };
    const saved = await browser.submit(page, form, values, save);
    const said = textOf(saved.doc.querySelector("main"));
    expect(said, textOf(saved.doc.querySelector('[role="alert"]'))).toContain(`企业 ${name} 已新增，但密码短信发送失败（LIMITED：模拟失败 LIMITED）`);
    expect(said).toContain("在企业列表中对该企业点「重发初始密码」重发");

    const listPath = `/userInfoManage/enterpriseList?keyword=${creditCode}`;
    const resend = (from: LoadedPage) => confirmRowAction(browser, from, name, "resendAdminPassword", "重发初始密码");
    await failNext(1);
    const refused = await resend(await browser.get(listPath));
    expect(textOf(refused.doc.querySelector("main"))).toContain(`企业 ${name} 管理员的初始密码已重新生成，但密码短信发送失败（LIMITED：模拟失败 LIMITED）`);
    const again = await resend(await browser.get(listPath));
    expect(textOf(again.doc.querySelector('[role="status"]'))).toContain("新的初始密码已通过短信发送");
  });
});

describe("注册邀请's code is told once, JavaScript off", () => {
  it("发起邀请 shows the new code once (the list keeps its last two characters); 重发 draws another; a refused SMS says so", async () => {
    const browser = await browserAs("SYSTEM_USER");
    const listPath = "/userInfoManage/registrationInvitationList";
    const page = await browser.get(`${listPath}?form=new`);
    const form = page.doc.querySelector('form[aria-label="新增注册邀请"]')!;
    const mobile = `165${String(Date.now()).slice(-8)}`;
    const save = form.querySelectorAll("button").filter((b) => textOf(b) === "保存").at(-1)!;
    const saved = await browser.submit(page, form, { inviteeName: "邀码", inviteeMobile: mobile, role: "DRIVER", channel: "SMS" }, save);
    const said = textOf(saved.doc.querySelector('[role="status"]'));
    const code = /邀请码 ([A-Z2-9]{8})（只显示这一次），已通过短信发送/.exec(said)?.[1];
    expect(code, said).toBeTruthy();
    const listed = await browser.get(`${listPath}?inviteeMobile=${mobile}`);
    const row = textOf(listed.doc.querySelectorAll('[data-testid="resource-row"]').find((r) => textOf(r).includes("邀码")));
    expect(row).toContain(`******${code!.slice(-2)}`);
    expect(row).not.toContain(code!);

    await failNext(1);
    const resent = await confirmRowAction(browser, listed, "邀码", "resend", "重发");
    const again = textOf(resent.doc.querySelector("main"));
    const next = /邀请码 ([A-Z2-9]{8})（只显示这一次），但短信未发出：LIMITED：模拟失败 LIMITED；请转告被邀请人或稍后重发/.exec(again)?.[1];
    expect(next, again).toBeTruthy();
    expect(next).not.toBe(code);
  });
});
