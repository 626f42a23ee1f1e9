/**
 * The engine bindings of invoicing and tax: invoicing companies (platform configuration every caller
 * reads, SYSTEM_USER writes), applications, invoices and their waybill lines (the applicant's
 * organisation, its tenant, the platform), and the tax records of platform finance (SYSTEM_USER only).
 * The hooks hold the rules a definition cannot say; they live in rules.ts.
 */
import { RefusalCode } from "../../contract/envelope.js";
import { inputTicketError } from "../../contract/billing.js";
import { declareLog, inputTaxTicket, invoice, invoiceApplication, invoiceCompany, invoiceLine, vatDeclaration } from "../../contract/resources/billing.js";
import { chinaDate } from "../../contract/units.js";
import { nowIso } from "../db/index.js";
import { HttpError, Refusal } from "../http/envelope.js";
import { bindResource, orgScope, platformScope, platformStaffScope, type AnyDb, type LabelJoin, type ScopeRule } from "../resources/bind.js";
import { afterInvoiceWithdrawn, assertPeriodOpen, issueApplication, OPEN_APPLICATION_STATES, periodBounds, periodOf, releaseLines, vatFiguresFor } from "./rules.js";

const platformFinance: ScopeRule = platformStaffScope;
const applicantOrg = orgScope({ individual: null });
const companyName: Record<string, LabelJoin> = { invoiceCompanyName: { table: "invoice_companies", via: "invoice_company_id", column: "name" } };

export const invoiceCompanyBinding = bindResource(invoiceCompany, {
  table: "invoice_companies",
  scope: platformScope,
  stamp: "platform",
  unique: { creditCode: (v) => `统一社会信用代码 ${String(v)} 已登记为开票公司` },
  hooks: {
    async onTransition(trx, _scope, row, transition) {
      if (transition !== "disable") return;
      const open = await trx.selectFrom("invoice_applications").select("application_no").where("invoice_company_id", "=", row.id).where("status", "in", [...OPEN_APPLICATION_STATES]).executeTakeFirst();
      if (open) throw new Refusal(RefusalCode.illegalState, `开票公司 ${String(row.name)} 还有未开票的申请（${open.application_no}），不能停用`);
    },
  },
});

export const invoiceApplicationBinding = bindResource(invoiceApplication, {
  table: "invoice_applications",
  scope: applicantOrg,
  labels: companyName,
  routes: { create: false },
  hooks: {
    async onTransition(trx, scope, row, transition, input) {
      const at = String(row.updated_at);
      switch (transition) {
        case "submit":
          await trx.updateTable("invoice_applications").set({ submitted_at: at }).where("id", "=", row.id).execute();
          return;
        case "approve":
        case "reject":
          await trx.updateTable("invoice_applications").set({ audited_by_name: scope.name.slice(0, 32), audited_at: at }).where("id", "=", row.id).execute();
          if (transition === "reject") await releaseLines(trx, { applicationId: row.id });
          return;
        case "cancel":
          await releaseLines(trx, { applicationId: row.id });
          return;
        case "issue":
          await issueApplication(trx, scope, row.id, { issueDate: String(input.issueDate), firstInvoiceNo: String(input.firstInvoiceNo), invoiceCode: typeof input.invoiceCode === "string" ? input.invoiceCode : null });
          return;
      }
    },
  },
});

export const invoiceBinding = bindResource(invoice, {
  table: "invoices",
  scope: applicantOrg,
  labels: companyName,
  routes: { create: false },
  hooks: {
    async onTransition(trx, scope, row, transition) {
      if (transition === "attachImages") return;
      const company = Number(row.invoice_company_id);
      if (transition === "void") {
        const issued = periodOf(String(row.issue_date));
        if (issued !== periodOf()) throw new Refusal(RefusalCode.illegalState, `发票 ${String(row.invoice_no)} 开具于 ${issued}，只能作废当月开具的发票，跨月请红冲`);
        await assertPeriodOpen(trx, company, issued, "作废该月的发票");
      } else {
        await assertPeriodOpen(trx, company, periodOf(), "红冲发票");
      }
      await trx.updateTable("invoices").set({ red_at: nowIso() }).where("id", "=", row.id).execute();
      await afterInvoiceWithdrawn(trx, scope, row, transition === "void" ? "作废" : "红冲");
    },
  },
});

export const invoiceLineBinding = bindResource(invoiceLine, { table: "invoice_application_items", scope: applicantOrg, routes: { create: false } });

/**
 * An input ticket's own rules (登记 and 批量导入): tax = incl − excl (set on `values`), checked against the
 * rate; issued no later than today. Answers the first problem and the field it concerns, or null.
 */
