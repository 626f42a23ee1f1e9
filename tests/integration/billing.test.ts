/**
 * Invoicing and tax on SQLite and PostgreSQL (TEST_DATABASE_URL): 申请开票 over paid waybills (amounts in
 * fen, tax inside the amount, idempotent against a repeated or parallel request), its refusals (unpaid,
 * another organisation's, twice, bad input, wrong kind), who sees which application, the audit / issue
 * machine (split under the company's limit, numbers, waybills 已开票), 撤销 / 驳回 / 红冲 freeing the
 * waybills, the VAT declaration computed from the data and locking its period, and input tickets.
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taxOf } from "../../contract/billing.js";
import { chinaDate } from "../../contract/units.js";
import { as, dispatchOne, driveTo, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";
import { completedWaybills, fund, reported, rid } from "./ledger-fixtures.js";
import { inTransaction, recordWaybill, syncPaidWaybills, targetsOf } from "../../platform/submission/records.js";
import { markReported } from "../../platform/submission/seed.js";
import { revealCards } from "../../platform/submission/card-field.js";

let f: FreightTestPlatform;
let template: number;
let companyId: number;
/** Four paid waybills whose shipper payable is 312,000 fen each: three fit one invoice under the 10,000 元 limit. */
let paid: number[];
let serial = 0;
const nextInvoiceNo = () => `2499${String(process.pid).padStart(8, "0").slice(-8)}${String(++serial).padStart(8, "0")}`;

async function payWaybills(ids: number[]) {
  await okData(as(f, "ORG_USER", "/pay/payments", { requestNo: rid(), freightIds: ids }));
}

async function freshPaid(count: number, orgIndex = 0): Promise<number[]> {
  const ids = await completedWaybills(f, template, count, { amount: 300_000, orgIndex });
  if (orgIndex === 0) {
    await payWaybills(ids);
    await reported(f, ids);
  }
  return ids;
}

