import { Form, Link, useLocation } from "@remix-run/react";
import { APPEAL_STATUSES, APPEAL_STATUS_LABELS } from "../../../contract/appeal";
import { FREIGHT_WAYS, FREIGHT_WAY_LABELS } from "../../../contract/freight";
import type { AppealFilterErrors, AppealFilterField, AppealFilterValues } from "~/services/appeal.server";

interface Props {
  values: AppealFilterValues;
  errors: AppealFilterErrors;
  /** Whether the viewer may see water transport (else the platform shows road appeals only). */
  showFreightWay: boolean;
  /** Query values carried through a search unchanged (the page size). */
  carry: Record<string, string>;
}

const labelClass = "mb-1 block text-xs text-gray-500";

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? <p id={`${id}-error`} className="field-error">{error}</p> : null;
}

function TextField({ name, label, values, errors }: { name: AppealFilterField; label: string; values: AppealFilterValues; errors: AppealFilterErrors }) {
  const id = `appeal-filter-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>{label}</label>
      <input id={id} name={name} defaultValue={values[name] ?? ""} placeholder={`请输入${label}`} maxLength={32} className={`input ${errors[name] ? "input-error" : ""}`}
        aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${id}-error` : undefined}
      />
      <FieldError id={id} error={errors[name]} />
    </div>
  );
}

function Select({ name, label, options, values, errors }: { name: AppealFilterField; label: string; options: Array<[string, string]>; values: AppealFilterValues; errors: AppealFilterErrors }) {
  const id = `appeal-filter-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>{label}</label>
      <select id={id} name={name} defaultValue={values[name] ?? ""} className={`input ${errors[name] ? "input-error" : ""}`} aria-describedby={errors[name] ? `${id}-error` : undefined}>
        <option value="">全部</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>{text}</option>
        ))}
      </select>
      <FieldError id={id} error={errors[name]} />
    </div>
  );
}

/** The appeal search: a GET form, so the filter lives in the URL and works without JavaScript. */
export function AppealFilterForm({ values, errors, showFreightWay, carry }: Props) {
  const location = useLocation();
  const dateError = errors.submittedFrom ?? errors.submittedTo;
  return (
    <Form method="get" key={location.search} className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="申诉查询">
      {Object.entries(carry).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextField name="appealNo" label="申诉单号" values={values} errors={errors} />
      <TextField name="freightNo" label="运单号" values={values} errors={errors} />
      <Select name="status" label="申诉状态" options={APPEAL_STATUSES.map((s) => [s, APPEAL_STATUS_LABELS[s]])} values={values} errors={errors} />
      {showFreightWay ? <Select name="freightWay" label="运输方式" options={FREIGHT_WAYS.map((w) => [w, FREIGHT_WAY_LABELS[w]])} values={values} errors={errors} /> : null}
      <fieldset className="min-w-0">
        <legend className={labelClass}>提交日期</legend>
        <div className="flex items-center gap-1">
          <input type="date" name="submittedFrom" aria-label="提交日期开始" defaultValue={values.submittedFrom ?? ""} className={`input min-w-0 ${errors.submittedFrom ? "input-error" : ""}`} />
          <span className="text-gray-400">至</span>
          <input type="date" name="submittedTo" aria-label="提交日期结束" defaultValue={values.submittedTo ?? ""} className={`input min-w-0 ${errors.submittedTo ? "input-error" : ""}`} />
        </div>
        {dateError ? <p className="field-error">{dateError}</p> : null}
      </fieldset>
      <div className="flex items-end gap-2">
        <button type="submit" className="btn btn-primary">查询</button>
        <Link to={location.pathname} className="btn">重置</Link>
      </div>
    </Form>
  );
}
