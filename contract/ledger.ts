/**
 * The ledger's wire vocabulary (domain 5): account kinds, transaction and entry types, the statuses of
 * recharges, payments and withdrawals with their Chinese labels, and the bodies of the calls that move
 * money. Amounts are integer fen everywhere; the console converts 元 at its edge.
 */
import { z } from "zod";
import { bankCardNoError, isStoredUrl, MOBILE_PATTERN } from "./validation.js";
import { yuanPlain } from "./numbers.js";

export const ACCOUNT_TYPES = ["BASIC", "WALLET", "REVENUE", "TAX_RESERVE", "MARKETING", "BANK"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  BASIC: "企业基本户",
  WALLET: "钱包",
  REVENUE: "平台服务费收入",
  TAX_RESERVE: "税费留存",
  MARKETING: "营销资金",
  BANK: "银行存管镜像",
};
export type OwnerType = "PLATFORM" | "ORG" | "USER";

export const TXN_TYPES = ["RECHARGE", "FREIGHT_PAYMENT", "WITHDRAW_FREEZE", "WITHDRAW_PAYOUT", "WITHDRAW_RELEASE", "MARKETING_FUND", "RED_ENVELOPE", "ADJUST", "REVERSAL"] as const;
export type TxnType = (typeof TXN_TYPES)[number];

export const ENTRY_TYPES = ["RECHARGE", "FREIGHT_OUT", "FREIGHT_IN", "SERVICE_FEE", "TAX_RESERVE", "WITHDRAW_FREEZE", "WITHDRAW_OUT", "WITHDRAW_RELEASE", "RED_ENVELOPE", "MARKETING_FUND", "ADJUST", "REVERSAL"] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
export const ENTRY_TYPE_LABELS: Record<EntryType, string> = {
  RECHARGE: "充值",
  FREIGHT_OUT: "运费支出",
  FREIGHT_IN: "运费收入",
  SERVICE_FEE: "服务费",
  TAX_RESERVE: "税费留存",
  WITHDRAW_FREEZE: "提现冻结",
  WITHDRAW_OUT: "提现出账",
  WITHDRAW_RELEASE: "提现解冻",
  RED_ENVELOPE: "红包",
  MARKETING_FUND: "营销资金注入",
  ADJUST: "调账",
  REVERSAL: "冲正",
};

export const RECHARGE_STATUS_LABELS = { PENDING: "待确认", CONFIRMED: "已到账", REJECTED: "已驳回", CANCELLED: "已撤销" } as const;
export const WITHDRAW_STATUS_LABELS = {
  APPLIED: "待审核",
  PROCESSING: "打款中",
  SUCCESS: "提现成功",
  FAILED: "提现失败",
  REJECTED: "已驳回",
  CANCELLED: "已撤销",
} as const;
export type WithdrawStatus = keyof typeof WITHDRAW_STATUS_LABELS;

/** Limits of domain 5.3–5.6. */
export const LEDGER_LIMITS = {
  maxItemsPerPayment: 200,
  rechargeMin: 100,
  rechargeMax: 10_000_000_000,
  withdrawMin: 100,
  maxBoundCards: 5,
} as const;

/** The settlement rule of a completed waybill (domain 5.2, simplified): fee rates in basis points of the carrier's freight. */
export const SETTLEMENT_RULE = { serviceFeeBp: 300, taxReserveBp: 100 } as const;

export function settlementOf(freightAmount: number) {
  const carrierPayable = freightAmount;
  const serviceFee = Math.round((carrierPayable * SETTLEMENT_RULE.serviceFeeBp) / 10_000);
  const taxReserve = Math.round((carrierPayable * SETTLEMENT_RULE.taxReserveBp) / 10_000);
  return { carrierPayable, serviceFee, taxReserve, withheldTax: 0, netToPayee: carrierPayable, shipperPayable: carrierPayable + serviceFee + taxReserve };
}

