/**
 * The rules the org-resource bindings add to the engine (domain 1.4–1.6, 1.8, 1.9): identity fields by
 * shipper kind, the credit limit of 授信 shippers, one default contact per kind, cargo names unique per
 * organisation, the project period, and references only inside the caller's organisation. Generic engine
 * behaviour (bad input per field, scope, transitions, paging) is covered by the generated tests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleCreditCode, sampleIdCardNo } from "../../contract/resources/samples.js";
import { as, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

type Rec = Record<string, unknown> & { id: number; version: number };
let f: FreightTestPlatform;
let n = 0;

const company = (extra: Record<string, unknown> = {}) => ({
  kind: "COMPANY",
  name: `测试粮贸有限公司${++n}`,
  creditCode: sampleCreditCode(800_000 + n),
  contactName: "周经理",
  contactMobile: "13955710001",
  settleMode: "MONTHLY",
  ...extra,
});

const refusal = async (promise: ReturnType<typeof as>, code: number) => {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((res.body as { code: number }).code, JSON.stringify(res.body)).toBe(code);
  return String((res.body as { message?: string }).message);
};

beforeAll(async () => {
  f = await startFreightPlatform("org-resources");
});
afterAll(async () => {
  await f?.close();
});

describe("托运人", () => {
  it("numbers a new shipper TY… and marks its tax block complete or not", async () => {
    const plain = await okData<Rec>(as(f, "ORG_USER", "/tms-shipper", company()));
    expect(String(plain.shipperNo)).toMatch(/^TY\d{8}\d{6}$/);
    expect(plain.auditStatus).toBe("PENDING");
    expect(plain.taxComplete).toBe(false);
    const full = await okData<Rec>(
      as(f, "ORG_USER", "/tms-shipper", company({ taxTitle: "测试粮贸有限公司", taxNo: sampleCreditCode(810_000), taxAddress: "安徽省蚌埠市东海大道 1 号", taxPhone: "0552-3012345", taxBankName: "农发行蚌埠分行", taxBankAccount: "203340100012345" })),
    );
    expect(full.taxComplete).toBe(true);
    const edited = await okData<Rec>(as(f, "ORG_USER", `/tms-shipper/${full.id}`, { taxBankAccount: null, version: full.version }, "PUT"));
    expect(edited.taxComplete).toBe(false);
  });

  it("needs the credit code for a company and the ID number for a person", async () => {
    expect(await refusal(as(f, "ORG_USER", "/tms-shipper", company({ creditCode: null })), 4000)).toBe("企业托运人请填写统一社会信用代码");
    expect(await refusal(as(f, "ORG_USER", "/tms-shipper", { ...company({ creditCode: null }), kind: "PERSON", name: "陈立军" }), 4000)).toBe("个人托运人请填写身份证号");
    const person = await okData<Rec>(as(f, "ORG_USER", "/tms-shipper", { ...company(), kind: "PERSON", name: "吴永刚", idCardNo: sampleIdCardNo(4321), legalPerson: "不该保存" }));
    expect(person.creditCode).toBeNull();
    expect(person.legalPerson).toBeNull();
    expect(person.idCardNo).toMatch(/^3403\*+\d{3}[\dX]$/);
  });

  it("refuses a second shipper with the same credit code in one organisation", async () => {
    const body = company();
    await okData(as(f, "ORG_USER", "/tms-shipper", body));
    expect(await refusal(as(f, "ORG_USER", "/tms-shipper", { ...body, name: "另一家公司" }), 4009)).toContain("已存在");
  });

  it("requires a credit limit for 授信 and drops it for other modes", async () => {
    expect(await refusal(as(f, "ORG_USER", "/tms-shipper", company({ settleMode: "CREDIT" })), 4000)).toContain("授信额度");
    const credit = await okData<Rec>(as(f, "ORG_USER", "/tms-shipper", company({ settleMode: "CREDIT", creditLimit: 50_000_000 })));
    expect(credit.creditLimit).toBe(50_000_000);
    expect(await refusal(as(f, "ORG_USER", `/tms-shipper/${credit.id}`, { creditLimit: null }, "PUT"), 4000)).toContain("授信额度");
    const monthly = await okData<Rec>(as(f, "ORG_USER", `/tms-shipper/${credit.id}`, { settleMode: "MONTHLY" }, "PUT"));
    expect(monthly.creditLimit).toBeNull();
  });

  it("is not deleted while settlement units use it", async () => {
    const s = await okData<Rec>(as(f, "ORG_USER", "/tms-shipper", company()));
    await okData(as(f, "ORG_USER", "/tms-settlement-unit", { code: "HS01", name: "一分库", shipperId: s.id }));
    expect(await refusal(as(f, "ORG_USER", `/tms-shipper/${s.id}`, undefined, "DELETE"), 4009)).toContain("核算单位");
  });
});

describe("核算单位", () => {
  it("keeps codes unique per shipper", async () => {
    const a = await okData<Rec>(as(f, "ORG_USER", "/tms-shipper", company()));
    const b = await okData<Rec>(as(f, "ORG_USER", "/tms-shipper", company()));
    await okData(as(f, "ORG_USER", "/tms-settlement-unit", { code: "HS09", name: "九分库", shipperId: a.id }));
    await okData(as(f, "ORG_USER", "/tms-settlement-unit", { code: "HS09", name: "九分库", shipperId: b.id }));
    expect(await refusal(as(f, "ORG_USER", "/tms-settlement-unit", { code: "HS09", name: "重复", shipperId: a.id }), 4009)).toContain("HS09");
  });
});

describe("货物", () => {
  const categoryId = async (name: string) => {
    const options = await okData<Array<{ id: number; label: string }>>(as(f, "ORG_USER", "/tms-cargo-category/options", { keyword: name }));
    return options.find((o) => o.label === name)!.id;
  };

  it("copies the category's name and ministry code and keeps names unique per organisation", async () => {
    const corn = await categoryId("玉米");
    const cargo = await okData<Rec>(as(f, "ORG_USER", "/tms-cargo", { name: "测试三等玉米", categoryId: corn, packaging: "BULK", unitPrice: 265_000, lossAllowanceBp: 30 }));
    expect(cargo).toMatchObject({ categoryName: "玉米", ministryCode: "1100", enabled: "ENABLED" });
    expect(await refusal(as(f, "ORG_USER", "/tms-cargo", { name: "测试三等玉米", categoryId: corn, packaging: "BAGGED" }), 4009)).toBe("货物 测试三等玉米 已存在");
    // Another organisation (the individual's own) may use the same name.
    await okData(as(f, "INDIVIDUAL_USER", "/tms-cargo", { name: "测试三等玉米", categoryId: corn, packaging: "BULK" }));
    // Renaming onto a taken name is refused too; the category follows an edit.
    const other = await okData<Rec>(as(f, "ORG_USER", "/tms-cargo", { name: "测试小麦", categoryId: await categoryId("小麦"), packaging: "BULK" }));
    expect(await refusal(as(f, "ORG_USER", `/tms-cargo/${other.id}`, { name: "测试三等玉米" }, "PUT"), 4009)).toContain("已存在");
    const coal = await okData<Rec>(as(f, "ORG_USER", `/tms-cargo/${other.id}`, { categoryId: await categoryId("原煤") }, "PUT"));
    expect(coal).toMatchObject({ categoryName: "原煤", ministryCode: "0100" });
  });

  it("lets only platform staff maintain categories", async () => {
    const res = await refusal(as(f, "ORG_USER", "/tms-cargo-category", { name: "测试类", ministryCode: "1700" }), 4003);
    expect(res).toContain("权限");
    await okData(as(f, "SYSTEM_USER", "/tms-cargo-category", { name: "测试类", ministryCode: "1700" }));
  });
});

describe("联系人", () => {
  const body = (kind: string, extra: Record<string, unknown> = {}) => ({
    kind,
    contactName: "孙保管",
    contactMobile: "0552-3012345",
    place: `测试粮库${++n}`,
    regionCode: "340302",
    address: "安徽省蚌埠市龙子湖区东海大道 1688 号",
    ...extra,
  });
  const defaults = async (account: "ORG_USER" | "INDIVIDUAL_USER", kind: string) => {
    const page = await okData<{ records: Rec[] }>(as(f, account, "/tms-contact/search", { kind, current: 1, size: 200 }));
    return page.records.filter((r) => r.isDefault === true).map((r) => r.id);
  };

  it("keeps one default per kind in an organisation", async () => {
    const first = await okData<Rec>(as(f, "ORG_USER", "/tms-contact", body("UNLOADING", { isDefault: true })));
    expect(await defaults("ORG_USER", "UNLOADING")).toEqual([first.id]);
    const second = await okData<Rec>(as(f, "ORG_USER", "/tms-contact", body("UNLOADING", { isDefault: true })));
    expect(await defaults("ORG_USER", "UNLOADING")).toEqual([second.id]);
    // Another kind keeps its own default; making the first default again by an edit takes the flag back.
    const loading = await defaults("ORG_USER", "LOADING");
    await okData(as(f, "ORG_USER", `/tms-contact/${first.id}`, { isDefault: true }, "PUT"));
    expect(await defaults("ORG_USER", "UNLOADING")).toEqual([first.id]);
    expect(await defaults("ORG_USER", "LOADING")).toEqual(loading);
    // The individual's default is theirs alone.
    const mine = await okData<Rec>(as(f, "INDIVIDUAL_USER", "/tms-contact", body("UNLOADING", { isDefault: true })));
    expect(await defaults("INDIVIDUAL_USER", "UNLOADING")).toEqual([mine.id]);
    expect(await defaults("ORG_USER", "UNLOADING")).toEqual([first.id]);
  });

  it("stores no default unless asked", async () => {
    const plain = await okData<Rec>(as(f, "ORG_USER", "/tms-contact", body("RECEIVER")));
    expect(plain.isDefault).toBe(false);
  });
});

describe("项目", () => {
  it("numbers projects XM…, refuses a period that ends before it starts, and ends with 结束项目", async () => {
    const s = await okData<Rec>(as(f, "ORG_USER", "/tms-shipper", company()));
    const base = { name: "测试小麦移库", shipperId: s.id, plannedWeight: 1_000_000 };
    expect(await refusal(as(f, "ORG_USER", "/tms-project", { ...base, periodFrom: "2026-06-01", periodTo: "2026-05-31" }), 4000)).toBe("项目结束日期不能早于开始日期");
    const p = await okData<Rec>(as(f, "ORG_USER", "/tms-project", { ...base, periodFrom: "2026-06-01", periodTo: "2026-06-01" }));
    expect(String(p.projectNo)).toMatch(/^XM\d{14}$/);
    expect(p).toMatchObject({ auditStatus: "PENDING", status: "ACTIVE" });
    expect(await refusal(as(f, "ORG_USER", `/tms-project/${p.id}`, { periodFrom: "2026-07-01" }, "PUT"), 4000)).toBe("项目结束日期不能早于开始日期");
    const finished = await okData<Rec>(as(f, "ORG_USER", `/tms-project/${p.id}/finish`, {}));
    expect(finished.status).toBe("FINISHED");
    expect(await refusal(as(f, "ORG_USER", `/tms-project/${p.id}`, { name: "改名" }, "PUT"), 4009)).toContain("已结束");
  });

  it("refuses another organisation's shipper or contact with HTTP 400", async () => {
    const foreign = await f.p.db.kysely.selectFrom("shippers").select("id").where("org_id", "=", f.orgIds[1]!).executeTakeFirstOrThrow();
    const res = await as(f, "ORG_USER", "/tms-project", { name: "越权项目", shipperId: Number(foreign.id) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("托运人不存在或不可选");
    const own = await okData<Rec>(as(f, "ORG_USER", "/tms-shipper", company()));
    const foreignContact = await f.p.db.kysely.selectFrom("contacts").select("id").where("org_id", "=", f.orgIds[2]!).executeTakeFirstOrThrow();
    const contactRes = await as(f, "ORG_USER", "/tms-project", { name: "越权装货地", shipperId: own.id, loadingContactId: Number(foreignContact.id) });
    expect(contactRes.status).toBe(400);
    // The settlement unit's shipper is checked the same way.
    expect((await as(f, "ORG_USER", "/tms-settlement-unit", { code: "X1", name: "越权", shipperId: Number(foreign.id) })).status).toBe(400);
  });
});

describe("demo data", () => {
  it("gives every demo organisation shippers in each audit state and the individual a personal organisation", async () => {
    const db = f.p.db.kysely;
    for (const orgId of f.orgIds.slice(0, 3)) {
      const states = await db.selectFrom("shippers").select("audit_status").where("org_id", "=", orgId).execute();
      expect(new Set(states.map((s) => s.audit_status))).toEqual(new Set(["APPROVED", "PENDING", "REJECTED"]));
    }
    const history = await db.selectFrom("resource_events").select(["action"]).where("resource", "=", "shipper").where("org_id", "=", f.orgIds[0]!).execute();
    expect(history.map((e) => e.action)).toEqual(expect.arrayContaining(["CREATE", "APPROVE", "REJECT"]));
    const mine = await okData<{ total: number }>(as(f, "INDIVIDUAL_USER", "/tms-cargo/search", { current: 1, size: 20 }));
    expect(mine.total).toBeGreaterThanOrEqual(2);
    const tenant = await okData<{ records: Rec[] }>(as(f, "TENANT_USER", "/tms-shipper/search", { auditStatus: "PENDING", current: 1, size: 50 }));
    expect(tenant.records.length).toBeGreaterThanOrEqual(3);
    expect(tenant.records[0]!.actions).toEqual(expect.arrayContaining(["approve", "reject"]));
  });
});
