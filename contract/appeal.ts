/**
 * The risk-appeal wire contract (风险申诉, spec 2.2 dispatchManage/appeal*): a waybill the platform
 * flagged abnormal (e.g. a loss above 3 ‰) may be appealed by its carrier side with an explanation and
 * evidence; platform or tenant staff approve it (which clears the flag) or reject it (with a remark).
 * Calls live under `tms-freight-riskappeal-review`; shared by the platform and the console.
 */
import { z } from "zod";
import { dateText, emptyAsAbsent, freightWaySchema, nameFilter, idSchema, imageRefSchema, type FreightRecord, type FreightWay } from "./freight.js";
import type { PermissionCode } from "./permissions.js";
import { appeal, APPEAL_STATES } from "./resources/appeal.js";

export const APPEAL_STATUSES = ["PENDING", "APPROVED", "REJECTED"] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_STATUS_LABELS = Object.fromEntries(APPEAL_STATUSES.map((s) => [s, APPEAL_STATES[s].label])) as Record<AppealStatus, string>;

/** What an audit decides, and the engine transition that decides it. */
export const AUDIT_RESULTS = ["APPROVED", "REJECTED"] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];
export const AUDIT_TRANSITIONS = { APPROVED: "approve", REJECTED: "reject" } as const satisfies Record<AuditResult, string>;
export const AUDIT_RESULT_LABELS = { APPROVED: "通过", REJECTED: "驳回" } as const satisfies Record<AuditResult, string>;

export const APPEAL_LIMITS = { reasonMin: 10, reasonMax: 500, evidenceMax: 9, remarkMax: 500 } as const;

/** The permission codes of each call (any one of them; spec 6), as the definition has them. */
export const APPEAL_PERMISSIONS = {
  search: appeal.permissions.list,
  submit: appeal.permissions.create!,
  detail: appeal.permissions.detail,
  audit: [appeal.status!.transitions.approve!.permission as PermissionCode],
} satisfies Record<string, readonly PermissionCode[]>;

// ---------------------------------------------------------------------------------------------
// Requests

export const appealIdSchema = idSchema("申诉 id");

export const appealReasonSchema = z
  .string({ required_error: "请填写申诉说明", invalid_type_error: "申诉说明必须是文字" })
  .trim()
  .min(APPEAL_LIMITS.reasonMin, `申诉说明至少 ${APPEAL_LIMITS.reasonMin} 个字`)
  .max(APPEAL_LIMITS.reasonMax, `申诉说明最多 ${APPEAL_LIMITS.reasonMax} 个字`);

/** Evidence: references to uploaded images or documents (as the weigh tickets are), at most 9. */
export const appealEvidenceSchema = z
  .array(imageRefSchema("申诉凭证"), { invalid_type_error: "evidence 必须是数组" })
  .max(APPEAL_LIMITS.evidenceMax, `申诉凭证最多 ${APPEAL_LIMITS.evidenceMax} 个`)
  .refine((refs) => new Set(refs).size === refs.length, "申诉凭证不能重复");

/** POST tms-freight-riskappeal-review: the waybill by id or number, the explanation, the evidence. */
export const appealSubmitSchema = z
  .object({
    freightId: idSchema("运单 id").optional(),
    freightNo: z
      .string({ invalid_type_error: "运单号格式不正确" })
      .trim()
      .regex(/^[A-Za-z0-9]{1,32}$/, "运单号格式不正确")
      .transform((value) => value.toUpperCase())
      .optional(),
    reason: appealReasonSchema,
    evidence: appealEvidenceSchema.optional().nullable().transform((value) => value ?? []),
  })
  .refine((body) => body.freightId !== undefined || body.freightNo !== undefined, { message: "请提供运单 id 或运单号", path: ["freightNo"] });

export const auditResultSchema = z.enum(AUDIT_RESULTS, {
  // A form with neither radio checked sends nothing.
  errorMap: (_issue, ctx) => ({ message: ctx.data === undefined ? "请选择审核结果" : "审核结果只能是 APPROVED（通过）或 REJECTED（驳回）" }),
});

/** POST tms-freight-riskappeal-review/{id}/audit: a rejection needs a remark. */
export const appealAuditSchema = z
  .object({
    result: auditResultSchema,
    remark: z
      .string({ invalid_type_error: "审核意见必须是文字" })
      .trim()
      .max(APPEAL_LIMITS.remarkMax, `审核意见最多 ${APPEAL_LIMITS.remarkMax} 个字`)
      .optional()
      .nullable()
      .transform((value) => value || null),
  })
  .refine((body) => body.result !== "REJECTED" || !!body.remark, { message: "驳回时请填写审核意见", path: ["remark"] });
export type AppealAuditRequest = z.infer<typeof appealAuditSchema>;

export const appealStatusSchema = z.enum(APPEAL_STATUSES, { errorMap: () => ({ message: "status 只能是 PENDING、APPROVED 或 REJECTED" }) });

/** POST tms-freight-riskappeal-review/search filters; the platform adds current and size. */
export const appealFilterSchema = z
  .object({
    freightNo: nameFilter("运单号", 32),
    /** One waybill's appeals, exactly (the submit page's earlier appeals). */
    freightId: emptyAsAbsent(idSchema("运单 id")).transform((value) => value ?? undefined),
    appealNo: nameFilter("申诉单号", 32),
    status: emptyAsAbsent(appealStatusSchema).transform((value) => value ?? undefined),
    freightWay: emptyAsAbsent(freightWaySchema).transform((value) => value ?? undefined),
    submittedFrom: dateText("提交开始日期"),
    submittedTo: dateText("提交结束日期"),
  })
  .refine((f) => !f.submittedFrom || !f.submittedTo || f.submittedFrom <= f.submittedTo, { message: "提交开始日期不能晚于结束日期", path: ["submittedTo"] });

// ---------------------------------------------------------------------------------------------
// Responses

export interface AppealRecord {
  id: number;
  /** SS + China date + serial, e.g. SS202611210001. */
  appealNo: string;
  freightId: number;
  freightNo: string;
  freightWay: FreightWay;
  orgId: number;
  orgName: string;
  /** The waybill's abnormal reason when the appeal was submitted. */
  riskReason: string;
  reason: string;
  evidence: string[];
  status: AppealStatus;
  submittedByName: string;
  submittedTime: string;
  auditedByName: string | null;
  auditedTime: string | null;
  auditRemark: string | null;
  /** What the caller may do with it (the engine's allowedActions): detail, approve, reject. */
  actions: string[];
  version: number;
}

/** GET tms-freight-riskappeal-review/{id}: the appeal, its waybill as it is now, and every appeal of that waybill (newest first). */
export interface AppealDetail {
  appeal: AppealRecord;
  freight: FreightRecord;
  history: AppealRecord[];
}
