import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo, useRef, useState } from "react";
import { Dialog } from "~/components/ui/Dialog";
import { transitionFormSchema } from "../../../contract/resources/derive";
import type { AnyResource, Field } from "../../../contract/resources/kit";
import { FieldInput } from "./inputs";
import { RequiredMark } from "~/components/ui/FieldParts";

/**
 * The audit (or any transition group) form: a radio per allowed transition (通过 / 驳回) and the union
 * of their inputs; 审核意见 is required when the chosen transition requires it, on both sides. With
 * JavaScript, a transition with a `confirm` is asked once more in a dialog (its consequence and the
 * inputs as typed) before it posts; without, the form posts at once.
 */
export function AuditForm({ def, keys, version, lastResult, labels, title }: { def: AnyResource; keys: string[]; version: number; lastResult?: SubmissionResult<string[]> | null; labels?: { heading: string; submit: string; note?: string }; title: string }) {
  const navigation = useNavigation();
  const schema = useMemo(() => transitionFormSchema(def, keys), [def, keys]);
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  const confirmed = useRef(false);
  const [form, fields] = useForm({
    id: `audit-${def.key}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(event, { submission }) {
      if (confirmed.current) {
        confirmed.current = false;
        return;
      }
      if (submission?.status !== "success") return;
      const value = submission.value as Record<string, unknown>;
      if (!def.status?.transitions[String(value.transition)]?.confirm) return;
      event.preventDefault();
      setConfirming(value);
    },
  });
  const confirm = () => {
    setConfirming(null);
    confirmed.current = true;
    (document.getElementById(form.id) as HTMLFormElement | null)?.requestSubmit();
  };
  const asked = confirming ? def.status!.transitions[String(confirming.transition)]! : null;
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const inputs = new Map<string, Field>();
  for (const key of keys) for (const [name, field] of Object.entries(def.status?.transitions[key]?.input ?? {})) if (!inputs.has(name)) inputs.set(name, field);
  // A dictionary choice (驳回原因) comes before the free text it heads.
  const ordered = [...inputs].sort(([, a], [, b]) => Number(!!b.dict) - Number(!!a.dict));
  const reasoned = ordered.some(([, field]) => field.dict);
  const errors = fields as Record<string, { errors?: string[]; errorId?: string }>;
  const chosen = (lastResult?.initialValue as Record<string, unknown> | undefined)?.transition;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-label={`${def.name}${labels?.heading ?? "审核"}`} data-testid="audit-form">
      <input type="hidden" name="version" value={version} />
      {form.errors?.length ? <p className="alert-error" role="alert" id={form.errorId}>{form.errors[0]}</p> : null}
      <fieldset>
        <legend className="mb-1 text-sm text-gray-600">
          {labels ? "操作" : "审核结果"}<RequiredMark />
        </legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {keys.map((key) => {
            const t = def.status!.transitions[key]!;
            return (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input type="radio" name="transition" value={key} defaultChecked={chosen === key || keys.length === 1} className="h-4 w-4 accent-[var(--theme-color)]" />
                <b className={t.tone === "danger" ? "text-danger" : "text-success"}>{t.label}</b>
              </label>
            );
          })}
        </div>
        {errors.transition?.errors ? <p className="field-error">{errors.transition.errors[0]}</p> : null}
      </fieldset>
      {ordered.map(([name, field]) => (
        <FieldInput key={name} name={name} id={`${form.id}-${name}`} field={field} defaultValue="" required={false} error={errors[name]?.errors?.[0]} />
      ))}
      <p className="text-xs text-muted">{labels ? labels.note : reasoned ? "驳回时须选择驳回原因，可在审核意见中补充说明需要补充的材料（选「其他」时必填）。" : "驳回时须填写审核意见，说明驳回理由或需要补充的材料。"}</p>
      <button type="submit" className="btn btn-primary" disabled={submitting}>{submitting ? "提交中…" : (labels?.submit ?? "提交审核")}</button>
      <Dialog
        open={!!asked}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={`确认${labels?.heading ?? "审核"}结果`}
        data-testid="audit-confirm"
        footer={
          <>
            <button type="button" className="btn" onClick={() => setConfirming(null)}>返回</button>
            <button type="button" className={asked?.tone === "danger" ? "btn btn-danger" : "btn btn-primary"} onClick={confirm}>确认{asked?.label}</button>
          </>
        }
      >
        {asked ? (
          <>
            <p>
              确定<b className={asked.tone === "danger" ? "text-danger" : "text-success"}>{asked.label}</b>{def.name} <b>{title}</b>？{asked.confirm}。
            </p>
            {Object.entries(asked.input ?? {}).map(([name, field]) => (typeof confirming![name] === "string" && confirming![name] ? <p key={name} className="mt-2 text-muted">{field.label}：{String(confirming![name])}</p> : null))}
          </>
        ) : null}
      </Dialog>
    </Form>
  );
}
