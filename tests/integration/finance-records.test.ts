/**
 * The finance records on SQLite and PostgreSQL (TEST_DATABASE_URL): red envelopes through the ledger
 * (funding, manual grants, replays and 20 parallel replays moving money once, budget and balance
 * refusals that change nothing, revoke and claim), payee routing of freight payments (提现分配),
 * temporary tax registrations, matchmaking invoices (apply once per waybill and kind, the 合并明细, the
 * invoice steps, cancel releases), and the four finance reports in the caller's scope. Also
 * captains' registrations and 登记 in batch (all or none), the red-envelope xlsx exports, and the
 * matchmaking application's waybill picker.
 */
import { openIdNo } from "../../platform/db/personal.js";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settlementOf } from "../../contract/ledger.js";
import { addDays, chinaDate } from "../../contract/units.js";
import { as, dispatchOne, driveTo, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";
import { balanceOf, completedWaybills, expectLedgerHolds, fund, moneyFingerprint, reported, rid } from "./ledger-fixtures.js";

let f: FreightTestPlatform;
let template: number;
const LEADER = "13966200001";
type Rec = Record<string, unknown> & { id: number };

beforeAll(async () => {
  f = await startFreightPlatform("finance-records");
  const { id } = await dispatchOne(f, { individual: true });
  await driveTo(f, id, "COMPLETED");
  template = id;
  await fund(f, 50_000_000);
});
afterAll(async () => {
  await f?.close();
});

const userId = async (mobile: string) => Number((await f.p.db.kysely.selectFrom("users").select("id").where("mobile", "=", mobile).executeTakeFirstOrThrow()).id);
const wallet = async (mobile: string) => balanceOf(f, "USER", await userId(mobile), "WALLET");
const marketing = () => balanceOf(f, "PLATFORM", 0, "MARKETING");

async function expectUnchanged(call: () => Promise<{ status: number; body: { code: number } }>, expected: { status?: number; code?: number }) {
  const before = await moneyFingerprint(f);
  const res = await call();
  if (expected.status) expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
  if (expected.code) expect(res.body.code, JSON.stringify(res.body)).toBe(expected.code);
  expect(await moneyFingerprint(f)).toBe(before);
  return res;
}

const campaignBody = (extra: object = {}) => ({
  requestNo: rid(),
  name: "测试红包活动",
  type: "MANUAL",
  audience: "DRIVER",
  amountMode: "FIXED",
  amountMin: 1_000,
  amountMax: 1_000,
  budget: 10_000,
  perUserLimit: 2,
  receiveDays: 7,
  validFrom: "2026-01-01",
  validTo: "2099-12-31",
  ...extra,
});

async function activeCampaign(extra: object = {}): Promise<Rec> {
  const c = await okData<Rec>(as(f, "SYSTEM_USER", "/pay/red-envelopes/campaigns", campaignBody(extra)));
  expect(c.status).toBe("DRAFT");
  return okData<Rec>(as(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${c.id}/activate`));
}

describe(`finance records (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("seeds red envelopes, routed payments and invoices through the ledger: the invariants hold", async () => {
    await expectLedgerHolds(f);
    const db = f.p.db.kysely;
    expect((await db.selectFrom("red_envelope_grants").select("id").where("status", "=", "RECEIVED").execute()).length).toBeGreaterThan(0);
    expect((await db.selectFrom("ledger_entries").select("id").where("summary", "like", "%代收%").execute()).length).toBeGreaterThan(0);
    expect((await db.selectFrom("match_invoices").select("status").execute()).map((r) => r.status)).toContain("MAILED");
  });

  it("funds the marketing account once per request number; another body with the same number is 4029", async () => {
    const before = await marketing();
    const body = { requestNo: rid(), amount: 1_000_000 };
    const first = await okData<{ txnNo: string; replayed: boolean }>(as(f, "SYSTEM_USER", "/pay/red-envelopes/marketing", body));
    const again = await okData<{ txnNo: string; replayed: boolean }>(as(f, "SYSTEM_USER", "/pay/red-envelopes/marketing", body));
    expect(again).toMatchObject({ txnNo: first.txnNo, replayed: true });
    expect((await marketing()).balance).toBe(before.balance + 1_000_000);
    await expectUnchanged(() => as(f, "SYSTEM_USER", "/pay/red-envelopes/marketing", { ...body, amount: 2_000_000 }), { code: 4029 });
    await expectUnchanged(() => as(f, "ORG_USER", "/pay/red-envelopes/marketing", { requestNo: rid(), amount: 100 }), { code: 4003 });
    for (const amount of [-100, 10.5, 0, "100"]) await expectUnchanged(() => as(f, "SYSTEM_USER", "/pay/red-envelopes/marketing", { requestNo: rid(), amount }), { status: 400 });
    await expectLedgerHolds(f);
  });

  it("grants manually into wallets once: a replay and 20 parallel replays move money once", async () => {
    const c = await activeCampaign();
    const [w4, m0] = [await wallet("13800000004"), await marketing()];
    const body = { requestNo: rid(), mobiles: ["13800000004", LEADER], amount: 1_000 };
    const results = await Promise.all(Array.from({ length: 20 }, () => as<{ count: number; replayed: boolean }>(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${c.id}/grants`, body)));
    expect(results.map((r) => r.body.code)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => !r.body.data!.replayed)).toHaveLength(1);
    expect((await wallet("13800000004")).balance).toBe(w4.balance + 1_000);
    expect((await marketing()).balance).toBe(m0.balance - 2_000);
    const campaign = await f.p.db.kysely.selectFrom("red_envelope_campaigns").selectAll().where("id", "=", c.id).executeTakeFirstOrThrow();
    expect([Number(campaign.granted_amount), Number(campaign.received_amount)]).toEqual([2_000, 2_000]);
    await expectUnchanged(() => as(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${c.id}/grants`, { ...body, amount: 900 }), { code: 4029 });
    await expectLedgerHolds(f);
  });

  it("refuses a grant beyond the budget, the per-person limit, an unknown mobile or a paused campaign, moving nothing", async () => {
    const c = await activeCampaign({ budget: 2_500, perUserLimit: 1 });
    const grant = (mobiles: string[], amount = 1_000) => as(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${c.id}/grants`, { requestNo: rid(), mobiles, amount });
    await expectUnchanged(() => grant(["13800000004", LEADER, "13800000003"]), { code: 4000 });
    await expectUnchanged(() => grant(["19900000000"]), { code: 4000 });
    await expectUnchanged(() => grant(["13800000004"], 999), { code: 4000 });
    await okData(grant(["13800000004", LEADER]));
    await expectUnchanged(() => grant(["13800000004"]), { code: 4009 });
    const more = await okData<Rec>(as(f, "SYSTEM_USER", "/pay/red-envelopes/campaigns", campaignBody({ budget: 2_500 })));
    await okData(as(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${more.id}/activate`));
    await okData(as(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${more.id}/grants`, { requestNo: rid(), mobiles: ["13800000004", LEADER], amount: 1_000 }));
    await expectUnchanged(() => as(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${more.id}/grants`, { requestNo: rid(), mobiles: ["13800000004"], amount: 1_000 }), { code: 4020 });
    await okData(as(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${more.id}/pause`));
    await expectUnchanged(() => as(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${more.id}/grants`, { requestNo: rid(), mobiles: [LEADER], amount: 1_000 }), { code: 4009 });
    await expectUnchanged(() => as(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${more.id}/pause`), { code: 4009 });
    await expectUnchanged(() => as(f, "SYSTEM_USER", "/pay/red-envelopes/campaigns", campaignBody({ amountMax: 500 })), { status: 400 });
  });

  it("refuses a grant the marketing account cannot pay (4020) and rolls the whole batch back", async () => {
    const c = await activeCampaign({ budget: 100_000 });
    const db = f.p.db.kysely;
    const account = await db.selectFrom("accounts").select("id").where("owner_type", "=", "PLATFORM").where("account_type", "=", "MARKETING").where("platform_id", "=", "A").executeTakeFirstOrThrow();
    // A frozen marketing account pays nothing (the same guard as an empty one: 4020).
    await db.updateTable("accounts").set({ status: "FROZEN" }).where("id", "=", account.id).execute();
    try {
      await expectUnchanged(() => as(f, "SYSTEM_USER", `/pay/red-envelopes/campaigns/${c.id}/grants`, { requestNo: rid(), mobiles: ["13800000004", LEADER], amount: 1_000 }), { code: 4020 });
      const campaign = await db.selectFrom("red_envelope_campaigns").select("granted_amount").where("id", "=", c.id).executeTakeFirstOrThrow();
      expect(Number(campaign.granted_amount)).toBe(0);
    } finally {
      await db.updateTable("accounts").set({ status: "ACTIVE" }).where("id", "=", account.id).execute();
    }
    await expectLedgerHolds(f);
  });

  it("a waybill campaign's grant waits for its person: claim pays once, revoke returns the budget", async () => {
    const c = await activeCampaign({ type: "WAYBILL", perUserLimit: 5 });
    const db = f.p.db.kysely;
    const me = f.userIds.INDIVIDUAL_USER;
    const reserveAndInsert = async (ref: string) => {
      const { grantFor } = await import("../../platform/marketing/red-envelopes.js");
      const system = { type: "SYSTEM_USER" as const, userId: f.userIds.SYSTEM_USER, name: "平台管理员", platformId: "A", tenantId: null, orgId: null, water: true, permissions: new Set(["TMS_RED_ENVELOPE"]) };
      return grantFor(f.p.db, system as never, c.id, me, ref, 1_000);
    };
    const g1 = await reserveAndInsert("WAYBILL:1");
    const g2 = await reserveAndInsert("WAYBILL:2");
    expect((await reserveAndInsert("WAYBILL:1")).id).toBe(g1.id);
    const w0 = await wallet("13800000004");
    const claim = await okData<{ status: string }>(as(f, "INDIVIDUAL_USER", `/pay/red-envelopes/grants/${g1.id}/receive`));
    expect(claim.status).toBe("RECEIVED");
    await okData(as(f, "INDIVIDUAL_USER", `/pay/red-envelopes/grants/${g1.id}/receive`));
    expect((await wallet("13800000004")).balance).toBe(w0.balance + 1_000);
    await expectUnchanged(() => as(f, "ORG_USER", `/pay/red-envelopes/grants/${g2.id}/receive`), { code: 4003 });
    await okData(as(f, "SYSTEM_USER", `/pay/red-envelopes/grants/${g2.id}/revoke`));
    await expectUnchanged(() => as(f, "INDIVIDUAL_USER", `/pay/red-envelopes/grants/${g2.id}/receive`), { code: 4009 });
    const campaign = await db.selectFrom("red_envelope_campaigns").selectAll().where("id", "=", c.id).executeTakeFirstOrThrow();
    expect([Number(campaign.granted_amount), Number(campaign.received_amount)]).toEqual([1_000, 1_000]);
    // An expired envelope is not paid; its budget returns.
    const g3 = await reserveAndInsert("WAYBILL:3");
    await db.updateTable("red_envelope_grants").set({ expire_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", Number(g3.id)).execute();
    const expired = await okData<{ status: string }>(as(f, "INDIVIDUAL_USER", `/pay/red-envelopes/grants/${g3.id}/receive`));
    expect(expired.status).toBe("EXPIRED");
    expect(Number((await db.selectFrom("red_envelope_campaigns").select("granted_amount").where("id", "=", c.id).executeTakeFirstOrThrow()).granted_amount)).toBe(1_000);
    const list = await okData<{ records: Rec[]; total: number }>(as(f, "SYSTEM_USER", "/pay-red-envelope-grant/search", { campaignId: c.id }));
    expect(list.records.map((r) => r.status).sort()).toEqual(["EXPIRED", "RECEIVED", "REVOKED"]);
    expect((await as(f, "TENANT_USER", "/pay-red-envelope-grant/search", {})).body.code).toBe(4003);
    await expectLedgerHolds(f);
  });

  it("routes a carrier's freight to the fleet leader by the ACTIVE payee setting; revocation ends it", async () => {
    const bad = await as(f, "SYSTEM_USER", "/sys-payee-setting", { carrierMobile: "19900000000", payeeRole: "FLEET_LEADER", payeeMobile: LEADER, payeeShareBp: 2_500, agreementNo: "DS-X", validFrom: "2026-01-01" });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMsg).toContain("承运人手机号");
    const self = await as(f, "SYSTEM_USER", "/sys-payee-setting", { carrierMobile: LEADER, payeeRole: "FLEET_LEADER", payeeMobile: LEADER, payeeShareBp: 2_500, agreementNo: "DS-X", validFrom: "2026-01-01" });
    expect(self.status).toBe(400);
    const setting = await okData<Rec>(as(f, "SYSTEM_USER", "/sys-payee-setting", { carrierMobile: "13800000004", payeeRole: "FLEET_LEADER", payeeMobile: LEADER, payeeShareBp: 2_500, agreementNo: "DS-2026-001", validFrom: "2026-01-01" }));
    expect(setting).toMatchObject({ status: "PENDING", carrierName: "张师傅", payeeName: "周德胜" });
    await okData(as(f, "SYSTEM_USER", `/sys-payee-setting/${setting.id}/approve`, {}));
    const [carrier0, leader0] = [await wallet("13800000004"), await wallet(LEADER)];
    const [id] = await completedWaybills(f, template, 1, { amount: 100_001 });
    await okData(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: [id] }));
    const net = settlementOf(100_001).netToPayee;
    const routed = Math.floor((net * 2_500) / 10_000);
    expect((await wallet(LEADER)).balance).toBe(leader0.balance + routed);
    expect((await wallet("13800000004")).balance).toBe(carrier0.balance + net - routed);
    // A second approved setting replaces the first; revoking it sends the whole freight to the carrier again.
    const next = await okData<Rec>(as(f, "SYSTEM_USER", "/sys-payee-setting", { carrierMobile: "13800000004", payeeRole: "FLEET_LEADER", payeeMobile: LEADER, payeeShareBp: 10_000, agreementNo: "DS-2026-002", validFrom: "2026-01-01" }));
    await okData(as(f, "SYSTEM_USER", `/sys-payee-setting/${next.id}/approve`, {}));
    expect((await okData<Rec>(as(f, "SYSTEM_USER", `/sys-payee-setting/${setting.id}`, undefined, "GET"))).status).toBe("REVOKED");
    await okData(as(f, "SYSTEM_USER", `/sys-payee-setting/${next.id}/revoke`, {}));
    const carrier1 = await wallet("13800000004");
    const [id2] = await completedWaybills(f, template, 1, { amount: 50_000 });
    await okData(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: [id2] }));
    expect((await wallet("13800000004")).balance).toBe(carrier1.balance + settlementOf(50_000).netToPayee);
    expect((await as(f, "ORG_USER", "/sys-payee-setting/search", {})).body.code).toBe(4003);
    await expectLedgerHolds(f);
  });

  it("registers a driver for tax once: a new registration cancels the earlier one", async () => {
    const profiles = await okData<Array<{ id: number }>>(as(f, "SYSTEM_USER", "/tms-driver-profile/options", { where: { auditStatus: "APPROVED" } }));
    const body = { driverProfileId: profiles[0]!.id, taxAuthority: "国家税务总局蚌埠市蚌山区税务局", authorizationFile: ["/files/tax/a.jpg"] };
    const first = await okData<Rec>(as(f, "SYSTEM_USER", "/tms-tax-registration", body));
    expect(first.name).toBeTruthy();
    await okData(as(f, "SYSTEM_USER", `/tms-tax-registration/${first.id}/register`, { registeredAt: "2026-11-01", validTo: "2027-10-31" }));
    const second = await okData<Rec>(as(f, "SYSTEM_USER", "/tms-tax-registration", body));
    const bad = await as(f, "SYSTEM_USER", `/tms-tax-registration/${second.id}/register`, { registeredAt: "2026-11-01", validTo: "2026-10-01" });
    expect(bad.status).toBe(400);
    await okData(as(f, "SYSTEM_USER", `/tms-tax-registration/${second.id}/register`, { registeredAt: "2026-11-20", validTo: "2027-11-19" }));
    expect((await okData<Rec>(as(f, "SYSTEM_USER", `/tms-tax-registration/${first.id}`, undefined, "GET"))).status).toBe("CANCELLED");
    const failed = await as(f, "SYSTEM_USER", `/tms-tax-registration/${second.id}/fail`, { failReason: "x" });
    expect(failed.body.code).toBe(4009);
    expect((await as(f, "ORG_USER", "/tms-tax-registration/search", {})).body.code).toBe(4003);
  });

  it("applies a matchmaking invoice once per waybill and kind, with its 合并明细; cancelling releases the waybills", async () => {
    const db = f.p.db.kysely;
    const order = await db.selectFrom("freight_orders").select("id").where("org_id", "=", f.orgIds[0]!).where("business_mode", "=", "MATCHMAKING").executeTakeFirstOrThrow();
    const ids = await completedWaybills(f, template, 3, { amount: 80_000 });
    await db.updateTable("freights").set({ order_id: order.id }).where("id", "in", ids).execute();
    const [selfOperated] = await completedWaybills(f, template, 1, { amount: 80_000 });
    await okData(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: [...ids.slice(0, 2), selfOperated!] }));
    const apply = (freightIds: number[], extra: object = {}) => as<Rec>(f, "ORG_USER", "/tms-match-invoice/apply", { requestNo: rid(), invoiceKind: "SERVICE", invoiceType: "DIGITAL_SPECIAL", freightIds, ...extra });
    // 开票须上报成功: refused (naming the waybill) until its 电子运单 and 资金流水单 are reported.
    const unreported = await apply([ids[0]!]);
    expect(unreported.body.code).toBe(4010);
    expect(JSON.stringify(unreported.body)).toContain("上报");
    await reported(f, [...ids.slice(0, 2), selfOperated!]);
    expect((await apply([ids[2]!])).body.code).toBe(4009);
    expect((await apply([selfOperated!])).body.code).toBe(4009);
    expect((await apply([ids[0]!], { invoiceKind: "DRIVER_AGENT" })).body.code).toBe(4010);
    expect((await apply([ids[0]!], { invoiceKind: "OTHER" })).status).toBe(400);
    const body = { requestNo: rid(), invoiceKind: "SERVICE", invoiceType: "DIGITAL_SPECIAL", freightIds: ids.slice(0, 2) };
    const invoice = await okData<Rec>(as(f, "ORG_USER", "/tms-match-invoice/apply", body));
    expect((await okData<Rec>(as(f, "ORG_USER", "/tms-match-invoice/apply", body))).id).toBe(invoice.id);
    expect((await as(f, "ORG_USER", "/tms-match-invoice/apply", { ...body, freightIds: [ids[0]!] })).body.code).toBe(4029);
    expect(Number(invoice.amount)).toBe(2 * settlementOf(80_000).serviceFee);
    expect((await apply([ids[1]!])).body.code).toBe(4009);
    const items = await okData<{ records: Rec[] }>(as(f, "ORG_USER", "/tms-match-invoice-item/search", { invoiceId: invoice.id }));
    expect(items.records.map((r) => r.amount).reduce((s, a) => Number(s) + Number(a), 0)).toBe(Number(invoice.amount));
    expect((await as(f, "ORG_USER", `/tms-match-invoice/${invoice.id}/startIssue`, {})).body.code).toBe(4003);
    await okData(as(f, "SYSTEM_USER", `/tms-match-invoice/${invoice.id}/startIssue`, {}));
    expect((await as(f, "SYSTEM_USER", `/tms-match-invoice/${invoice.id}/issue`, { invoiceNo: "123", issueDate: "2026-11-20" })).status).toBe(400);
    const issued = await okData<Rec>(as(f, "SYSTEM_USER", `/tms-match-invoice/${invoice.id}/issue`, { invoiceNo: "26342000000000012345", issueDate: "2026-11-20" }));
    expect(issued).toMatchObject({ status: "ISSUED", invoiceNo: "26342000000000012345" });
    expect((await as(f, "SYSTEM_USER", `/tms-match-invoice/${invoice.id}/cancel`, {})).body.code).toBe(4009);
    // Another application, cancelled: its waybill may be applied for again.
    const [extra] = await completedWaybills(f, template, 1, { amount: 80_000 });
    await db.updateTable("freights").set({ order_id: order.id }).where("id", "=", extra!).execute();
    await okData(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: [extra!] }));
    await reported(f, [extra!]);
    const second = await okData<Rec>(apply([extra!]));
    await okData(as(f, "TENANT_USER", `/tms-match-invoice/${second.id}/cancel`, {}));
    await okData(apply([extra!]));
    // The reports (default range: this month) show the issued service invoice and compare paid against settled.
    const summary = await okData<{ totals: Record<string, number> }>(as(f, "ORG_USER", "/tms-report/matchmakingSummary/search", {}));
    expect(summary.totals.service_invoiced).toBeGreaterThanOrEqual(Number(invoice.amount) / 100);
    const detail = await okData<{ rows: Array<Record<string, unknown>> }>(as(f, "ORG_USER", "/tms-report/matchmakingDetail/search", {}));
    const first = await db.selectFrom("freights").select("freight_no").where("id", "=", ids[0]!).executeTakeFirstOrThrow();
    const unpaid = await db.selectFrom("freights").select("freight_no").where("id", "=", ids[2]!).executeTakeFirstOrThrow();
    expect(detail.rows.find((r) => r.freight_no === first.freight_no)).toMatchObject({ compare: "成功", service_invoiced: settlementOf(80_000).serviceFee / 100 });
    expect(detail.rows.find((r) => r.freight_no === unpaid.freight_no)).toMatchObject({ compare: "未比对" });
    expect((await as(f, "INDIVIDUAL_USER", "/tms-report/matchmakingDetail/search", {})).body.code).not.toBe(200);
  });

  it("reports finance figures in the caller's scope and refuses a caller without the code", async () => {
    // The reports count China days: "today" is China's date, which runs 8 hours ahead of the machine's UTC.
    const to = chinaDate();
    const params = { dateFrom: addDays(to, -360), dateTo: to, period: "MONTH" };
    for (const id of ["platformData", "expenditure"]) {
      const system = await okData<{ rows: Array<Record<string, number>>; totals: Record<string, number> | null; chart: unknown }>(as(f, "SYSTEM_USER", `/tms-report/${id}/search`, params));
      const org = await okData<{ rows: Array<Record<string, number>>; totals: Record<string, number> | null }>(as(f, "ORG_USER", `/tms-report/${id}/search`, params));
      expect(system.rows.length, id).toBeGreaterThan(0);
      expect(system.chart, id).not.toBeNull();
      const key = id === "platformData" ? "gmv" : "freight";
      expect(Number(org.totals?.[key] ?? 0)).toBeLessThanOrEqual(Number(system.totals?.[key] ?? 0));
      const denied = await as(f, "INDIVIDUAL_USER", `/tms-report/${id}/search`, params);
      expect(denied.status === 403 || denied.body.code === 4003, JSON.stringify(denied.body)).toBe(true);
    }
    const spending = await okData<{ totals: Record<string, number> }>(as(f, "SYSTEM_USER", "/tms-report/expenditure/search", params));
    expect(spending.totals.envelopes).toBeGreaterThan(0);
    const orgSpending = await okData<{ totals: Record<string, number> | null }>(as(f, "ORG_USER", "/tms-report/expenditure/search", params));
    expect(Number(orgSpending.totals?.envelopes ?? 0)).toBe(0);
    expect((await as(f, "ORG_USER", "/tms-report/platformData/search", { ...params, dateTo: "x" })).status).toBe(400);
  });

  // ------------------------------------------------------------------------------------------
  // captains' tax registrations and 登记 in batch

  const taxCount = async () => Number((await f.p.db.kysely.selectFrom("tax_registrations").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  async function taxUnchanged(call: () => Promise<{ status: number; body: { code: number; errorMsg?: string; message?: string } }>, expected: { status?: number; code?: number; text?: string }) {
    const before = await taxCount();
    const res = await call();
    if (expected.status) expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
    if (expected.code) expect(res.body.code, JSON.stringify(res.body)).toBe(expected.code);
    // HTTP 400 answers `errorMsg`, a business refusal (HTTP 200) `message`: either way Chinese.
    const text = res.body.errorMsg ?? res.body.message ?? "";
    expect(text, JSON.stringify(res.body)).toMatch(/[\u4e00-\u9fa5]/);
    if (expected.text) expect(text).toContain(expected.text);
    expect(await taxCount()).toBe(before);
    return res;
  }
  type Candidate = { key: string; personType: string; profileId: number; name: string; mobile: string };
  const candidates = async (filter: object = {}) => (await okData<{ records: Candidate[]; total: number }>(as(f, "SYSTEM_USER", "/tms-tax-registration/candidates", { size: 200, ...filter }))).records;

  it("registers drivers and captains in batch from approved profiles, all or none; refusals name the person and change nothing", async () => {
    const db = f.p.db.kysely;
    // At least two approved captains without an active registration (the seed registers the first two).
    const taken = (await db.selectFrom("tax_registrations").select("person_id").where("person_type", "=", "CAPTAIN").execute()).map((r) => Number(r.person_id));
    const spare = (await db.selectFrom("captain_profiles").select("id").where("platform_id", "=", "A").where("deleted_at", "is", null).orderBy("id").execute()).filter((c) => !taken.includes(Number(c.id))).slice(0, 3);
    expect(spare.length).toBeGreaterThanOrEqual(3);
    await db.updateTable("captain_profiles").set({ audit_status: "APPROVED" }).where("id", "in", spare.map((c) => Number(c.id))).execute();
    const drivers = await candidates({ personType: "DRIVER" });
    const captains = await candidates({ personType: "CAPTAIN" });
    expect(drivers.length).toBeGreaterThanOrEqual(2);
    expect(captains.length).toBeGreaterThanOrEqual(3);
    expect(drivers.every((d) => d.personType === "DRIVER")).toBe(true);
    expect(captains.every((c) => c.personType === "CAPTAIN")).toBe(true);
    const [d1, d2] = drivers;
    const [c1, c2, c3] = captains;
    const body = (persons: Array<{ personType: string; profileId: number }>, extra: object = {}) => ({ persons, taxAuthority: "国家税务总局芜湖市镜湖区税务局", authorizationFile: ["/files/tax/batch.jpg"], ...extra });
    const pick = (c: Candidate) => ({ personType: c.personType, profileId: c.profileId });
    const batch = <T = unknown>(b: unknown, who: "SYSTEM_USER" | "TENANT_USER" | "ORG_USER" = "SYSTEM_USER") => as<T>(f, who, "/tms-tax-registration/batch", b);

    // Bad input: a clear Chinese refusal, nothing written.
    await taxUnchanged(() => batch(body([])), { status: 400, text: "请选择要登记的司机或船长" });
    await taxUnchanged(() => batch(body([pick(d1!), pick(d1!)])), { status: 400, text: "重复" });
    await taxUnchanged(() => batch(body([{ personType: "SHIPOWNER", profileId: d1!.profileId }])), { status: 400, text: "人员类型" });
    await taxUnchanged(() => batch(body([{ personType: "DRIVER", profileId: "x" as unknown as number }])), { status: 400 });
    await taxUnchanged(() => batch(body([pick(d1!)], { taxAuthority: "" })), { status: 400, text: "主管税务机关" });
    await taxUnchanged(() => batch(body([pick(d1!)], { authorizationFile: [] })), { status: 400, text: "委托代征授权书" });
    await taxUnchanged(() => batch({ ...body([pick(d1!)]), status: "REGISTERED" }), { status: 400 });
    await taxUnchanged(() => batch(body([{ personType: "DRIVER", profileId: 99_999_999 }])), { status: 400, text: "司机档案不存在" });
    // Rights: platform finance only (tenant staff read, do not write), organisations not at all.
    await taxUnchanged(() => batch(body([pick(d1!)]), "TENANT_USER"), { code: 4003 });
    await taxUnchanged(() => batch(body([pick(d1!)]), "ORG_USER"), { code: 4003 });
    expect((await as(f, "ORG_USER", "/tms-tax-registration/candidates", {})).body.code).toBe(4003);
    // A person with an active registration refuses the whole batch, naming them.
    const seededCaptain = await db.selectFrom("tax_registrations").select(["person_id", "name"]).where("person_type", "=", "CAPTAIN").where("status", "=", "REGISTERED").executeTakeFirstOrThrow();
    await taxUnchanged(() => batch(body([pick(d1!), { personType: "CAPTAIN", profileId: Number(seededCaptain.person_id) }])), { code: 4009, text: seededCaptain.name });
    // A profile not approved refuses too.
    await db.updateTable("captain_profiles").set({ audit_status: "PENDING" }).where("id", "=", c3!.profileId).execute();
    await taxUnchanged(() => batch(body([pick(d1!), pick(c3!)])), { code: 4009, text: "尚未审核通过" });
    await db.updateTable("captain_profiles").set({ audit_status: "APPROVED" }).where("id", "=", c3!.profileId).execute();

    const done = await okData(batch<{ count: number; records: Array<{ id: number; name: string; personType: string }> }>(body([pick(d1!), pick(d2!), pick(c1!)])));
    expect(done.count).toBe(3);
    const rows = await db.selectFrom("tax_registrations").selectAll().where("id", "in", done.records.map((r) => r.id)).orderBy("id").execute();
    expect(rows.map((r) => [r.person_type, r.status])).toEqual([["DRIVER", "PENDING"], ["DRIVER", "PENDING"], ["CAPTAIN", "PENDING"]]);
    const captainProfile = await db.selectFrom("captain_profiles").selectAll().where("id", "=", c1!.profileId).executeTakeFirstOrThrow();
    expect(rows[2]).toMatchObject({ captain_profile_id: c1!.profileId, driver_profile_id: null, name: captainProfile.name, id_card_no_hash: captainProfile.id_card_no_hash, mobile: captainProfile.mobile, taxpayer_no_hash: captainProfile.id_card_no_hash });
    // The copies are sealed, each under its own nonce: the same person, a different stored value.
    expect(openIdNo(String(rows[2]!.id_card_no))).toBe(openIdNo(captainProfile.id_card_no));
    expect(rows[2]!.id_card_no).not.toBe(captainProfile.id_card_no);
    // Each has its CREATE event; they left the picker; a second batch with one of them is refused whole.
    const events = await db.selectFrom("resource_events").select("record_id").where("resource", "=", "taxRegistration").where("action_label", "=", "批量登记").execute();
    expect(events.map((e) => Number(e.record_id))).toEqual(expect.arrayContaining(done.records.map((r) => r.id)));
    expect((await candidates()).map((c) => c.key)).not.toEqual(expect.arrayContaining([d1!.key]));
    await taxUnchanged(() => batch(body([pick(c2!), pick(c1!)])), { code: 4009, text: c1!.name });

    // The row actions work for a captain's registration: 回填登记成功, the engine's export, 注销.
    const captainReg = done.records.find((r) => r.personType === "CAPTAIN")!;
    await okData(as(f, "SYSTEM_USER", `/tms-tax-registration/${captainReg.id}/register`, { registeredAt: "2026-11-20", validTo: "2027-11-19" }));
    const listed = await okData<{ records: Rec[] }>(as(f, "TENANT_USER", "/tms-tax-registration/search", { personType: "CAPTAIN", size: 200 }));
    expect(listed.records.length).toBeGreaterThan(0);
    expect(listed.records.every((r) => r.personType === "CAPTAIN")).toBe(true);
    const sheet = await fetch(`${f.p.baseUrl}/tms-tax-registration/export`, { method: "POST", headers: { "Content-Type": "application/json", "X-Platform": "A", Authorization: `Bearer ${f.tokens.SYSTEM_USER}` }, body: JSON.stringify({ personType: "CAPTAIN" }) });
    expect(sheet.status).toBe(200);
    const rowsOut = await readSheet(Buffer.from(await sheet.arrayBuffer()));
    expect(rowsOut[0]).toContain("人员类型");
    expect(rowsOut.slice(1).every((r) => r.includes("船长"))).toBe(true);
    await okData(as(f, "SYSTEM_USER", `/tms-tax-registration/${captainReg.id}/cancel`, {}));
    expect((await candidates({ personType: "CAPTAIN" })).map((c) => c.key)).toContain(c1!.key);
  });

  it("creates a captain's registration one at a time from an approved profile; the copies must still match when it is registered", async () => {
    const db = f.p.db.kysely;
    const [c] = await candidates({ personType: "CAPTAIN" });
    const [d] = await candidates({ personType: "DRIVER" });
    const create = (extra: object) => as<Rec>(f, "SYSTEM_USER", "/tms-tax-registration", { taxAuthority: "国家税务总局芜湖市镜湖区税务局", authorizationFile: ["/files/tax/c.jpg"], ...extra });
    await taxUnchanged(() => create({}), { status: 400, text: "二选一" });
    await taxUnchanged(() => create({ driverProfileId: d!.profileId, captainProfileId: c!.profileId }), { status: 400, text: "二选一" });
    await taxUnchanged(() => create({ captainProfileId: -1 }), { status: 400, text: "船长档案" });
    // The picker offers approved profiles only.
    const options = await okData<Array<{ id: number }>>(as(f, "SYSTEM_USER", "/tms-captain-profile/options", { where: { auditStatus: "APPROVED" } }));
    const approved = await db.selectFrom("captain_profiles").select("id").where("audit_status", "=", "APPROVED").execute();
    expect(options.every((o) => approved.some((a) => Number(a.id) === o.id))).toBe(true);
    const pending = await db.selectFrom("driver_profiles").select("id").where("platform_id", "=", "A").where("audit_status", "=", "PENDING").executeTakeFirstOrThrow();
    await taxUnchanged(() => create({ driverProfileId: Number(pending.id) }), { code: 4009, text: "尚未审核通过" });

    const reg = await okData<Rec>(create({ captainProfileId: c!.profileId }));
    expect(reg).toMatchObject({ personType: "CAPTAIN", status: "PENDING", name: c!.name, captainProfileId: c!.profileId });
    // The profile's mobile changed after the registration was submitted: 回填登记成功 is refused, nothing changes.
    const profile = await db.selectFrom("captain_profiles").select("mobile").where("id", "=", c!.profileId).executeTakeFirstOrThrow();
    await db.updateTable("captain_profiles").set({ mobile: "13912345678" }).where("id", "=", c!.profileId).execute();
    const refused = await as(f, "SYSTEM_USER", `/tms-tax-registration/${reg.id}/register`, { registeredAt: "2026-11-20", validTo: "2027-11-19" });
    expect(refused.body.code).toBe(4009);
    expect(JSON.stringify(refused.body)).toContain("已变更");
    expect((await db.selectFrom("tax_registrations").select("status").where("id", "=", reg.id).executeTakeFirstOrThrow()).status).toBe("PENDING");
    await db.updateTable("captain_profiles").set({ mobile: profile.mobile }).where("id", "=", c!.profileId).execute();
    await okData(as(f, "SYSTEM_USER", `/tms-tax-registration/${reg.id}/register`, { registeredAt: "2026-11-20", validTo: "2027-11-19" }));
  });

  // ------------------------------------------------------------------------------------------
  // red envelope exports

  async function readSheet(buffer: Buffer): Promise<unknown[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }
  const download = (path: string, body: unknown, who: "SYSTEM_USER" | "TENANT_USER" = "SYSTEM_USER") =>
    fetch(`${f.p.baseUrl}${path}`, { method: "POST", headers: { "Content-Type": "application/json", "X-Platform": "A", Authorization: `Bearer ${f.tokens[who]}` }, body: JSON.stringify(body) });

  it("exports the red envelope campaigns and grants with the list's filters: 元 with 2 decimals, China times", async () => {
    const campaigns = await download("/pay/red-envelopes/campaigns/export", { status: "ACTIVE" });
    expect(campaigns.status).toBe(200);
    expect(campaigns.headers.get("content-disposition")).toContain(encodeURIComponent("红包活动"));
    const rows = await readSheet(Buffer.from(await campaigns.arrayBuffer()));
    expect(rows[0]).toEqual(["活动编号", "活动名称", "类型", "发放对象", "金额规则", "预算(元)", "已发放(元)", "已领取(元)", "剩余预算(元)", "每人限领次数", "领取有效天数", "有效期起", "有效期止", "状态", "创建人", "创建时间"]);
    const active = await f.p.db.kysely.selectFrom("red_envelope_campaigns").selectAll().where("platform_id", "=", "A").where("status", "=", "ACTIVE").orderBy("id", "desc").execute();
    expect(rows.length - 1).toBe(active.length);
    expect(rows.slice(1).every((r) => r[13] === "进行中")).toBe(true);
    expect(rows[1]![5]).toBe(Number(active[0]!.budget) / 100);
    expect(String(rows[1]![15])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const manual = await f.p.db.kysely.selectFrom("red_envelope_campaigns").select("id").where("name", "=", "新司机安全出行补贴").executeTakeFirstOrThrow();
    const grants = await download("/pay/red-envelopes/grants/export", { campaignId: Number(manual.id), status: "RECEIVED" });
    expect(grants.status).toBe(200);
    const grantRows = await readSheet(Buffer.from(await grants.arrayBuffer()));
    expect(grantRows[0]!.slice(0, 5)).toEqual(["活动编号", "活动", "用户", "手机号", "金额(元)"]);
    const want = await f.p.db.kysely.selectFrom("red_envelope_grants").select(["amount", "user_mobile"]).where("campaign_id", "=", Number(manual.id)).where("status", "=", "RECEIVED").orderBy("id", "desc").execute();
    expect(grantRows.length - 1).toBe(want.length);
    expect(grantRows[1]![4]).toBe(Number(want[0]!.amount) / 100);
    expect(String(grantRows[1]![3])).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(grantRows.slice(1).every((r) => r[1] === "新司机安全出行补贴" && r[6] === "已领取")).toBe(true);

    // Bad filters and callers without the right: a Chinese envelope, no file.
    const bad = await download("/pay/red-envelopes/grants/export", { status: "NOPE" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errorMsg: string }).errorMsg).toContain("红包状态");
    const tenant = await download("/pay/red-envelopes/campaigns/export", {}, "TENANT_USER");
    expect(((await tenant.json()) as { code: number }).code).toBe(4003);
  });

  // ------------------------------------------------------------------------------------------
  // the matchmaking application's waybill picker

  it("lists the caller's waybills a matchmaking application may take (why not, when not), and applies through them", async () => {
    const db = f.p.db.kysely;
    const order = await db.selectFrom("freight_orders").select("id").where("org_id", "=", f.orgIds[0]!).where("business_mode", "=", "MATCHMAKING").executeTakeFirstOrThrow();
    const ids = await completedWaybills(f, template, 3, { amount: 60_000 });
    await db.updateTable("freights").set({ order_id: order.id }).where("id", "in", ids).execute();
    await okData(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: ids }));
    await reported(f, ids.slice(0, 2));
    // The platform's row `actions` (applyMatch) and, for a row that cannot be chosen, why (`blocked.applyMatch`).
    type Row = { freightId: number; freightNo: string; amount: number; actions: string[]; blocked?: { applyMatch?: string } };
    const search = (filter: object = {}, who: "ORG_USER" | "SYSTEM_USER" = "ORG_USER") => okData<{ records: Row[]; total: number; invoiceKind: string; sums: { invoiceAmount: number } }>(as(f, who, "/tms-match-invoice/candidates", { size: 200, ...filter }));
    const page = await search();
    expect(page.invoiceKind).toBe("SERVICE");
    const mine = page.records.filter((r) => ids.includes(r.freightId));
    expect(mine.map((r) => r.freightId).sort()).toEqual([...ids].sort());
    expect(mine.every((r) => r.amount === settlementOf(60_000).serviceFee)).toBe(true);
    // The unreported one is shown greyed with the reason; the sums count only the ones that can be chosen.
    expect(mine.find((r) => r.freightId === ids[2])!.blocked?.applyMatch).toContain("未上报成功");
    expect(mine.find((r) => r.freightId === ids[2])!.actions).not.toContain("applyMatch");
    expect(mine.filter((r) => r.blocked === undefined && r.actions.includes("applyMatch"))).toHaveLength(2);
    const eligibleSum = page.records.filter((r) => r.blocked === undefined).reduce((n, r) => n + r.amount, 0);
    if (page.total <= 200) expect(page.sums.invoiceAmount).toBe(eligibleSum);
    // Only the caller's organisation's, completed, paid, matchmaking waybills.
    const facts = await db.selectFrom("freights as fr").innerJoin("freight_orders as o", "o.id", "fr.order_id").innerJoin("waybill_settlements as s", "s.freight_id", "fr.id").select(["fr.org_id", "fr.status", "o.business_mode", "s.pay_status"]).where("fr.id", "in", page.records.map((r) => r.freightId)).execute();
    expect(facts.every((x) => Number(x.org_id) === f.orgIds[0] && x.status === "COMPLETED" && x.business_mode === "MATCHMAKING" && x.pay_status === "PAID")).toBe(true);
    // 代开: the carrier's payable, and the missing registration named when there is none.
    const agent = await search({ invoiceKind: "DRIVER_AGENT" });
    expect(agent.records.find((r) => r.freightId === ids[0])!.amount).toBe(settlementOf(60_000).carrierPayable);
    const keyword = await search({ keyword: mine[0]!.freightNo });
    expect(keyword.records.map((r) => r.freightId)).toEqual([mine[0]!.freightId]);

    // Bad input and callers: Chinese refusals.
    for (const filter of [{ invoiceKind: "OTHER" }, { keyword: "x".repeat(40) }, { shipperName: 5 }, { size: 0 }]) {
      const res = await as(f, "ORG_USER", "/tms-match-invoice/candidates", filter);
      expect(res.status, JSON.stringify(filter)).toBe(400);
      expect(res.body.errorMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await as(f, "INDIVIDUAL_USER", "/tms-match-invoice/candidates", {})).body.code).toBe(4003);
    expect((await as(f, "TENANT_USER", "/tms-match-invoice/candidates", {})).body.code).toBe(4003);

    // Applying for the picked ones: they leave the picker for that kind (not for the other kind).
    const applied = await okData<Rec>(as(f, "ORG_USER", "/tms-match-invoice/apply", { requestNo: rid(), invoiceKind: "SERVICE", invoiceType: "DIGITAL_NORMAL", freightIds: ids.slice(0, 2) }));
    expect(Number(applied.amount)).toBe(2 * settlementOf(60_000).serviceFee);
    const after = await search();
    expect(after.records.map((r) => r.freightId)).not.toEqual(expect.arrayContaining([ids[0]]));
    expect(after.records.map((r) => r.freightId)).toContain(ids[2]);
    expect((await search({ invoiceKind: "DRIVER_AGENT" })).records.map((r) => r.freightId)).toContain(ids[0]);
  });
});
