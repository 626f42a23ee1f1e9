import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { inputProps } from "~/lib/form";
import { DocumentUpload } from "~/components/ui/DocumentUpload";
import { STEP_ACTIONS, stepFormSchema, type StepActionKey, type StepContext, type StepField } from "~/lib/steps";
import { RequiredMark } from "~/components/ui/FieldParts";

interface StepFormProps {
  action: StepActionKey;
  freightNo: string;
  context: StepContext;
  lastResult?: SubmissionResult<string[]> | null;
}

const FIELD_CLASSES = "input";

/**
 * The form of one waybill step: its fields from the step description, the step's rules checked as
 * the user types (with JavaScript) and again by the page's action and by the platform.
 */
export function StepForm({ action, freightNo, context, lastResult }: StepFormProps) {
  const spec = STEP_ACTIONS[action];
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `step-${action}-${freightNo}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stepFormSchema(action, context) }),
  });
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === action;

  return (
    <Form method="post" {...getFormProps(form)} encType={spec.fields.some((f) => f.kind === "document") ? "multipart/form-data" : undefined} className="space-y-3" aria-label={spec.label} data-testid={`step-form-${action}`}>
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="freightNo" value={freightNo} />
      <h3 className="text-sm font-semibold text-gray-700">{spec.label}</h3>
      {form.errors?.length ? (
        <p className="alert-error" role="alert" id={form.errorId}>{form.errors[0]}</p>
      ) : null}
      {spec.fields.map((field) => {
        const meta = fields[field.name];
        // 磅单: the one document widget (its own label, preview and progress; a file input without JavaScript).
        if (field.kind === "document")
          return (
            <div key={field.name}>
              <DocumentUpload name={meta.name} id={meta.id} label={field.label} kind="WEIGH_TICKET" defaultRefs={typeof meta.initialValue === "string" && meta.initialValue ? [meta.initialValue] : []} max={1} required={field.required} error={meta.errors?.[0]} />
              {field.hint && !meta.errors ? <p className="mt-1 text-xs text-muted">{field.hint}</p> : null}
            </div>
          );
        return (
          <div key={field.name}>
            <label htmlFor={meta.id} className="mb-1 block text-sm text-gray-600">
              {field.label}
              {field.required ? <RequiredMark /> : null}
              {field.kind === "tonnes" ? <span className="ml-1 text-xs text-muted">（吨）</span> : null}
            </label>
            <FieldInput field={field} meta={meta} />
            {meta.errors ? (
              <p className="field-error" id={meta.errorId}>{meta.errors[0]}</p>
            ) : field.hint ? (
              <p className="mt-1 text-xs text-muted">{field.hint}</p>
            ) : null}
          </div>
        );
      })}
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {submitting ? "提交中…" : spec.submitLabel}
      </button>
    </Form>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the step forms' fields are described at run time
type FieldMeta = FieldMetadata<any>;

function FieldInput({ field, meta }: { field: StepField; meta: FieldMeta }) {
  const invalid = meta.errors ? " input-error" : "";
  switch (field.kind) {
    case "tonnes":
      return (
        <input
          {...inputProps(meta, { type: "text" })}
          required={field.required}
          inputMode="decimal"
          autoComplete="off"
          placeholder={field.placeholder ?? "单位：吨"}
          className={FIELD_CLASSES + invalid}
        />
      );
    case "datetime":
      return <input {...inputProps(meta, { type: "datetime-local" })} step={1} className={FIELD_CLASSES + invalid} />;
    case "textarea":
      return (
        <textarea
          id={meta.id}
          name={meta.name}
          defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : undefined}
          aria-invalid={meta.errors ? true : undefined}
          aria-describedby={meta.errors ? meta.errorId : undefined}
          required={field.required}
          rows={2}
          maxLength={200}
          placeholder={field.placeholder}
          className={`${FIELD_CLASSES} h-auto py-1${invalid}`}
        />
      );
    default:
      return (
        <input
          {...inputProps(meta, { type: "text" })}
          required={field.required}
          autoComplete="off"
          placeholder={field.placeholder}
          className={FIELD_CLASSES + invalid}
        />
      );
  }
}
