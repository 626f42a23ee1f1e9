import { Form, Link, useLocation } from "@remix-run/react";
import type { FilterSpec } from "../../../contract/resources/derive";
import type { AnyResource } from "../../../contract/resources/kit";
import { specialCharacterProps } from "~/lib/special-characters";
import type { RegionChoice } from "../../../contract/regions";
import { addDays, chinaDate } from "../../../contract/units";
import { RegionSelect } from "./RegionSelect";
import type { PickerData } from "~/lib/picker";
import { DefaultSubmit, RefPicker } from "./RefPicker";

interface Props {
  def: AnyResource;
  specs: FilterSpec[];
  values: Record<string, string>;
  errors: Record<string, string>;
  /** Filters the page fixes: not shown. */
  hidden: readonly string[];
  /** The pickers of the reference filters. */
  options: Record<string, PickerData>;
  /** 省 / 市 / 区 choices of place filters. */
  regions?: Record<string, RegionChoice>;
  /** Query values carried through a search unchanged (the page size). */
  carry: Record<string, string>;
}

const labelClass = "mb-1 block text-xs text-gray-500";

function Err({ id, error }: { id: string; error?: string }) {
  return error ? <p id={`${id}-error`} className="field-error">{error}</p> : null;
}

/** 今天 / 最近一周 / 最近一个月: China calendar days, the last one today (a week is today and the 6 days before). */
export function rangeShortcuts(today: string = chinaDate()): Array<{ label: string; from: string; to: string }> {
  return [
    { label: "今天", from: today, to: today },
    { label: "最近一周", from: addDays(today, -6), to: today },
    { label: "最近一个月", from: addDays(today, -29), to: today },
  ];
}

/** The page's address with one range set (links that fill the range: they work without JavaScript). */
function rangeHref(pathname: string, search: string, name: string, from: string, to: string): string {
  const params = new URLSearchParams(search);
  params.set(`${name}From`, from);
  params.set(`${name}To`, to);
  params.delete("current");
  return `${pathname}?${params}`;
}

function DateRange({ name, label, values, errors }: { name: string; label: string; values: Record<string, string>; errors: Record<string, string> }) {
  const location = useLocation();
  const error = errors[`${name}From`] ?? errors[`${name}To`];
  return (
    <fieldset className="min-w-0">
      <legend className={labelClass}>{label}</legend>
      <div className="flex items-center gap-1">
        <input type="date" name={`${name}From`} aria-label={`${label}开始`} defaultValue={values[`${name}From`] ?? ""} className={`input min-w-0 ${errors[`${name}From`] ? "input-error" : ""}`} />
        <span className="text-gray-400">至</span>
        <input type="date" name={`${name}To`} aria-label={`${label}结束`} defaultValue={values[`${name}To`] ?? ""} className={`input min-w-0 ${errors[`${name}To`] ? "input-error" : ""}`} />
      </div>
      <div className="mt-0.5 flex gap-2 text-xs" aria-label={`${label}快捷选择`}>
        {rangeShortcuts().map((r) => {
          const active = values[`${name}From`] === r.from && values[`${name}To`] === r.to;
          return (
            <Link key={r.label} to={rangeHref(location.pathname, location.search, name, r.from, r.to)} aria-current={active ? "true" : undefined} className={active ? "font-semibold text-[var(--theme-color)]" : "text-primary hover:underline"}>
              {r.label}
            </Link>
          );
        })}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/** The list's search: a GET form, so the filter lives in the URL and works without JavaScript. */
export function SearchForm({ def, specs, values, errors, hidden, options, regions = {}, carry }: Props) {
  const location = useLocation();
  const shown = specs.filter((s) => !hidden.includes(s.key));
  return (
    <Form method="get" key={location.search} className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={`${def.name}查询`}>
      {/* Enter in a field runs the query (the default button comes first), never a picker's 「搜索」. */}
      <DefaultSubmit label="查询" />
      {Object.entries(carry).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {def.keyword ? (
        <div className="min-w-0">
          <label htmlFor="filter-keyword" className={labelClass}>{def.keyword.label}</label>
          <input id="filter-keyword" name="keyword" defaultValue={values.keyword ?? ""} placeholder={`请输入${def.keyword.label}`} maxLength={64} className={`input ${errors.keyword ? "input-error" : ""}`} />
          <Err id="filter-keyword" error={errors.keyword} />
        </div>
      ) : null}
      {shown.map(({ key, field, op }) => {
        if (op === "range") return <DateRange key={key} name={key} label={field.label} values={values} errors={errors} />;
        if (field.kind === "region") return <RegionSelect key={key} name={key} id={`filter-${key}`} label={field.label} choice={regions[key]} error={errors[key]} filter />;
        const id = `filter-${key}`;
        const choices: Array<[string, string]> = Object.entries(field.options ?? {}).map(([v, o]) => [v, o.label]);
        return (
          <div key={key} className="min-w-0">
            <label htmlFor={id} className={labelClass}>{field.label}</label>
            {field.ref ? (
              <RefPicker name={key} id={id} label={field.label} picker={options[key]} defaultValue={values[key] ?? ""} emptyLabel="全部" className={`input ${errors[key] ? "input-error" : ""}`} invalid={!!errors[key]} describedBy={errors[key] ? `${id}-error` : undefined} />
            ) : op === "contains" ? (
              <input id={id} name={key} defaultValue={values[key] ?? ""} placeholder={`请输入${field.label}`} maxLength={64} className={`input ${errors[key] ? "input-error" : ""}`} aria-describedby={errors[key] ? `${id}-error` : undefined} {...specialCharacterProps(!!field.input.sanitize)} />
            ) : (
              <select id={id} name={key} defaultValue={values[key] ?? ""} className={`input ${errors[key] ? "input-error" : ""}`} aria-describedby={errors[key] ? `${id}-error` : undefined}>
                <option value="">全部</option>
                {choices.map(([value, text]) => (
                  <option key={value} value={value}>{text}</option>
                ))}
              </select>
            )}
            <Err id={id} error={errors[key]} />
          </div>
        );
      })}
      {def.createdFilter && !hidden.includes("createdTime") ? <DateRange name="created" label={def.createdFilter} values={values} errors={errors} /> : null}
      <div className="flex items-end gap-2">
        <button type="submit" className="btn btn-primary">查询</button>
        <Link to={location.pathname} className="btn">重置</Link>
      </div>
    </Form>
  );
}
