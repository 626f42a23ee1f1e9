/**
 * The invoicing rules that touch several tables, each written once and called from the bindings'
 * hooks and the application flow: releasing waybill lines (撤销, 驳回, 作废, 红冲 all free the waybills
 * for a new application), the period lock of a confirmed VAT declaration, splitting an approved
 * application into invoices, and computing a declaration's figures from the data.
 */
import { sql, type SqlBool } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { packIntoInvoices, previousPeriod, taxOf, vatFigures } from "../../contract/billing.js";
import { chinaDate, chinaMonthBounds, DATE_PATTERN } from "../../contract/units.js";
import { nowIso } from "../db/index.js";
import { HttpError, Refusal } from "../http/envelope.js";
import type { AnyDb } from "../resources/bind.js";
import { recordResourceEvent } from "../resources/events.js";
import type { CallerScope } from "../scope.js";
import { rateInput, yuanPlain } from "../../contract/numbers.js";

/** Applications still holding their waybills before issue (a company with one of these cannot be disabled). */
export const OPEN_APPLICATION_STATES = ["DRAFT", "PENDING_AUDIT", "APPROVED"] as const;

/** The China calendar month `YYYY-MM` of an instant or date. */
export const periodOf = (instantOrDate: string | Date = new Date()) => (typeof instantOrDate === "string" && DATE_PATTERN.test(instantOrDate) ? instantOrDate : chinaDate(instantOrDate)).slice(0, 7);

/** First instant of a China month and of the next one, as ISO strings. */
export const periodBounds = chinaMonthBounds;

/** Refuses a change that would fall into a period whose declaration is confirmed (domain 5.8: 确认 locks it). */
export async function assertPeriodOpen(trx: AnyDb, companyId: number, period: string, what: string): Promise<void> {
  const locked = await trx
    .selectFrom("vat_declarations")
    .select(["declaration_no", "status"])
    .where("invoice_company_id", "=", companyId)
    .where("period", "=", period)
    .where("status", "<>", "DRAFT")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (locked) throw new Refusal(RefusalCode.illegalState, `${period} 的增值税申报 ${locked.declaration_no} 已确认，不能再${what}`);
}

/**
 * Frees the live lines of an application or of some invoices: lines RELEASED, their settlements back
 * to 未开票 so the waybills can be applied for again.
 */
export async function releaseLines(trx: AnyDb, where: { applicationId: number } | { invoiceIds: number[] }): Promise<number> {
  let lines = trx.selectFrom("invoice_application_items").select(["id", "settlement_id"]).where("line_status", "=", "ACTIVE");
  lines = "applicationId" in where ? lines.where("application_id", "=", where.applicationId) : lines.where("invoice_id", "in", where.invoiceIds.length ? where.invoiceIds : [-1]);
  const rows = await lines.execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => Number(r.id));
  const settlementIds = rows.map((r) => Number(r.settlement_id));
  for (let i = 0; i < ids.length; i += 500) {
    await trx.updateTable("invoice_application_items").set({ line_status: "RELEASED", updated_at: nowIso() }).where("id", "in", ids.slice(i, i + 500)).execute();
    await trx
      .updateTable("waybill_settlements")
      .set((eb) => ({ invoice_status: "NOT_INVOICED", invoice_application_id: null, invoiced_at: null, version: eb("version", "+", 1) }))
      .where("id", "in", settlementIds.slice(i, i + 500))
      .execute();
  }
  return rows.length;
}

/** The invoicing company of a row, which must exist on the caller's platform. */
export async function companyOf(trx: AnyDb, platformId: string, id: number) {
  const company = await trx.selectFrom("invoice_companies").selectAll().where("id", "=", id).where("platform_id", "=", platformId).where("deleted_at", "is", null).executeTakeFirst();
  if (!company) throw new HttpError(404, "开票公司不存在");
  return company;
}

/** The single-invoice limit as a tax-inclusive amount (a 不含税 limit is grossed up by the rate). */
const inclusiveLimit = (limit: number, basis: string, rateBp: number) => (basis === "EXCL_TAX" ? Math.floor((limit * (10_000 + rateBp)) / 10_000) : limit);

/** Adds `i` to a numeric invoice number, keeping its width (8 or 20 digits). */
const nthNumber = (first: string, i: number) => (BigInt(first) + BigInt(i)).toString().padStart(first.length, "0");

/**
 * 开票: packs the application's live lines into invoices under the company's limit, numbers them from
 * `firstInvoiceNo`, marks the waybills 已开票 and makes the application's amounts the sums of its invoices.
 */
