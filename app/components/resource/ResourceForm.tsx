import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { formSchema, regionKeys } from "../../../contract/resources/derive";
import { foldRegionParts } from "../../../contract/region-code";
import type { RegionChoice } from "../../../contract/regions";
import { f, type AnyResource, type Field } from "../../../contract/resources/kit";
import type { PickerData } from "~/lib/picker";
import { FieldInput } from "./inputs";
import { DefaultSubmit } from "./RefPicker";

interface Props {
  def: AnyResource;
  mode: "create" | "update";
  record: Record<string, unknown> | null;
  /** The pickers of the form's reference fields. */
  options: Record<string, PickerData>;
  /** 省 / 市 / 区 choices of the place fields. */
  regions?: Record<string, RegionChoice>;
  withOrg?: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  cancelHref: string;
  /** For forms inside a list page: the action's intent and the record id. */
  intent?: boolean;
  /** Values a new record's inputs start with (e.g. the subject a 证照 is uploaded for). */
  defaults?: Record<string, string>;
}

const ORG_FIELD = f.ref("所属企业", "enterprise", "orgName", { required: true });

/** The fields of a form, in sections as the detail page shows them. */
function sectionsOf(def: AnyResource, mode: "create" | "update"): Array<[string, Array<[string, Field]>]> {
  const sections = new Map<string, Array<[string, Field]>>();
  for (const [key, field] of Object.entries(def.fields)) {
    if (!(field.form === true || (mode === "create" && field.form === "create"))) continue;
    const title = typeof field.detail === "string" ? field.detail : "基本信息";
    sections.set(title, [...(sections.get(title) ?? []), [key, field]]);
  }
  return [...sections];
}

/**
 * Add or edit a record. The same schema runs as the user types (Conform, with JavaScript), in the
 * page's action, and on the platform; without JavaScript the POST re-renders with the server's errors.
 */
export function ResourceForm({ def, mode, record, options, regions = {}, withOrg = false, lastResult, cancelHref, intent = false, defaults }: Props) {
  const navigation = useNavigation();
  const schema = useMemo(() => formSchema(def, mode, { withOrg }), [def, mode, withOrg]);
  const places = useMemo(() => regionKeys(def), [def]);
  const [form, fields] = useForm({
    id: `resource-form-${def.key}-${mode}-${String(record?.id ?? "new")}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(foldRegionParts(formData, places), { schema }),
  });
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const value = (key: string, field: Field) => {
    const submitted = (lastResult?.initialValue as Record<string, unknown> | undefined)?.[key];
    if (typeof submitted === "string") return submitted;
    if (record && field.mask) return "";
    return record ? field.toInput(record[key] as never) : (defaults?.[key] ?? "");
  };
  const errorOf = (key: string) => (fields as Record<string, { errors?: string[] }>)[key]?.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} encType={Object.values(def.fields).some((field) => field.kind === "images") ? "multipart/form-data" : undefined} className="space-y-4" aria-label={`${mode === "create" ? "新增" : "编辑"}${def.name}`} data-testid="resource-form">
      {intent ? (
        <>
          <input type="hidden" name="intent" value={mode} />
          {record ? <input type="hidden" name="id" value={String(record.id)} /> : null}
        </>
      ) : null}
      {record ? <input type="hidden" name="version" value={String(record.version ?? 0)} /> : null}
      {/* Enter in a field saves (the default button comes first), never a picker's 「搜索」. */}
      <DefaultSubmit label="保存" />
      {form.errors?.length ? <p className="alert-error" role="alert" id={form.errorId}>{form.errors[0]}</p> : null}
      {withOrg && mode === "create" ? (
        <FieldInput name="orgId" id={`${form.id}-orgId`} field={ORG_FIELD} defaultValue={value("orgId", ORG_FIELD)} error={errorOf("orgId")} picker={options.orgId} />
      ) : null}
      {sectionsOf(def, mode).map(([title, list]) => (
        <fieldset key={title} className="min-w-0">
          <legend className="mb-2 text-sm font-semibold text-gray-700">{title}</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {list.map(([key, field]) => (
              <FieldInput
                key={key}
                name={key}
                id={`${form.id}-${key}`}
                field={record && field.mask ? { ...field, input: { ...field.input, placeholder: `${String(record[key] ?? "")}（不修改请留空）` } } : field}
                required={record && field.mask ? false : field.required}
                defaultValue={value(key, field)}
                error={errorOf(key)}
                picker={options[key]}
                region={regions[key]}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={submitting}>{submitting ? "保存中…" : "保存"}</button>
        <Link to={cancelHref} className="btn">取消</Link>
      </div>
    </Form>
  );
}
