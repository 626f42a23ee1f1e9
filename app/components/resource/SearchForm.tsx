import { Form, useLocation } from "@remix-run/react";
import { Fragment } from "react";
import type { FilterSpec } from "../../../contract/resources/derive";
import type { AnyResource } from "../../../contract/resources/kit";
import { specialCharacterProps } from "~/lib/special-characters";
import type { RegionChoice } from "../../../contract/regions";
import { RegionSelect } from "./RegionSelect";
import type { PickerData } from "~/lib/picker";
import { DefaultSubmit, RefPicker } from "./RefPicker";
import { AmountRange, DateRange, FilterActions, MoreFiltersToggle, filterLabelClass as labelClass, filtersClass } from "./filters";

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

function Err({ id, error }: { id: string; error?: string }) {
  return error ? <p id={`${id}-error`} className="field-error">{error}</p> : null;
}

/** The list's search: a GET form, so the filter lives in the URL and works without JavaScript. */
export function SearchForm({ def, specs, values, errors, hidden, options, regions = {}, carry }: Props) {
  const location = useLocation();
  const shown = specs.filter((s) => !hidden.includes(s.key));
  const toggle = <MoreFiltersToggle values={values} errors={errors} first={def.keyword ? "keyword" : (shown[0]?.key ?? "")} />;
  const filterInput = ({ key, field, op }: FilterSpec) => {
        if (op === "range") return field.kind === "money" ? <AmountRange key={key} name={key} label={field.label} values={values} errors={errors} /> : <DateRange key={key} name={key} label={field.label} values={values} errors={errors} />;
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
  };
  return (
    <Form method="get" key={location.search} className={filtersClass} aria-label={`${def.name}查询`}>
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
      {def.keyword ? toggle : null}
      {shown.map((spec, index) => (
        <Fragment key={spec.key}>
          {filterInput(spec)}
          {index === 0 && !def.keyword ? toggle : null}
        </Fragment>
      ))}
      {def.createdFilter && !hidden.includes("createdTime") ? <DateRange name="created" label={def.createdFilter} values={values} errors={errors} /> : null}
      <FilterActions more={(def.keyword ? 1 : 0) + shown.length + (def.createdFilter && !hidden.includes("createdTime") ? 1 : 0) > 1} />
    </Form>
  );
}