const applyBody = (freightIds: number[], extra: object = {}) => ({ requestNo: rid(), freightIds, invoiceCompanyId: companyId, invoiceType: "DIGITAL_NORMAL", deliveryMethod: "EMAIL", ...extra });
const settlementsOf = (ids: number[]) => f.p.db.kysely.selectFrom("waybill_settlements").select(["freight_id", "invoice_status", "invoice_application_id"]).where("freight_id", "in", ids).execute();
const applicationCount = async () => Number((await f.p.db.kysely.selectFrom("invoice_applications").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
type App = { id: number; applicationNo: string; status: string; amountInclTax: number; taxAmount: number; amountExclTax: number; invoiceCount: number; actions: string[] };
const getApp = (id: number, who: Parameters<typeof as>[1] = "ORG_USER") => okData<App>(as(f, who, `/pay-invoice-application/${id}`, undefined, "GET"));
const move = (who: Parameters<typeof as>[1], id: number, key: string, body: object = {}) => as<App>(f, who, `/pay-invoice-application/${id}/${key}`, body);

beforeAll(async () => {
  f = await startFreightPlatform("billing");
  const { id } = await dispatchOne(f, { individual: true });
  await driveTo(f, id, "COMPLETED");
  template = id;
  await fund(f, 20_000_000);
  const company = await f.p.db.kysely.selectFrom("invoice_companies").select(["id", "max_invoice_amount"]).where("platform_id", "=", "A").where("enabled", "=", "ENABLED").orderBy("id").executeTakeFirstOrThrow();
  companyId = Number(company.id);
  expect(Number(company.max_invoice_amount)).toBe(1_000_000);
  paid = await freshPaid(4);
});
afterAll(() => f?.close());

describe(`billing (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  let applicationId: number;

  it("applies for paid waybills: a DRAFT with the amounts in fen, idempotent per requestNo", async () => {
    const body = applyBody(paid);
    const first = await okData<{ id: number; applicationNo: string; amountInclTax: number; replayed: boolean }>(as(f, "ORG_USER", "/pay-invoice-application", body));
    expect(first.replayed).toBe(false);
    expect(first.amountInclTax).toBe(4 * 312_000);
    const replay = await okData<{ id: number; replayed: boolean }>(as(f, "ORG_USER", "/pay-invoice-application", body));
    expect(replay).toMatchObject({ id: first.id, replayed: true });
    const conflict = await as(f, "ORG_USER", "/pay-invoice-application", { ...body, deliveryMethod: "POST" });
    expect(conflict.body.code).toBe(4029);
    const app = await getApp(first.id);
    expect(app.status).toBe("DRAFT");
    const tax = taxOf(4 * 312_000, 900);
    expect([app.taxAmount, app.amountExclTax]).toEqual([tax.taxAmount, tax.amountExclTax]);
    expect((await settlementsOf(paid)).every((s) => s.invoice_status === "INVOICE_APPLIED" && Number(s.invoice_application_id) === first.id)).toBe(true);
    applicationId = first.id;
  });

  it("20 parallel requests with one requestNo make one application", async () => {
    const ids = await freshPaid(1);
    const before = await applicationCount();
    const body = applyBody(ids);
    const answers = await Promise.all(Array.from({ length: 20 }, () => as<{ id: number }>(f, "ORG_USER", "/pay-invoice-application", body)));
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data!.id)).size).toBe(1);
    expect(await applicationCount()).toBe(before + 1);
    await okData(move("ORG_USER", answers[0]!.body.data!.id, "cancel"));
    expect((await settlementsOf(ids))[0]!.invoice_status).toBe("NOT_INVOICED");
  });

  it("refuses what may not be invoiced, and creates nothing", async () => {
    const before = await applicationCount();
    const unpaid = await completedWaybills(f, template, 1, { amount: 300_000 });
    expect((await as(f, "ORG_USER", "/pay-invoice-application", applyBody(unpaid))).body.code).toBe(4010);
    const [foreign] = await freshPaid(1, 1);
    expect((await as(f, "ORG_USER", "/pay-invoice-application", applyBody([foreign!]))).status).toBe(404);
    const twice = await as<unknown>(f, "ORG_USER", "/pay-invoice-application", applyBody([paid[0]!]));
    expect(twice.body.code).toBe(4009);
    const bad = await as(f, "ORG_USER", "/pay-invoice-application", applyBody(paid, { invoiceType: "RECEIPT" }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("发票类型");
    expect((await as(f, "ORG_USER", "/pay-invoice-application", applyBody([]))).status).toBe(400);
    expect((await as(f, "ORG_USER", "/pay-invoice-application", applyBody([1.5]))).status).toBe(400);
    expect((await as(f, "ORG_USER", "/pay-invoice-application", { ...applyBody(paid), requestNo: "short" })).status).toBe(400);
    expect((await as(f, "TENANT_USER", "/pay-invoice-application", applyBody(unpaid))).body.code).toBe(4003);
    expect((await as(f, "INDIVIDUAL_USER", "/pay-invoice-application", applyBody(unpaid))).body.code).toBe(4003);
    expect(await applicationCount()).toBe(before);
  });

  it("开票须上报成功: an unreported waybill is refused naming it and what it lacks, listed as blocked, until reported", async () => {
    const db = f.p.db.kysely;
    const ids = await completedWaybills(f, template, 2, { amount: 300_000 });
    await payWaybills(ids);
    const numbers = (await db.selectFrom("freights").select("freight_no").where("id", "in", ids).orderBy("id").execute()).map((r) => r.freight_no);
    const before = await applicationCount();
    const refused = await as(f, "ORG_USER", "/pay-invoice-application", applyBody(ids));
    expect(refused.body.code).toBe(4010);
    for (const no of numbers) expect(JSON.stringify(refused.body)).toContain(no);
    expect(JSON.stringify(refused.body)).toContain("资金流水单未生成");
    expect(await applicationCount()).toBe(before);
    expect((await settlementsOf(ids)).every((s) => s.invoice_status === "NOT_INVOICED")).toBe(true);
    // 新开票列表 (the engine's list of invoiceable settlements): 申请开票 held back on them, with what each lacks.
    type Listed = { records: Array<{ freightId: number; actions: string[]; blocked?: { apply?: string } }> };
    const blocked = await okData<Listed>(as(f, "ORG_USER", "/pay-invoiceable-waybill/search", { size: 200, reportState: "BLOCKED" }));
    const mine = blocked.records.filter((r) => ids.includes(r.freightId));
    expect(mine).toHaveLength(ids.length);
    expect(mine.every((r) => r.blocked?.apply?.includes("资金流水单") && !r.actions.includes("apply"))).toBe(true);
    const eligible = await okData<Listed>(as(f, "ORG_USER", "/pay-invoiceable-waybill/search", { size: 200, reportState: "ELIGIBLE" }));
    expect(eligible.records.some((r) => ids.includes(r.freightId))).toBe(false);
    expect(eligible.records.every((r) => r.blocked === undefined && r.actions.includes("apply"))).toBe(true);
    expect((await as(f, "ORG_USER", "/pay-invoiceable-waybill/search", { reportState: "MAYBE" })).status).toBe(400);

    // The sender job builds the money flows (receipt account = the payee's card); waiting records still block.
    expect(await syncPaidWaybills(db, { platformId: "A", freightIds: ids })).toBe(2);
    const flows = await db.selectFrom("report_records").select(["payload", "status"]).where("freight_id", "in", ids).where("message_type", "=", "CAPITAL_FLOW").where("target", "=", "ANHUI").execute();
    expect(flows).toHaveLength(2);
    // Stored sealed: the clear number only inside the request sent to the province.
    expect(flows[0]!.payload).not.toContain("6217001210024455220");
    expect(JSON.stringify(revealCards(JSON.parse(flows[0]!.payload)))).toContain("6217001210024455220");
    expect((await syncPaidWaybills(db, { platformId: "A", freightIds: ids }))).toBe(0);
    const waiting = await as(f, "ORG_USER", "/pay-invoice-application", applyBody(ids));
    expect(waiting.body.code).toBe(4010);
    expect(JSON.stringify(waiting.body)).toMatch(/电子运单(待上报|待修正)/);
    // Accepted by the province: both may be invoiced.
    const [one] = ids;
    await reported(f, ids);
    const ok = await okData<{ id: number }>(as(f, "ORG_USER", "/pay-invoice-application", applyBody([one!])));
    await okData(move("ORG_USER", ok.id, "cancel"));

    // The organisation may switch the rule off (enterprise config 开票须上报成功 = 0).
    const [unreported] = await completedWaybills(f, template, 1, { amount: 300_000 });
    await payWaybills([unreported!]);
    expect((await as(f, "ORG_USER", "/pay-invoice-application", applyBody([unreported!]))).body.code).toBe(4010);
    const orgId = f.orgIds[0]!;
    const hadRow = await db.selectFrom("enterprise_configs").select("id").where("org_id", "=", orgId).executeTakeFirst();
    expect(hadRow).toBeTruthy();
    await db.updateTable("enterprise_configs").set({ invoice_requires_report: 0 }).where("org_id", "=", orgId).execute();
    try {
      const free = await okData<{ id: number }>(as(f, "ORG_USER", "/pay-invoice-application", applyBody([unreported!])));
      await okData(move("ORG_USER", free.id, "cancel"));
    } finally {
      await db.updateTable("enterprise_configs").set({ invoice_requires_report: 1 }).where("org_id", "=", orgId).execute();
    }
  });

  it("a waybill from 哈尔滨 to 宿迁 reports (the full GB/T 2260 code set) and can be invoiced", async () => {
    const db = f.p.db.kysely;
    const ids = await completedWaybills(f, template, 1, { amount: 300_000 });
    // A believable timeline and track, so every other local check passes (only the place codes are under test).
    const at = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    await db.updateTable("freights").set({ created_at: at(30), loading_time: at(28), unloading_time: at(24), complete_time: at(2), loading_address: "黑龙江省哈尔滨市道里区经纬街 12 号粮库", unloading_address: "江苏省宿迁市宿城区幸福中路 8 号" }).where("id", "in", ids).execute();
    await db.insertInto("freight_track_points").values(Array.from({ length: 5 }, (_, i) => ({ freight_id: ids[0]!, lat: 45.7 - i * 0.2, lng: 126.6 + i * 0.1, speed: 60, recorded_at: at(28 - i) }))).execute();
    await payWaybills(ids);
    const now = new Date().toISOString();
    for (const target of (await targetsOf(db, "A")).filter((t) => t.enabled)) await inTransaction(db, (trx) => recordWaybill(trx, target, ids[0]!, now));
    await syncPaidWaybills(db, { platformId: "A", freightIds: ids });
    const waybill = await db.selectFrom("report_records").selectAll().where("freight_id", "=", ids[0]!).where("target", "=", "ANHUI").where("message_type", "=", "WAYBILL").executeTakeFirstOrThrow();
    // The local checks pass: the codes the hand-kept table of 30 cities did not know are there.
    expect(waybill.status, waybill.check_result).toBe("PENDING");
    const payload = JSON.parse(waybill.payload) as { ConsignorInfo: { CountrySubdivisionCode: string }; ConsigneeInfo: { CountrySubdivisionCode: string } };
    expect(payload.ConsignorInfo.CountrySubdivisionCode).toBe("230102");
    expect(payload.ConsigneeInfo.CountrySubdivisionCode).toBe("321302");
    // Not yet accepted: invoicing waits on it.
    expect((await as(f, "ORG_USER", "/pay-invoice-application", applyBody(ids))).body.code).toBe(4010);
    // The province accepts what passed the checks (only PENDING records: a CHECK_FAILED one would still block).
    const records = await db.selectFrom("report_records").select(["id", "depends_on"]).where("freight_id", "in", ids).where("superseded_by", "is", null).execute();
    const all = new Set<number>();
    for (const r of records) {
      all.add(Number(r.id));
      for (const dep of JSON.parse(r.depends_on) as number[]) all.add(dep);
    }
    await markReported(db, [...all], ["PENDING"]);
    const app = await okData<{ id: number }>(as(f, "ORG_USER", "/pay-invoice-application", applyBody(ids)));
    await okData(move("ORG_USER", app.id, "cancel"));
  });

  it("待付款 is the engine's list of unpaid settlements: 支付 offered to the paying organisation only, found by order number, gone once paid", async () => {
    const ids = await completedWaybills(f, template, 2, { amount: 300_000 });
    type Listed = { records: Array<{ freightId: number; orderNo: string | null; shipperName: string | null; actions: string[]; blocked?: { pay?: string } }>; sums: { shipperPayable: number } };
    const search = (who: Parameters<typeof as>[1], body: object = {}) => okData<Listed>(as(f, who, "/pay-payable/search", { size: 200, freightWay: "ROAD", ...body }));
    const mine = async (who: Parameters<typeof as>[1]) => (await search(who)).records.filter((r) => ids.includes(r.freightId));
    const org = await mine("ORG_USER");
    expect(org).toHaveLength(2);
    expect(org.every((r) => r.actions.includes("pay") && !!r.orderNo && !!r.shipperName)).toBe(true);
    expect((await search("ORG_USER")).sums.shipperPayable).toBeGreaterThan(0);
    const staff = await mine("SYSTEM_USER");
    expect(staff).toHaveLength(2);
    expect(staff.some((r) => r.actions.includes("pay") || r.blocked)).toBe(false);
    const byOrder = await search("ORG_USER", { keyword: org[0]!.orderNo });
    expect(byOrder.records.map((r) => r.freightId)).toContain(org[0]!.freightId);
    expect((await as(f, "ORG_USER", "/pay-payable/search", { freightWay: "BOAT" })).status).toBe(400);
    await payWaybills(ids);
    expect(await mine("ORG_USER")).toHaveLength(0);
  });

  it("shows an application to its organisation, tenant and platform only", async () => {
    const search = async (who: Parameters<typeof as>[1]) => as<{ records: Array<{ id: number }> }>(f, who, "/pay-invoice-application/search", { size: 200 });
    for (const who of ["ORG_USER", "TENANT_USER", "SYSTEM_USER"] as const) expect((await search(who)).body.data!.records.map((r) => r.id)).toContain(applicationId);
    expect((await search("INDIVIDUAL_USER")).body.code).toBe(4003);
    const invoiceable = await okData<{ records: Array<{ freightId: number }>; sums: { invoiceAmount: number } }>(as(f, "ORG_USER", "/pay-invoiceable-waybill/search", { size: 200 }));
    expect(invoiceable.records.map((r) => r.freightId)).not.toContain(paid[0]);
    expect(invoiceable.sums.invoiceAmount).toBeGreaterThan(0);
  });

  it("audit and issue: only in order, by auditors; splits under the limit and marks the waybills 已开票", async () => {
    expect((await move("TENANT_USER", applicationId, "approve")).body.code).toBe(4009);
    await okData(move("ORG_USER", applicationId, "submit"));
    expect((await move("ORG_USER", applicationId, "approve")).body.code).toBe(4003);
    expect((await move("TENANT_USER", applicationId, "reject", {})).status).toBe(400);
    await okData(move("TENANT_USER", applicationId, "approve", { auditRemark: "核对无误" }));
    const badNo = await move("SYSTEM_USER", applicationId, "issue", { issueDate: chinaDate(), firstInvoiceNo: "12345" });
    expect(badNo.status).toBe(400);
    const first = nextInvoiceNo();
    serial += 1; // the second invoice takes the next number
    const issued = await okData<App>(move("SYSTEM_USER", applicationId, "issue", { issueDate: chinaDate(), firstInvoiceNo: first }));
    expect(issued.status).toBe("ISSUED");
    expect(issued.invoiceCount).toBe(2);
    const invoices = await f.p.db.kysely.selectFrom("invoices").selectAll().where("application_id", "=", applicationId).orderBy("invoice_no").execute();
    expect(invoices.map((i) => Number(i.amount_incl_tax))).toEqual([3 * 312_000, 312_000]);
    expect(invoices.map((i) => i.invoice_no)[0]).toBe(first);
    expect(invoices.reduce((s, i) => s + Number(i.tax_amount), 0)).toBe(issued.taxAmount);
    for (const i of invoices) expect(Number(i.tax_amount)).toBe(taxOf(Number(i.amount_incl_tax), 900).taxAmount);
    expect((await settlementsOf(paid)).every((s) => s.invoice_status === "INVOICED")).toBe(true);
    expect((await move("SYSTEM_USER", applicationId, "issue", { issueDate: chinaDate(), firstInvoiceNo: nextInvoiceNo() })).body.code).toBe(4009);

    // A number already used is refused on another application.
    const other = await okData<{ id: number }>(as(f, "ORG_USER", "/pay-invoice-application", applyBody(await freshPaid(1))));
    await okData(move("ORG_USER", other.id, "submit"));
    await okData(move("SYSTEM_USER", other.id, "approve"));
    expect((await move("SYSTEM_USER", other.id, "issue", { issueDate: chinaDate(), firstInvoiceNo: first })).body.code).toBe(4009);
    expect((await move("SYSTEM_USER", applicationId, "mail", { expressCompany: "顺丰速运" })).status).toBe(400);
  });

  it("reject frees the waybills; red-flushing every invoice frees them and ends the application 已红冲", async () => {
    const ids = await freshPaid(2);
    const a = await okData<{ id: number }>(as(f, "ORG_USER", "/pay-invoice-application", applyBody(ids)));
    await okData(move("ORG_USER", a.id, "submit"));
    await okData(move("TENANT_USER", a.id, "reject", { auditRemark: "托运人信息有误" }));
    expect((await settlementsOf(ids)).every((s) => s.invoice_status === "NOT_INVOICED" && s.invoice_application_id === null)).toBe(true);

    const invoices = await f.p.db.kysely.selectFrom("invoices").select(["id", "status"]).where("application_id", "=", applicationId).execute();
    const flush = (id: number, body: object) => as(f, "TENANT_USER", `/pay-invoice/${id}/redFlush`, body);
    expect((await flush(Number(invoices[0]!.id), { flushReason: "开错" })).status).toBe(400);
    expect((await as(f, "ORG_USER", `/pay-invoice/${Number(invoices[0]!.id)}/redFlush`, { redInfoNo: "3401002611000099999", flushReason: "开错" })).body.code).toBe(4003);
    await okData(flush(Number(invoices[0]!.id), { redInfoNo: "3401002611000099999", flushReason: "购方名称有误" }));
    expect((await getApp(applicationId)).status).toBe("ISSUED");
    await okData(as(f, "SYSTEM_USER", `/pay-invoice/${Number(invoices[1]!.id)}/void`, { flushReason: "当月作废" }));
    expect((await getApp(applicationId)).status).toBe("RED_FLUSHED");
    expect((await settlementsOf(paid)).every((s) => s.invoice_status === "NOT_INVOICED")).toBe(true);
    // Freed waybills can be applied for again.
    await okData(as(f, "ORG_USER", "/pay-invoice-application", applyBody(paid)));

    // The seeded invoice issued last month cannot be voided, only red-flushed.
    const old = await f.p.db.kysely.selectFrom("invoices").select("id").where("status", "=", "ISSUED").where("issue_date", "<", `${chinaDate().slice(0, 7)}-01`).executeTakeFirstOrThrow();
    const voided = await as(f, "SYSTEM_USER", `/pay-invoice/${Number(old.id)}/void`, { flushReason: "作废" });
    expect(voided.body.code).toBe(4009);
    expect(JSON.stringify(voided.body)).toContain("红冲");
  });

  it("input tickets: tax from the amounts, one registration per number", async () => {
    const body = { invoiceCompanyId: companyId, category: "FUEL", ticketType: "DIGITAL_SPECIAL", invoiceNo: nextInvoiceNo(), issueDate: chinaDate(), sellerName: "测试石油公司", sellerTaxNo: "913403007050123456", amountExclTax: 100_000, taxRateBp: 1300, amountInclTax: 113_000 };
    const created = await okData<{ id: number; taxAmount: number; ticketNo: string }>(as(f, "SYSTEM_USER", "/tms-input-tax-ticket", body));
    expect(created.taxAmount).toBe(13_000);
    expect(created.ticketNo).toMatch(/^JX\d{14}$/);
    expect((await as(f, "SYSTEM_USER", "/tms-input-tax-ticket", body)).body.code).toBe(4009);
    const wrongTax = await as(f, "SYSTEM_USER", "/tms-input-tax-ticket", { ...body, invoiceNo: nextInvoiceNo(), amountInclTax: 150_000 });
    expect(wrongTax.status).toBe(400);
    expect((await as(f, "SYSTEM_USER", "/tms-input-tax-ticket", { ...body, invoiceNo: nextInvoiceNo(), amountExclTax: 10.5 })).status).toBe(400);
    expect((await as(f, "ORG_USER", "/tms-input-tax-ticket/search", {})).body.code).toBe(4003);
  });

  it("进项票批量导入: a template; all rows or none, each error with its row, column and fix; duplicates refused", async () => {
    const db = f.p.db.kysely;
    const template = await fetch(`${f.p.baseUrl}/tms-input-tax-ticket-import/template`, { headers: { "X-Platform": "A", Authorization: `Bearer ${f.tokens.SYSTEM_USER}` } });
    expect(template.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await template.arrayBuffer()) as never);
    const headers = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual(expect.arrayContaining(["发票号码", "金额(元)", "价税合计(元)", "开票公司（受票方）名称"]));
    const company = await db.selectFrom("invoice_companies").select("name").where("id", "=", companyId).executeTakeFirstOrThrow();
    const base = `${process.pid}`.padStart(8, "0").slice(-8);
    const ticket = (n: number, extra: Record<string, string | number> = {}): Record<string, string | number> => ({
      "开票公司（受票方）名称": company.name, 进项类别: "成品油", 票种: "数电专票", 发票号码: `2434${base}${String(n).padStart(8, "0")}`, 开票日期: "2026-11-02",
      销方名称: "中国石化销售股份有限公司安徽蚌埠石油分公司", 销方税号: "913403007050123456", "金额(元)": "1000.00", "税率（基点，900 = 9%）": 1300, "价税合计(元)": "1130.00", ...extra,
    });
    const xlsx = async (rows: Array<Record<string, string | number>>) => {
      const out = new ExcelJS.Workbook();
      const sheet = out.addWorksheet("进项票导入");
      sheet.addRow(headers);
      for (const r of rows) sheet.addRow(headers.map((h) => r[h] ?? ""));
      return Buffer.from(await out.xlsx.writeBuffer());
    };
    type Result = { status: string; imported: number; message: string; errors: Array<{ rowNo: number; column: string; message: string }> };
    const upload = async (bytes: Buffer, who: "SYSTEM_USER" | "ORG_USER" = "SYSTEM_USER", name = "tickets.xlsx") => {
      const res = await fetch(`${f.p.baseUrl}/tms-input-tax-ticket-import/upload`, { method: "POST", headers: { "X-Platform": "A", Authorization: `Bearer ${f.tokens[who]}`, "Content-Type": "application/octet-stream", "X-File-Name": encodeURIComponent(name) }, body: new Uint8Array(bytes) });
      return (await res.json()) as { code: number; data?: Result };
    };
    const count = async () => Number((await db.selectFrom("input_tax_tickets").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();

    // One bad row refuses the whole file; every error names its row and column.
    const bad = await upload(await xlsx([ticket(1), ticket(2, { "价税合计(元)": "1500.00" }), ticket(3, { 票种: "火车票", 开票日期: "2099-01-01" }), ticket(1), ticket(4, { "开票公司（受票方）名称": "不存在的公司" })]));
    expect(bad.code).toBe(200);
    expect(bad.data!.status).toBe("FAILED");
    expect(await count()).toBe(before);
    const errs = bad.data!.errors;
    expect(errs.find((e) => e.rowNo === 3)).toMatchObject({ column: "价税合计(元)" });
    expect(errs.find((e) => e.rowNo === 4 && e.column === "票种")).toBeTruthy();
    expect(errs.find((e) => e.rowNo === 5)?.message).toContain("第 2 行重复");
    expect(errs.find((e) => e.rowNo === 6)?.message).toContain("不存在的公司");
    expect(errs.some((e) => e.rowNo === 2)).toBe(false);

    // All good: every row registered (tax from the amounts), once.
    const good = await upload(await xlsx([ticket(1), ticket(2, { "金额(元)": "200.00", "税率（基点，900 = 9%）": 900, "价税合计(元)": "218.00" })]));
    expect(good.data).toMatchObject({ status: "IMPORTED", imported: 2 });
    expect(await count()).toBe(before + 2);
    const row = await db.selectFrom("input_tax_tickets").select(["tax_amount", "certify_status", "ticket_no"]).where("invoice_no", "=", String(ticket(2)["发票号码"])).executeTakeFirstOrThrow();
    expect(Number(row.tax_amount)).toBe(1_800);
    expect(row.certify_status).toBe("UNCERTIFIED");
    const again = await upload(await xlsx([ticket(1), ticket(5)]));
    expect(again.data!.status).toBe("FAILED");
    expect(again.data!.errors[0]).toMatchObject({ rowNo: 2, column: "发票号码" });
    expect(again.data!.errors[0]!.message).toContain("已登记");
    expect(await count()).toBe(before + 2);

    // The file itself: not an xlsx, the wrong headers, no rows; and who may import.
    expect((await upload(Buffer.from("not a workbook"), "SYSTEM_USER", "tickets.csv")).data!.message).toContain(".xlsx");
    const wrong = new ExcelJS.Workbook();
    wrong.addWorksheet("x").addRow(["发票号码"]);
    expect((await upload(Buffer.from(await wrong.xlsx.writeBuffer()))).data!.message).toContain("缺少列");
    expect((await upload(await xlsx([]))).data!.message).toContain("没有数据行");
    expect((await upload(await xlsx([ticket(6)]), "ORG_USER")).code).toBe(4003);
    expect(await count()).toBe(before + 2);
  });

  it("a VAT declaration computes from the data, and confirming it locks the period", async () => {
    const period = chinaDate().slice(0, 7);
    const existing = await f.p.db.kysely.selectFrom("vat_declarations").select("id").where("invoice_company_id", "=", companyId).where("period", "=", period).executeTakeFirst();
    if (existing) await okData(as(f, "SYSTEM_USER", `/tms-vat-declaration/${Number(existing.id)}`, undefined, "DELETE"));
    const d = await okData<{ id: number; outputTax: number; inputTax: number; inputTransferOut: number; payableTax: number; carriedCredit: number; previousCredit: number }>(as(f, "SYSTEM_USER", "/tms-vat-declaration", { invoiceCompanyId: companyId, period }));
    const db = f.p.db.kysely;
    const live = await db.selectFrom("invoices").select(["tax_amount", "status", "red_at", "issue_date"]).where("invoice_company_id", "=", companyId).execute();
    const inPeriod = live.filter((i) => i.issue_date.startsWith(period) && i.status !== "VOIDED").reduce((s, i) => s + Number(i.tax_amount), 0);
    const redInPeriod = live.filter((i) => i.status === "RED_FLUSHED" && chinaDate(i.red_at!).startsWith(period)).reduce((s, i) => s + Number(i.tax_amount), 0);
    expect(d.outputTax).toBe(inPeriod - redInPeriod);
    const tickets = await db.selectFrom("input_tax_tickets").select("tax_amount").where("invoice_company_id", "=", companyId).where("certified_period", "=", period).where("certify_status", "in", ["CERTIFIED", "TRANSFERRED_OUT"]).execute();
    expect(d.inputTax).toBe(tickets.reduce((s, t) => s + Number(t.tax_amount), 0));
    expect(d.payableTax - d.carriedCredit).toBe(d.outputTax - (d.inputTax - d.inputTransferOut) - d.previousCredit);
    expect((await as(f, "SYSTEM_USER", "/tms-vat-declaration", { invoiceCompanyId: companyId, period })).body.code).toBe(4009);
    expect((await as(f, "SYSTEM_USER", "/tms-vat-declaration", { invoiceCompanyId: companyId, period: "2026-13" })).status).toBe(400);

    await okData(as(f, "SYSTEM_USER", `/tms-vat-declaration/${d.id}/confirm`, {}));
    const a = await okData<{ id: number }>(as(f, "ORG_USER", "/pay-invoice-application", applyBody(await freshPaid(1))));
    await okData(move("ORG_USER", a.id, "submit"));
    await okData(move("SYSTEM_USER", a.id, "approve"));
    const locked = await move("SYSTEM_USER", a.id, "issue", { issueDate: chinaDate(), firstInvoiceNo: nextInvoiceNo() });
    expect(locked.body.code).toBe(4009);
    expect(JSON.stringify(locked.body)).toContain("已确认");
    expect((await as(f, "SYSTEM_USER", `/tms-vat-declaration/${d.id}/pay`, { voucherNo: "SJ0000000001" })).body.code).toBe(4009);
    await okData(as(f, "SYSTEM_USER", `/tms-vat-declaration/${d.id}/declare`, { declaredOn: chinaDate() }));
    await okData(as(f, "SYSTEM_USER", `/tms-vat-declaration/${d.id}/pay`, { voucherNo: "SJ0000000001" }));
  });

  it("a company with open applications cannot be disabled", async () => {
    const res = await as(f, "SYSTEM_USER", `/sys-invoice-company/${companyId}/disable`, {});
    expect(res.body.code).toBe(4009);
    expect((await as(f, "ORG_USER", "/sys-invoice-company/options", {})).body.code).toBe(200);
  });
});
