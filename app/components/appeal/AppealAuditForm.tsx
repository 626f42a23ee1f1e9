import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { APPEAL_LIMITS, appealAuditSchema, AUDIT_RESULT_LABELS, AUDIT_RESULTS, type AuditResult } from "../../../contract/appeal";
import { Dialog } from "~/components/ui/Dialog";
import { textareaProps } from "~/lib/appeal-forms";

const HINTS: Record<AuditResult, string> = {
  APPROVED: "通过后运单的风险标记将被解除",
  REJECTED: "驳回后运单仍为风险运单，提交方可补充材料后重新申诉",
};

/**
 * 通过 / 驳回 with a remark (required to reject). Without JavaScript it posts at once; with it the
 * rules are checked as the user types and a dialog asks for confirmation before posting.
 */
export function AppealAuditForm({ appealNo, lastResult }: { appealNo: string; lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [confirming, setConfirming] = useState<{ result: AuditResult; remark: string | null } | null>(null);
  const confirmed = useRef(false);
  const [form, fields] = useForm({
    id: `appeal-audit-${appealNo}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: appealAuditSchema }),
    onSubmit(event, { submission }) {
      if (confirmed.current) {
        confirmed.current = false;
        return;
      }
      if (submission?.status !== "success") return;
      event.preventDefault();
      setConfirming(submission.value);
    },
  });
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { result, remark } = fields;
  const confirm = () => {
    setConfirming(null);
    confirmed.current = true;
    (document.getElementById(form.id) as HTMLFormElement | null)?.requestSubmit();
  };

  return (
    <>
      <Form method="post" {...getFormProps(form)} className="space-y-3" aria-label="审核申诉" data-testid="appeal-audit-form">
        {form.errors?.length ? (
          <p className="alert-error" role="alert" id={form.errorId}>{form.errors[0]}</p>
        ) : null}
        <fieldset aria-describedby={result.errors ? result.errorId : undefined}>
          <legend className="mb-1 text-sm text-gray-600">
            审核结果<span className="ml-0.5 text-red-500" aria-hidden="true">*</span>
          </legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {AUDIT_RESULTS.map((value) => (
              <label key={value} className="flex items-start gap-2 text-sm">
                <input type="radio" name={result.name} value={value} defaultChecked={result.initialValue === value} className="mt-0.5 h-4 w-4 accent-[var(--theme-color)]" />
                <span>
                  <b className={value === "APPROVED" ? "text-green-700" : "text-red-600"}>{AUDIT_RESULT_LABELS[value]}</b>
                  <span className="block text-xs text-gray-400">{HINTS[value]}</span>
                </span>
              </label>
            ))}
          </div>
          {result.errors ? <p className="field-error" id={result.errorId}>{result.errors[0]}</p> : null}
        </fieldset>
        <div>
          <label htmlFor={remark.id} className="mb-1 block text-sm text-gray-600">审核意见</label>
          <textarea
            {...textareaProps(remark)}
            rows={3}
            maxLength={APPEAL_LIMITS.remarkMax}
            placeholder="驳回时必填，说明驳回理由或需要补充的材料（最多 500 字）"
            className={`input h-auto py-1${remark.errors ? " input-error" : ""}`}
          />
          {remark.errors ? <p className="field-error" id={remark.errorId}>{remark.errors[0]}</p> : null}
        </div>
        <button type="submit" className="btn btn-primary" disabled={submitting}>{submitting ? "提交中…" : "提交审核"}</button>
      </Form>

      <Dialog
        open={!!confirming}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="确认审核结果"
        data-testid="appeal-audit-confirm"
        footer={
          <>
            <button type="button" className="btn" onClick={() => setConfirming(null)}>返回</button>
            <button type="button" className={confirming?.result === "REJECTED" ? "btn btn-danger" : "btn btn-primary"} onClick={confirm}>
              确认{confirming ? AUDIT_RESULT_LABELS[confirming.result] : ""}
            </button>
          </>
        }
      >
        {confirming ? (
          <>
            <p>
              确定<b className={confirming.result === "APPROVED" ? "text-green-700" : "text-red-600"}>{AUDIT_RESULT_LABELS[confirming.result]}</b>申诉 <b>{appealNo}</b>？{HINTS[confirming.result]}。
            </p>
            {confirming.remark ? <p className="mt-2 text-gray-500">审核意见：{confirming.remark}</p> : null}
          </>
        ) : null}
      </Dialog>
    </>
  );
}
