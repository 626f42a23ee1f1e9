/**
 * The whole chain, as a new customer goes through it, on the database of this run
 * (SQLite, or PostgreSQL when TEST_DATABASE_URL is set). A console stack of its own (the built console
 * and its platform, tests/helpers/console-stack.ts) runs on a copy of the seeded template; every step the
 * console has a page for goes through that page's form with JavaScript off (NoScriptBrowser), the
 * driver's too, on his own pages (司机端 /driver: first password, 装货, 卸货, 提现; his position through the
 * page's own endpoint, as its script sends it). Then the same for the water way: the enterprise's
 * captain and his ship, onboarded from nothing, carry a water waybill (装货 → 卸货 → 提现 on his pages; his
 * ship's position is its AIS's, as his page says). Nothing the seed made is used by the new
 * enterprise: its 托运人, 货物, drivers, captains, vehicles and ships are its own. The platform's staff
 * are the demo accounts (the platform exists before any customer).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HTMLElement } from "node-html-parser";
import { checkLedger } from "../../platform/ledger/check.js";
import { clearIdNumbers } from "../helpers/clear-id-scan.js";
import { openDatabase, type Db } from "../../platform/db/index.js";
import type { AnyResource } from "../../contract/resources/kit.js";
import { order as orderDef } from "../../contract/resources/order.js";
import { supply as supplyDef } from "../../contract/resources/supply.js";
import { shipper as shipperDef } from "../../contract/resources/shipper.js";
import { creditCodeWithCheck } from "../../contract/validation.js";
import { exampleIdCard } from "../../contract/resources/driver.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../platform/db/seed.js";
import { NoScriptBrowser, textOf, type LoadedPage } from "../helpers/no-script-browser.js";
import { CREDENTIAL_TYPES, MANDATORY_CREDENTIALS, type SubjectType } from "../../contract/resources/credential.js";
import { demoPng } from "../../platform/documents/png.js";
import { regionPartNames } from "../../contract/region-code.js";
import { startConsoleStack, type ConsoleStack } from "../helpers/console-stack.js";
import { seededTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const TAG = String((process.pid * 7 + Date.now()) % 10_000).padStart(4, "0");

let database: TestDatabase;
let stack: ConsoleStack;
let db: Db;

beforeAll(async () => {
  // While working on the chain: CHAIN_DEV_STACK=<console url>,<platform url>,<database url> runs it
  // against a stack already running (each run makes a new enterprise, so it may run again and again).
  const dev = process.env.CHAIN_DEV_STACK?.split(",");
  if (dev) {
    stack = { baseUrl: dev[0]!, platformUrl: dev[1]!, stop: async () => undefined };
    db = await openDatabase(dev[2]!);
    return;
  }
  database = await seededTestDatabase("chain");
  // The submission job runs every 5 s here (a minute by default): records of a waybill appear without a long wait.
  stack = await startConsoleStack({ TMS_DATABASE_URL: database.url, TMS_REPORT_JOB_SECONDS: "5" });
  db = await openDatabase(database.url);
}, 360_000);

afterAll(async () => {
  await db?.destroy();
  await stack?.stop();
  await database?.drop();
});

// --- the platform's own calls (set-up, cross-checks; the SMS gateway's development outbox) -----------

interface Envelope<T> {
  code: number;
  message?: string;
  errorMsg?: string;
  data?: T;
}

async function platformCall<T>(path: string, body: unknown, token?: string, method = "POST"): Promise<T> {
  const response = await fetch(stack.platformUrl + path, {
    method,
    headers: { "X-Platform": "A", ...(method === "GET" ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: method === "GET" ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data as T;
}

/** What the SMS gateway (the stand-in) accepted for a mobile, newest last. */
async function smsTo(mobile: string): Promise<string[]> {
  const response = await fetch(`${stack.platformUrl}/dev/sms-standin/_control/messages`);
  const { sent } = (await response.json()) as { sent: Array<{ mobile: string; text: string }> };
  return sent.filter((m) => m.mobile === mobile).map((m) => m.text);
}

// --- the console's pages with JavaScript off ---------------------------------------------------------

const browsers = new Map<string, NoScriptBrowser>();
async function staff(kind: "SYSTEM_USER" | "TENANT_USER"): Promise<NoScriptBrowser> {
  let browser = browsers.get(kind);
  if (!browser) {
    browser = new NoScriptBrowser(stack.baseUrl);
    await browser.login(DEMO_ACCOUNTS[kind], DEMO_PASSWORD);
    browsers.set(kind, browser);
  }
  return browser;
}

/** The page's form that holds a control named `control` (or the engine's resource form). */
function formWith(page: LoadedPage, selector: string): HTMLElement {
  const form = page.doc.querySelectorAll("form").find((f) => f.querySelector(selector) || f.matches?.(selector));
  expect(form, `${page.url} has a form with ${selector}`).toBeDefined();
  return form!;
}

function button(form: HTMLElement, label: string | RegExp): HTMLElement {
  const found = form.querySelectorAll("button").find((b) => (typeof label === "string" ? textOf(b) === label : label.test(textOf(b))));
  expect(found, `the form has a button「${label}」`).toBeDefined();
  return found!;
}

/** The value of the option whose text contains `text`. */
function optionNamed(form: HTMLElement, name: string, text: string): string {
  const option = form.querySelectorAll(`select[name="${name}"] option`).find((o) => textOf(o).includes(text));
  expect(option, `「${name}」offers「${text}」: ${form.querySelectorAll(`select[name="${name}"] option`).map(textOf).join(" | ")}`).toBeDefined();
  return option!.getAttribute("value")!;
}

/**
 * A resource form's values from its definition's example (what a user types, through each field's
 * input format), with `overrides` over them; references the example does not name take no value.
 */
function exampleValues(form: HTMLElement, def: AnyResource, n: number, overrides: Record<string, string>): Record<string, string> {
  const body = def.example!.body(n, {});
  const values: Record<string, string> = {};
  for (const [key, field] of Object.entries(def.fields)) {
    const value = body[key];
    // A place is three selects (省/市/区); the test chooses the example's code at each level.
    const parts = regionPartNames(key);
    if (field.kind === "region" && form.querySelector(`[name="${parts.province}"]`) && typeof value === "string") {
      Object.assign(values, { [parts.province]: `${value.slice(0, 2)}0000`, [parts.city]: `${value.slice(0, 4)}00`, [parts.district]: value });
      continue;
    }
    if (!form.querySelector(`[name="${key}"]`)) continue;
    if (value !== undefined && value !== null && !field.ref) values[key] = field.toInput(value as never);
  }
  for (const [key, value] of Object.entries(overrides)) if (form.querySelector(`[name="${key}"]`)) values[key] = value;
  return values;
}