export function ticketProblem(values: Record<string, unknown>): { field: "amountInclTax" | "issueDate"; message: string } | null {
  const amounts = { amountExclTax: Number(values.amount_excl_tax), taxRateBp: Number(values.tax_rate_bp), amountInclTax: Number(values.amount_incl_tax) };
  const error = inputTicketError(amounts);
  if (error) return { field: "amountInclTax", message: error };
  values.tax_amount = amounts.amountInclTax - amounts.amountExclTax;
  if (String(values.issue_date) > chinaDate()) return { field: "issueDate", message: "开票日期不能晚于今天" };
  return null;
}

/** An input ticket's rules, and its number unique. */
async function checkTicket(trx: AnyDb, values: Record<string, unknown>, exceptId?: number) {
  const problem = ticketProblem(values);
  if (problem) throw new HttpError(400, problem.message);
  let q = trx.selectFrom("input_tax_tickets").select("ticket_no").where("invoice_no", "=", String(values.invoice_no)).where("deleted_at", "is", null);
  q = values.invoice_code ? q.where("invoice_code", "=", String(values.invoice_code)) : q.where("invoice_code", "is", null);
  if (exceptId !== undefined) q = q.where("id", "<>", exceptId);
  const dup = await q.executeTakeFirst();
  if (dup) throw new Refusal(RefusalCode.illegalState, `发票号码 ${String(values.invoice_no)} 已登记（${dup.ticket_no}）`);
}

export const inputTaxTicketBinding = bindResource(inputTaxTicket, {
  table: "input_tax_tickets",
  scope: platformFinance,
  stamp: "platform",
  labels: companyName,
  number: { field: "ticketNo", prefix: "JX" },
  hooks: {
    beforeCreate: (trx, _scope, values) => checkTicket(trx, values),
    async beforeUpdate(trx, _scope, before, values) {
      const merged = { ...before, ...values };
      await checkTicket(trx, merged, before.id);
      values.tax_amount = merged.tax_amount;
    },
    async onTransition(trx, _scope, row, transition, input) {
      const company = Number(row.invoice_company_id);
      if (transition === "certify") {
        const period = String(input.certifiedOn).slice(0, 7);
        if (period < String(row.issue_date).slice(0, 7)) throw new HttpError(400, "所属期不能早于开票日期所在月份");
        await assertPeriodOpen(trx, company, period, "勾选该期的进项票");
        await trx.updateTable("input_tax_tickets").set({ certified_period: period }).where("id", "=", row.id).execute();
      }
      if (transition === "transferOut") await assertPeriodOpen(trx, company, String(row.certified_period), "转出该期的进项票");
    },
  },
});

export const vatDeclarationBinding = bindResource(vatDeclaration, {
  table: "vat_declarations",
  scope: platformFinance,
  stamp: "platform",
  labels: companyName,
  number: { field: "declarationNo", prefix: "ZS" },
  hooks: {
    async beforeCreate(trx, _scope, values) {
      const period = String(values.period);
      if (period > chinaDate().slice(0, 7)) throw new HttpError(400, "所属期不能晚于本月");
      const taken = await trx.selectFrom("vat_declarations").select("declaration_no").where("invoice_company_id", "=", Number(values.invoice_company_id)).where("period", "=", period).where("deleted_at", "is", null).executeTakeFirst();
      if (taken) throw new Refusal(RefusalCode.illegalState, `该开票公司 ${period} 的申报已存在（${taken.declaration_no}）`);
      Object.assign(values, await vatFiguresFor(trx, Number(values.invoice_company_id), period));
    },
    async onTransition(trx, _scope, row, transition) {
      if (transition !== "recompute") return;
      await trx.updateTable("vat_declarations").set(await vatFiguresFor(trx, Number(row.invoice_company_id), String(row.period))).where("id", "=", row.id).execute();
    },
  },
});

export const declareLogBinding = bindResource(declareLog, {
  table: "declare_logs",
  scope: platformFinance,
  stamp: "platform",
  labels: companyName,
  hooks: {
    async beforeCreate(trx, scope, values) {
      if (String(values.period) > chinaDate().slice(0, 7)) throw new HttpError(400, "所属期不能晚于本月");
      if (Number(values.tax_amount) > Number(values.income_amount)) throw new HttpError(400, "税额不能大于计税收入");
      values.operator_name = scope.name.slice(0, 32);
      // The check column: what settlements of the period withheld for this person (domain 5.8).
      const { from, to } = periodBounds(String(values.period));
      const withheld = await trx
        .selectFrom("waybill_settlements")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("withheld_tax"), eb.val(0)).as("total"))
        .where("platform_id", "=", scope.platformId)
        .where("payee_name", "=", String(values.person_name))
        .where("paid_at", ">=", from)
        .where("paid_at", "<", to)
        .executeTakeFirst();
      values.withheld_amount = Number(withheld?.total ?? 0);
    },
  },
});

export const BILLING_BINDINGS = [invoiceCompanyBinding, invoiceApplicationBinding, invoiceBinding, invoiceLineBinding, inputTaxTicketBinding, vatDeclarationBinding, declareLogBinding];
