import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { APPEAL_LIMITS } from "../../../contract/appeal";
import { appealFormSchema, textareaProps } from "~/lib/appeal-forms";
import { RequiredMark } from "~/components/ui/FieldParts";

/**
 * 申诉说明 and 申诉凭证 (one reference per line) of an abnormal waybill; checked as the user types,
 * again by the page's action and by the platform. A refusal shows above the fields, what was typed stays.
 */
export function AppealSubmitForm({ freightNo, lastResult }: { freightNo: string; lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `appeal-submit-${freightNo}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: appealFormSchema }),
  });
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { reason, evidence } = fields;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-label="申诉表单" data-testid="appeal-submit-form">
      <input type="hidden" name="freightNo" value={freightNo} />
      {form.errors?.length ? (
        <p className="alert-error" role="alert" id={form.errorId}>{form.errors[0]}</p>
      ) : null}
      <div>
        <label htmlFor={reason.id} className="mb-1 block text-sm text-gray-600">
          申诉说明<RequiredMark />
        </label>
        <textarea
          {...textareaProps(reason)}
          required
          minLength={APPEAL_LIMITS.reasonMin}
          maxLength={APPEAL_LIMITS.reasonMax}
          rows={5}
          placeholder={`说明风险标记不成立的原因，如复磅结果、途中损耗原因等（${APPEAL_LIMITS.reasonMin}–${APPEAL_LIMITS.reasonMax} 字）`}
          className={`input h-auto py-1${reason.errors ? " input-error" : ""}`}
        />
        {reason.errors ? <p className="field-error" id={reason.errorId}>{reason.errors[0]}</p> : null}
      </div>
      <div>
        <label htmlFor={evidence.id} className="mb-1 block text-sm text-gray-600">申诉凭证</label>
        <textarea
          {...textareaProps(evidence)}
          rows={3}
          placeholder={"图片或单据地址，每行一个，最多 9 个\n如 /files/appeals/20261121-fubang.jpg"}
          className={`input h-auto py-1 font-mono text-xs${evidence.errors ? " input-error" : ""}`}
        />
        {evidence.errors ? (
          <p className="field-error" id={evidence.errorId}>{evidence.errors[0]}</p>
        ) : (
          <p className="mt-1 text-xs text-muted">选填：复磅单、质检报告、途中照片等已上传文件的地址，每行一个</p>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={submitting}>{submitting ? "提交中…" : "提交申诉"}</button>
    </Form>
  );
}