/**
 * A confirmation dialog that a link opens (`?confirm=<intent>:<id>`, a plain form `#<formId>` whose
 * submit button sits in the dialog's footer): fills `values` and confirms; answers the page it lands on.
 */
async function confirmDialog(browser: NoScriptBrowser, path: string, confirm: string, formId: string, values: Record<string, string> = {}): Promise<LoadedPage> {
  const page = await browser.get(`${path}${path.includes("?") ? "&" : "?"}confirm=${encodeURIComponent(confirm)}`);
  const form = page.doc.querySelector(`form#${formId}`);
  expect(form, `${path} opens the dialog of ${confirm}: ${alert(page)}`).not.toBeNull();
  const submit = page.doc.querySelector(`button[form="${formId}"]`);
  expect(submit, `the dialog of ${confirm} has its button`).not.toBeNull();
  const done = await browser.submit(page, form!, values, submit!);
  expect(alert(done), `${path} ${confirm}: ${fieldErrors(done)}`).toBe("");
  return done;
}

/** An engine list's confirmation of a transition (`?confirm=<action>:<id>`). */
const confirmOnList = (browser: NoScriptBrowser, listPath: string, action: string, id: number, values: Record<string, string> = {}) => confirmDialog(browser, listPath, `${action}:${id}`, `confirm-${action}-${id}`, values);

/** A money page's list of waybills to pick (checkboxes `freightId`, a GET to `?confirm=<intent>:`), then its dialog. */
async function pickWaybillsAndConfirm(browser: NoScriptBrowser, path: string, intent: string, freightId: number, values: Record<string, string> = {}): Promise<LoadedPage> {
  const page = await browser.get(path);
  const pick = page.doc.querySelectorAll("form").find((f) => f.querySelector(`input[type="checkbox"][name="freightId"][value="${freightId}"]`));
  expect(pick, `${path} lists waybill ${freightId} to pick`).toBeDefined();
  expect(pick!.querySelector(`input[name="freightId"][value="${freightId}"]`)!.hasAttribute("disabled"), `${path}: waybill ${freightId} may be picked`).toBe(false);
  const chosen = await browser.submit(page, pick!, { freightId: String(freightId) });
  const formId = `confirm-${intent}`;
  const form = chosen.doc.querySelector(`form#${formId}`);
  expect(form, `${path} asks to confirm ${intent}: ${textOf(chosen.doc.querySelector('[role="dialog"]'))}`).not.toBeNull();
  const done = await browser.submit(chosen, form!, values, chosen.doc.querySelector(`button[form="${formId}"]`)!);
  expect(alert(done), `${path} ${intent}: ${fieldErrors(done)}`).toBe("");
  return done;
}

