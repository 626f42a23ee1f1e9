/** One form input for a field: text, textarea, select (enums, yes/no, references), date and time, with units and spec 5's filter. */
import type { Field } from "../../../contract/resources/kit";
import type { RegionChoice } from "../../../contract/regions";
import { specialCharacterProps } from "~/lib/special-characters";
import { RegionSelect } from "./RegionSelect";
import { refsOfText } from "~/lib/documents";
import { DocumentUpload } from "~/components/ui/DocumentUpload";
import type { PickerData } from "~/lib/picker";
import { RefPicker } from "./RefPicker";
import { useDictChoices } from "./dict-choices";
import { errorProps, FieldError, RequiredMark } from "~/components/ui/FieldParts";

export interface FieldInputProps {
  name: string;
  id: string;
  field: Field;
  defaultValue: string;
  error?: string;
  /** A reference field's picker (its options, keyword and total). */
  picker?: PickerData;
  required?: boolean;
  /** A place field's 省 / 市 / 区 choices (from the loader or the action). */
  region?: RegionChoice;
}

export function FieldInput({ name, id, field, defaultValue, error, picker, required = field.required, region }: FieldInputProps) {
  if (field.kind === "region") return <RegionSelect name={name} id={id} label={field.label} choice={region} required={required} error={error} hint={field.hint} />;
  // Documents are uploads, not typed paths: one widget for every image field.
  if (field.dict) return <DictSelect name={name} id={id} field={field} dictType={field.dict.type} defaultValue={defaultValue} error={error} required={required} />;
  if (field.kind === "images") return <DocumentUpload name={name} id={id} label={field.label} kind={field.document?.kind ?? "CREDENTIAL"} defaultRefs={refsOfText(defaultValue)} max={field.document?.max ?? 4} required={required} error={error} />;
  const common = {
    id,
    name,
    defaultValue,
    ...errorProps(id, error, !!field.hint),
    "aria-required": required || undefined,
  } as const;
  const cls = `input ${error ? "input-error" : ""}`;
  let control;
  if (field.ref) {
    control = <RefPicker name={name} id={id} label={field.label} picker={picker} defaultValue={defaultValue} emptyLabel="请选择" className={cls} invalid={!!error} describedBy={common["aria-describedby"]} required={required} anyState={field.ref.anyState} />;
  } else if (field.input.type === "select") {
    const choices: Array<[string, string]> = Object.entries(field.options ?? {}).map(([v, o]) => [v, o.label]);
    control = (
      <select {...common} className={cls}>
        <option value="">请选择</option>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>{text}</option>
        ))}
      </select>
    );
  } else if (field.input.type === "textarea") {
    control = <textarea {...common} rows={3} maxLength={field.input.maxLength} placeholder={field.input.placeholder} className={`${cls} h-auto py-1`} />;
  } else {
    control = (
      <input
        {...common}
        type={field.input.type === "number" ? "text" : field.input.type}
        maxLength={field.input.maxLength}
        inputMode={field.input.inputMode}
        placeholder={field.input.placeholder ?? (field.input.type === "text" ? `请输入${field.label}` : undefined)}
        {...specialCharacterProps(!!field.input.sanitize)}
        className={cls}
      />
    );
  }
  return (
    <div className="min-w-0">
      <FieldLabel id={id} label={field.label} required={required} />
      <div className="flex items-center gap-1">
        {control}
        {field.input.suffix ? <span className="shrink-0 text-sm text-muted">{field.input.suffix}</span> : null}
      </div>
      {/* The hint stays while an error shows: a node taken out under the focus would lose it (and a dialog's trap). */}
      {field.hint ? <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">{field.hint}</p> : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A form field's label, with the mark of a required one. */
function FieldLabel({ id, label, required }: { id: string; label: string; required: boolean }) {
  return (
    <label htmlFor={id} className="mb-1 block text-sm text-gray-600">
      {label}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

/** A choice from one of the platform's dictionaries (驳回原因): a plain select, works without JavaScript. */
function DictSelect({ name, id, field, dictType, defaultValue, error, required }: { name: string; id: string; field: Field; dictType: string; defaultValue: string; error?: string; required: boolean }) {
  const choices = useDictChoices(dictType);
  return (
    <div className="min-w-0">
      <FieldLabel id={id} label={field.label} required={required} />
      <select id={id} name={name} defaultValue={defaultValue} className={`input ${error ? "input-error" : ""}`} {...errorProps(id, error)} aria-required={required || undefined}>
        <option value="">请选择</option>
        {choices.map(([code, label]) => (
          <option key={code} value={code}>{label}</option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
