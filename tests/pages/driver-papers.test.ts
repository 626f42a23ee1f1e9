/**
 * A driver's first login and his 证照 on his phone, with JavaScript off: an enterprise adds a new driver
 * (his account has no password); he logs in by SMS code and is taken to 设置密码 before anything else
 * (the rules in words, refusals that say which rule), then to his home. A driver given an initial
 * password is taken there too, and asked for it. 我的证照 lists his papers with their state; he uploads
 * one as a photo (file) for review; staff reject it and he reads the reason.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { exampleIdCard } from "../../contract/resources/driver.js";
import { demoPng } from "../../platform/documents/png.js";
import { ONBOARDED } from "../../platform/demo/onboarded-seed.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../platform/db/seed.js";
import { call, loginAs } from "../helpers/platform";
import { NoScriptBrowser, textOf, type LoadedPage } from "../helpers/no-script-browser";
import { consoleUrl } from "./support";

const MOBILE = "13800036101";
const NEW_PASSWORD = "xin2026ma";
const platformUrl = () => process.env.TMS_TEST_PLATFORM_URL!;
const byTestId = (page: LoadedPage, id: string) => page.doc.querySelector(`[data-testid="${id}"]`);
const photo = (seed: string) => ({ name: `${seed}.png`, type: "image/png", bytes: new Uint8Array(demoPng(seed, 24, 16)) });

async function post<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await call<T>(platformUrl(), path, { body, token });
  if (res.body.code !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  return res.body.data!;
}

async function lastSms(mobile: string): Promise<string> {
  const res = await fetch(`${platformUrl()}/api/v1/dev/outbox?mobile=${mobile}&kind=sms`);
  return ((await res.json()) as { data: { content: string } }).data.content;
}

describe("司机端: first login and 我的证照, JavaScript off", () => {
  let driver: NoScriptBrowser;
  let profileId = 0;

  beforeAll(async () => {
    const { accessToken } = await loginAs(platformUrl(), ONBOARDED.adminMobile);
    const idCardNo = exampleIdCard(36_101);
    const roster = await post<{ profileId: number }>(accessToken, "/tms-driver", { name: "新司机甲", mobile: MOBILE, idCardNo, driverType: "OWN", vehicleClass: "A2", licenseValidTo: "2032-03-15", qualificationCertNo: idCardNo, qualificationValidTo: "2030-12-31" });
    profileId = roster.profileId;
    driver = new NoScriptBrowser(consoleUrl());
  });

  it("a driver an enterprise added logs in by SMS code and sets his password first, on his phone's page; then lands on his home", async () => {
    const landed = await driver.loginBySms(MOBILE, lastSms);
    expect(landed.url).toBe("/driver/password");
    expect(textOf(byTestId(landed, "password-why"))).toContain("第一次登录");
    const form = byTestId(landed, "password-form")!;
    expect(form.querySelector('input[name="oldPassword"]'), "no current password to ask for").toBeNull();
    expect(textOf(byTestId(landed, "password-rules"))).toContain("要有字母");
    // Anything else sends him back here until it is set.
    expect((await driver.get("/driver/wallet")).url).toBe("/driver/password");

    const weak = await driver.submit(landed, form, { password: "123456", confirmPassword: "123456" });
    expect(weak.status).toBe(400);
    expect(textOf(weak.doc.querySelector("#password-password-error"))).toBe("新密码不符合要求：8 到 20 位，要有字母（a–z 或 A–Z）");
    const mismatch = await driver.submit(weak, byTestId(weak, "password-form")!, { password: NEW_PASSWORD, confirmPassword: "xin2026mb" });
    expect(textOf(mismatch.doc.querySelector("#password-confirmPassword-error"))).toBe("两次输入的密码不一致");
    const done = await driver.submit(mismatch, byTestId(mismatch, "password-form")!, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.url).toBe("/driver?password=set");
    expect(textOf(byTestId(done, "driver-password-set"))).toContain("密码已设置");
    expect((await driver.get("/driver/wallet")).url).toBe("/driver/wallet");
    // The password works.
    await new NoScriptBrowser(consoleUrl()).login(MOBILE, NEW_PASSWORD);
  });

  it("a driver given an initial password is asked for it and a new one before anything else", async () => {
    const { accessToken } = await loginAs(platformUrl(), DEMO_ACCOUNTS.SYSTEM_USER);
    const users = await post<{ records: Array<{ id: number; mobile: string }> }>(accessToken, "/iam-user/search", { keyword: MOBILE, current: 1, size: 10 });
    await post(accessToken, `/iam-user/${users.records.find((u) => u.mobile === MOBILE)!.id}/resetPassword`, {});
    const initial = /(Tms[A-Za-z0-9]+9)/.exec(await lastSms(MOBILE))![1]!;
    const phone = new NoScriptBrowser(consoleUrl());
    const login = await phone.get("/login");
    const loginForm = login.doc.querySelector("form[method=post]")!;
    const landed = await phone.submit(login, loginForm, { mobile: MOBILE, password: initial }, loginForm.querySelectorAll("button").find((b) => b.getAttribute("value") === "login"));
    expect(landed.url).toBe("/driver/password");
    expect(textOf(byTestId(landed, "password-why"))).toContain("初始密码");
    const form = byTestId(landed, "password-form")!;
    const wrong = await phone.submit(landed, form, { oldPassword: "wrong1234", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(textOf(byTestId(wrong, "password-refusal"))).toContain("当前密码不正确");
    const done = await phone.submit(wrong, byTestId(wrong, "password-form")!, { oldPassword: initial, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.url).toBe("/driver?password=set");
    driver = phone;
  });

  it("我的证照: his papers with their state; a photo uploaded goes to 待审核; a rejection shows its reason", async () => {
    const home = await driver.get("/driver");
    expect(byTestId(home, "driver-papers-link")?.getAttribute("href")).toBe("/driver/papers");
    const page = await driver.get("/driver/papers");
    expect(page.status).toBe(200);
    const papers = page.doc.querySelectorAll('[data-testid="paper"]');
    expect(papers.map((p) => textOf(p.querySelector("span")))).toEqual(["身份证", "机动车驾驶证", "道路运输从业资格证"]);
    expect(papers.map((p) => textOf(p.querySelector('[data-testid="paper-state"]')))).toEqual(["未上传", "未上传", "未上传"]);

    const upload = await driver.get(`/driver/papers?upload=DRIVER:${profileId}:ID_CARD`);
    const form = byTestId(upload, "paper-form")!;
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    const file = form.querySelector('input[type="file"]')!;
    expect(file.getAttribute("accept")).toBe("image/*");
    expect(file.getAttribute("capture")).toBe("environment");
    const noPhoto = await driver.submit(upload, form, { validTo: "2036-05-01" });
    expect(noPhoto.status).toBe(400);
    expect(textOf(noPhoto.doc.querySelector('[data-testid="paper-form"] [role="alert"]'))).toBe("请拍身份证的照片");
    const sent = await driver.submit(noPhoto, byTestId(noPhoto, "paper-form")!, { validTo: "2036-05-01" }, undefined, { images__file: [photo("新司机甲 身份证")] });
    expect(sent.url).toBe("/driver/papers?done=ID_CARD");
    expect(textOf(byTestId(sent, "papers-done"))).toBe("「身份证」已提交，等待平台审核");
    const idCard = sent.doc.querySelector(`[data-paper="DRIVER:${profileId}:ID_CARD"]`)!;
    expect(textOf(idCard.querySelector('[data-testid="paper-state"]'))).toBe("待审核");
    expect(textOf(idCard.querySelector('[data-testid="paper-valid"]'))).toBe("有效期至 2036-05-01");

    const { accessToken } = await loginAs(platformUrl(), DEMO_ACCOUNTS.SYSTEM_USER);
    const held = await post<{ records: Array<{ id: number }> }>(accessToken, "/tms-credential/search", { subjectType: "DRIVER", subjectId: profileId, credType: "ID_CARD", current: 1, size: 5 });
    await post(accessToken, `/tms-credential/${held.records[0]!.id}/reject`, { rejectReason: "BLURRY", auditRemark: "身份证号看不清" });
    const after = await driver.get("/driver/papers");
    const rejected = after.doc.querySelector(`[data-paper="DRIVER:${profileId}:ID_CARD"]`)!;
    expect(textOf(rejected.querySelector('[data-testid="paper-state"]'))).toBe("已驳回");
    expect(textOf(rejected.querySelector('[data-testid="paper-reject"]'))).toBe("驳回原因：证件照片模糊：身份证号看不清");
    expect(textOf(rejected.querySelector('[data-testid="paper-upload"]'))).toBe("重新上传");
  });

  it("staff are refused his pages", async () => {
    const staff = new NoScriptBrowser(consoleUrl());
    await staff.login(DEMO_ACCOUNTS.ORG_USER, DEMO_PASSWORD);
    expect((await staff.get("/driver/papers")).status).toBe(403);
    expect((await staff.get("/driver/password")).status).toBe(403);
  });
});