/** Polls `probe` (every 500 ms, up to a minute) until it answers something. */
async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 60_000, explain?: () => Promise<string>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s${explain ? `: ${await explain()}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const status = (page: LoadedPage) => textOf(page.doc.querySelector('[role="status"]'));
const alert = (page: LoadedPage) => textOf(page.doc.querySelector('[role="alert"]'));
const fieldErrors = (page: LoadedPage) => page.doc.querySelectorAll(".field-error").map(textOf).join("; ");

/** Submits the engine's resource form (保存) and expects 已新增; answers the page it landed on. */
async function saveResource(browser: NoScriptBrowser, page: LoadedPage, values: Record<string, string>): Promise<LoadedPage> {
  const form = page.doc.querySelector('[data-testid="resource-form"]');
  expect(form, `${page.url} shows the resource form`).not.toBeNull();
  const saved = await browser.submit(page, form!, values, button(form!, "保存"));
  expect(status(saved), `${page.url}: ${alert(saved)} ${fieldErrors(saved)}`).toContain("已新增");
  return saved;
}

/** The audit form of an engine audit page: 审核通过. */
async function approve(browser: NoScriptBrowser, path: string): Promise<LoadedPage> {
  const page = await browser.get(path);
  expect(page.status, path).toBe(200);
  const form = page.doc.querySelector('[data-testid="audit-form"]');
  expect(form, `${path} shows the audit form`).not.toBeNull();
  expect(form!.querySelector('input[name="transition"][value="approve"]'), `${path} offers 通过`).not.toBeNull();
  const done = await browser.submit(page, form!, { transition: "approve", auditRemark: "资料齐全，同意" }, button(form!, "提交审核"));
  expect(`${status(done)} ${alert(done)}`, `${path}: ${fieldErrors(done)}`).toMatch(/审核通过|已通过|成功/);
  return done;
}

/**
 * The subject's mandatory 证照, each uploaded as a photo on 上传证照 (a multipart form with JavaScript
 * off) by `uploader`, then approved one by one by the platform in the 证照 table of `auditPath`.
 */
async function uploadCredentials(uploader: NoScriptBrowser, subjectType: SubjectType, subjectId: number, auditPath: string, uploadPage = "/userInfoManage/credential/add"): Promise<void> {
  for (const credType of MANDATORY_CREDENTIALS[subjectType] ?? []) {
    const page = await uploader.get(`${uploadPage}?subjectType=${subjectType}&subjectId=${subjectId}`);
    expect(page.status, `上传证照 for ${subjectType} ${subjectId}`).toBe(200);
    const form = page.doc.querySelector('[data-testid="resource-form"]')!;
    const fileInput = form.querySelector('input[type="file"]')!.getAttribute("name")!;
    const label = CREDENTIAL_TYPES[credType].label;
    const photo = { name: `${label}.png`, type: "image/png", bytes: new Uint8Array(demoPng(`${label} ${subjectId}`)) };
    const saved = await uploader.submit(page, form, { subjectType, subjectId: String(subjectId), credType, certNo: `${credType.slice(0, 4)}${TAG}${subjectId}`, validTo: "2031-12-31" }, button(form, "保存"), { [fileInput]: [photo] });
    expect(status(saved), `${label}: ${alert(saved)} ${fieldErrors(saved)}`).toContain("已新增");
  }
  const platform = await staff("SYSTEM_USER");
  for (let round = 0; round <= (MANDATORY_CREDENTIALS[subjectType] ?? []).length; round++) {
    const page = await platform.get(auditPath);
    const section = page.doc.querySelector('section[aria-label="证照"]');
    expect(section, `${auditPath} shows the 证照 table`).not.toBeNull();
    expect(section!.querySelectorAll("img").length, `${auditPath} shows the 证照 photos`).toBeGreaterThan(0);
    const link = section!.querySelector('a[data-action="approve"]');
    if (!link) break;
    const opened = await platform.get(link.getAttribute("href")!);
    const dialogForm = opened.doc.querySelector('form[id^="confirm-approve-"]');
    expect(dialogForm, `${auditPath}: 通过 opens its confirmation`).not.toBeNull();
    const done = await platform.submit(opened, dialogForm!, {}, opened.doc.querySelector(`button[form="${dialogForm!.getAttribute("id")}"]`)!);
    expect(`${done.status} ${alert(done)}`, `${auditPath}: ${fieldErrors(done)}`).toBe("200 ");
  }
  const held = await db.kysely.selectFrom("credentials").select("status").where("subject_type", "=", subjectType).where("subject_id", "=", subjectId).where("deleted_at", "is", null).execute();
  expect(held.map((c) => c.status)).toEqual((MANDATORY_CREDENTIALS[subjectType] ?? []).map(() => "APPROVED"));
}

// --- a driver or captain on his phone (司机端 /driver), and his money ----------------------------------

/**
 * A carrier's first login on his phone: the enterprise opened his account without a password, so his
 * SMS-code login lands on 设置密码, and setting it brings him home; then he binds his card on 我的钱包
 * (before he is paid: the payment's 资金流水单 names the bank he is paid to, and the submission job may
 * build it any time after the payment). Answers his home.
 */
async function carrierFirstLogin(phone: NoScriptBrowser, mobile: string, password: string, card: { cardNo: string; bankName: string; bankBranch: string }): Promise<LoadedPage> {
  const first = await phone.loginBySms(mobile, async (to) => (await platformCall<{ content: string }>(`/api/v1/dev/outbox?mobile=${to}&kind=sms`, undefined, undefined, "GET")).content);
  expect(first.url).toBe("/driver/password");
  const form = formWith(first, '[name="confirmPassword"]');
  const home = await phone.submit(first, form, { password, confirmPassword: password });
  expect(home.url, alert(home)).toBe("/driver?password=set");
  const wallet = await phone.get("/driver/wallet");
  const bound = await phone.submit(wallet, formWith(wallet, 'input[name="intent"][value="bindCard"]'), card);
  expect(textOf(bound.doc.querySelector('[data-testid="wallet-notice"]')), alert(bound)).toContain("银行卡已绑定");
  return home;
}

const STEP_WORDS = { LOADING: { field: "loadedWeight", verb: "装货" }, UNLOADING: { field: "unloadedWeight", verb: "卸货" } } as const;

/**
 * His next step from his home, as he takes it: the large button, the weight and the 磅单 photo (a file
 * upload), then the confirmation. Answers the home he lands on ("…装货成功").
 */
async function stepOnPhone(phone: NoScriptBrowser, step: keyof typeof STEP_WORDS, weight: string, freightNo: string): Promise<LoadedPage> {
  const { field, verb } = STEP_WORDS[step];
  const home = await phone.get("/driver");
  const next = home.doc.querySelector('[data-testid="driver-next-step"]');
  expect(textOf(home.doc.querySelector('[data-testid="driver-current"]'))).toContain(freightNo);
  expect(textOf(next)).toContain(`我要${verb}`);
  const page = await phone.get(next!.getAttribute("href")!);
  expect(page.url).toBe(`/driver/${step === "LOADING" ? "loading" : "unloading"}?freightNo=${freightNo}`);
  const ticket = { name: `${verb}磅单.png`, type: "image/png", bytes: new Uint8Array(demoPng(`${verb}磅单 ${freightNo}`)) };
  const checked = await phone.submit(page, formWith(page, `[name="${field}"]`), { [field]: weight }, undefined, { weighTicketUrl__file: [ticket] });
  const confirm = checked.doc.querySelector(`[data-testid="driver-confirm-${step}"]`);
  expect(confirm, alert(checked) + fieldErrors(checked)).not.toBeNull();
  const done = await phone.submit(checked, confirm!, {}, button(confirm!, `确认${verb}`));
  expect(textOf(done.doc.querySelector('[data-testid="driver-done"]')), alert(done)).toContain(`${verb}成功`);
  return done;
}

/** The administrator signs, confirms and completes a waybill on the step pages of its way. */
async function finishWaybill(freightNo: string, signPath: string): Promise<void> {
  const admin = enterprise.browser;
  for (const [path, step, label] of [
    [signPath, "SIGN", "确认签收"],
    ["/dispatchManage/confirm", "FLEET_CONFIRM", "确认运单"],
    ["/dispatchManage/confirm", "COMPLETE", "完成运单"],
  ] as const) {
    const page = await admin.get(`${path}?freightNo=${freightNo}`);
    const form = page.doc.querySelector(`[data-testid="step-form-${step}"]`);
    expect(form, `${path} offers ${step}`).not.toBeNull();
    const done = await admin.submit(page, form!, {}, button(form!, label));
    expect(textOf(done.doc.querySelector('[data-testid="step-done"]')), alert(done)).toContain(`运单 ${freightNo}`);
  }
}

/**
 * The enterprise pays a waybill on its 待付款 page. A new enterprise's 企业配置 says 付款须审核 = 是: the
 * payment waits on 支付详情 until someone with 支付审核 approves it, and only then does the ledger move.
 */
async function payWaybill(pendingPath: string, freightId: number): Promise<void> {
  const admin = enterprise.browser;
  await pickWaybillsAndConfirm(admin, pendingPath, "pay", freightId);
  const payment = await db.kysely.selectFrom("payments").select(["id", "status"]).where("org_id", "=", enterprise.orgId).orderBy("id", "desc").executeTakeFirstOrThrow();
  expect(payment.status).toBe("PENDING_AUDIT");
  const detail = await admin.get(`/financialManage/paymentDetail?id=${payment.id}`);
  const audit = formWith(detail, 'input[name="intent"][value="approve"]');
  const approved = await admin.submit(detail, audit, {}, button(audit, "审核通过并支付"));
  expect(alert(approved), fieldErrors(approved)).toBe("");
  expect((await db.kysely.selectFrom("payments").select("status").where("id", "=", payment.id).executeTakeFirstOrThrow()).status).toBe("SUCCESS");
  const paid = await db.kysely.selectFrom("payment_items").select("status").where("freight_id", "=", freightId).execute();
  expect(paid.map((p) => p.status)).toEqual(["SUCCESS"]);
}

/** The carrier withdraws what he may to his card on 我的钱包; the platform approves and pays it out on 提现列表. */
async function withdrawAll(phone: NoScriptBrowser, userId: number): Promise<void> {
  const wallet = await phone.get("/driver/wallet");
  const available = textOf(wallet.doc.querySelector('[data-testid="wallet-available"]')).replace(/[ 元,]/g, "");
  expect(Number(available), "the payment reached his wallet").toBeGreaterThan(0);
  const sent = await phone.submit(wallet, formWith(wallet, 'input[name="intent"][value="withdraw"]'), { amount: available });
  expect(textOf(sent.doc.querySelector('[data-testid="wallet-notice"]')), alert(sent)).toMatch(/提现申请 \S+ 已提交，[\d,.]+ 元已冻结/);
  const withdrawal = await db.kysely.selectFrom("withdrawals").select(["id"]).where("owner_type", "=", "USER").where("owner_id", "=", userId).orderBy("id", "desc").executeTakeFirstOrThrow();
  const platform = await staff("SYSTEM_USER");
  await confirmOnList(platform, "/financialManage/withdrawList", "approve", Number(withdrawal.id));
  await confirmOnList(platform, "/financialManage/withdrawList", "succeed", Number(withdrawal.id), { bankSerialNo: `PAYOUT${TAG}${Date.now()}` });
  expect((await db.kysely.selectFrom("withdrawals").select("status").where("id", "=", withdrawal.id).executeTakeFirstOrThrow()).status).toBe("SUCCESS");
}

// --- the chain -----------------------------------------------------------------------------------------

const enterprise = { name: `淮北链测粮贸有限公司${TAG}`, adminMobile: `1771${TAG}001`, id: 0, orgId: 0, password: `Lianc${TAG}ok`, browser: null as unknown as NoScriptBrowser };
const person = { name: "韩立新", mobile: `1771${TAG}101`, idCardNo: exampleIdCard(Number(TAG) + 4242), profileId: 0, rosterId: 0, userId: 0, browser: null as NoScriptBrowser | null };
const truck = { plateNo: `皖F${String(10_000 + Number(TAG)).slice(-5)}`, id: 0 };
const waybill = { id: 0, freightNo: "" };
const order = { id: 0, orderNo: "" };
let supplyNo = "";
// The water way, after the road one: the same enterprise's captain and his ship, and a water waybill.
const captain = { name: "梁海舟", mobile: `1771${TAG}201`, idCardNo: exampleIdCard(Number(TAG) + 5353), profileId: 0, rosterId: 0, userId: 0, browser: null as NoScriptBrowser | null };
const vessel = { shipName: `皖淮北货${TAG}`, id: 0 };
const voyage = { id: 0, freightNo: "", orderId: 0 };

/** Each link makes several page round trips; a loaded CI machine may take a while over one. */
const LINK = { timeout: 300_000 };

describe.sequential("the whole chain, as a new customer goes through it", () => {
  it("the platform registers the enterprise on 新增企业 and approves it on 企业审核", LINK, async () => {
    const platform = await staff("SYSTEM_USER");
    const add = await platform.get("/userInfoManage/addEnterprise");
    await saveResource(platform, add, {
      name: enterprise.name,
      creditCode: creditCodeWithCheck(`91340600MA${String(2_000_000 + Number(TAG))}`),
      kind: "SHIPPER",
      businessMode: "SELF_OPERATED",
      adminName: "韩经理",
      adminMobile: enterprise.adminMobile,
      contactName: "韩经理",
      contactMobile: "0561-3123456",
    });
    const row = await db.kysely.selectFrom("enterprise_profiles").select(["id", "org_id"]).where("name", "=", enterprise.name).executeTakeFirstOrThrow();
    enterprise.id = Number(row.id);
    enterprise.orgId = Number(row.org_id);
    // An enterprise is approved only with its 营业执照 approved: the platform uploads the copy it was given.
    await uploadCredentials(platform, "ENTERPRISE", enterprise.id, `/userInfoManage/enterprise/${enterprise.id}/audit`);
    await approve(platform, `/userInfoManage/enterprise/${enterprise.id}/audit`);
  });

  it("its administrator logs in with the password the SMS brought, must change it, and does", LINK, async () => {
    const [sms] = await smsTo(enterprise.adminMobile);
    expect(sms, "the approval sent the administrator his initial password").toContain(enterprise.name);
    const initial = /初始密码 (\S+)，/.exec(sms!)![1]!;
    const browser = new NoScriptBrowser(stack.baseUrl);
    const login = await browser.get("/login");
    const form = formWith(login, '[name="mobile"]');
    const landed = await browser.submit(login, form, { mobile: enterprise.adminMobile, password: initial }, form.querySelectorAll("button").find((b) => b.getAttribute("value") === "login"));
    expect(landed.url).toContain("/personalCenter/userInfo");
    const change = formWith(landed, '[name="oldPassword"]');
    const changed = await browser.submit(landed, change, { oldPassword: initial, newPassword: enterprise.password, confirmPassword: enterprise.password }, button(change, "修改密码"));
    expect(status(changed) + alert(changed)).toContain("密码已修改");
    const again = new NoScriptBrowser(stack.baseUrl);
    await again.login(enterprise.adminMobile, enterprise.password);
    enterprise.browser = again;
  });
});

describe.sequential("the enterprise's resources, approved by the platform", () => {
  it("the administrator adds a driver on 新增司机 and a vehicle on 车辆运营", LINK, async () => {
    const admin = enterprise.browser;
    await saveResource(admin, await admin.get("/resourceManager/driver/add"), {
      name: person.name,
      mobile: person.mobile,
      idCardNo: person.idCardNo,
      driverType: "OWN",
      vehicleClass: "A2",
      licenseValidTo: "2032-03-15",
      qualificationCertNo: person.idCardNo,
      qualificationValidTo: "2030-12-31",
    });
    const roster = await db.kysely.selectFrom("freight_drivers").select(["id", "profile_id", "user_id"]).where("org_id", "=", enterprise.orgId).where("mobile", "=", person.mobile).executeTakeFirstOrThrow();
    Object.assign(person, { rosterId: Number(roster.id), profileId: Number(roster.profile_id), userId: Number(roster.user_id) });
    expect(person.userId, "the new driver has an account of his own").toBeGreaterThan(0);
    expect((await smsTo(person.mobile)).join("\n")).toContain(enterprise.name);

    const cars = await admin.get("/carAdministration/carOperate?form=new");
    const form = cars.doc.querySelector('[data-testid="resource-form"]')!;
    await saveResource(admin, cars, {
      plateNo: truck.plateNo,
      plateColorCode: "2",
      vehicleType: "重型半挂牵引车",
      energyType: "B",
      loadCapacity: "35",
      grossMass: "49",
      ownershipType: "OWN",
      driverId: optionNamed(form, "driverId", person.name),
      ownerName: enterprise.name,
      useCharacter: "货运",
      vin: `LFWSRXRJ5A1E${TAG}1`,
      licenseValidTo: "2030-06-30",
      roadCertNo: `3406${TAG}3456`,
    });
    truck.id = Number((await db.kysely.selectFrom("freight_vehicles").select("id").where("org_id", "=", enterprise.orgId).orderBy("id", "desc").executeTakeFirstOrThrow()).id);
  });

  it("the enterprise uploads its driver's and vehicle's 证照 on its own 上传证照, the platform approves each, then the driver on 司机审核 and the vehicle on 车辆审核", LINK, async () => {
    const platform = await staff("SYSTEM_USER");
    await uploadCredentials(enterprise.browser, "DRIVER", person.profileId, `/userInfoManage/driver/audit/${person.profileId}`, "/resourceManager/credential/add");
    await uploadCredentials(enterprise.browser, "VEHICLE", truck.id, `/userInfoManage/car/audit/${truck.id}`, "/resourceManager/credential/add");
    await approve(platform, `/userInfoManage/driver/audit/${person.profileId}`);
    await approve(platform, `/userInfoManage/car/audit/${truck.id}`);
  });
});

describe.sequential("the order, its source and the dispatch", () => {
  it("the administrator adds his 托运人 and 货物, creates an order on 新建订单 and publishes its source on 发布货源", LINK, async () => {
    const admin = enterprise.browser;
    const shipperPage = await admin.get("/resourceManager/shipper/add");
    const shipperName = `淮北链测粮库${TAG}`;
    await saveResource(admin, shipperPage, exampleValues(shipperPage.doc.querySelector('[data-testid="resource-form"]')!, shipperDef, Number(TAG) + 700, { name: shipperName, taxTitle: shipperName }));
    // Orders choose approved shippers only: the platform's staff audit the new one on 托运人审核.
    const shipperRow = await db.kysely.selectFrom("shippers").select("id").where("org_id", "=", enterprise.orgId).orderBy("id", "desc").executeTakeFirstOrThrow();
    await approve(await staff("SYSTEM_USER"), `/userInfoManage/shipper/audit/${shipperRow.id}`);
    const cargoPage = await admin.get("/resourceManager/cargoList?form=new");
    const cargoForm = cargoPage.doc.querySelector('[data-testid="resource-form"]')!;
    await saveResource(admin, cargoPage, { name: "国标二等小麦", categoryId: optionNamed(cargoForm, "categoryId", "小麦"), packaging: "BULK", unitPrice: "2800" });

    const orderPage = await admin.get("/orderManage/newOrders");
    const orderForm = orderPage.doc.querySelector('[data-testid="resource-form"]')!;
    await saveResource(
      admin,
      orderPage,
      exampleValues(orderForm, orderDef, Number(TAG), { shipperId: optionNamed(orderForm, "shipperId", shipperName), cargoId: optionNamed(orderForm, "cargoId", "国标二等小麦"), plannedWeight: "60", unitPrice: "85", shipperUnitPrice: "90" }),
    );
    const row = await db.kysely.selectFrom("freight_orders").select(["id", "order_no"]).where("org_id", "=", enterprise.orgId).orderBy("id", "desc").executeTakeFirstOrThrow();
    Object.assign(order, { id: Number(row.id), orderNo: row.order_no });

    const supplyPage = await admin.get("/supplyManage/newSupply");
    const supplyForm = supplyPage.doc.querySelector('[data-testid="resource-form"]')!;
    await saveResource(
      admin,
      supplyPage,
      exampleValues(supplyForm, supplyDef, Number(TAG), { loadingPlace: shipperName, orderNo: order.orderNo, businessMode: "SELF_OPERATED", shipperId: optionNamed(supplyForm, "shipperId", shipperName), cargoId: optionNamed(supplyForm, "cargoId", "国标二等小麦"), totalWeight: "60", carrierUnitPrice: "85", shipperUnitPrice: "90", contactMobile: enterprise.adminMobile }),
    );
  });

  it("the administrator sends the source to the platform (发布), which approves it on 货源审核", LINK, async () => {
    const row = await db.kysely.selectFrom("supplies").select(["id", "supply_no"]).where("org_id", "=", enterprise.orgId).orderBy("id", "desc").executeTakeFirstOrThrow();
    supplyNo = row.supply_no;
    await confirmOnList(enterprise.browser, "/supplyManage/supplyList", "publish", Number(row.id));
    await approve(await staff("SYSTEM_USER"), `/supplyManage/auditSupply?id=${row.id}`);
  });
});

describe.sequential("the waybill", () => {
  it("the administrator dispatches the order to the new driver and his vehicle on 派单", LINK, async () => {
    const admin = enterprise.browser;
    const list = await admin.get("/dispatchManage/dispatchList");
    const link = list.doc.querySelectorAll("main a").find((a) => textOf(a).startsWith("派单") && (a.getAttribute("href") ?? "").includes(`orderId=${order.id}&`));
    expect(link, "the new order waits on 待调度订单").toBeDefined();
    const page = await admin.get(link!.getAttribute("href")!);
    const form = formWith(page, '[name="items[0].driverId"]');
    const done = await admin.submit(page, form, { "items[0].driverId": String(person.rosterId), "items[0].vehicleId": String(truck.id), "items[0].plannedWeight": "30" }, button(form, "确认派单"));
    expect(textOf(done.doc.querySelector('[data-testid="dispatch-done"]')), alert(done) + fieldErrors(done)).toContain("派单成功，已生成 1 张运单");
    waybill.freightNo = textOf(done.doc.querySelector('[data-testid="dispatched-freight-no"]'));
    const row = await db.kysely.selectFrom("freights").select(["id", "carrier_user_id"]).where("freight_no", "=", waybill.freightNo).executeTakeFirstOrThrow();
    waybill.id = Number(row.id);
    expect(Number(row.carrier_user_id), "the waybill is the new driver's").toBe(person.userId);
  });

  it("the driver logs in on his phone by SMS code, sets his password, binds his card on 我的钱包, and steps the waybill on his pages: 装货 with the 磅单 photo, a plausible track, 卸货", LINK, async () => {
    const phone = new NoScriptBrowser(stack.baseUrl);
    person.browser = phone;
    const home = await carrierFirstLogin(phone, person.mobile, "Hanlx2026go", { cardNo: "6222021234567890128", bankName: "中国工商银行", bankBranch: "淮北分行" });
    expect(textOf(home.doc.querySelector('[data-testid="driver-current"]'))).toContain(waybill.freightNo);
    // A trip takes hours that a test does not wait: the one thing written to the database directly is the
    // clock, moving the dispatch three hours back and, once loaded, the loading two and a half.
    const hour = 3600_000;
    const now = Date.now();
    await db.kysely.updateTable("freights").set({ created_at: new Date(now - 3 * hour).toISOString() }).where("id", "=", waybill.id).execute();
    await stepOnPhone(phone, "LOADING", "30", waybill.freightNo);
    await db.kysely.updateTable("freights").set({ loading_time: new Date(now - 2.5 * hour).toISOString() }).where("id", "=", waybill.id).execute();
    // 淮北 → 合肥 at highway speed: a point every ten minutes on the road. Position has no form (it needs
    // the phone's location, which only a script reads): sent as his open page's script sends it, as JSON
    // to the page's own endpoint, with his console session.
    const points = Array.from({ length: 13 }, (_, i) => ({ lat: 33.95 - i * 0.1, lng: 116.8 - i * 0.03, speed: 65 + (i % 3) * 5, accuracy: 12, recordedAt: new Date(now - 2.4 * hour + i * 600_000).toISOString() }));
    const reported = await phone.request("/driver-position", { method: "POST", body: JSON.stringify({ vehicleId: truck.id, points }), contentType: "application/json" });
    expect(JSON.parse(reported.html)).toMatchObject({ ok: true, stored: 13, imprecise: 0 });
    await stepOnPhone(phone, "UNLOADING", "29.96", waybill.freightNo);
    const row = await db.kysely.selectFrom("freights").select(["status", "loaded_weight", "unloaded_weight"]).where("id", "=", waybill.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "UNLOADED", loaded_weight: 30_000, unloaded_weight: 29_960 });
    const track = await db.kysely.selectFrom("freight_track_points").select((eb) => eb.fn.countAll().as("n")).where("freight_id", "=", waybill.id).executeTakeFirstOrThrow();
    expect(Number(track.n)).toBe(13);
  });

  it("the administrator signs, confirms and completes it on the step pages", LINK, async () => {
    await finishWaybill(waybill.freightNo, "/dispatchManage/sign");
    const row = await db.kysely.selectFrom("freights").select("status").where("id", "=", waybill.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("COMPLETED");
  });
});

describe.sequential("the money", () => {
  const recharge = 5_000;

  it("the enterprise sends a recharge on 平台收款账户, the platform confirms it on 企业余额, the enterprise pays the waybill on 陆运待付款", LINK, async () => {
    const admin = enterprise.browser;
    const page = await admin.get("/accountManage/recharge");
    const form = formWith(page, '[name="payerAccountNo"]');
    // The 转账凭证 is a photo uploaded with the form (multipart, JavaScript off).
    const voucher = { name: "转账凭证.png", type: "image/png", bytes: new Uint8Array(demoPng(`转账凭证 ${TAG}`)) };
    const sent = await admin.submit(page, form, { amount: String(recharge), payerAccountNo: `6222${TAG}00012345`, payerBank: "中国工商银行淮北分行", bankSerialNo: `CHAIN${TAG}${Date.now()}`, transferTime: new Date(Date.now() - 3600_000).toISOString().slice(0, 16) }, button(form, "提交充值申请"), { voucherUrl__file: [voucher] });
    expect(alert(sent), fieldErrors(sent)).toBe("");
    const balance = await (await staff("SYSTEM_USER")).get("/financialManage/enterpriseBalance");
    expect(balance.doc.querySelector('[data-testid="pending-recharges"] [data-testid="document-thumb"] img'), "企业余额 shows the 转账凭证 as a thumbnail").not.toBeNull();
    const row = await db.kysely.selectFrom("recharges").select(["id", "status"]).where("org_id", "=", enterprise.orgId).orderBy("id", "desc").executeTakeFirstOrThrow();
    await confirmDialog(await staff("SYSTEM_USER"), "/financialManage/enterpriseBalance", `recharge.confirm:${row.id}`, `confirm-confirm-${row.id}`);
    expect((await db.kysely.selectFrom("recharges").select("status").where("id", "=", row.id).executeTakeFirstOrThrow()).status).toBe("CONFIRMED");

    await payWaybill("/financialManage/pendingPaymentList", waybill.id);
  });

  it("the driver withdraws to his card on 我的钱包; the platform approves and pays it out on 提现列表; the ledger checks", LINK, async () => {
    await withdrawAll(person.browser!, person.userId);

    const ledger = await checkLedger(db);
    expect(ledger.ok, JSON.stringify(ledger)).toBe(true);
  });
});

describe.sequential("数据报送 and the invoice", () => {
  it("the platform reports the waybill and its payment on 物润道路运输 (上报)", LINK, async () => {
    const platform = await staff("SYSTEM_USER");
    const path = `/wurunPushManage/roadTransport?keyword=${waybill.freightNo}`;
    // The submission job builds a completed and paid waybill's records on its next run; the page lists it then.
    const records = () => db.kysely.selectFrom("report_records").select(["message_type", "status"]).where("freight_id", "=", waybill.id).where("target", "=", "WURUN_ROAD").where("superseded_by", "is", null).execute();
    await until(async () => (await records()).length === 2, `the job builds ${waybill.freightNo}'s 电子运单 and 资金流水单`);
    const listed = await platform.get(path);
    expect(listed.doc.querySelector(`input[name="freightId"][value="${waybill.id}"]`), `物润道路运输 lists ${waybill.freightNo}`).not.toBeNull();
    const form = listed.doc.querySelectorAll("form").find((f) => f.querySelector(`input[name="freightId"][value="${waybill.id}"]`) && f.querySelectorAll("button").some((b) => textOf(b) === "上报"));
    // The job may have sent it already (自动上报); otherwise the platform's 上报 sends it now.
    console.info(`chain: 物润道路运输 ${form ? "offers 上报" : "offers no 上报"} for ${waybill.freightNo}: ${JSON.stringify(await records())}`);
    if (form) {
      const done = await platform.submit(listed, form, {}, button(form, "上报"));
      expect(alert(done), status(done)).toBe("");
    }
    const reported = await until(
      async () => {
        const rows = await records();
        return rows.length === 2 && rows.every((r) => r.status === "SUCCESS") ? rows : null;
      },
      `${waybill.freightNo}'s records reach 上报成功`,
      60_000,
      async () => {
        // What the records (and those they depend on) say, when they do not get there.
        const rows = await db.kysely.selectFrom("report_records").select(["message_type", "status", "last_result_message", "check_result", "depends_on"]).where("target", "=", "WURUN_ROAD").where("superseded_by", "is", null).where((eb) => eb.or([eb("freight_id", "=", waybill.id), eb("subject_id", "in", [person.profileId, person.rosterId, truck.id]).and("message_type", "in", ["DRIVER", "VEHICLE"])])).execute();
        return JSON.stringify(rows.map((r) => ({ ...r, check_result: (JSON.parse(r.check_result) as Array<{ ok: boolean; label: string; message?: string }>).filter((c) => !c.ok) })));
      },
    );
    expect(reported.map((r) => r.message_type).sort()).toEqual(["CAPITAL_FLOW", "WAYBILL"]);
    // 上报成功 shows on the page.
    const page = await platform.get(path);
    expect(textOf(page.doc.querySelector("main table"))).toContain("已上报");
  });

  it("the enterprise applies for the invoice on 新开票列表 and submits it on 开票列表; the platform approves it on 开票审核列表", LINK, async () => {
    const admin = enterprise.browser;
    // 开票须上报成功: the waybill may be picked once its records are 上报成功 at every gating target (the
    // job sends those the platform did not send by hand).
    await until(async () => {
      const page = await admin.get("/financialManage/newBillingList");
      const box = page.doc.querySelector(`input[name="freightId"][value="${waybill.id}"]`);
      return box && !box.hasAttribute("disabled");
    }, `${waybill.freightNo} may be invoiced`);
    // The gate is 安徽省's 上报成功, reached through the encrypted exchange: the province's stand-in opens
    // only content sealed with SM4 under a key wrapped with its SM2 key and signed SM2/SM3, and answers 1001.
    const anhui = await db.kysely
      .selectFrom("report_records as r")
      .innerJoin("report_attempts as a", "a.record_id", "r.id")
      .select(["r.message_type", "r.status", "a.result_code"])
      .where("r.freight_id", "=", waybill.id)
      .where("r.target", "=", "ANHUI")
      .where("r.superseded_by", "is", null)
      .where("a.outcome", "=", "SUCCESS")
      .execute();
    expect(anhui.map((r) => `${r.message_type} ${r.status} ${r.result_code}`).sort()).toEqual(["CAPITAL_FLOW SUCCESS 1001", "WAYBILL SUCCESS 1001"]);
    await pickWaybillsAndConfirm(admin, "/financialManage/newBillingList", "apply", waybill.id);
    const application = await db.kysely.selectFrom("invoice_applications").select(["id", "status"]).where("org_id", "=", enterprise.orgId).orderBy("id", "desc").executeTakeFirstOrThrow();
    if (application.status === "DRAFT") await confirmOnList(admin, "/financialManage/billingList", "submit", Number(application.id));
    await confirmOnList(await staff("SYSTEM_USER"), "/financialManage/billingAuditList", "approve", Number(application.id), { auditRemark: "运单已上报，同意开票" });
    expect((await db.kysely.selectFrom("invoice_applications").select("status").where("id", "=", application.id).executeTakeFirstOrThrow()).status).toBe("APPROVED");
  });
});

