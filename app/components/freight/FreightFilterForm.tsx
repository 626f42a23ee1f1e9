import { Form, useLocation } from "@remix-run/react";
import { DateRange, FilterActions, MoreFiltersToggle, filterLabelClass, filtersClass } from "~/components/resource/filters";
import { FREIGHT_STATUSES, FREIGHT_STATUS_LABELS, FREIGHT_WAYS, FREIGHT_WAY_LABELS, freightFilterSchema } from "../../../contract/freight";
import { specialCharacterPropsOf } from "~/lib/special-characters";
import type { FreightFilterErrors, FreightFilterField, FreightFilterValues } from "~/lib/freight-filter";

interface FreightFilterFormProps {
  values: FreightFilterValues;
  errors?: FreightFilterErrors;
  /** Whether the viewer may see water transport; otherwise the platform searches ROAD only and the field is left out. */
  showFreightWay: boolean;
  /** Fields the page fixes itself (e.g. the in-transit list's status); they are left out of the form. */
  omit?: readonly FreightFilterField[];
  /** Query values carried through a search unchanged (e.g. the page size). */
  carry?: Record<string, string>;
}

const filterProps = specialCharacterPropsOf(freightFilterSchema);

function TextField({ name, label, value, error, placeholder }: { name: FreightFilterField; label: string; value?: string; error?: string; placeholder?: string }) {
  const id = `freight-filter-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={filterLabelClass}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={value ?? ""}
        placeholder={placeholder ?? `请输入${label}`}
        maxLength={64}
        {...filterProps(name)}
        className={`input ${error ? "input-error" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? <p id={`${id}-error`} className="field-error">{error}</p> : null}
    </div>
  );
}

function SelectField({ name, label, value, error, options }: { name: FreightFilterField; label: string; value?: string; error?: string; options: Array<[string, string]> }) {
  const id = `freight-filter-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={filterLabelClass}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ""} className={`input ${error ? "input-error" : ""}`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">全部</option>
        {options.map(([code, text]) => (
          <option key={code} value={code}>{text}</option>
        ))}
      </select>
      {error ? <p id={`${id}-error`} className="field-error">{error}</p> : null}
    </div>
  );
}

/**
 * The waybill search form (spec 5): a GET form, so the filter lives in the URL and works without
 * JavaScript. 查询 starts again at page 1; 重置 clears every filter.
 */
export function FreightFilterForm({ values, errors = {}, showFreightWay, omit = [], carry = {} }: FreightFilterFormProps) {
  const location = useLocation();
  const shown = (field: FreightFilterField) => !omit.includes(field);
  // Remounting on a new query resets the uncontrolled inputs to the URL's values (back/forward, 重置).
  const formKey = location.search;
  return (
    // The path alone as the action: a GET form's query is its fields (Remix would write the page's query into it).
    <Form method="get" action={location.pathname} key={formKey} className={filtersClass} aria-label="运单查询">
      {Object.entries(carry).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {shown("freightNo") ? <TextField name="freightNo" label="运单号" value={values.freightNo} error={errors.freightNo} /> : null}
      <MoreFiltersToggle values={values} errors={errors} first="freightNo" />
      {shown("orderNo") ? <TextField name="orderNo" label="订单号" value={values.orderNo} error={errors.orderNo} /> : null}
      {shown("status") ? <SelectField name="status" label="运单状态" value={values.status} error={errors.status} options={FREIGHT_STATUSES.map((status) => [status, FREIGHT_STATUS_LABELS[status]])} /> : null}
      {showFreightWay && shown("freightWay") ? (
        <SelectField name="freightWay" label="运输方式" value={values.freightWay} error={errors.freightWay} options={FREIGHT_WAYS.map((way) => [way, FREIGHT_WAY_LABELS[way]])} />
      ) : null}
      {shown("carrierName") ? <TextField name="carrierName" label={showFreightWay ? "司机/船长" : "司机"} value={values.carrierName} error={errors.carrierName} /> : null}
      {shown("conveyanceName") ? <TextField name="conveyanceName" label={showFreightWay ? "车牌号/船名" : "车牌号"} value={values.conveyanceName} error={errors.conveyanceName} /> : null}
      {shown("loadingPlace") ? <TextField name="loadingPlace" label="装货地" value={values.loadingPlace} error={errors.loadingPlace} /> : null}
      {shown("unloadingPlace") ? <TextField name="unloadingPlace" label="卸货地" value={values.unloadingPlace} error={errors.unloadingPlace} /> : null}
      {shown("createdFrom") ? <DateRange name="created" label="创建日期" values={values} errors={errors} /> : null}
      {shown("loadingFrom") ? <DateRange name="loading" label="装货日期" values={values} errors={errors} /> : null}
      <FilterActions more />
    </Form>
  );
}
