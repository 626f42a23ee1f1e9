/**
 * 提交申诉's rules, isomorphic: checked as the user types (with JavaScript) and again by the page's
 * action, before the platform checks them once more; the evidence is read from a textarea, one per
 * line (the audit is the engine's audit form). Also: Conform's textarea props as the form uses them.
 */
import { getTextareaProps } from "@conform-to/react";
import { z } from "zod";
import { appealEvidenceSchema, appealReasonSchema } from "../../contract/appeal";

/** Evidence lines: blank lines dropped, each kept as typed (trimmed). */
export function evidenceLines(text: string | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export const appealFormSchema = z.object({
  freightNo: z.string({ required_error: "请输入运单号" }).trim().regex(/^[A-Za-z0-9]{1,32}$/, "运单号格式不正确"),
  reason: appealReasonSchema,
  evidence: z
    .string()
    .optional()
    .transform(evidenceLines)
    .superRefine((refs, ctx) => {
      const parsed = appealEvidenceSchema.safeParse(refs);
      if (parsed.success) return;
      const issue = parsed.error.issues[0]!;
      const line = typeof issue.path[0] === "number" ? `第 ${issue.path[0] + 1} 行：` : "";
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${line}${issue.message}` });
    }),
});

/** Conform's textarea props without its `key` (which changes after the first validation and would remount the field). */
export function textareaProps(...args: Parameters<typeof getTextareaProps>) {
  const { key: _key, ...props } = getTextareaProps(...args) as ReturnType<typeof getTextareaProps> & { key?: string };
  return props;
}