describe.sequential("what everyone sees afterwards", () => {
  it("the enterprise's 首页 and 统计报表 count the waybill", LINK, async () => {
    const admin = enterprise.browser;
    const home = await admin.get("/dashboard");
    expect(textOf(home.doc.querySelector('[data-testid="figure-completed-today"]'))).toBe("1");
    expect(textOf(home.doc.querySelector('[data-testid="figure-month-weight"]'))).toBe("30.00");
    const rowOf = async (path: string, key: string) => {
      const page = await admin.get(path);
      // The report's own table, not its chart's data table (图表 / 表格), which names the same rows.
      const row = page.doc.querySelectorAll("main table tbody tr").find((tr) => !tr.closest(".chart-table-pane") && textOf(tr).includes(key));
      expect(row, `${path} has a row of ${key}`).toBeDefined();
      return row!.querySelectorAll("td").map(textOf);
    };
    // 车牌号 车型 核定载质量 运单数 装货重量 卸货重量 趟数 …
    expect((await rowOf("/carStatisticalReport/carStatisticsList", truck.plateNo.slice(-5))).slice(1, 7)).toEqual(["重型半挂牵引车", "35.00", "1", "30.00", "29.96", "1"]);
    // 司机姓名 手机号 车牌号 运单数 完成数 装货重量 卸货重量 …
    expect((await rowOf("/carStatisticalReport/driverStatisticsList", person.mobile)).slice(0, 7)).toEqual([person.name, person.mobile, expect.stringContaining(truck.plateNo.slice(-5)), "1", "1", "30.00", "29.96"]);
  });

  it("every participant finds the chain's notifications in his message centre", LINK, async () => {
    const inbox = async (browser: NoScriptBrowser) => (await browser.get("/sysNotification?size=100")).doc.querySelectorAll('button[name="open"]').map(textOf).join("\n");
    const enterpriseSees = await inbox(enterprise.browser);
    for (const text of [`您的企业「${enterprise.name}」已审核通过。`, `您的司机档案「${person.name}」已审核通过。`, `已审核通过，已在货源大厅发布。`, `运单 ${waybill.freightNo} 已装货`, `运单 ${waybill.freightNo} 已卸货`]) expect(enterpriseSees).toContain(text);
    expect(enterpriseSees).toMatch(/您的车辆「.+」已审核通过。/);
    expect(enterpriseSees).toMatch(/充值单 \S+ 已确认到账/);
    expect(enterpriseSees).toMatch(/开票申请 \S+（.+）已审核通过，等待开票。/);

    const driverSees = await inbox(person.browser!);
    for (const text of [`您的司机档案「${person.name}」已审核通过。`, `运单 ${waybill.freightNo} 已派单`, `运单 ${waybill.freightNo} 已完成`]) expect(driverSees).toContain(text);
    expect(driverSees).toContain(`运单 ${waybill.freightNo} 的运费`);
    expect(driverSees).toMatch(/提现 \S+（.+）已打款至/);

    const platformSees = await inbox(await staff("SYSTEM_USER"));
    expect(platformSees).toMatch(new RegExp(`货源 ${supplyNo} .+ 已提交审核，请及时处理。`));
  });
});