/** A client-generated request number (UUID or similar): the idempotency key of a money-moving request. */
export const requestNoSchema = z
  .string({ required_error: "缺少请求号 requestNo", invalid_type_error: "请求号 requestNo 必须是文本" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "请求号 requestNo 须为 8–64 位字母、数字、- 或 _");

const fen = (label: string, min: number, max: number) =>
  z
    .number({ required_error: `请填写${label}`, invalid_type_error: `${label}必须是数字（分）` })
    .int(`${label}必须是整数分`)
    .min(min, `${label}不能小于 ${yuanPlain(min)} 元`)
    .max(max, `${label}不能大于 ${yuanPlain(max)} 元`);

const text = (label: string, max: number) => z.string({ required_error: `请填写${label}`, invalid_type_error: `${label}必须是文本` }).trim().min(1, `请填写${label}`).max(max, `${label}不能超过 ${max} 个字`);

const id = (label: string) => z.number({ required_error: `缺少${label}`, invalid_type_error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`${label}不正确`);

export const rechargeSubmitSchema = z.object({
  requestNo: requestNoSchema,
  amount: fen("充值金额", LEDGER_LIMITS.rechargeMin, LEDGER_LIMITS.rechargeMax),
  payerName: text("付款户名", 128),
  payerAccountNo: z.string({ required_error: "请填写付款账号" }).trim().regex(/^\d{8,32}$/, "付款账号须为 8–32 位数字"),
  payerBank: text("付款银行", 64),
  bankSerialNo: text("银行流水号", 64),
  transferTime: z
    .string({ required_error: "请填写转账时间" })
    .refine((v) => !Number.isNaN(Date.parse(v)), "转账时间不正确")
    .refine((v) => Date.parse(v) <= Date.now() + 60_000, "转账时间不能晚于现在"),
  voucherUrl: text("转账凭证", 500).refine(isStoredUrl, "转账凭证应为 http(s) 地址或 /files/ 下的已上传文件"),
});
export type RechargeSubmit = z.infer<typeof rechargeSubmitSchema>;

export const rejectSchema = z.object({ reason: text("驳回原因", 200) });

export const payWaybillsSchema = z.object({
  requestNo: requestNoSchema,
  freightIds: z
    .array(id("运单"), { required_error: "请选择要支付的运单", invalid_type_error: "运单 freightIds 必须是列表" })
    .min(1, "请选择要支付的运单")
    .max(LEDGER_LIMITS.maxItemsPerPayment, `一次最多支付 ${LEDGER_LIMITS.maxItemsPerPayment} 个运单`)
    .refine((ids) => new Set(ids).size === ids.length, "运单不能重复选择"),
});
export type PayWaybills = z.infer<typeof payWaybillsSchema>;

export const bankCardSchema = z
  .object({
    holderName: text("开户名", 128),
    cardNo: z.string({ required_error: "请填写银行卡号" }).trim().transform((v) => v.replace(/\s+/g, "")),
    bankName: text("开户银行", 64),
    bankBranch: z.string().trim().max(64, "开户网点不能超过 64 个字").optional(),
    reservedMobile: z.string().trim().regex(MOBILE_PATTERN, "预留手机号须为 11 位手机号").optional(),
  });

/** Personal cards (individuals) are Luhn-checked; an organisation binds a corporate account. */
export const cardNoError = (cardNo: string, ownerType: OwnerType) => bankCardNoError(cardNo, { personal: ownerType === "USER" });
export type BankCardInput = z.infer<typeof bankCardSchema>;

export const withdrawApplySchema = z.object({
  requestNo: requestNoSchema,
  bankCardId: id("银行卡"),
  amount: fen("提现金额", LEDGER_LIMITS.withdrawMin, LEDGER_LIMITS.rechargeMax),
});
export type WithdrawApply = z.infer<typeof withdrawApplySchema>;

export const withdrawResultSchema = z.discriminatedUnion("result", [
  z.object({ result: z.literal("SUCCESS"), bankSerialNo: text("银行流水号", 64) }),
  z.object({ result: z.literal("FAILED"), reason: text("失败原因", 200) }),
], { errorMap: () => ({ message: "打款结果 result 只能是 SUCCESS 或 FAILED" }) });

const optional = (label: string, max: number, pattern?: RegExp, hint?: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
    (pattern ? z.string({ invalid_type_error: `${label}必须是文本` }).max(max, `${label}不能超过 ${max} 个字`).regex(pattern, hint ?? `${label}格式不正确`) : z.string({ invalid_type_error: `${label}必须是文本` }).max(max, `${label}不能超过 ${max} 个字`)).optional(),
  );

/** 开票信息 (the Tax block of domain 0.4 plus where invoices are received). */
export const invoiceTitleSchema = z.object({
  taxTitle: text("发票抬头", 128),
  taxNo: optional("纳税人识别号", 20, /^[0-9A-Z]{15,20}$/, "纳税人识别号须为 15–20 位数字或大写字母"),
  taxAddress: optional("注册地址", 200),
  taxPhone: optional("注册电话", 32, /^[0-9-]{7,20}$/, "注册电话格式不正确"),
  taxBankName: optional("开户行", 64),
  taxBankAccount: optional("银行账号", 32, /^\d{8,32}$/, "银行账号须为 8–32 位数字"),
  receiveName: optional("收票人", 64),
  receiveMobile: optional("收票人电话", 16, /^1\d{10}$/, "收票人电话须为 11 位手机号"),
  receiveAddress: optional("收票地址", 200),
  receiveEmail: optional("收票邮箱", 128, /^[^@\s]+@[^@\s]+\.[^@\s]+$/, "收票邮箱格式不正确"),
});
export type InvoiceTitleInput = z.infer<typeof invoiceTitleSchema>;