export async function issueApplication(trx: AnyDb, scope: CallerScope, applicationId: number, input: { issueDate: string; firstInvoiceNo: string; invoiceCode?: string | null }): Promise<void> {
  const app = await trx.selectFrom("invoice_applications").selectAll().where("id", "=", applicationId).executeTakeFirstOrThrow();
  const company = await companyOf(trx, app.platform_id, Number(app.invoice_company_id));
  if (input.issueDate > chinaDate()) throw new HttpError(400, "开票日期不能晚于今天");
  await assertPeriodOpen(trx, Number(company.id), periodOf(input.issueDate), "开具该月的发票");
  const lines = await trx.selectFrom("invoice_application_items").selectAll().where("application_id", "=", applicationId).where("line_status", "=", "ACTIVE").orderBy("id").execute();
  if (lines.length === 0) throw new Refusal(RefusalCode.illegalState, `开票申请 ${app.application_no} 没有可开票的运单`);
  const rate = Number(app.tax_rate_bp);
  const groups = packIntoInvoices(lines.map((l) => Number(l.amount_incl_tax)), inclusiveLimit(Number(company.max_invoice_amount), company.limit_basis, rate));
  const numbers = groups.map((_, i) => nthNumber(input.firstInvoiceNo, i));
  if (numbers.some((n) => n.length !== input.firstInvoiceNo.length)) throw new HttpError(400, "发票号码超出位数，请核对首张发票号码");
  const code = input.invoiceCode ?? null;
  const clash = await trx
    .selectFrom("invoices")
    .select("invoice_no")
    .where("invoice_no", "in", numbers)
    .where(sql<SqlBool>`coalesce(invoice_code, '') = ${code ?? ""}`)
    .executeTakeFirst();
  if (clash) throw new Refusal(RefusalCode.illegalState, `发票号码 ${clash.invoice_no} 已被使用，请核对首张发票号码`);
  const at = nowIso();
  const goodsName = lines.length && (await trx.selectFrom("freights").select("freight_way").where("id", "=", Number(lines[0]!.freight_id)).executeTakeFirst())?.freight_way === "WATER" ? company.goods_name_water : company.goods_name_road;
  let totalTax = 0;
  for (const [i, group] of groups.entries()) {
    const chosen = group.map((g) => lines[g]!);
    const incl = chosen.reduce((s, l) => s + Number(l.amount_incl_tax), 0);
    const tax = taxOf(incl, rate);
    totalTax += tax.taxAmount;
    const invoice = await trx
      .insertInto("invoices")
      .values({
        platform_id: app.platform_id,
        tenant_id: app.tenant_id,
        org_id: app.org_id,
        owner_user_id: null,
        created_at: at,
        created_by: scope.userId,
        updated_at: at,
        application_id: applicationId,
        application_no: app.application_no,
        invoice_no: numbers[i]!,
        invoice_code: code,
        invoice_kind: app.invoice_kind,
        invoice_type: app.invoice_type,
        invoice_company_id: Number(company.id),
        seller_name: company.name,
        seller_tax_no: company.credit_code,
        buyer_name: app.shipper_name,
        buyer_tax_no: app.buyer_tax_no,
        goods_name: goodsName,
        amount_excl_tax: tax.amountExclTax,
        tax_rate_bp: rate,
        tax_amount: tax.taxAmount,
        amount_incl_tax: incl,
        issue_date: input.issueDate,
        waybill_count: chosen.length,
        weight: chosen.reduce((s, l) => s + Number(l.weight), 0),
        remark_text: app.remark_text,
        drawer: company.drawer,
        reviewer: company.reviewer,
        payee: company.payee,
        status: "ISSUED",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.updateTable("invoice_application_items").set({ invoice_id: Number(invoice.id), invoice_no: numbers[i]! }).where("id", "in", chosen.map((l) => Number(l.id))).execute();
  }
  const settlementIds = lines.map((l) => Number(l.settlement_id));
  for (let i = 0; i < settlementIds.length; i += 500) {
    await trx
      .updateTable("waybill_settlements")
      .set((eb) => ({ invoice_status: "INVOICED", invoiced_at: at, version: eb("version", "+", 1) }))
      .where("id", "in", settlementIds.slice(i, i + 500))
      .execute();
  }
  const incl = Number(app.amount_incl_tax);
  await trx.updateTable("invoice_applications").set({ invoice_count: groups.length, issued_at: at, tax_amount: totalTax, amount_excl_tax: incl - totalTax }).where("id", "=", applicationId).execute();
}

/** After an invoice is voided or red-flushed: free its waybills; an application with no live invoice left is 已红冲. */
export async function afterInvoiceWithdrawn(trx: AnyDb, scope: CallerScope, invoice: Record<string, unknown> & { id: number }, label: string): Promise<void> {
  await releaseLines(trx, { invoiceIds: [Number(invoice.id)] });
  const applicationId = Number(invoice.application_id);
  const live = await trx.selectFrom("invoices").select("id").where("application_id", "=", applicationId).where("status", "=", "ISSUED").executeTakeFirst();
  if (live) return;
  const app = await trx.selectFrom("invoice_applications").selectAll().where("id", "=", applicationId).executeTakeFirstOrThrow();
  if (app.status !== "ISSUED" && app.status !== "MAILED") return;
  await trx.updateTable("invoice_applications").set((eb) => ({ status: "RED_FLUSHED", updated_at: nowIso(), updated_by: scope.userId, version: eb("version", "+", 1) })).where("id", "=", applicationId).execute();
  await recordResourceEvent(trx, scope, "invoiceApplication", { ...app, id: applicationId }, { action: "RED_FLUSH", label: `全部发票已${label}`, from: app.status, to: "RED_FLUSHED" });
}

/**
 * A declaration's figures from the data (domain 5.8): output = invoices issued in the period (not
 * voided) minus invoices red-flushed in the period, by rate; input = tickets certified for the period;
 * transfer-out = those of them transferred out; previous credit = the previous period's carried credit.
 */
export async function vatFiguresFor(trx: AnyDb, companyId: number, period: string) {
  const { from, to } = periodBounds(period);
  const issued = await trx
    .selectFrom("invoices")
    .select(["tax_rate_bp", "amount_excl_tax", "tax_amount"])
    .where("invoice_company_id", "=", companyId)
    .where("issue_date", ">=", `${period}-01`)
    .where("issue_date", "<=", `${period}-31`)
    .where("status", "<>", "VOIDED")
    .execute();
  const flushed = await trx
    .selectFrom("invoices")
    .select(["tax_rate_bp", "amount_excl_tax", "tax_amount"])
    .where("invoice_company_id", "=", companyId)
    .where("status", "=", "RED_FLUSHED")
    .where("red_at", ">=", from)
    .where("red_at", "<", to)
    .execute();
  const byRate = new Map<number, { sales: number; tax: number; count: number }>();
  const add = (rows: typeof issued, sign: 1 | -1) => {
    for (const r of rows) {
      const rate = Number(r.tax_rate_bp);
      const acc = byRate.get(rate) ?? { sales: 0, tax: 0, count: 0 };
      acc.sales += sign * Number(r.amount_excl_tax);
      acc.tax += sign * Number(r.tax_amount);
      acc.count += sign;
      byRate.set(rate, acc);
    }
  };
  add(issued, 1);
  add(flushed, -1);
  const tickets = await trx
    .selectFrom("input_tax_tickets")
    .select(["tax_amount", "certify_status"])
    .where("invoice_company_id", "=", companyId)
    .where("certified_period", "=", period)
    .where("certify_status", "in", ["CERTIFIED", "TRANSFERRED_OUT"])
    .where("deleted_at", "is", null)
    .execute();
  const inputTax = tickets.reduce((s, t) => s + Number(t.tax_amount), 0);
  const inputTransferOut = tickets.filter((t) => t.certify_status === "TRANSFERRED_OUT").reduce((s, t) => s + Number(t.tax_amount), 0);
  const previous = await trx
    .selectFrom("vat_declarations")
    .select("carried_credit")
    .where("invoice_company_id", "=", companyId)
    .where("period", "=", previousPeriod(period))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  const previousCredit = Number(previous?.carried_credit ?? 0);
  const rates = [...byRate.entries()].sort(([a], [b]) => b - a);
  const outputSales = rates.reduce((s, [, v]) => s + v.sales, 0);
  const outputTax = rates.reduce((s, [, v]) => s + v.tax, 0);
  const breakdown = rates.map(([rate, v]) => `税率 ${rateInput(rate)}%：发票 ${v.count} 张，销售额 ${yuanPlain(v.sales)} 元，税额 ${yuanPlain(v.tax)} 元`).join("；");
  const { payableTax, carriedCredit } = vatFigures({ outputTax, inputTax, inputTransferOut, previousCredit });
  return {
    output_sales: outputSales,
    output_tax: outputTax,
    output_invoice_count: issued.length - flushed.length,
    input_tax: inputTax,
    input_ticket_count: tickets.length,
    input_transfer_out: inputTransferOut,
    previous_credit: previousCredit,
    rate_breakdown: breakdown || "本期无销项发票",
    payable_tax: payableTax,
    carried_credit: carriedCredit,
  };
}