describe.sequential("the captain's water waybill, after the road's figures are read", () => {
  it("the administrator adds a captain on 新增船长 and his ship on 船舶列表 › 新增船舶", LINK, async () => {
    const admin = enterprise.browser;
    await saveResource(admin, await admin.get("/resourceManager/captain/add"), { name: captain.name, mobile: captain.mobile, idCardNo: captain.idCardNo, certificateNo: `皖内河${TAG}0201`, crewPosition: "CAPTAIN", navArea: "B", certValidTo: "2031-06-30" });
    const roster = await db.kysely.selectFrom("freight_captains").select(["id", "profile_id", "user_id"]).where("org_id", "=", enterprise.orgId).where("mobile", "=", captain.mobile).executeTakeFirstOrThrow();
    Object.assign(captain, { rosterId: Number(roster.id), profileId: Number(roster.profile_id), userId: Number(roster.user_id) });
    expect(captain.userId, "the new captain has an account of his own").toBeGreaterThan(0);
    expect((await smsTo(captain.mobile)).join("\n")).toContain(enterprise.name);

    const ships = await admin.get("/resourceManager/shipList");
    const add = ships.doc.querySelectorAll("main a").find((a) => textOf(a).includes("新增船舶"));
    expect(add, "船舶列表 offers 新增船舶").toBeDefined();
    const page = await admin.get(add!.getAttribute("href")!);
    const form = page.doc.querySelector('[data-testid="resource-form"]')!;
    await saveResource(admin, page, {
      shipName: vessel.shipName,
      mmsi: `41268${TAG}`,
      shipIdentityNo: `CN20261${TAG}00`,
      shipType: "BULK",
      loadCapacity: "3200",
      navArea: "B",
      captainId: optionNamed(form, "captainId", captain.name),
      selfOwned: "true",
      registryPort: "蚌埠",
      grossTonnage: "1980",
      netTonnage: "1108",
    });
    vessel.id = Number((await db.kysely.selectFrom("freight_ships").select("id").where("org_id", "=", enterprise.orgId).where("ship_name", "=", vessel.shipName).executeTakeFirstOrThrow()).id);
  });

  it("the enterprise uploads his and his ship's 证照, the platform approves each, then the captain on 船长审核 and the ship on 船舶审核", LINK, async () => {
    const platform = await staff("SYSTEM_USER");
    await uploadCredentials(enterprise.browser, "CAPTAIN", captain.profileId, `/userInfoManage/captain/audit/${captain.profileId}`, "/resourceManager/credential/add");
    await uploadCredentials(enterprise.browser, "SHIP", vessel.id, `/userInfoManage/ship/audit/${vessel.id}`, "/resourceManager/credential/add");
    await approve(platform, `/userInfoManage/captain/audit/${captain.profileId}`);
    await approve(platform, `/userInfoManage/ship/audit/${vessel.id}`);
  });

  it("the administrator creates a water order on 新建订单 and dispatches it to the captain and his ship on 派单", LINK, async () => {
    const admin = enterprise.browser;
    const orderPage = await admin.get("/orderManage/newOrders");
    const orderForm = orderPage.doc.querySelector('[data-testid="resource-form"]')!;
    await saveResource(
      admin,
      orderPage,
      exampleValues(orderForm, orderDef, Number(TAG) + 1, { freightWay: "WATER", shipperId: optionNamed(orderForm, "shipperId", `淮北链测粮库${TAG}`), cargoId: optionNamed(orderForm, "cargoId", "国标二等小麦"), loadingPlace: "蚌埠港", unloadingPlace: "合肥港", plannedWeight: "120", unitPrice: "10", shipperUnitPrice: "12" }),
    );
    voyage.orderId = Number((await db.kysely.selectFrom("freight_orders").select("id").where("org_id", "=", enterprise.orgId).where("freight_way", "=", "WATER").orderBy("id", "desc").executeTakeFirstOrThrow()).id);

    const list = await admin.get("/dispatchManage/dispatchList?freightWay=WATER");
    const link = list.doc.querySelectorAll("main a").find((a) => textOf(a).startsWith("派单") && (a.getAttribute("href") ?? "").includes(`orderId=${voyage.orderId}&`));
    expect(link, "the water order waits on 待调度订单").toBeDefined();
    const page = await admin.get(link!.getAttribute("href")!);
    const form = formWith(page, '[name="items[0].captainId"]');
    const done = await admin.submit(page, form, { "items[0].captainId": String(captain.rosterId), "items[0].shipId": String(vessel.id), "items[0].plannedWeight": "120" }, button(form, "确认派单"));
    expect(textOf(done.doc.querySelector('[data-testid="dispatch-done"]')), alert(done) + fieldErrors(done)).toContain("派单成功，已生成 1 张运单");
    voyage.freightNo = textOf(done.doc.querySelector('[data-testid="dispatched-freight-no"]'));
    const row = await db.kysely.selectFrom("freights").select(["id", "carrier_user_id", "freight_way"]).where("freight_no", "=", voyage.freightNo).executeTakeFirstOrThrow();
    voyage.id = Number(row.id);
    expect({ way: row.freight_way, carrier: Number(row.carrier_user_id) }, "the water waybill is the new captain's").toEqual({ way: "WATER", carrier: captain.userId });
  });

  it("the captain logs in on his phone by SMS code, sets his password, binds his card, and takes 装货 and 卸货 on his pages; his ship's position is AIS's", LINK, async () => {
    const phone = new NoScriptBrowser(stack.baseUrl);
    captain.browser = phone;
    const home = await carrierFirstLogin(phone, captain.mobile, "Lianghz2026", { cardNo: "6228480402564890018", bankName: "中国农业银行", bankBranch: "蚌埠分行" });
    const card = textOf(home.doc.querySelector('[data-testid="driver-current"]'));
    for (const fact of [voyage.freightNo, "装货港", "卸货港", "蚌埠港", "合肥港", vessel.shipName, enterprise.name]) expect(card, `his card names ${fact}`).toContain(fact);
    const loaded = await stepOnPhone(phone, "LOADING", "120", voyage.freightNo);
    // His ship's position comes from its AIS: the page says so and offers no reporter.
    expect(textOf(loaded.doc.querySelector('[data-testid="driver-position-ais"]'))).toContain("AIS");
    expect(loaded.doc.querySelector('[data-testid="driver-position"]'), "no phone reporter for a ship").toBeNull();
    const unloading = await phone.get(`/driver/unloading?freightNo=${voyage.freightNo}`);
    expect(textOf(unloading.doc.querySelector('[data-testid="driver-position-ais"]'))).toContain("AIS");
    await stepOnPhone(phone, "UNLOADING", "119.9", voyage.freightNo);
    const row = await db.kysely.selectFrom("freights").select(["status", "loaded_weight", "unloaded_weight"]).where("id", "=", voyage.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "UNLOADED", loaded_weight: 120_000, unloaded_weight: 119_900 });
    const done = await phone.get("/driver?tab=done");
    expect(textOf(done.doc.querySelector("main")), "已完成 lists his voyage").toContain(voyage.freightNo);
  });

  it("the administrator signs, confirms and completes it; pays it on 水运待付款; the captain withdraws on 我的钱包; the ledger checks", LINK, async () => {
    await finishWaybill(voyage.freightNo, "/dispatchManage/watersign");
    expect((await db.kysely.selectFrom("freights").select("status").where("id", "=", voyage.id).executeTakeFirstOrThrow()).status).toBe("COMPLETED");
    await payWaybill("/financialManage/waterPendingPaymentList", voyage.id);
    await withdrawAll(captain.browser!, captain.userId);
    const ledger = await checkLedger(db);
    expect(ledger.ok, JSON.stringify(ledger)).toBe(true);
  });
});

describe("after the chain", () => {
  it("keeps no ID number in clear in any text column (the chain's own driver included)", LINK, async () => {
    expect(await clearIdNumbers(db)).toEqual([]);
  });
});
