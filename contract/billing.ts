/**
 * The rules of invoicing and tax (domain 5.7, 5.8), written once and read by the platform and the
 * tests: tax inside a tax-inclusive amount, packing waybills into invoices under the invoicing
 * company's single-invoice limit, the figures of a VAT declaration, and the body of 申请开票.
 * Amounts are integer fen, rates basis points (900 = 9 %).
 */
import { z } from "zod";
import { requestNoSchema } from "./ledger.js";

/** The most waybills one application may bundle (domain 5.7). */
export const MAX_WAYBILLS_PER_APPLICATION = 2000;

/** Tax inside a tax-inclusive amount: tax = round(incl × rate / (10000 + rate)), excl = incl − tax. */
export function taxOf(amountInclTax: number, rateBp: number): { amountInclTax: number; taxAmount: number; amountExclTax: number } {
  const taxAmount = Math.round((amountInclTax * rateBp) / (10_000 + rateBp));
  return { amountInclTax, taxAmount, amountExclTax: amountInclTax - taxAmount };
}

/**
 * Packs items (in their order) into invoices whose tax-inclusive total stays within `limit`, never
 * splitting an item; an item above the limit alone gets an invoice of its own (the company must raise
 * its limit, the platform does not split a waybill). Returns the index groups.
 */
export function packIntoInvoices(amounts: readonly number[], limit: number): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let total = 0;
  amounts.forEach((amount, i) => {
    if (current.length > 0 && total + amount > limit) {
      groups.push(current);
      current = [];
      total = 0;
    }
    current.push(i);
    total += amount;
  });
  if (current.length > 0) groups.push(current);
  return groups;
}

/** 增值税申报 (domain 5.8): payable tax and the credit carried into the next period. */
export function vatFigures(input: { outputTax: number; inputTax: number; inputTransferOut: number; previousCredit: number }) {
  const deductible = input.inputTax - input.inputTransferOut + input.previousCredit;
  return { payableTax: Math.max(0, input.outputTax - deductible), carriedCredit: Math.max(0, deductible - input.outputTax) };
}

/** The period before `YYYY-MM`. */
export function previousPeriod(period: string): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** An input ticket's tax must be incl − excl, and within ±1 元 of excl × rate (domain 5.8). */
export function inputTicketError(t: { amountExclTax: number; taxRateBp: number; amountInclTax: number }): string | null {
  if (t.amountInclTax < t.amountExclTax) return "价税合计不能小于金额";
  const tax = t.amountInclTax - t.amountExclTax;
  if (Math.abs(tax - Math.round((t.amountExclTax * t.taxRateBp) / 10_000)) > 100) return "税额（价税合计 − 金额）与金额 × 税率相差超过 1 元，请核对票面";
  return null;
}

export const INVOICE_TYPES = {
  DIGITAL_SPECIAL: { label: "数电专票" },
  DIGITAL_NORMAL: { label: "数电普票" },
  PAPER_SPECIAL: { label: "纸质专票" },
  PAPER_NORMAL: { label: "纸质普票" },
} as const;
export type InvoiceType = keyof typeof INVOICE_TYPES;
export const DELIVERY_METHODS = { EMAIL: { label: "电子" }, POST: { label: "邮寄" } } as const;

/** 申请开票: the selected invoiceable waybills of one shipper, the invoicing company and the invoice type. */
export const applyInvoiceSchema = z.object({
  requestNo: requestNoSchema,
  freightIds: z
    .array(z.number({ invalid_type_error: "运单 id 必须是数字" }).int("运单 id 必须是整数").positive("运单 id 不正确"), { required_error: "请选择运单", invalid_type_error: "运单必须是列表" })
    .min(1, "请至少选择一个运单")
    .max(MAX_WAYBILLS_PER_APPLICATION, `一次最多申请 ${MAX_WAYBILLS_PER_APPLICATION} 个运单`)
    .refine((ids) => new Set(ids).size === ids.length, "运单不能重复"),
  invoiceCompanyId: z.number({ required_error: "请选择开票公司", invalid_type_error: "开票公司不正确" }).int("开票公司不正确").positive("开票公司不正确"),
  invoiceType: z.enum(Object.keys(INVOICE_TYPES) as [InvoiceType, ...InvoiceType[]], { errorMap: () => ({ message: "发票类型只能是 数电专票、数电普票、纸质专票、纸质普票" }) }),
  deliveryMethod: z.enum(["EMAIL", "POST"], { errorMap: () => ({ message: "交付方式只能是 电子 或 邮寄" }) }),
  remark: z.string({ invalid_type_error: "备注必须是文本" }).trim().max(100, "备注最多 100 个字").optional(),
});
export type ApplyInvoice = z.infer<typeof applyInvoiceSchema>;

/** The invoiceable-waybill search of 新开票列表. */
/** 新开票列表's 上报状态 filter (开票须上报成功). */
export const INVOICE_REPORT_STATES = { ELIGIBLE: "可开票（已上报）", BLOCKED: "未上报成功（不可开票）" } as const;

/** 进项票批量导入: limits and the answer (all rows imported, or none and each refused row's errors). */
export const TICKET_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const TICKET_IMPORT_MAX_ROWS = 2000;
export interface TicketImportResult {
  status: "IMPORTED" | "FAILED";
  message: string;
  imported: number;
  /** Row number in the sheet (header = row 1), the column's header and what to fix. */
  errors: Array<{ rowNo: number; column: string; message: string }>;
}
